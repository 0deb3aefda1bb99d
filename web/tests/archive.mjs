// The release archive as an operator runs it: unpacked somewhere, its room
// server started from another directory with no flag but a port and a
// store, serving the archive's own site (share/boggle/site). A player on a
// phone opens the game page, then Ann (phone, touch) and Bob (desktop,
// mouse) play one room round through it; the words each traces are
// counted, and the results show both lists.
//
//   BOGGLE_BIN=DIR/bin/boggle node web/tests/archive.mjs DIR
//
// (BOGGLE_BIN: the archive's own solver checks the board the page shows.)
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { startRoomServer } from "./rooms.mjs";
import { browser, check, cliSolve, failed, gz, noCache, server, shot, timeout, touchTrace, strokes, PHONE, DESKTOP, inViewport, sideways } from "./harness.mjs";

const dir = resolve(process.argv[2] || "");
const bin = join(dir, "bin", "boggle-room");
const scratch = mkdtempSync(join(tmpdir(), "boggle-archive-"));

/** Starts the archive's server from a scratch directory: no --site. */
function start() {
  return startRoomServer(bin, ["--addr", "127.0.0.1:0", "--store", join(scratch, "rooms.db")], scratch);
}

/** Traces `w` on the room's board (touch or mouse) and waits for its verdict. */
async function trace(page, w, touch) {
  await page.evaluate(() => { document.querySelector("#feedback").textContent = ""; });
  if (touch) await touchTrace(page, w.path, "#room-board");
  else {
    const points = await strokes(page, w.path, "#room-board");
    await page.mouse.move(points[0].x, points[0].y);
    await page.mouse.down();
    for (const p of points.slice(1)) await page.mouse.move(p.x, p.y);
    await page.mouse.up();
  }
  await page.waitForFunction((word) => document.querySelector("#feedback").textContent.startsWith(word.toUpperCase()), w.word, { timeout: 10000 });
  return page.locator("#feedback").innerText();
}

let room = null;
try {
  check(existsSync(bin), "archive: bin/boggle-room is in the unpacked archive", bin);
  room = await start();
  const base = room.base;
  check(/serving .*share\/boggle\/site/.test(room.log()) || room.log().includes(join(dir, "share", "boggle", "site")),
    "archive: the server serves the archive's own site with no --site", room.log().split("\n").find((l) => /site|serving/.test(l)) || room.log());

  // The solo game from the archive's site.
  const solo = await browser.newContext(PHONE);
  const game = await solo.newPage();
  game.on("pageerror", (e) => check(false, "archive: no page error (game)", e.message));
  await game.goto(base + "?mode=play");
  await game.waitForFunction(() => document.querySelectorAll("#play-board .tile").length > 0, null, { timeout: 20000 });
  check(await game.locator("#play-board .tile").first().isVisible(), "archive: the game page plays from the archive's site (phone)");
  await shot(game, "archive-game-phone");
  await solo.close();

  // One room round: Ann on a phone, Bob on a desktop.
  const phone = await browser.newContext(PHONE);
  const desk = await browser.newContext(DESKTOP);
  const ann = await phone.newPage();
  const bob = await desk.newPage();
  for (const p of [ann, bob]) p.on("pageerror", (e) => check(false, "archive: no page error (room)", e.message));
  await ann.goto(base + "room.html");
  await ann.fill("#create-name", "Ann");
  await ann.locator("#create-form button[type=submit]").tap();
  await ann.waitForFunction(() => document.body.dataset.phase === "lobby" && document.querySelector("#room-code").textContent.length === 9, null, { timeout: 10000 });
  const link = await ann.inputValue("#room-link");
  await bob.goto(link);
  await bob.fill("#join-name", "Bob");
  await bob.locator("#join-form button[type=submit]").click();
  for (const p of [ann, bob]) await p.waitForFunction(() => document.querySelectorAll("#players li").length === 2, null, { timeout: 10000 });
  check(true, "archive: Bob joins Ann's room by its link");
  await ann.locator("#start").tap();
  for (const p of [ann, bob]) await p.waitForFunction(() => document.body.dataset.phase === "round" && document.querySelectorAll("#room-board .tile").length > 0, null, { timeout: 15000 });
  const board = await ann.evaluate(() => document.body.dataset.board);
  check(await inViewport(ann, "#room-board .tile >> nth=-1") && await inViewport(ann, "#clock"), "archive: the board and the clock are in view on a phone");
  const words = cliSolve(board).words.filter((w) => !w.rare);
  check(words.length >= 2, "archive: the board has words to find (the archive's boggle)", String(words.length));
  const annSaid = await trace(ann, words[0], true);
  check(annSaid === `${words[0].word.toUpperCase()} +${words[0].score}`, `archive: Ann traces ${words[0].word} by touch and the server counts it`, annSaid);
  const bobSaid = await trace(bob, words[1], false);
  check(bobSaid === `${words[1].word.toUpperCase()} +${words[1].score}`, `archive: Bob traces ${words[1].word} with the mouse and the server counts it`, bobSaid);
  await shot(ann, "archive-room-round-phone");
  await shot(bob, "archive-room-round-desktop");
  await ann.locator("#end-round").tap();
  await ann.waitForFunction(() => document.querySelector("#end-round").dataset.armed === "true", null, { timeout: 5000 }).catch(() => {});
  await ann.locator("#end-round").tap();
  for (const p of [ann, bob]) await p.waitForFunction(() => document.body.dataset.results !== undefined && !document.querySelector("#results").hidden, null, { timeout: 10000 });
  for (const [name, p] of [["Ann", ann], ["Bob", bob]]) {
    const text = await p.locator("#result-players").innerText();
    check(text.includes(words[0].word) && text.includes(words[1].word) && text.includes("Ann") && text.includes("Bob"),
      `archive: ${name}'s results show both players' words`, text.replace(/\n/g, " | "));
  }
  check(await inViewport(ann, "#results-title"), "archive: the results are in view on a phone");
  const wide = await sideways(ann);
  check(wide[0] <= 0, "archive: nothing reaches past the right edge at 375 px (results)", `${wide[0]} px (${wide[1]})`);
  await shot(ann, "archive-room-results-phone");
  await shot(bob, "archive-room-results-desktop");
  await phone.close();
  await desk.close();
} catch (e) {
  check(false, "archive: the checks ran to the end", e.stack || String(e));
} finally {
  clearTimeout(timeout);
  if (room) room.child.kill("SIGTERM");
  await browser.close();
  server.close();
  noCache.close();
  gz.close();
  rmSync(scratch, { recursive: true, force: true });
}
console.log(failed ? `${failed} failed` : "all archive checks passed");
process.exit(failed ? 1 : 0);
