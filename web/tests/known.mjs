// Words people know: the English round for seed 7 (`boggle roll --game
// boggle --seed 7`), ended at once at phone size; the first 15 missed words
// the end screen shows must be words a fluent adult knows, as the committed
// judged sample says (tests/judged/en.tsv, which scripts/judge-common
// measures the common-word rule with). A name, an abbreviation or a stray
// token (dae, dui, tet) among them fails, and so does a word nobody judged.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { web, check, PHONE, browser, open, roundOn, cliSolve, inViewport, shot } from "./harness.mjs";

/** The judged words of a language: word → known (yes) or not. */
async function judged(lang) {
  const text = await readFile(join(web, "..", "tests", "judged", `${lang}.tsv`), "utf8");
  const out = new Map();
  for (const line of text.split("\n")) {
    if (!line.trim() || line.startsWith("#")) continue;
    const [word, known] = line.split("\t");
    out.set(word, known === "yes");
  }
  return out;
}

export async function knownWords() {
  const truth = await judged("en");
  const ctx = await browser.newContext(PHONE);
  const page = await open(ctx, "?mode=play&lang=en&game=boggle&seed=7");
  const board = await roundOn(page);
  const solved = cliSolve(board);
  await page.click("#end-round");
  await page.waitForSelector("#end:not([hidden])");
  const first = await page.locator("#missed button").evaluateAll((bs) => bs.slice(0, 15).map((b) => b.dataset.word));
  const notKnown = first.filter((w) => truth.get(w) !== true);
  check(first.length === 15 && notKnown.length === 0,
    "known words: the first 15 missed words of the English round for seed 7 are all words people know (tests/judged/en.tsv)",
    `${first.join(", ")}${notKnown.length ? `; not judged known: ${notKnown.join(", ")}` : ""}`);
  // The counter's total is the common words of the CLI's solve of the same
  // board: the page and the library apply one rule.
  const common = solved.words.filter((w) => !w.rare).length;
  const summary = await page.locator("#end-summary").innerText();
  check(new RegExp(`of ${common}\\b`).test(summary), "known words: the end screen's total is the CLI's count of common words", `${summary}; CLI ${common}`);
  // A player scrolls to the list: its first word is there to read, not
  // under the board that stays at the top of the screen.
  await page.evaluate(() => document.querySelector("#missed button").scrollIntoView({ block: "center" }));
  const uncovered = await page.evaluate(() => {
    const b = document.querySelector("#missed button");
    const r = b.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit === b || b.contains(hit);
  });
  check(await inViewport(page, "#missed button >> nth=0") && uncovered && await page.locator("#missed button >> nth=14").isVisible(),
    "known words: scrolled to, the missed list's first word is in view and uncovered");
  await shot(page, "play-phone-missed-known");
  await ctx.close();
}
