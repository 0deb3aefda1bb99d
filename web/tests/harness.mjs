// The browser suite's harness: the servers (as is, no-cache, gzip) over
// web/dist, the browser, the check counter, and the helpers that drive a
// page like a player (touch and mouse traces) and look at what it shows.
import { createServer } from "node:http";
import { readFile, mkdir, readdir } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import { join, extname, dirname, resolve } from "node:path";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import { chromium } from "playwright-core";
import { TYPES, fileOf, serveStatic } from "./static.mjs";

export const web = dirname(dirname(fileURLToPath(import.meta.url)));
export const dist = join(web, "dist");
export const out = join(web, "test-output");
export const axeSource = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
export { TYPES };
export const boggle = process.env.BOGGLE_BIN || resolve(web, "..", process.env.CARGO_TARGET_DIR || "target", "release", "boggle");
if (!existsSync(boggle)) throw new Error(`no boggle binary at ${boggle} (build it, or set BOGGLE_BIN)`);

export let failed = 0;
export function check(ok, what, detail = "") {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}${detail ? `: ${detail}` : ""}`);
  if (!ok) failed++;
}

// Whether the test has cut the network: the hosts then drop every request
// unanswered. A context's setOffline alone is not enough, since Chromium
// lets a service worker's own fetches through it (checked with Chromium
// 148: a pack the page asked for offline came from the host).
const network = { cut: false };

/** Cuts the network of `context` (or restores it): the browser's side and
 * the hosts' side both. */
export async function cutNetwork(context, on) {
  network.cut = on;
  await context.setOffline(on);
}

export const { server, base } = await serveStatic(dist, () => network.cut);
// The same site from a host that tells browsers to revalidate everything
// (`Cache-Control: no-cache`, as many hosts do), so only the service
// worker's cache can serve it offline.
export const noCache = createServer((req, res) => {
  const writeHead = res.writeHead.bind(res);
  res.writeHead = (status, headers = {}) => writeHead(status, { ...headers, "cache-control": "no-cache" });
  server.emit("request", req, res);
});
await new Promise((r) => noCache.listen(0, "127.0.0.1", r));
export const noCacheBase = `http://127.0.0.1:${noCache.address().port}/`;
// The same site gzipped, as most hosts serve it (for the budgets' slow-network figures).
export const gz = createServer((req, res) => {
  const file = fileOf(dist, req.url);
  readFile(file).then((body) => {
    res.writeHead(200, { "content-type": TYPES[extname(file)] || "application/octet-stream", "content-encoding": "gzip" });
    res.end(gzipSync(body, { level: 6 }));
  }, () => {
    res.writeHead(404);
    res.end("not found");
  });
});
await new Promise((r) => gz.listen(0, "127.0.0.1", r));
export const gzBase = `http://127.0.0.1:${gz.address().port}/`;

export const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync"],
});
export const timeout = setTimeout(() => {
  console.log("FAIL the browser tests took over 8 minutes");
  process.exit(1);
}, 480_000);

/**
 * Ends a run: stops the clock, closes the browser and the servers, prints
 * `passed` (or how many checks failed) and exits 1 if any did.
 */
export async function finish(passed) {
  clearTimeout(timeout);
  await browser.close();
  server.close();
  noCache.close();
  gz.close();
  console.log(failed ? `${failed} failed` : passed);
  process.exit(failed ? 1 : 0);
}

export const PHONE = { viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
export const DESKTOP = { viewport: { width: 1280, height: 800 } };

/** The CLI's solution of a board: words with their paths ((row, col) from 0). */
export function cliSolve(board, lang = "en") {
  // The built-in packs by name, the others as the site serves them.
  const pack = ["en", "nl"].includes(lang) ? ["--lang", lang] : ["--pack", join(dist, "packs", `${lang}.pack`)];
  return JSON.parse(execFileSync(boggle, [...pack, "--json", board], { maxBuffer: 1 << 28 }).toString());
}

export async function open(context, query = "") {
  const page = await context.newPage();
  page.on("pageerror", (e) => check(false, "no page error", e.message));
  await page.goto(base + query);
  await page.waitForFunction(() => document.body.dataset.ready !== undefined, null, { timeout: 15000 });
  return page;
}

/** A challenge link's card: checks it shows, then says ready; the card's text. */
export async function acceptChallenge(page) {
  await page.waitForSelector("#challenge-card:not([hidden])", { timeout: 15000 });
  const text = await page.locator("#challenge-title").innerText();
  await page.locator("#challenge-start").click();
  return text;
}

/**
 * Waits until `predicate`, run in the page and awaited, holds: true, or
 * false once `timeout` ms have passed. (waitForFunction does not await a
 * promise its predicate returns: it takes the promise itself as true.)
 */
export async function waitUntil(page, predicate, arg, timeout = 20000) {
  const end = Date.now() + timeout;
  while (Date.now() < end) {
    // (A predicate awaiting what never comes, such as a service worker's
    // ready, counts as false at the deadline.)
    const left = new Promise((r) => setTimeout(() => r(false), Math.max(0, end - Date.now())));
    if (await Promise.race([page.evaluate(predicate, arg).catch(() => false), left])) return true;
    await page.waitForTimeout(100);
  }
  return false;
}

/** Waits for a round to be on the board (the `n`-th started, if given). */
export async function roundOn(page, n) {
  await page.waitForFunction((k) => Number(document.body.dataset.round || 0) >= (k ?? 1) && document.querySelectorAll("#play-board .tile").length > 0, n);
  return page.evaluate(() => document.body.dataset.board);
}

/** The centre of a cell of the board `board` (a selector), in page coordinates. */
export async function centre(page, [r, c], board = "#play-board") {
  const box = await page.locator(`${board} [data-cell="${r},${c}"]`).boundingBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Points from cell to cell, as a finger or a mouse moves. */
export async function strokes(page, path, board) {
  const points = [];
  let last = null;
  for (const cell of path) {
    const p = await centre(page, cell, board);
    if (last) for (let i = 1; i <= 6; i++) points.push({ x: last.x + ((p.x - last.x) * i) / 6, y: last.y + ((p.y - last.y) * i) / 6 });
    else points.push(p);
    last = p;
  }
  return points;
}

/** Traces `path` with a finger (CDP touch events, as a phone sends them) on the board `board` (the game's unless given). */
export async function touchTrace(page, path, board) {
  const cdp = await page.context().newCDPSession(page);
  const points = await strokes(page, path, board);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: points[0].x, y: points[0].y }] });
  for (const p of points.slice(1)) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: p.x, y: p.y }] });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

