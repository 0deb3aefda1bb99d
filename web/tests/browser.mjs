// The web app in a real browser: Debian's chromium driven by playwright-core
// against web/dist served on localhost. Run `scripts/build-web` first, then
// `npm test` in web/. Screenshots (desktop and phone width) go to
// web/test-output/. Exit 1 on the first failed check.
import { createServer } from "node:http";
import { readFile, mkdir, readdir, stat } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import { join, extname, dirname, resolve } from "node:path";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const web = dirname(dirname(fileURLToPath(import.meta.url)));
const dist = join(web, "dist");
const out = join(web, "test-output");
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".wasm": "application/wasm",
  ".pack": "application/octet-stream", ".webmanifest": "application/manifest+json" };

let failed = 0;
function check(ok, what, detail = "") {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}${detail ? `: ${detail}` : ""}`);
  if (!ok) failed++;
}

const server = createServer(async (req, res) => {
  const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
  const file = join(dist, path.endsWith("/") ? path + "index.html" : path);
  try {
    const body = await readFile(file);
    res.writeHead(200, { "content-type": TYPES[extname(file)] || "application/octet-stream" });
    res.end(body);
  } catch {
    res.writeHead(404);
    res.end("not found");
  }
});
await new Promise((r) => server.listen(0, "127.0.0.1", r));
const base = `http://127.0.0.1:${server.address().port}/`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync"],
});
const timeout = setTimeout(() => {
  console.log("FAIL the browser tests took over 5 minutes");
  process.exit(1);
}, 300_000);

