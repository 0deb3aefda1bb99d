// Live rooms: the room server (crates/room, the release binary) on a free
// loopback port, serving web/dist; three players on phones in three browser
// contexts, tracing by touch; one reloads mid-round; the end shows all
// three lists. Then a second round through a kill -9 and a SIGTERM: each
// time a new server on the same port and store, and every page goes on
// with the same round, words and clock. Last, a server with an empty store:
// the pages say the room is gone, and a new room starts.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { behindProxy } from "./proxy.mjs";
import { web, dist, base as staticBase, check, browser, PHONE, DESKTOP, cliSolve, touchTrace, visibleWords, sideways, smallTargets, inViewport, axe, shot, toSeconds } from "./harness.mjs";

export const roomBin = process.env.BOGGLE_ROOM_BIN || resolve(web, "..", process.env.CARGO_TARGET_DIR || "target", "release", "boggle-room");

/** A fresh directory for a server's store. */
const stores = mkdtempSync(join(tmpdir(), "boggle-rooms-"));
const firstStore = join(stores, "rooms.db");

/** Starts the server on `port` (0: a free one) keeping rooms in `store`;
 * its address once it listens. */
export async function startServer(port = 0, store = firstStore, extra = []) {
  return startRoomServer(roomBin, ["--addr", `127.0.0.1:${port}`, "--site", dist, "--store", store, ...extra]);
}

/** Starts the room server `bin` with `args` (from the directory `cwd`, if
 * given): the child, its address once it says it listens, its exit and its
 * log so far. */
export async function startRoomServer(bin, args, cwd = undefined) {
  const child = spawn(bin, args, { cwd, stdio: ["ignore", "ignore", "pipe"] });
  let log = "";
  const exited = new Promise((ok) => child.on("exit", (code, signal) => ok(code ?? signal)));
  const base = await new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`the room server did not start: ${log}`)), 15000);
    child.stderr.on("data", (d) => {
      log += d;
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+\/)/.exec(log);
      if (m) {
        clearTimeout(timer);
        ok(m[1]);
      }
    });
    child.on("exit", (code) => fail(new Error(`the room server exited (${code}): ${log}`)));
  });
  return { child, base, exited, log: () => log };
}

/** Traces `w` and waits for the verdict on it. */
async function traceWord(page, w) {
  await page.evaluate(() => { document.querySelector("#feedback").textContent = ""; });
  await touchTrace(page, w.path, "#room-board");
  await page.waitForFunction((word) => document.querySelector("#feedback").textContent.startsWith(word.toUpperCase()), w.word, { timeout: 10000 });
  return page.locator("#feedback").innerText();
}

