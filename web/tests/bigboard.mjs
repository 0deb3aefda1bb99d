// A big board on the Solve screen (past 16 rows or columns) is one canvas
// (web/src/bigboard.ts): at its full size, painted (its tiles and letters,
// not a blank), named for screen readers, and a chosen word's path lights
// its cells over it, each where the CLI's path puts it; a dark theme
// repaints it, and of boards asked for one after another the last is
// painted.
import { check, cliSolve, shot } from "./harness.mjs";

export async function bigBoard(page) {
  const board = await page.inputValue("#board");
  const rows = board.split("/").length;
  const cols = board.split("/")[0].replace(/\[[^\]]*\]/g, "x").length;
  const canvas = page.locator("#board-view canvas");
  const box = await canvas.boundingBox();
  check(await canvas.count() === 1 && await page.locator("#board-view .tile").count() === 0
    && Math.round(box.width) === cols * 26 - 2 && Math.round(box.height) === rows * 26 - 2,
    `solve: a ${rows}x${cols} board is one canvas of 24 px tiles`, `${box.width}x${box.height} px`);
  check(/Board, \d+ by \d+ tiles/.test(await canvas.getAttribute("aria-label")) && await canvas.getAttribute("role") === "img",
    "solve: the big board's canvas is named for screen readers", await canvas.getAttribute("aria-label"));
  // Painted: the top-left tiles' pixels hold the tile colour and dark letters.
  await page.waitForSelector("#board-view canvas[data-painted]", { timeout: 15000 }).catch(() => {});
  const [dark, light, all] = await painted(page, box);
  check(dark > 50 && light > all / 4, "solve: the big board is painted, tiles and letters", `${dark} dark, ${light} light pixels of ${all}`);
  // A dark theme: the canvas is painted again in its tile colour.
  const tileAt = async () => (await painted(page, box))[3];
  const before = await tileAt();
  await page.emulateMedia({ colorScheme: "dark" });
  await page.waitForTimeout(500);
  const after = await tileAt();
  const want = await page.evaluate(() => getComputedStyle(document.querySelector("#board-view")).getPropertyValue("--tile").trim());
  const near = (rgb, hex) => [1, 3, 5].every((i, k) => Math.abs(rgb[k] - parseInt(hex.slice(i, i + 2), 16)) <= 3);
  check(near(after, want) && !near(before, want), "solve: a dark theme repaints the big board in its tile colour", `${before} → ${after} (the theme's ${want})`);
  await page.emulateMedia({ colorScheme: "light" });
  await page.waitForTimeout(300);
  // Three boards asked for at once: the last one is on screen, painted.
  // The canvas on screen now is marked, so that the waits below are for
  // the one that replaces it (only the last solve asked for is shown).
  await page.$eval("#board-view canvas", (c) => { c.dataset.before = ""; });
  const boards = [board.replace(/^./, "a"), board.replace(/^./, "b"), board.replace(/^./, "c")];
  for (const b of boards) {
    await page.fill("#board", b);
    await page.click("#solve");
  }
  const replaced = await page.waitForSelector("#board-view canvas[data-painted]:not([data-before])", { timeout: 15000 }).then(() => true, () => false);
  // Marked painted when its worker has drawn it; the compositor may show
  // that frame a little later, so the pixels are read until they show it.
  const [dark3, light3, all3] = await paintedWithin(page, canvas, box, 5000);
  check(replaced && dark3 > 50 && light3 > all3 / 4, "solve: of three big boards asked for at once, the last is painted",
    `${replaced ? "a new canvas" : "no new canvas"}, ${dark3} dark, ${light3} light pixels of ${all3}`);
  await page.fill("#board", board);
  await page.click("#solve");
  await page.waitForTimeout(1500);
  // A word's path lights its cells, where the CLI's path says.
  const word = cliSolve(board).words.find((w) => w.word.length >= 6);
  await page.fill("#filter-prefix", word.word);
  await page.click(`button.word[data-word="${word.word}"]`);
  const lit = await page.$$eval("#board-view svg rect.on", (rs) => rs.map((r) => `${Number(r.getAttribute("y")) / 100},${Number(r.getAttribute("x")) / 100}`));
  check(JSON.stringify(lit) === JSON.stringify(word.path.map(([r, c]) => `${r},${c}`)), "solve: a word's path lights its cells on the big board", `${word.word}: ${lit.join(" ")}`);
  await page.locator("#board-view svg rect.start").scrollIntoViewIfNeeded();
  await shot(page, "solve-big-board-desktop");
  await page.fill("#filter-prefix", "");
}

/**
 * The board's pixels (see `painted`) once its tiles and letters show, read
 * again every 100 ms for at most `ms`; the last read if they never do.
 * `box` is where the canvas was last seen, read from if it is not there.
 */
async function paintedWithin(page, canvas, box, ms) {
  const end = Date.now() + ms;
  for (;;) {
    // (Where it is now; where it was if it is being replaced.)
    const got = await painted(page, (await canvas.boundingBox({ timeout: 1000 }).catch(() => null)) ?? box);
    if ((got[0] > 50 && got[1] > got[2] / 4) || Date.now() > end) return got;
    await page.waitForTimeout(100);
  }
}

/**
 * The painted pixels of a big board's top-left 4x4 tiles (`box`: the
 * canvas): how many are dark (letters), light (tiles), all, and the colour
 * at a point of the first tile away from its letter. (The screenshot's
 * pixels, read back by the page: no PNG decoder here.)
 */
async function painted(page, box) {
  const b64 = (await page.screenshot({ clip: { x: box.x, y: box.y, width: 26 * 4, height: 26 * 4 } })).toString("base64");
  return page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = new OffscreenCanvas(img.width, img.height);
    const g = c.getContext("2d");
    g.drawImage(img, 0, 0);
    const px = g.getImageData(0, 0, img.width, img.height).data;
    let dark = 0;
    let light = 0;
    for (let i = 0; i < px.length; i += 4) {
      const sum = px[i] + px[i + 1] + px[i + 2];
      if (sum < 200) dark++;
      else if (sum > 650) light++;
    }
    const scale = img.width / 104;
    const at = (Math.round(21 * scale) * img.width + Math.round(3 * scale)) * 4;
    return [dark, light, px.length / 4, [px[at], px[at + 1], px[at + 2]]];
  }, b64);
}
