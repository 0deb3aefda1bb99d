// Rooms behind Debian's nginx, run with deploy/nginx.conf as it is (its
// addresses swapped for free loopback ports) in front of two room servers:
// three phone players open the site through the proxy and meet in one room
// on one instance; that instance is killed and started again on its store,
// and their pages come back to the room through the proxy.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { web, check, browser, PHONE, shot } from "./harness.mjs";
import { startServer } from "./rooms.mjs";

const nginxBin = ["/usr/sbin/nginx", "/usr/local/sbin/nginx"].find((p) => existsSync(p));

/** A free loopback port. */
function freePort() {
  return new Promise((ok) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
}

/** nginx on `port` in front of the servers on ports `a` and `b`. */
async function startNginx(dir, port, a, b) {
  const site = readFileSync(join(web, "..", "deploy", "nginx.conf"), "utf8")
    .replaceAll("127.0.0.1:8081", `127.0.0.1:${a}`)
    .replaceAll("127.0.0.1:8082", `127.0.0.1:${b}`)
    .replace("listen 80;", `listen 127.0.0.1:${port};`);
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => ` ${t}_temp_path ${dir}/${t};`).join("\n");
  const conf = `daemon off;\nworker_processes 1;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents { worker_connections 512; }\nhttp {\n access_log off;\n${temp}\n${site}\n}\n`;
  writeFileSync(join(dir, "nginx.conf"), conf);
  const child = spawn(nginxBin, ["-p", dir, "-c", join(dir, "nginx.conf")], { stdio: "ignore" });
  for (let i = 0; i < 100; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/rooms/code`).then((r) => r.ok, () => false);
    if (up) return child;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  throw new Error("nginx did not start");
}

export async function behindProxy() {
  if (!nginxBin) {
    check(false, "proxy: nginx is installed", "no nginx (apt-get install nginx-light; .ci/run installs it)");
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), "boggle-proxy-"));
  const [pa, pb, pn] = [await freePort(), await freePort(), await freePort()];
  const trust = ["--trust-proxy", "127.0.0.1/32"];
  const servers = { [pa]: await startServer(pa, join(dir, "a.db"), trust), [pb]: await startServer(pb, join(dir, "b.db"), trust) };
  const nginx = await startNginx(dir, pn, pa, pb);
  const base = `http://127.0.0.1:${pn}/`;
  const contexts = await Promise.all([0, 1, 2].map(() => browser.newContext(PHONE)));
  const [ann, bob, cleo] = await Promise.all(contexts.map((c) => c.newPage()));
  try {
    await ann.goto(base + "room.html");
    await ann.fill("#create-name", "Ann");
    await ann.locator("#create-form button[type=submit]").tap();
    await ann.waitForFunction(() => document.body.dataset.phase === "lobby" && document.querySelector("#room-code").textContent.length === 9, null, { timeout: 15000 });
    const code = (await ann.locator("#room-code").innerText()).trim();
    for (const [p, name] of [[bob, "Bob"], [cleo, "Cleo"]]) {
      await p.goto(base + "room.html");
      await p.fill("#join-code", code.toLowerCase());
      await p.fill("#join-name", name);
      await p.locator("#join-form button[type=submit]").tap();
    }
    for (const p of [ann, bob, cleo]) await p.waitForFunction(() => document.querySelectorAll("#players li").length === 3, null, { timeout: 15000 }).catch(() => {});
    const lists = await Promise.all([ann, bob, cleo].map((p) => p.locator("#players").innerText()));
    check(lists.every((l) => ["Ann", "Bob", "Cleo"].every((n) => l.includes(n))), "proxy: three players through nginx meet in one room", lists.map((l) => l.replace(/\n/g, " ")).join(" / "));
    const rooms = await Promise.all([pa, pb].map((p) => fetch(`http://127.0.0.1:${p}/health`).then((r) => r.json()).then((h) => h.rooms)));
    check(rooms.sort().join() === "0,1", "proxy: …on one of the two instances", rooms.join(", "));
    await shot(cleo, "room-proxy-lobby-phone");

    // The room's instance dies and comes back on its store.
    const home = (await fetch(`http://127.0.0.1:${pa}/health`).then((r) => r.json())).rooms === 1 ? pa : pb;
    servers[home].child.kill("SIGKILL");
    await servers[home].exited;
    await bob.waitForFunction(() => /Connection lost/.test(document.querySelector("#status").textContent), null, { timeout: 10000 }).catch(() => {});
    check(/Connection lost/.test(await bob.locator("#status").innerText()), "proxy: with the room's instance killed, the page says the connection is lost", await bob.locator("#status").innerText());
    servers[home] = await startServer(home, join(dir, home === pa ? "a.db" : "b.db"), trust);
    for (const [i, p] of [ann, bob, cleo].entries()) {
      await p.waitForFunction(() => document.body.dataset.connection === "open" && document.querySelector("#status").hidden && document.querySelectorAll("#players li").length === 3, null, { timeout: 20000 }).catch(() => {});
      const shown = (await p.locator("#room-code").innerText()).trim();
      check(shown === code && await p.locator("#status").isHidden() && await p.evaluate(() => document.body.dataset.phase === "lobby"),
        `proxy: the instance back on its store, ${["Ann", "Bob", "Cleo"][i]}'s page is in the same room again`, `${shown}; ${await p.locator("#status").innerText()}`);
    }
    await shot(bob, "room-proxy-back-phone");
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
    for (const s of Object.values(servers)) s.child.kill("SIGTERM");
    nginx.kill("SIGTERM");
  }
}