try {
  await mkdir(out, { recursive: true });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.on("pageerror", (e) => check(false, "no page error", e.message));

  // Ready: the engine and the English pack loaded.
  const t0 = Date.now();
  await page.goto(base);
  await page.waitForFunction(() => document.body.dataset.ready !== undefined);
  const readyMs = Date.now() - t0;
  check(readyMs <= 1000, "page ready with the English pack in 1 s", `${readyMs} ms`);

  const totals = async () => page.$eval("#totals", (e) => [Number(e.dataset.words), Number(e.dataset.score)]);
  const solveBoard = async (board) => {
    await page.fill("#board", board);
    await page.click("#solve");
    await page.waitForFunction((b) => document.querySelector("#totals").textContent !== "" && history.state === null && location.search.includes(encodeURIComponent(b).replace(/%20/g, "+")), board);
  };

  await solveBoard("perslatgsineters");
  let [words, score] = await totals();
  check(words === 1311 && score === 4526, "perslatgsineters: 1311 words, 4526 points", `${words} words, ${score} points`);

  // replastering: 12 cells marked, numbered in path order, spelling it.
  await page.click('button.word[data-word="replastering"]');
  const steps = await page.$$eval("#board-view .die.on", (ds) => ds.map((d) => [Number(d.dataset.step), d.dataset.cell, d.textContent]));
  steps.sort((a, b) => a[0] - b[0]);
  const spelled = steps.map((s) => s[2].toLowerCase()).join("");
  const adjacent = steps.every((s, i) => i === 0 || (() => {
    const [r1, c1] = steps[i - 1][1].split(",").map(Number);
    const [r2, c2] = s[1].split(",").map(Number);
    return Math.max(Math.abs(r1 - r2), Math.abs(c1 - c2)) === 1;
  })());
  check(steps.length === 12 && steps.every((s, i) => s[0] === i + 1) && spelled === "replastering" && adjacent,
    "clicking replastering marks 12 cells in path order", `${steps.length} cells, spelling ${spelled}`);
  check(await page.$eval("#board-view .die.start", (d) => d.dataset.step) === "1", "the path's start is marked");
  await page.screenshot({ path: join(out, "desktop.png"), fullPage: true });

  await page.selectOption("#neighbors", "no-diag");
  await solveBoard("perslatgsineters");
  [words, score] = await totals();
  check(words === 68 && score === 113, "no-diag: 68 words, 113 points", `${words}, ${score}`);
  await page.selectOption("#neighbors", "all");

  await page.selectOption("#pack", "nl");
  await solveBoard("EICE JAAI VSKR BREP");
  [words, score] = await totals();
  check(words === 101 && score === 139, "Dutch EICE JAAI VSKR BREP: 101 words, 139 points", `${words}, ${score}`);
  await page.selectOption("#pack", "en");

  // Speed: a 4x4 board, then a rolled 50x50 board.
  await solveBoard("perslatgsineters");
  // The same board again, warm, five times: the median (one timing on a
  // busy machine says little).
  const times = [];
  for (let i = 0; i < 5; i++) {
    await page.click("#solve");
    await page.waitForTimeout(100);
    times.push(await page.evaluate(() => Number(document.body.dataset.solveMs)));
  }
  const ms4 = times.sort((a, b) => a - b)[2];
  check(ms4 <= 10, "solving a 4x4 takes at most 10 ms (median of 5)", `${ms4} ms; all: ${times.join(", ")}`);
  await page.fill("#size", "50x50");
  await page.fill("#seed", "1");
  await page.click("#roll");
  await page.waitForFunction(() => document.querySelector("#board").value.length > 2000 && document.querySelector("#totals").dataset.words > 1000);
  const ms50 = await page.evaluate(() => Number(document.body.dataset.solveMs));
  check(ms50 <= 200, "solving a 50x50 board takes at most 200 ms", `${ms50} ms`);
  await page.fill("#size", "4x4");

  // A roll from a dice set and a seed is the CLI's roll.
  const boggle = process.env.BOGGLE_BIN || resolve(web, "..", process.env.CARGO_TARGET_DIR || "target", "release", "boggle");
  if (!existsSync(boggle)) throw new Error(`no boggle binary at ${boggle} (build it, or set BOGGLE_BIN)`);
  const cliRoll = execFileSync(boggle, ["roll", "--dice", "big", "--size", "5x5", "--seed", "3", "--count", "1"]).toString().trim();
  await page.selectOption("#dice", "big");
  await page.fill("#size", "5x5");
  await page.fill("#seed", "3");
  await page.click("#roll");
  await page.waitForFunction((b) => document.querySelector("#board").value === b, cliRoll, { timeout: 5000 }).catch(() => {});
  const rolled = await page.inputValue("#board");
  check(rolled === cliRoll, "rolling the big dice with seed 3 gives the CLI's board", `${rolled} / ${cliRoll}`);
  await page.selectOption("#dice", "");
  await page.fill("#size", "4x4");

  // Any pack file opens from disk.
  await page.setInputFiles("#pack-file", { name: "dutch.pack", mimeType: "application/octet-stream", buffer: await readFile(join(dist, "packs", "nl.pack")) });
  await page.waitForFunction(() => document.querySelector("#pack").value.startsWith("file:"));
  await solveBoard("EICE JAAI VSKR BREP");
  [words, score] = await totals();
  check(words === 101 && score === 139, "a pack file opened from disk solves (Dutch)", `${words}, ${score}`);
  await page.selectOption("#pack", "en");

  // A link with the board and rules opens solved.
  const linked = await context.newPage();
  await linked.goto(`${base}?board=perslatgsineters&neighbors=no-diag`);
  await linked.waitForFunction(() => document.querySelector("#totals").dataset.words !== undefined);
  const linkedTotals = await linked.$eval("#totals", (e) => [Number(e.dataset.words), Number(e.dataset.score)]);
  check(linkedTotals[0] === 68 && linkedTotals[1] === 113, "a URL with the board opens solved", linkedTotals.join(", "));
  await linked.close();

  // Play: three valid words (from the solution), one invalid, one repeated.
  await solveBoard("perslatgsineters");
  const listed = await page.$$eval("button.word", (bs) => bs.map((b) => [b.dataset.word, Number(b.textContent.split(" ")[1])]));
  const picks = [listed[0], listed[listed.length - 1], listed[listed.length - 2]];
  const want = picks.reduce((sum, [, s]) => sum + s, 0);
  await page.click("#tab-play");
  await page.fill("#board", "perslatgsineters");
  await page.click("#play-start");
  await page.waitForFunction(() => !document.querySelector("#guess").disabled);
  const entries = [picks[0][0], picks[1][0], picks[2][0], "zzzz", picks[1][0], "zebra"];
  const messages = [];
  for (const w of entries) {
    await page.fill("#guess", w);
    await page.press("#guess", "Enter");
    messages.push(await page.textContent("#play-message"));
  }
  await page.click("#play-stop");
  const summary = await page.$eval("#play-summary", (e) => [Number(e.dataset.score), e.textContent]);
  check(summary[0] === want && /not in the pack/.test(messages[3]) && /already found/.test(messages[4]) && /in the pack, but not on this board/.test(messages[5]) && (await page.$$("#found li")).length === 3,
    "a play round scores three valid words, refuses an unknown word, a repeat and one not on the board", `${summary[1]} / ${messages.join(" | ")}`);
  check((await page.$$("#missed li")).length === 1311 - 3, "the end screen lists the missed words");

  // Keyboard: the word buttons take focus, and focus shows the path.
  await page.click("#tab-solve");
  await page.fill("#board", "perslatgsineters");
  await page.press("#board", "Enter");
  await page.waitForSelector("button.word");
  await page.focus("button.word");
  check((await page.$$("#board-view .die.on")).length > 0, "a focused word shows its path (keyboard)");

  // Offline after the first load.
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready) && navigator.serviceWorker.controller !== null, null, { timeout: 20000 }).catch(() => {});
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20000 });
  await context.setOffline(true);
  const offline = await context.newPage();
  await offline.goto(`${base}?board=EICE+JAAI+VSKR+BREP&lang=nl`);
  await offline.waitForFunction(() => document.querySelector("#totals").dataset.words !== undefined || document.querySelector("#status").textContent !== "", null, { timeout: 20000 });
  const off = await offline.$eval("#totals", (e) => [Number(e.dataset.words), Number(e.dataset.score)]);
  check(off[0] === 101 && off[1] === 139, "with the network cut, the page loads and solves (Dutch)", off.join(", "));
  await context.setOffline(false);

  // Phone width.
  const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const p2 = await phone.newPage();
  await p2.goto(`${base}?board=perslatgsineters`);
  await p2.waitForFunction(() => document.querySelector("#totals").dataset.words !== undefined);
  const overflow = await p2.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  check(overflow <= 0, "no sideways scrolling at 375 px", `${overflow} px`);
  await p2.click('button.word[data-word="replastering"]');
  await p2.evaluate(() => window.scrollTo(0, 0));
  await p2.screenshot({ path: join(out, "phone.png"), fullPage: true });

  // Download for the first view with the English pack, gzip-compressed.
  let total = 0;
  for (const f of ["index.html", "app.js", "engine.js", "style.css", "boggle_web.wasm", "packs/en.pack", "sw.js"]) {
    total += gzipSync(await readFile(join(dist, f)), { level: 9 }).length;
  }
  check(total <= 2_000_000, "first view downloads at most 2 MB compressed", `${(total / 1e6).toFixed(2)} MB`);
} catch (e) {
  check(false, "the browser tests ran to the end", e.stack || String(e));
} finally {
  clearTimeout(timeout);
  await browser.close();
  server.close();
}
console.log(failed ? `${failed} failed` : "all browser checks passed");
process.exit(failed ? 1 : 0);
