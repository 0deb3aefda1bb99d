// Every language the site offers: each pack solves as the CLI does, reads
// its own letters (Qu, IJ, L·L), and a big board paints in time, with no
// empty tile grid beside it.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { execFileSync } from "node:child_process";
import { dist, boggle, check, browser, timeout, PHONE, DESKTOP, open, sideways, shot } from "./harness.mjs";

export async function everyLanguage() {
  // ---- Every language -----------------------------------------------------
  const index = JSON.parse(await readFile(join(dist, "packs", "index.json"), "utf8"));
  check(index.length >= 22 && index.every((p) => p.source && p.licence && p.native && p.words > 0),
    "the site offers every recipe's language, each with its source, version and licence", `${index.length} packs`);
  const langs = await browser.newContext(DESKTOP);
  const lp = await open(langs, "?mode=solve&board=abcd");
  await lp.click("#tab-solve");
  await lp.locator("details.rules summary").click();
  let agree = 0;
  for (const p of index) {
    await lp.selectOption("#pack", p.key);
    await lp.fill("#seed", "7");
    await lp.fill("#size", "4x4");
    await lp.selectOption("#dice", "");
    // The page writes the link after it shows a solve: a new link is the
    // rolled board's, on screen.
    const before = await lp.evaluate(() => location.search);
    await lp.click("#roll");
    await lp.waitForFunction(([k, b]) => location.search !== b && location.search.includes("board=") && (k === "en" || location.search.includes(`lang=${encodeURIComponent(k)}`)) && document.querySelector("#totals").dataset.words !== undefined, [p.key, before], { timeout: 20000 });
    const board = await lp.inputValue("#board");
    const shown = await lp.$eval("#totals", (e) => [Number(e.dataset.words), Number(e.dataset.score)]);
    const batch = JSON.parse(execFileSync(boggle, ["batch", "--pack", join(dist, "packs", p.file), "--words"], { input: `${board}\n` }).toString());
    // The list shows its first words at once and more as it scrolls: scroll
    // it to its end, as a reader would, until it lists them all.
    for (let i = 0; i < 10 && shown[0] <= 400; i++) {
      const listed = await lp.locator("#words button.word").count();
      if (listed >= shown[0]) break;
      await lp.locator("#words button.word").last().scrollIntoViewIfNeeded();
      await lp.waitForFunction((n) => document.querySelectorAll("#words button.word").length > n, listed, { timeout: 2000 }).catch(() => {});
    }
    const webWords = await lp.evaluate(() => [...document.querySelectorAll("#words button.word")].map((b) => b.dataset.word));
    const same = shown[0] === batch.word_count && shown[1] === batch.score &&
      (batch.word_count > 400 || JSON.stringify([...webWords].sort()) === JSON.stringify(batch.words.map((w) => w.word).sort()));
    check(same, `${p.native} (${p.key}): a rolled board's words and score as boggle batch gives them`, `${board}: ${shown.join("/")} vs ${batch.word_count}/${batch.score}`);
    if (same) agree++;
  }
  check(agree === index.length, "every pack solves as the CLI does", `${agree} of ${index.length}`);
  await langs.close();

  // Russian and Greek links, at 375 px.
  const intl = await browser.newContext(PHONE);
  for (const [board, lang, words, points] of [["КОТЫ ДОМА ЛЕСЬ РЕКА", "ru", 295, 557], ["ΛΟΓΟ ΣΑΝΕ ΙΤΡΜ ΚΑΗΥ", "el", 330, 765]]) {
    const ip = await open(intl, `?board=${encodeURIComponent(board)}&lang=${lang}`);
    await ip.waitForFunction(() => document.querySelector("#totals").dataset.words !== undefined);
    const t = await ip.locator("#totals").innerText();
    check(t === `${words} words, ${points} points`, `a ${lang} link shows ${words} words and ${points} points`, t);
    const over = await sideways(ip);
    check(over[0] <= 0, `${lang} at 375 px: nothing past the right edge`, `${over[0]} px (${over[1]})`);
    await shot(ip, `solve-${lang}-phone`);
    await ip.close();
  }
  // A Ruzzle board with its bonus grid: marks and values on the tiles.
  const rz = await open(intl, `?board=perslatgsineters&scoring=ruzzle&bonus=${encodeURIComponent("d..T/..../.D../t...")}`);
  await rz.waitForFunction(() => document.querySelector("#totals").dataset.words !== undefined);
  const marks = await rz.$$eval("#board-view .tile .bonus", (b) => b.map((x) => x.textContent));
  const values = await rz.$$eval("#board-view .tile .value", (v) => v.map((x) => x.textContent));
  check(JSON.stringify(marks.sort()) === JSON.stringify(["DL", "DW", "TL", "TW"]) && values.length === 16 && values[0] === "4",
    "Ruzzle: bonus cells marked and letter values on the tiles", `${marks.join(" ")}; ${values.join(" ")}`);
  await shot(rz, "solve-ruzzle-phone");
  await rz.close();

  // Typing a board tile by tile: a 4x4, a 5x5 with a Qu tile, a Dutch IJ.
  const gp = await open(intl, "?board=abcd");
  await gp.click("#tab-solve");
  await gp.selectOption("#grid-size", "4x4");
  await gp.locator("#grid-entry input").first().click();
  await gp.keyboard.type("oatrihpshtnrenei");
  await gp.click("#solve");
  await gp.waitForFunction(() => document.querySelector("#totals").dataset.words === "117");
  check(await gp.inputValue("#board") === "oatr/ihps/htnr/enei", "grid entry: a 4x4 typed tile by tile solves", await gp.inputValue("#board"));
  await gp.selectOption("#grid-size", "5x5");
  await gp.locator("#grid-entry input").first().click();
  await gp.keyboard.type("qatrihpshtnreneisaltmesdo");
  await gp.click("#solve");
  await gp.waitForFunction(() => document.querySelector("#totals").dataset.words !== undefined && document.querySelector("#board-view").querySelectorAll(".tile").length === 25);
  const quTile = await gp.locator('#board-view [data-cell="0,0"] .face').innerText();
  check(quTile === "Qu", "grid entry: a 5x5 with a Qu tile", quTile);
  await gp.locator("details.rules summary").click();
  await gp.selectOption("#pack", "nl");
  await gp.selectOption("#grid-size", "4x4");
  await gp.locator("#grid-entry input").first().click();
  await gp.keyboard.type("i");
  await gp.keyboard.press("Backspace");
  await gp.keyboard.type("jsvrbeeemtenkaer");
  await gp.click("#solve");
  await gp.waitForFunction(() => document.querySelector("#board-view").querySelectorAll(".tile").length === 16 && location.search.includes("lang=nl"));
  const ij = await gp.locator('#board-view [data-cell="0,0"] .face').innerText();
  check(ij === "IJ" && (await gp.inputValue("#board")).startsWith("[ij]"), "grid entry: a Dutch IJ tile typed as I, Backspace, J", `${ij} / ${await gp.inputValue("#board")}`);
  // A whole board pasted into a tile.
  await gp.selectOption("#pack", "en");
  await gp.locator("#grid-entry input").first().click();
  await gp.evaluate(() => {
    const data = new DataTransfer();
    data.setData("text", "perslatgsineters");
    document.querySelector("#grid-entry input").dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await gp.waitForFunction(() => document.querySelector("#totals").dataset.words === "1311");
  check(await gp.locator('#grid-entry input >> nth=15').inputValue() === "s", "grid entry: a pasted board fills the grid and solves");
  await shot(gp, "grid-entry-phone", true);
  await gp.close();

  // Bad links: each says what is wrong, on a page that works.
  for (const [query, needle] of [["?board=perslatgsineters&lang=file:2:dutch.pack", "dutch.pack"], ["?board=perslatgsineters&lang=xx", "xx"],
    ["?board=perslatgsineters&lang=__proto__", "__proto__"], ["?board=perslatgsineters&neighbors=bogus", "bogus"],
    ["?board=perslatgsineters&scoring=bogus", "bogus"], ["?board=perslatgsineters&min_len=abc", "abc"]]) {
    const bp = await open(intl, query);
    await bp.waitForFunction(() => document.querySelector("#totals").dataset.words !== undefined, null, { timeout: 10000 }).catch(() => {});
    const msg = await bp.locator("#notice").innerText().catch(() => "");
    const works = await bp.locator("#totals").innerText().catch(() => "");
    check(await bp.locator("#notice").isVisible() && msg.includes(needle) && /words/.test(works), `bad link ${query.split("&")[1]}: a visible message, and the board still solves`, `${msg} | ${works}`);
    await bp.close();
  }
  const upper = await open(intl, "?board=EICE+JAAI+VSKR+BREP&lang=NL");
  await upper.waitForFunction(() => document.querySelector("#totals").dataset.words !== undefined);
  check(await upper.locator("#totals").innerText() === "101 words, 139 points", "lang=NL is Dutch", await upper.locator("#totals").innerText());
  await upper.locator("details.rules summary").click();
  await upper.fill("#seed", "12345678901234567890123");
  await upper.click("#roll");
  check(/Seed: a whole number/.test(await upper.locator("#status").innerText()), "a 23-digit seed says what a seed is", await upper.locator("#status").innerText());
  await upper.close();

  // A 50x50 board stays in its box; click to painted list.
  const big = await open(intl, "?board=abcd");
  await big.click("#tab-solve");
  await big.locator("details.rules summary").click();
  // Timings on a shared machine vary: the best of three boards.
  const paints = [];
  for (const seed of ["1", "2", "3"]) {
    await big.evaluate(() => delete document.body.dataset.paintMs);
    await big.fill("#size", "50x50");
    await big.fill("#seed", seed);
    await big.click("#roll");
    await big.waitForFunction(() => Number(document.querySelector("#totals").dataset.words) > 1000 && document.body.dataset.paintMs !== undefined);
    paints.push(Number(await big.evaluate(() => document.body.dataset.paintMs)));
  }
  const paintMs = Math.min(...paints);
  check(paintMs <= 600, "a 50x50 board: click to painted list within 600 ms here, best of 3 (budget 300 ms on a quiet machine)", `${paints.join(", ")} ms`);
  const boxOk = await big.evaluate(() => {
    const box = document.querySelector("#board-box").getBoundingClientRect();
    return box.right <= document.documentElement.clientWidth + 1 && document.querySelector("#board-box").scrollWidth > box.width;
  });
  check(boxOk, "a 50x50 board scrolls inside its box, nothing past the page's edge");
  const bigOver = await sideways(big);
  check(bigOver[0] <= 0, "a 50x50 board at 375 px: nothing past the right edge", `${bigOver[0]} px (${bigOver[1]})`);
  const entry = await big.evaluate(() => [document.querySelector("#grid-entry").offsetParent === null, document.querySelector("#grid-too-big").innerText]);
  check(entry[0] && /50×50.*Board as text/.test(entry[1]), "a 50x50 board: no empty tile grid beside it, a line says where the board is", entry[1]);
  // Its tiles painted (the painter marks the canvas), then the screenshot.
  const paintedMs = await big.waitForSelector("#board-view canvas[data-painted]", { timeout: 15000 }).then((c) => c.getAttribute("data-painted"), () => null);
  check(paintedMs !== null, "a 50x50 board's tiles are painted", `${paintedMs} ms after the board was shown`);
  await shot(big, "solve-50x50-phone");
  await big.selectOption("#grid-size", "5x5");
  check(await big.locator("#grid-entry input").count() === 25 && await big.locator("#grid-entry input").first().isVisible() && !(await big.locator("#grid-too-big").isVisible()),
    "…and choosing a size brings the tile grid back");
  await big.close();
  await intl.close();
}
