// Matches: three rounds (Ruzzle's number) on boards the library rolls from
// one seed, as `boggle roll --game G --seed S --match-round I` rolls them;
// a running total; one challenge link that replays all three boards and
// compares the totals; a reload mid-match resumes its round.
import { execFileSync } from "node:child_process";
import { check, PHONE, browser, open, roundOn, touchTrace, cliSolve, inViewport, smallTargets, axe, shot, boggle, acceptChallenge } from "./harness.mjs";

/** The CLI's board for round `round` of the match of `game` from `seed`. */
function cliRound(game, seed, round) {
  return JSON.parse(execFileSync(boggle, ["roll", "--game", game, "--seed", String(seed), "--match-round", String(round), "--json"]).toString()).board;
}

/** Finds one common word of the board on the page by touch. */
async function findOne(page, board) {
  const word = cliSolve(board).words.find((w) => !w.rare && w.len >= 3);
  if (!word) return;
  await touchTrace(page, word.path);
  await page.waitForFunction((w) => document.querySelector(`#found li[data-word="${w}"]`) !== null, word.word);
}

/** Ends the round on the page and waits for its end screen. */
async function endRound(page) {
  // A tap within a few hundred ms of a traced word's lift is taken by
  // Chromium's touch gestures, not as a click: a player's next tap comes later.
  await page.waitForTimeout(500);
  await page.locator("#end-round").tap();
  await page.waitForSelector("#end:not([hidden])");
}

/** Plays the match on `page` to its end: a word a round when `find`, each board checked against the CLI's. */
async function playMatch(page, game, seed, who, find) {
  const boards = [];
  const scores = [];
  for (let r = 1; r <= 3; r++) {
    const board = await roundOn(page, r);
    await page.waitForFunction((n) => document.querySelector("#match-line").textContent.includes(`round ${n} of 3`), r);
    boards.push(board);
    if (find) await findOne(page, board);
    await endRound(page);
    scores.push(Number(await page.locator("#end-summary").getAttribute("data-score")));
    if (r < 3) {
      const next = await page.locator("#again").innerText();
      check(next === `Next round (${r + 1} of 3)` && !(await page.locator("#challenge").isVisible()),
        `match (${who}): after round ${r}, the next round is offered, and no challenge yet`, next);
      await page.locator("#again").tap();
      await page.waitForFunction((n) => Number(document.body.dataset.round) >= n && document.body.dataset.waiting === undefined, r + 1);
    }
  }
  const cli = [1, 2, 3].map((r) => cliRound(game, seed, r));
  check(JSON.stringify(boards) === JSON.stringify(cli) && new Set(boards).size === 3,
    `match (${who}): three boards, each the CLI's --match-round board`, `${boards.join(" ")} / ${cli.join(" ")}`);
  return scores;
}

export async function matches() {
  const ctx = await browser.newContext(PHONE);
  const page = await open(ctx, "?mode=play&game=boggle&match=3&seed=42");
  await roundOn(page);
  check(await inViewport(page, "#match-line") && /Match: round 1 of 3 · 0 points so far/.test(await page.locator("#match-line").innerText()),
    "match: phone: the round's place in the match and the total so far show under the clock", await page.locator("#match-line").innerText());
  await shot(page, "match-round-phone");
  const scores = await playMatch(page, "boggle", 42, "sender", true);
  const total = scores.reduce((a, b) => a + b, 0);
  const line = await page.locator("#end-match").innerText();
  check(line === `Match over: ${total} point${total === 1 ? "" : "s"} in 3 rounds (${scores.join(", ")}).` && total > 0,
    "match: its end totals its rounds", line);
  check(await page.locator("#match-line").innerText() === `Match over · ${total} point${total === 1 ? "" : "s"}`, "match: the line under the clock says the match is over, with its total", await page.locator("#match-line").innerText());
  check(await page.locator("#again").innerText() === "New match" && await page.locator("#challenge").isVisible(), "match: …offers a new match and the challenge");
  check((await smallTargets(page)).length === 0, "match: the end screen's targets are 44 px or more");
  await axe(page, "match end");
  await shot(page, "match-end-phone");
  await page.locator("#challenge").tap();
  await page.waitForFunction(() => document.querySelector("#share-link").value.includes("match="));
  const link = new URL(await page.inputValue("#share-link"));
  const q = link.searchParams;
  check(q.get("match") === "3" && q.get("seed") === "42" && q.get("rounds") === scores.join(".") && q.get("vs")?.startsWith(`${total}-`) && !q.has("board"),
    "match: one challenge link carries the seed, the rounds, the total and each round's score", link.search);

  // The friend: the card, the same three boards, the totals compared; a reload mid-match resumes it.
  const friend = await open(ctx, link.search);
  const card = await acceptChallenge(friend);
  check(new RegExp(`challenges you to a match of 3 rounds: beat ${total} point`).test(card), "match: the link opens on a card naming the match and the total to beat", card);
  await roundOn(friend);
  const first = await friend.evaluate(() => document.body.dataset.board);
  check(first === cliRound("boggle", 42, 1), "match: the friend's first board is the sender's", first);
  await endRound(friend);
  await friend.locator("#again").tap();
  await friend.waitForFunction(() => document.querySelector("#match-line").textContent.includes("round 2 of 3") && document.body.dataset.waiting === undefined);
  const second = await friend.evaluate(() => document.body.dataset.board);
  friend.on("dialog", (d) => void d.accept());
  await friend.reload();
  await friend.waitForFunction(() => document.body.dataset.ready !== undefined && document.body.dataset.board !== undefined && document.body.dataset.waiting === undefined);
  await friend.waitForFunction(() => document.querySelector("#match-line").textContent.includes("round 2 of 3"));
  check(await friend.evaluate(() => document.body.dataset.board) === second, "match: a reload mid-match resumes its round (round 2 of 3, the same board)");
  await endRound(friend);
  await friend.locator("#again").tap();
  await friend.waitForFunction(() => document.querySelector("#match-line").textContent.includes("round 3 of 3") && document.body.dataset.waiting === undefined);
  check(await friend.evaluate(() => document.body.dataset.board) === cliRound("boggle", 42, 3), "match: …and the third board is the sender's third");
  await endRound(friend);
  const verdict = await friend.locator("#end-match").innerText();
  check(new RegExp(`Match over: 0 points in 3 rounds \\(0, 0, 0\\)\\. Your friend: ${total} points? \\(${scores.join(", ")}\\)\\. Your friend wins the match\\.`).test(verdict),
    "match: the friend's end compares the totals, round by round", verdict);
  await shot(friend, "match-versus-phone");
  await friend.close();

  // The settings start a match too.
  const chosen = await open(ctx, "?mode=play&game=boggle");
  await roundOn(chosen);
  await chosen.locator("#game-line").tap();
  await chosen.selectOption("#play-match", "3");
  const started = await chosen.waitForFunction(() => document.querySelector("#match-line").textContent.startsWith("Match: round 1 of 3") && !document.querySelector("#match-line").hidden, null, { timeout: 10000 })
    .then(() => true, () => false);
  check(started, "match: choosing A match of 3 rounds in the settings starts one", await chosen.locator("#match-line").innerText().catch(() => ""));
  await ctx.close();
}
