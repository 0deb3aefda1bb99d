// The daily board: the same board in two browser contexts on one date (a
// clock set in the test), another the next day; the CLI's
// `boggle roll --game G --daily DATE` and the page agree on five dates; one
// scored round, then free play; the shared result holds no word of the board.
import { execFileSync } from "node:child_process";
import { boggle, check, PHONE, browser, open, roundOn, touchTrace, cliSolve, wordsOf, smallTargets, axe, shot } from "./harness.mjs";

function cliDaily(game, day) {
  return JSON.parse(execFileSync(boggle, ["roll", "--game", game, "--daily", day, "--json"]).toString()).board;
}

async function dailyBoard(ctx, query) {
  const page = await open(ctx, query);
  const board = await roundOn(page);
  return { page, board };
}

export async function dailyBoards() {
  const day = "2026-12-01";
  const at = (d) => new Date(`${d}T09:30:00Z`);
  const a = await browser.newContext(PHONE);
  const b = await browser.newContext(PHONE);
  await a.clock.setFixedTime(at(day));
  await b.clock.setFixedTime(at(day));
  const pa = await dailyBoard(a, "?mode=play&game=boggle&daily");
  const pb = await dailyBoard(b, "?mode=play&game=boggle&daily=today");
  check(pa.board === pb.board && await pa.page.evaluate(() => document.body.dataset.daily) === day,
    "daily: two browsers on the same date get the same board", `${pa.board} / ${pb.board}`);
  check(pa.board === cliDaily("boggle", day), `daily: the page's board for ${day} is boggle roll --daily's`, `${pa.board} / ${cliDaily("boggle", day)}`);
  check(/Today's board \(2026-12-01\): one scored round/.test(await pa.page.locator("#feedback").innerText()), "daily: the round says it is today's, one scored round",
    await pa.page.locator("#feedback").innerText());
  await pb.page.close();
  // Each player's date is their own: at 19:30 on 1 December in Los Angeles
  // (03:30 UTC on the 2nd) it is still the 1st's board; at 01:00 on
  // 2 December in Auckland (12:00 UTC on the 1st), already the 2nd's.
  for (const [zone, utc, local] of [["America/Los_Angeles", "2026-12-02T03:30:00Z", "2026-12-01"], ["Pacific/Auckland", "2026-12-01T12:00:00Z", "2026-12-02"]]) {
    const z = await browser.newContext({ ...PHONE, timezoneId: zone });
    await z.clock.setFixedTime(new Date(utc));
    const pz = await dailyBoard(z, "?mode=play&game=boggle&daily");
    check(await pz.page.evaluate(() => document.body.dataset.daily) === local && pz.board === cliDaily("boggle", local),
      `daily: in ${zone} at ${utc} the board is the one of the local date, ${local}`, `${await pz.page.evaluate(() => document.body.dataset.daily)} ${pz.board}`);
    await z.close();
  }
  // The next day, another board.
  await b.clock.setFixedTime(at("2026-12-02"));
  const next = await dailyBoard(b, "?mode=play&game=boggle&daily");
  check(next.board !== pa.board && next.board === cliDaily("boggle", "2026-12-02"), "daily: the next day's board is another, the CLI's for that day", `${next.board} / ${pa.board}`);
  await next.page.close();
  // Five dates, two games: the page and the CLI agree.
  let agree = 0;
  const dates = ["2026-12-03", "2027-01-01", "2027-02-28", "2028-02-29", "2031-07-15"];
  for (const [i, d] of dates.entries()) {
    const game = i % 2 ? "big" : "boggle";
    const { page, board } = await dailyBoard(b, `?mode=play&game=${game}&daily=${d}`);
    if (board === cliDaily(game, d)) agree++;
    await page.close();
  }
  check(agree === dates.length, "daily: the page and boggle roll --daily agree on five dates", `${agree} of ${dates.length}`);

  // One scored round: play it, then the same board is free play.
  const p = pa.page;
  const words = cliSolve(pa.board).words.filter((w) => !w.rare);
  await p.bringToFront();
  await touchTrace(p, words[0].path);
  await p.waitForFunction(() => document.querySelectorAll("#found li").length === 1, null, { timeout: 10000 }).catch(() => {});
  check(await p.locator("#found li").count() === 1, "daily: a word traced on today's board counts", await p.locator("#feedback").innerText());
  await p.waitForTimeout(500);
  await p.locator("#end-round").tap();
  await p.waitForFunction(() => document.body.dataset.ended === "1");
  const best = await p.locator("#end-best").innerText();
  check(best.startsWith(`Today's board: ${words[0].score} point`), "daily: the first round is the day's result", best);
  await p.locator("#share-daily").tap();
  await p.waitForFunction(() => !document.querySelector("#share-text-box").hidden);
  const text = await p.inputValue("#share-text");
  const boardWords = new Set(cliSolve(pa.board).words.map((w) => w.word));
  const spoiled = wordsOf(text).filter((w) => boardWords.has(w));
  check(await p.locator("#share-text").isVisible() && text.includes(`${words[0].score} point`) && text.includes(", 1 word,") && spoiled.length === 0 && (text.match(/[⬜🟨🟧🟩]/gu) ?? []).length === 16,
    "daily: the shared result has the score and a grid of squares, and no word of the board", `${JSON.stringify(text)}; board words in it: ${spoiled.join(", ")}`);
  const cut = await p.evaluate(() => { const t = document.querySelector("#share-text"); return [t.scrollHeight, t.clientHeight]; });
  check(cut[0] <= cut[1] + 1, "daily: the shared result shows whole, its last row and link not cut off", `${cut[0]} px of text in ${cut[1]} px`);
  const small = await smallTargets(p);
  check(small.length === 0, "daily: nothing a player taps is under 44 px (end of the daily round)", small.join(", "));
  await shot(p, "daily-end-phone");
  await axe(p, "daily, end");
  const again = await dailyBoard(a, "?mode=play&game=boggle&daily");
  check(again.board === pa.board && /Free play: today's result stays/.test(await again.page.locator("#feedback").innerText()),
    "daily: the same board again is free play, the day's result kept", await again.page.locator("#feedback").innerText());
  await a.close();
  await b.close();
}