export async function rooms() {
  // The site on a static host (no room server): the rooms page says so and
  // stops trying, not a page that retries for ever.
  const lone = await browser.newContext(PHONE);
  const lonePage = await lone.newPage();
  let sockets = 0;
  lonePage.on("websocket", () => sockets++);
  await lonePage.goto(staticBase + "room.html");
  const said = await lonePage.waitForFunction(() => /served without one/.test(document.querySelector("#status").textContent), null, { timeout: 15000 })
    .then(() => lonePage.locator("#status").innerText(), () => lonePage.locator("#status").innerText());
  const triedThen = sockets;
  await lonePage.waitForTimeout(3000);
  check(/room server/.test(said) && /Play alone/.test(said) && await lonePage.locator("#status").isVisible() && sockets === triedThen && sockets <= 3,
    "rooms: on a static host the rooms page says it needs the room server, and stops trying", `${said} (${sockets} connection tries)`);
  await shot(lonePage, "room-static-host-phone");
  await lone.close();

  if (!existsSync(roomBin)) {
    check(false, "rooms: the room server is built", `no binary at ${roomBin} (cargo build --release -p boggle-room, or set BOGGLE_ROOM_BIN)`);
    return;
  }
  let server = await startServer();
  const base = server.base;
  const port = new URL(base).port;
  const health = await fetch(base + "health").then((r) => r.json());
  check(health.status === "ok", "rooms: the server answers /health", JSON.stringify(health));

  const contexts = await Promise.all([0, 1, 2].map(() => browser.newContext(PHONE)));
  const pages = await Promise.all(contexts.map((c) => c.newPage()));
  const names = ["Ann", "Bob", "Cleo"];
  for (const p of pages) p.on("pageerror", (e) => check(false, "rooms: no page error", e.message));
  const [ann, bob, cleo] = pages;

  // Ann creates the room.
  await ann.goto(base + "room.html");
  check(await ann.locator("#create-form").isVisible() && await ann.locator("#join-form").isVisible(), "rooms: the page offers to create or join a room");
  await shot(ann, "room-entry-phone");
  await axe(ann, "rooms, entry");
  await ann.fill("#create-name", "Ann");
  await ann.locator("#create-form button[type=submit]").tap();
  await ann.waitForFunction(() => document.body.dataset.phase === "lobby" && document.querySelector("#room-code").textContent.length === 9);
  const code = (await ann.locator("#room-code").innerText()).trim();
  const link = await ann.inputValue("#room-link");
  check(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/.test(code) && link.endsWith(`room=${code.replace("-", "")}`), "rooms: a new room shows its code and link", `${code} ${link}`);
  check(await ann.locator("#qr img").isVisible(), "rooms: …and a QR code of the link");
  check(await ann.locator("#host-settings").isVisible() && await ann.locator("#start").isVisible(), "rooms: the host sees the settings and Start");
  // Every field of the settings stays inside its panel on a phone.
  const spill = await ann.$$eval("#host-settings select", (els) => {
    const panel = document.querySelector("#host-settings").getBoundingClientRect();
    return els.filter((e) => e.getBoundingClientRect().right > panel.right || e.getBoundingClientRect().left < panel.left).map((e) => e.id);
  });
  check(spill.length === 0, "rooms: the host's settings fit inside their panel", spill.join(", "));

  // Bob by the link, Cleo by the code typed in lower case.
  await bob.goto(link);
  check(await bob.inputValue("#join-code") !== "", "rooms: the link fills in the code");
  await bob.fill("#join-name", "Bob");
  await bob.locator("#join-form button[type=submit]").tap();
  await cleo.goto(base + "room.html");
  await cleo.fill("#join-code", code.toLowerCase());
  await cleo.fill("#join-name", "Cleo");
  await cleo.locator("#join-form button[type=submit]").tap();
  for (const p of pages) await p.waitForFunction(() => document.querySelectorAll("#players li").length === 3, null, { timeout: 10000 });
  const listed = await bob.locator("#players").innerText();
  check(names.every((n) => listed.includes(n)) && /Ann \(host\)/.test(listed) && /Bob \(you\)/.test(listed), "rooms: every player sees the three names, the host and themself", listed.replace(/\n/g, " | "));
  check(await bob.locator("#waiting").isVisible() && /Waiting for Ann/.test(await bob.locator("#waiting").innerText()) && !(await bob.locator("#host-settings").isVisible()),
    "rooms: a guest waits for the host, without the host's settings");
  await shot(ann, "room-lobby-phone");
  await axe(ann, "rooms, lobby");
  const small = await smallTargets(ann);
  check(small.length === 0, "rooms: nothing a player taps is under 44 px (lobby)", small.join(", "));

  // The round.
  await ann.locator("#start").tap();
  for (const p of pages) await p.waitForFunction(() => document.body.dataset.phase === "round" && document.querySelectorAll("#room-board .tile").length > 0, null, { timeout: 15000 });
  const boards = await Promise.all(pages.map((p) => p.evaluate(() => document.body.dataset.board)));
  check(boards.every((b) => b === boards[0]), "rooms: the three see the same board", boards.join(" "));
  check(await inViewport(bob, "#room-board .tile >> nth=-1") && await inViewport(bob, "#clock"), "rooms: the board and the clock are in view on a phone");
  const solved = cliSolve(boards[0]).words.filter((w) => !w.rare);
  check(solved.length >= 6, "rooms: the board has words to find", String(solved.length));
  // Each traces a word of their own; Bob and Cleo one word both.
  const mine = [solved[0], solved[1], solved[2]];
  const both = solved[3];
  for (const [i, p] of pages.entries()) {
    const said = await traceWord(p, mine[i]);
    check(said === `${mine[i].word.toUpperCase()} +${mine[i].score}`, `rooms: ${names[i]} traces ${mine[i].word} by touch and the server counts it`, said);
  }
  await traceWord(bob, both);
  await traceWord(cleo, both);
  const again = await traceWord(bob, both);
  check(/already found/.test(again), "rooms: a word traced again says already found", again);
  // Ann sees counts, never the others' words.
  await ann.waitForFunction(() => /Bob: 2 words/.test(document.querySelector("#others").textContent) && /Cleo: 2 words/.test(document.querySelector("#others").textContent), null, { timeout: 10000 });
  check(true, "rooms: each player sees the others' counts");
  const seen = await visibleWords(ann);
  const leaked = [mine[1].word, mine[2].word, both.word].filter((w) => seen.has(w));
  check(leaked.length === 0, "rooms: no other player's word shows during the round", leaked.join(", "));
  await shot(ann, "room-round-phone");
  await axe(ann, "rooms, round");

  // Bob reloads mid-round: same seat, same words, the true time.
  const clockBefore = await bob.locator("#clock").innerText();
  await bob.reload();
  await bob.waitForFunction(() => document.body.dataset.phase === "round" && document.querySelectorAll("#found li").length === 2, null, { timeout: 15000 });
  const bobWords = await bob.locator("#found").innerText();
  check(bobWords.includes(mine[1].word) && bobWords.includes(both.word) && /Back in the round/.test(await bob.locator("#feedback").innerText()),
    "rooms: a reload mid-round keeps the seat and its words", bobWords.replace(/\n/g, " "));
  const keptScore = await bob.locator("#score").innerText();
  check(await bob.locator("#score").isVisible() && keptScore === String(mine[1].score + both.score),
    "rooms: …and its score (the kept words' points)", `${keptScore} (words worth ${mine[1].score + both.score})`);
  check(await bob.locator("#clock").innerText() <= clockBefore, "rooms: …and the clock runs on (not restarted)", `${clockBefore} → ${await bob.locator("#clock").innerText()}`);
  await shot(bob, "room-rejoined-phone");

  // Ann ends the round: the first tap asks, the second ends it; all three
  // lists on every page.
  await ann.locator("#end-round").tap();
  await ann.waitForTimeout(300);
  check(/Tap again/.test(await ann.locator("#end-round").innerText()) && await ann.evaluate(() => document.body.dataset.phase === "round"),
    "rooms: ending the round for everyone asks once first", await ann.locator("#end-round").innerText());
  await ann.locator("#end-round").tap();
  for (const p of pages) await p.waitForFunction(() => document.body.dataset.results !== undefined && !document.querySelector("#results").hidden, null, { timeout: 10000 });
  for (const [i, p] of pages.entries()) {
    const cols = await p.locator("#result-players .result-player").count();
    const text = await p.locator("#result-players").innerText();
    const all = mine.every((w) => text.includes(w.word)) && text.includes(both.word);
    check(cols === 3 && all && names.every((n) => text.includes(n)), `rooms: ${names[i]}'s end screen shows all three lists`, text.replace(/\n/g, " | "));
  }
  const shared = await ann.locator(`#result-players button.shared[data-word="${both.word}"]`).count();
  check(shared === 2, "rooms: a word two players found is marked on both lists", String(shared));
  const missed = await ann.locator("#missed button").count();
  check(missed === solved.length - 4, "rooms: the words nobody found are listed", `${missed} of ${solved.length - 4}`);
  check(await ann.locator("#results-title").isVisible() && await inViewport(ann, "#results-title"), "rooms: the end of the round is in view");
  const totals = await ann.locator("#players").innerText();
  check(totals.includes(`${mine[0].score} point`), "rooms: the running totals show in the players list", totals.replace(/\n/g, " | "));
  const wide = await sideways(ann);
  check(wide[0] <= 0, "rooms: nothing reaches past the right edge at 375 px (results)", `${wide[0]} px (${wide[1]})`);
  await shot(ann, "room-results-phone");
  await shot(cleo, "room-results-cleo-phone");
  await axe(ann, "rooms, results");

  // A desktop view of the same room.
  const desk = await browser.newContext(DESKTOP);
  const watcher = await desk.newPage();
  await watcher.goto(link);
  await watcher.fill("#join-name", "Dee");
  await watcher.check("#join-watch");
  await watcher.locator("#join-form button[type=submit]").click();
  await watcher.waitForFunction(() => document.querySelectorAll("#players li").length === 4, null, { timeout: 10000 });
  check(/Dee \(you, watching\)/.test(await watcher.locator("#players").innerText()), "rooms: a watcher joins by the link");
  await shot(watcher, "room-lobby-desktop");

  // Dee leaves by the button: the entry screen for her, three in the list
  // for the others; then she watches again by the link.
  await watcher.locator("#leave").click();
  await watcher.waitForFunction(() => document.body.dataset.phase === "entry", null, { timeout: 10000 }).catch(() => {});
  await ann.waitForFunction(() => document.querySelectorAll("#players li").length === 3, null, { timeout: 10000 }).catch(() => {});
  check(await watcher.locator("#entry").isVisible() && !/room=/.test(watcher.url()) && await ann.locator("#players li").count() === 3,
    "rooms: Leave takes a player out of the room and back to the entry screen", `${watcher.url()}; ${await ann.locator("#players li").count()} in Ann's list`);
  await shot(watcher, "room-left-desktop");
  await watcher.goto(link);
  await watcher.fill("#join-name", "Dee");
  await watcher.check("#join-watch");
  await watcher.locator("#join-form button[type=submit]").click();
  await watcher.waitForFunction(() => document.querySelectorAll("#players li").length === 4, null, { timeout: 10000 });

  // A second round, through a kill -9 and a SIGTERM.
  await ann.locator("#start").tap();
  for (const p of pages) await p.waitForFunction(() => document.body.dataset.phase === "round" && !document.querySelector("#round").hidden, null, { timeout: 15000 });
  const started = Date.now();
  const board2 = await ann.evaluate(() => document.body.dataset.board);
  const seconds = toSeconds(await ann.locator("#clock").innerText());
  const words2 = cliSolve(board2).words.filter((w) => !w.rare);
  check(words2.length >= 8, "rooms: the second board has words to find", String(words2.length));
  for (const [i, p] of pages.entries()) await traceWord(p, words2[i]);
  /** Every page back in the same round with `n` words each, and the true
   * time left. */
  const goneOn = async (what, n) => {
    for (const [i, p] of pages.entries()) {
      await p.waitForFunction((n) => document.body.dataset.connection === "open" && document.body.dataset.phase === "round" && document.querySelectorAll("#found li").length === n, n, { timeout: 20000 }).catch(() => {});
      const [board, found, clockText, status] = await Promise.all([
        p.evaluate(() => document.body.dataset.board), p.locator("#found").innerText(), p.locator("#clock").innerText(), p.locator("#status").isVisible()]);
      const truth = seconds - (Date.now() - started) / 1000;
      const left = toSeconds(clockText);
      check(board === board2 && words2.slice(i, i + n).every((w) => found.includes(w.word)) && Math.abs(left - truth) <= 3 && !status,
        `rooms: after ${what}, ${names[i]}'s page goes on with the same round, words and clock`, `${board} ${found.replace(/\n/g, " ")}; ${clockText} shown, ${truth.toFixed(1)} s left`);
    }
  };

  server.child.kill("SIGKILL");
  for (const [i, p] of [...pages, watcher].entries()) {
    await p.waitForFunction(() => /Connection lost/.test(document.querySelector("#status").textContent) && !document.querySelector("#status").hidden, null, { timeout: 10000 }).catch(() => {});
    check(await p.locator("#status").isVisible() && /Connection lost/.test(await p.locator("#status").innerText()), `rooms: with the server killed, ${names[i] ?? "the watcher"}'s page says the connection is lost`,
      await p.locator("#status").innerText().catch(() => ""));
  }
  await shot(cleo, "room-connection-lost-phone");
  server = await startServer(port);
  check(/rooms=1 rounds=1/.test(server.log()), "rooms: the restarted server reads back the room and its round", server.log().split("\n").find((l) => /listening/.test(l)) ?? "");
  await goneOn("kill -9 and a restart", 1);
  await shot(bob, "room-after-kill-phone");
  check(/Back in the round/.test(await bob.locator("#feedback").innerText()), "rooms: …and says so", await bob.locator("#feedback").innerText());
  for (const [i, p] of pages.entries()) await traceWord(p, words2[i + 3]);

  server.child.kill("SIGTERM");
  await ann.waitForFunction(() => /restarting/.test(document.querySelector("#status").textContent), null, { timeout: 10000 }).catch(() => {});
  check(/restarting/.test(await ann.locator("#status").innerText()) && /words are kept/.test(await ann.locator("#status").innerText()) && await ann.evaluate(() => document.body.dataset.phase === "round"),
    "rooms: a server stopped by SIGTERM tells the page it restarts and keeps the round", await ann.locator("#status").innerText());
  check(await ann.evaluate(() => document.body.dataset.connection) === "lost", "rooms: …and marks itself not connected until it is back");
  await shot(ann, "room-restarting-phone");
  const exit = await server.exited;
  check(exit === 0, "rooms: the server exits cleanly on SIGTERM", String(exit));
  server = await startServer(port);
  // Each page has its first word of this round and the one after the kill
  // (once welcomed again: the page marks the connection lost on the bye).
  for (const [i, p] of pages.entries()) {
    await p.waitForFunction(() => document.body.dataset.connection === "open" && document.querySelectorAll("#found li").length === 2, null, { timeout: 20000 }).catch(() => {});
    const found = await p.locator("#found").innerText();
    check([words2[i], words2[i + 3]].every((w) => found.includes(w.word)) && await p.evaluate(() => document.body.dataset.phase === "round"),
      `rooms: after SIGTERM and a restart, ${names[i]}'s page goes on with both words`, found.replace(/\n/g, " "));
  }
  await ann.locator("#end-round").tap();
  await ann.waitForFunction(() => document.querySelector("#end-round").dataset.armed === "true", null, { timeout: 5000 }).catch(() => {});
  await ann.locator("#end-round").tap();
  // (The room's phase comes first, with the first round's results still
  // drawn: wait for this round's.)
  const expected = pages.flatMap((_, i) => [words2[i].word, words2[i + 3].word]);
  await ann.waitForFunction((ws) => !document.querySelector("#results").hidden && ws.every((w) => document.querySelector("#result-players").textContent.includes(w)), expected, { timeout: 10000 }).catch(() => {});
  const kept = await ann.locator("#result-players").innerText();
  check(pages.every((_, i) => kept.includes(words2[i].word) && kept.includes(words2[i + 3].word)),
    "rooms: the round's results hold every word found before, between and after the restarts", kept.replace(/\n/g, " | "));
  await shot(ann, "room-results-after-restarts-phone");

  // A server with an empty store: the room is gone, and a new one starts.
  server.child.kill("SIGKILL");
  await server.exited;
  server = await startServer(port, join(stores, "empty.db"));
  await ann.waitForFunction(() => /That room is gone/.test(document.querySelector("#status").textContent), null, { timeout: 15000 }).catch(() => {});
  const gone = await ann.locator("#status").innerText();
  check(/That room is gone/.test(gone) && await ann.locator("#create-form").isVisible(), "rooms: a server that does not know the room: the page says it is gone", gone);
  await ann.locator("#create-form button[type=submit]").tap();
  await ann.waitForFunction(() => document.body.dataset.phase === "lobby" && document.querySelector("#room-code").textContent.length === 9, null, { timeout: 10000 }).catch(() => {});
  const code2 = (await ann.locator("#room-code").innerText()).trim();
  check(code2.length === 9 && code2 !== code, "rooms: the new server takes a new room", `${code} → ${code2}`);
  check(!(await ann.locator("#results").isVisible()), "rooms: …and the new room shows none of the old room's results");
  await shot(ann, "room-after-restart-phone");
  server.child.kill("SIGTERM");
  await server.exited;
  await Promise.all([...contexts, desk].map((c) => c.close()));
  await behindProxy();
}
