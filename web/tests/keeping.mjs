// What a player must not lose or be surprised by: a round left for a new one
// is kept (under its own game, even when another game was chosen), a round
// of its own time has its own record, a link's mode is the screen it opens,
// a tapped tile takes what is typed instead of adding to it, a challenge
// link copied before the name is typed is never said to be copied with it,
// the settings chosen are the next visit's, and on a desktop a word typed
// with nothing clicked first is taken.
import { check, PHONE, DESKTOP, browser, open, roundOn, touchTrace, cliSolve, inViewport, smallTargets, axe, shot } from "./harness.mjs";

export async function keeping() {
  const ctx = await browser.newContext(PHONE);

  // ?mode=solve with no board opens Solve, with nothing to complain of.
  const solveFirst = await open(ctx, "?mode=solve");
  check(await solveFirst.locator("#solve-screen").isVisible() && !(await solveFirst.locator("#play").isVisible())
    && await solveFirst.evaluate(() => document.body.dataset.mode) === "solve" && !(await solveFirst.locator("#notice").isVisible()),
    "?mode=solve without a board opens Solve");
  // A tapped tile that holds a letter takes the one typed instead.
  const first = solveFirst.locator("#grid-entry input").first();
  await first.tap();
  await solveFirst.keyboard.type("h");
  await first.tap();
  await solveFirst.keyboard.type("x");
  const value = await first.inputValue();
  check(value.toLowerCase() === "x", "solve: typing on a tapped tile that holds a letter replaces it", JSON.stringify(value));
  await shot(solveFirst, "solve-empty-phone");
  await solveFirst.close();

  // A 10-second round is a record of its own, not Boggle's.
  const p = await open(ctx, "?mode=play&game=boggle&time=10");
  const board = await roundOn(p);
  const tip = await p.locator("#feedback").innerText();
  check(tip === "Drag through neighbouring letters to make words.", "a first visit's first round shows a one-line tip", tip);
  const words = cliSolve(board).words.filter((w) => !w.rare);
  await touchTrace(p, words[0].path);
  await p.waitForFunction(() => document.querySelectorAll("#found li").length === 1);
  await p.waitForFunction(() => document.body.dataset.ended === "1", null, { timeout: 15000 });
  const best = await p.locator("#end-best").innerText();
  const stats = await p.locator("#stats-line").innerText();
  check(!/Boggle[,!:]/.test(best) && /Boggle \(10 s\)/.test(stats), "a 10-second round goes to its own record, not to Boggle's", `${best} / ${stats}`);
  const keys = await p.evaluate(() => JSON.parse(localStorage.getItem("wordgrid.history.v1") || "[]").map((r) => r.preset));
  check(keys.length === 1 && keys[0] === "boggle|10s", "…kept under the game and its time", JSON.stringify(keys));
  await p.close();

  // New round in the middle of a round keeps the round and says so.
  const q = await open(ctx, "?mode=play&game=boggle");
  const b2 = await roundOn(q);
  check(!/Drag through/.test(await q.locator("#feedback").innerText()), "…and only the first time");
  const w2 = cliSolve(b2).words.filter((w) => !w.rare);
  // The game and language are in reach above a phone's fold: a line under
  // the board names them and opens the settings.
  const line = await q.locator("#game-line").innerText();
  check(await inViewport(q, "#game-line") && /^Boggle, English, 3:00/.test(line) && await q.locator("#play-board").isVisible(),
    "phone: the game line (game, language, time) is in view with the board", line.replace(/\s+/g, " "));
  await q.locator("#game-line").tap();
  check(await q.evaluate(() => document.querySelector("#settings").open) && await inViewport(q, "#preset") && await inViewport(q, "#play-lang")
    && await q.locator("#game-line").getAttribute("aria-expanded") === "true",
    "…and a tap on it opens the settings, game and language in view");
  await shot(q, "game-line-settings-phone");
  await q.locator("#settings summary").tap();
  await q.evaluate(() => window.scrollTo(0, 0));
  // Sounds and vibration, turned on: a found word is felt.
  await q.locator("#game-line").tap();
  await q.locator("#play-feel").check();
  await q.locator("#settings summary").tap();
  // Back up to the board (the taps scrolled the settings into view), and a
  // player's moment before the next touch.
  await q.evaluate(() => window.scrollTo(0, 0));
  await q.waitForTimeout(400);
  await touchTrace(q, w2[0].path);
  await q.waitForFunction(() => document.body.dataset.felt === "good", null, { timeout: 5000 }).catch(() => {});
  check(await q.evaluate(() => document.body.dataset.felt) === "good" && await q.evaluate(() => localStorage.getItem("wordgrid.feel")) === "on",
    "with Sounds and vibration on, a found word plays its tone (and vibrates)");
  await q.waitForFunction(() => document.querySelectorAll("#found li").length === 1);
  // A moment between the word and the tap, as a player's (a tap at once is
  // taken by the browser as the end of a double tap, and makes no click).
  await q.waitForTimeout(500);
  await q.locator("#new-round").tap();
  // A round asked for counts 3-2-1 over the veiled board, the clock still.
  await q.waitForFunction(() => !document.querySelector("#countdown").hidden && document.body.dataset.board !== undefined);
  const counting = await q.evaluate(() => [document.querySelector("#countdown").innerText, document.querySelector("#play-board").classList.contains("veiled"),
    document.querySelector("#clock").innerText, document.body.dataset.round]);
  check(/^[321]$/.test(counting[0]) && await inViewport(q, "#countdown") && counting[1] && counting[2] === "3:00" && counting[3] === "1",
    "a new round counts 3-2-1 over the veiled board before its clock starts", counting.join(" | "));
  await shot(q, "countdown-phone");
  await roundOn(q, 2);
  await q.waitForTimeout(1300);
  const running = await q.evaluate(() => [document.querySelector("#countdown").hidden, document.querySelector("#play-board").classList.contains("veiled"), document.querySelector("#clock").innerText]);
  check(running[0] && !running[1] && /^2:5\d$/.test(running[2]), "…then the board shows and the clock runs", running.join(" | "));
  const said = await q.locator("#feedback").innerText();
  check(/Your last round was kept/.test(said) && said.includes(`${w2[0].score} point`), "New round during a round keeps that round and says so", said);
  const kept = await q.evaluate(() => JSON.parse(localStorage.getItem("wordgrid.history.v1") || "[]").filter((r) => r.preset === "boggle"));
  check(kept.length === 1 && kept[0].score === w2[0].score && kept[0].words === 1, "…in the record of Boggle", JSON.stringify(kept));
  check(/Boggle, English: 1 round/.test(await q.locator("#stats-line").innerText()), "…which the record line counts", await q.locator("#stats-line").innerText());
  await shot(q, "new-round-kept-phone");
  // The record beyond one best: every round, days in a row, the longest
  // word, the last rounds; and a way to clear it.
  const all = await q.locator("#stats-all").innerText();
  const longest = [words[0].word, w2[0].word].sort((a, b) => b.length - a.length)[0];
  check(/^All games: 2 rounds/.test(all) && all.includes(`longest word ${longest.toUpperCase()}`), "the record counts every round and the longest word", all);
  await q.locator("#stats-more summary").tap();
  check(await q.locator("#stats-recent li").count() === 2 && await q.locator("#stats-clear").isVisible(), "…lists the last rounds, with a way to clear them");
  await shot(q, "last-rounds-phone");
  const small = await smallTargets(q);
  check(small.length === 0, "the record's list: no tap target under 44 px", small.join(", "));
  await axe(q, "the record, last rounds open");
  q.once("dialog", (d) => d.accept());
  await q.locator("#stats-clear").tap();
  await q.waitForFunction(() => document.querySelector("#stats-all").textContent === "");
  check(/No rounds of Boggle/.test(await q.locator("#stats-line").innerText()) && await q.evaluate(() => localStorage.getItem("wordgrid.history.v1")) === null,
    "Clear my record forgets the rounds", await q.locator("#stats-line").innerText());
  // Another game chosen mid-round: the round left is kept under its own
  // game (Boggle), not the one chosen (Word Hunt).
  const board3 = await q.evaluate(() => document.body.dataset.board);
  const w3 = cliSolve(board3).words.filter((w) => !w.rare);
  // The record's list left the page scrolled down: the board in view first.
  await q.evaluate(() => window.scrollTo(0, 0));
  await q.waitForTimeout(300);
  await touchTrace(q, w3[0].path);
  await q.waitForFunction(() => document.querySelectorAll("#found li").length === 1);
  // (A moment after the trace: a tap at once would end a double tap.)
  await q.waitForTimeout(500);
  await q.locator("#game-line").tap();
  await q.selectOption("#preset", "hunt");
  await roundOn(q, 3);
  const left = await q.evaluate(() => JSON.parse(localStorage.getItem("wordgrid.history.v1") || "[]"));
  check(left.length === 1 && left[0].preset === "boggle" && left[0].score === w3[0].score && left[0].lang === "en",
    "a game changed mid-round keeps the round left under its own game, not the new one", JSON.stringify(left));
  check(/No rounds of Word Hunt/.test(await q.locator("#stats-line").innerText()), "…and the new game's record is untouched", await q.locator("#stats-line").innerText());
  // A name typed after the challenge link was copied: the page says to copy
  // it again, and Copy link copies the link with the name.
  await q.locator("#end-round").tap();
  await q.waitForSelector("#end:not([hidden])");
  await q.evaluate(() => {
    window.copiedLinks = [];
    Object.defineProperty(navigator, "share", { value: undefined, configurable: true });
    Object.defineProperty(navigator, "clipboard", { value: { writeText: async (t) => { window.copiedLinks.push(t); } }, configurable: true });
  });
  await q.locator("#challenge").tap();
  await q.waitForFunction(() => window.copiedLinks.length === 1);
  check(await q.locator("#share-note").innerText() === "Link copied." && !(await q.evaluate(() => window.copiedLinks[0])).includes("from="),
    "Challenge a friend copies the link at once", await q.locator("#share-note").innerText());
  await q.fill("#challenge-name", "Bo");
  await q.waitForFunction(() => document.querySelector("#share-link").value.includes("from=Bo"));
  const stale = await q.locator("#share-note").innerText();
  check(!/copied|Shared/i.test(stale) && /copy it again/.test(stale), "…a name typed after says to copy the link again, not that it is copied", stale);
  await q.locator("#share-copy").tap();
  await q.waitForFunction(() => window.copiedLinks.length === 2);
  const copiedLink = await q.evaluate(() => window.copiedLinks[1]);
  check(copiedLink.includes("from=Bo") && copiedLink === await q.inputValue("#share-link") && await q.locator("#share-note").innerText() === "Link copied.",
    "…and Copy link copies the link with the name, and says so", copiedLink);
  check(await q.locator("#share-copy").isVisible(), "…its button shows on a phone");
  const smallShare = await smallTargets(q);
  check(smallShare.length === 0, "the share box: no tap target under 44 px", smallShare.join(", "));
  await shot(q, "share-copy-again-phone");
  await ctx.close();

  // The game, time and words chosen are the next visit's; a link's game wins.
  const fresh = await browser.newContext(PHONE);
  const r = await open(fresh, "?mode=play");
  await roundOn(r);
  await r.locator("#game-line").tap();
  await r.selectOption("#preset", "hunt");
  await roundOn(r, 2);
  await r.selectOption("#play-words", "all");
  await roundOn(r, 3);
  const chosenTime = await r.inputValue("#play-time");
  const again = await open(fresh, "?mode=play");
  await roundOn(again);
  const remembered = [await again.inputValue("#preset"), await again.inputValue("#play-time"), await again.inputValue("#play-words"), await again.evaluate(() => document.body.dataset.counted)];
  const gameLine = await again.locator("#game-line-text").innerText();
  check(remembered.join(" ") === `hunt ${chosenTime} all all` && /^Word Hunt, English/.test(gameLine),
    "the game, time and words chosen are kept for the next visit", `${remembered.join(" ")} / ${gameLine}`);
  await shot(again, "settings-kept-phone");
  const linked = await open(fresh, "?mode=play&game=boggle");
  await roundOn(linked);
  check(await linked.inputValue("#preset") === "boggle" && await linked.inputValue("#play-time") === "180",
    "…and a link's game wins over them, with its own time", `${await linked.inputValue("#preset")} ${await linked.inputValue("#play-time")}`);
  await fresh.close();

  // On a desktop, a word typed straight away (nothing clicked) is taken.
  const desk = await browser.newContext(DESKTOP);
  const d = await open(desk, "?mode=play");
  const deskBoard = await roundOn(d);
  const typed = cliSolve(deskBoard).words.filter((w) => !w.rare)[0];
  const focusBefore = await d.evaluate(() => document.activeElement === document.body || document.activeElement === null);
  await d.keyboard.type(typed.word);
  await d.keyboard.press("Enter");
  await d.waitForFunction((w) => document.querySelector("#feedback").textContent.startsWith(w.toUpperCase()), typed.word, { timeout: 5000 }).catch(() => {});
  const deskSaid = await d.locator("#feedback").innerText();
  check(focusBefore && deskSaid === `${typed.word.toUpperCase()} +${typed.score}`, "desktop: a word typed with nothing clicked first goes to the word field and counts", `${focusBefore} ${deskSaid}`);
  await desk.close();
}
