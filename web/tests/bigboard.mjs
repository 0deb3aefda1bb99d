// A big board on the Solve screen (past 16 rows or columns) is one canvas
// (web/src/bigboard.ts): at its full size, painted (its tiles and letters,
// not a blank), named for screen readers, and a chosen word's path lights
// its cells over it, each where the CLI's path puts it.
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
  await page.waitForTimeout(500);
  const shotOf = (await page.screenshot({ clip: { x: box.x, y: box.y, width: 26 * 4, height: 26 * 4 } })).toString("base64");
  // (The screenshot's pixels, read back by the page: no PNG decoder here.)
  const [dark, light, all] = await page.evaluate(async (b64) => {
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
    return [dark, light, px.length / 4];
  }, shotOf);
  check(dark > 50 && light > all / 4, "solve: the big board is painted, tiles and letters", `${dark} dark, ${light} light pixels of ${all}`);
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
