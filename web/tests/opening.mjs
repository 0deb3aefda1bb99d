// A first visit's first round is an opening round (solve::game's opening,
// packs/en.opening.compact.gz): it plays before the whole pack has come,
// and moves to it without a sign: a word found stays found, and a typed
// word the opening's few boards do not hold is judged by the whole pack.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { execFileSync } from "node:child_process";
import { base, boggle, browser, check, cliSolve, cutNetwork, dist, noCacheBase, roundOn, shot, touchTrace, PHONE } from "./harness.mjs";

/** English's opening (the site's index) and its boards (the CLI's rolls of its seeds). */
async function englishOpening() {
  const index = JSON.parse(await readFile(join(dist, "packs", "index.json"), "utf8"));
  const opening = index.find((p) => p.key === "en").opening;
  const boards = new Set(opening?.seeds.map((s) => execFileSync(boggle, ["roll", "--game", opening.game, "--seed", String(s), "--json"]).toString())
    .map((j) => JSON.parse(j).board));
  return { opening, boards };
}

/** The feedback line once it starts with `what` (or what it says after 10 s). */
async function feedback(page, what) {
  await page.waitForFunction((w) => document.querySelector("#feedback").textContent.startsWith(w), what, { timeout: 10000 }).catch(() => {});
  return page.locator("#feedback").innerText();
}

export async function openingRound() {
  const { opening, boards } = await englishOpening();
  check(opening?.game === "boggle" && opening.seeds.length > 0, "the site's index names English's opening rounds", JSON.stringify(opening)?.slice(0, 120));
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
  const say = (what) => feedback(page, what);
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

/**
 * A first visit closed before the whole pack came (a slow link), then
 * offline: the opening's boards are kept ahead, so the round in progress
 * resumes on them, a new round is another of them, and a link to a
 * language never loaded plays one of them and says why.
 */
export async function openingOffline() {
  const { boards } = await englishOpening();
  const ctx = await browser.newContext(PHONE);
  let release;
  const held = new Promise((r) => (release = r));
  await ctx.route(/packs\/en\.compact\.gz/, async (route) => {
    await held;
    await route.abort().catch(() => {});
  });
  const first = await ctx.newPage();
  first.on("pageerror", (e) => check(false, "no page error", e.message));
  await first.goto(noCacheBase + "?mode=play");
  const board = await roundOn(first);
  const word = cliSolve(board).words.find((w) => !w.rare);
  await touchTrace(first, word.path);
  const said = await feedback(first, word.word.toUpperCase());
  await first.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated", null, { timeout: 20000 }).catch(() => {});
  const kept = await first.evaluate(async () => {
    for (const k of await caches.keys()) if (await (await caches.open(k)).match("packs/en.opening.compact.gz", { ignoreSearch: true })) return true;
    return false;
  });
  check(boards.has(board) && said.startsWith(`${word.word.toUpperCase()} +`) && kept,
    "a first visit without its whole pack yet: an opening round plays, and the service worker keeps the opening's pack", `${board}; ${said}; kept ${kept}`);
  await first.close();
  release();
  await cutNetwork(ctx, true);

  const again = await ctx.newPage();
  again.on("pageerror", (e) => check(false, "no page error", e.message));
  await again.goto(noCacheBase + "?mode=play");
  const resumed = await roundOn(again).catch(() => "");
  await again.waitForFunction(() => /Back in your round/.test(document.querySelector("#feedback").textContent), null, { timeout: 10000 }).catch(() => {});
  const notice = await again.locator("#notice").innerText().catch(() => "");
  check(resumed === board && await again.locator(`#found li[data-word="${word.word}"]`).isVisible() && /kept for offline play/.test(notice) && await again.locator("#notice").isVisible(),
    "offline without the whole pack: the round closed on the opening resumes there, its word found, and the page says why", `${resumed}; ${notice}`);
  await shot(again, "opening-offline-phone");
  await again.locator("#end-round").tap();
  await again.waitForSelector("#end:not([hidden])");
  await again.locator("#again").tap();
  const next = await roundOn(again, 2).catch(() => "");
  const nextWord = cliSolve(next).words.find((w) => !w.rare);
  await touchTrace(again, nextWord.path);
  const scored = await feedback(again, nextWord.word.toUpperCase());
  check(next !== board && boards.has(next) && scored === `${nextWord.word.toUpperCase()} +${nextWord.score}` && /another/.test(await again.locator("#notice").innerText()),
    "offline without the whole pack: a new round is another opening board, and its words score", `${next} (an opening board: ${boards.has(next)}); ${scored}; ${await again.locator("#notice").innerText()}; ${await again.locator("#feedback").innerText()}`);
  await again.close();

  const es = await ctx.newPage();
  es.on("pageerror", (e) => check(false, "no page error", e.message));
  await es.goto(noCacheBase + "?mode=play&lang=es");
  const esBoard = await roundOn(es).catch(() => "");
  const esNotice = await es.locator("#notice").innerText().catch(() => "");
  check(boards.has(esBoard) && /Español|Spanish/.test(esNotice) && /English boards kept for offline play/.test(esNotice),
    "offline, never online with Spanish nor English's whole pack: a link to Spanish plays an English opening board and says why", `${esBoard}; ${esNotice}`);
  await shot(es, "opening-offline-spanish-phone");
  await cutNetwork(ctx, false);
  await ctx.close();
}
