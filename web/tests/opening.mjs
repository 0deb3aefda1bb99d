// A first visit's first round is an opening round (solve::game's opening,
// packs/en.opening.compact.gz): it plays before the whole pack has come,
// and moves to it without a sign: a word found stays found, and a typed
// word the opening's few boards do not hold is judged by the whole pack.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { execFileSync } from "node:child_process";
import { base, boggle, browser, check, cliSolve, dist, roundOn, shot, touchTrace, PHONE } from "./harness.mjs";

export async function openingRound() {
  const index = JSON.parse(await readFile(join(dist, "packs", "index.json"), "utf8"));
  const opening = index.find((p) => p.key === "en").opening;
  check(opening?.game === "boggle" && opening.seeds.length > 0, "the site's index names English's opening rounds", JSON.stringify(opening)?.slice(0, 120));
  const boards = new Set(opening.seeds.map((s) => execFileSync(boggle, ["roll", "--game", opening.game, "--seed", String(s), "--json"]).toString())
    .map((j) => JSON.parse(j).board));
  const ctx = await browser.newContext(PHONE);
  // The whole pack waits until the round has been played a little.
  let release;
  const held = new Promise((r) => (release = r));
  let wholeServed = false;
  await ctx.route(/packs\/en\.compact\.gz/, async (route) => {
    await held;
    wholeServed = true;
    await route.continue();
  });
  const page = await ctx.newPage();
  page.on("pageerror", (e) => check(false, "no page error", e.message));
  await page.goto(base + "?mode=play");
  const board = await roundOn(page);
  check(boards.has(board) && !wholeServed, "a first visit plays an opening round (one of the index's seeds) before the whole pack has come", board);
  const words = cliSolve(board).words.filter((w) => !w.rare);
  const say = async (what) => {
    await page.waitForFunction((w) => document.querySelector("#feedback").textContent.startsWith(w), what, { timeout: 10000 }).catch(() => {});
    return page.locator("#feedback").innerText();
  };
  await touchTrace(page, words[0].path);
  let said = await say(words[0].word.toUpperCase());
  check(said === `${words[0].word.toUpperCase()} +${words[0].score}`, "opening round: a traced word scores on the opening's pack", said);
  // A word of English on no opening board: the opening's pack does not
  // know it, so its verdict waits for the whole pack, and says the truth.
  const typed = ["zebra", "quartz", "rhythm", "jukebox"].find((w) => !cliSolve(board).words.some((x) => x.word === w));
  await page.fill("#guess", typed);
  await page.press("#guess", "Enter");
  await page.waitForTimeout(300);
  release();
  said = await say(typed.toUpperCase());
  check(wholeServed && /not on this board/i.test(said), "opening round: a typed word the opening does not know is judged by the whole pack", said);
  await page.waitForTimeout(500);
  await touchTrace(page, words[0].path);
  said = await say(words[0].word.toUpperCase());
  check(/already found/.test(said), "after the move, the word found on the opening is still found", said);
  await touchTrace(page, words[1].path);
  said = await say(words[1].word.toUpperCase());
  check(said === `${words[1].word.toUpperCase()} +${words[1].score}` && await page.locator("#score").innerText() === String(words[0].score + words[1].score),
    "after the move, the next word scores and the score counts both", `${said}; score ${await page.locator("#score").innerText()}`);
  await shot(page, "opening-round-phone");
  await ctx.close();
}