/** Traces `path` with the mouse: press, drag, release (on the board `board`, the game's unless given). */
export async function mouseTrace(page, path, board) {
  const points = await strokes(page, path, board);
  await page.mouse.move(points[0].x, points[0].y);
  await page.mouse.down();
  for (const p of points.slice(1)) await page.mouse.move(p.x, p.y);
  await page.mouse.up();
}

/** The words of `text`, lower-cased: its runs of letters. */
export function wordsOf(text) {
  return text.toLowerCase().split(/[^\p{L}]+/u);
}

/** The site's own words (its page and script text: labels, messages),
 * which may happen to be words of a board too. */
export const uiWords = new Set();
for (const f of ["index.html", "room.html", ...(await readdir(join(dist, "assets"))).map((a) => `assets/${a}`)]) {
  for (const w of wordsOf(await readFile(join(dist, f), "utf8"))) uiWords.add(w);
}

/** Words of four letters or more visible anywhere on the page, but for the
 * site's own. */
export async function visibleWords(page) {
  const text = await page.evaluate(() => document.body.innerText);
  return new Set(wordsOf(text).filter((w) => w.length >= 4 && !uiWords.has(w)));
}

export function toSeconds(clockText) {
  const [m, sec] = clockText.split(":").map(Number);
  return m * 60 + sec;
}

export async function inViewport(page, selector) {
  const box = await page.locator(selector).boundingBox();
  const vp = page.viewportSize();
  return box !== null && box.y >= 0 && box.y < vp.height && box.x >= 0 && box.x + box.width <= vp.width + 1;
}

/** How far anything visible reaches past the right edge of the viewport
 * (0: nothing does), and what. */
export async function sideways(page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    let worst = [document.documentElement.scrollWidth - width, "page"];
    for (const el of document.querySelectorAll("body *")) {
      const box = el.getBoundingClientRect();
      if (!box.width || el.closest("[hidden]")) continue;
      // Inside a scrolling box is not sideways scrolling of the page.
      if (el.closest("#words, #missed, #board-box")) continue;
      if (box.right - width > worst[0]) worst = [Math.round(box.right - width), el.id || el.className || el.tagName];
    }
    return worst;
  });
}

/**
 * The items of `selector` whose content spills out of their own box (a
 * line of text running into the next column), by their text.
 */
export async function spilling(page, selector) {
  return page.$$eval(selector, (els) => els.filter((el) => el.checkVisibility() && el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent.trim()));
}

/** Every visible control a player taps, smaller than 44 x 44 px. */
export async function smallTargets(page) {
  return page.evaluate(() => {
    const small = [];
    for (const el of document.querySelectorAll("button, select, input, summary, a[href]")) {
      const box = el.getBoundingClientRect();
      if (!box.width || !box.height || el.closest("[hidden]") || getComputedStyle(el).visibility === "hidden") continue;
      if (el.type === "checkbox") continue; // its label is the target
      if (box.height < 44 || box.width < 44) small.push(`${el.id || el.tagName.toLowerCase()}${el.dataset.word ? ` ${el.dataset.word}` : ""} ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
    return small;
  });
}

export async function axe(page, what) {
  await page.addScriptTag({ content: axeSource });
  const result = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ["violations"] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.html.slice(0, 200)) }));
  });
  const serious = result.filter((v) => v.impact === "serious" || v.impact === "critical");
  check(serious.length === 0, `axe: no serious or critical violation (${what})`, JSON.stringify(result));
}

export async function shot(page, name, fullPage = false) {
  await page.screenshot({ path: join(out, `${name}.png`), fullPage });
}
