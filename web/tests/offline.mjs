// Offline after ONE visit to a no-cache host: the page plays; a language
// chosen that does not load leaves the one before; a link to a language
// never loaded plays English and says why; the next offline launch plays.
import { browser, check, cutNetwork, waitUntil, noCacheBase, roundOn, shot, DESKTOP } from "./harness.mjs";

export async function offlineAfterOneVisit() {
  // Offline after ONE visit to a no-cache host; a language that does not
  // load offline leaves the one before, and the next offline launch plays.
  const nc = await browser.newContext(DESKTOP);
  const first = await nc.newPage();
  first.on("pageerror", (e) => check(false, "no page error", e.message));
  await first.goto(noCacheBase + "?mode=play");
  await roundOn(first);
  const kept = await waitUntil(first, async () => {
    for (const k of await caches.keys()) if (await (await caches.open(k)).match("packs/en.compact.gz", { ignoreSearch: true })) return true;
    return false;
  });
  check(kept, "no-cache host: the first visit keeps the English pack for offline use");
  // The visit is over once the service worker is in charge (a tab closed
  // while it still installs is not ready for offline, on any host).
  await first.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated", null, { timeout: 20000 }).catch(() => {});
  await first.close();
  await cutNetwork(nc, true);
  const again = await nc.newPage();
  again.on("pageerror", (e) => check(false, "no page error", e.message));
  await again.goto(noCacheBase + "?mode=play");
  await again.waitForFunction(() => document.body.dataset.ready !== undefined, null, { timeout: 15000 }).catch(() => {});
  await roundOn(again).catch(() => {});
  check(await again.locator("#play-board .tile").first().isVisible().catch(() => false), "no-cache host: offline after one visit, the page plays",
    await again.evaluate(async () => `notice: ${document.querySelector("#notice").textContent}; loading shown: ${!document.querySelector("#loading").hidden}; controlled: ${navigator.serviceWorker.controller !== null}; cached: ${(await Promise.all((await caches.keys()).map(async (k) => (await (await caches.open(k)).keys()).map((r) => r.url.split("/").pop())))).flat().join(" ")}`).catch((e) => String(e)));
  const boardBefore = await again.evaluate(() => document.body.dataset.board);
  await again.click("#settings summary");
  await again.selectOption("#play-lang", "de");
  await again.waitForFunction(() => /did not load/.test(document.querySelector("#feedback").textContent), null, { timeout: 15000 }).catch(() => {});
  const said = await again.locator("#feedback").innerText();
  check(/Deutsch|German/.test(said) && /did not load/.test(said) && await again.inputValue("#play-lang") === "en"
    && await again.evaluate(() => document.body.dataset.board) === boardBefore && await again.locator("#play-board .tile").first().isVisible(),
    "offline: a language that does not load says so, and English and its round stay", said);
  await shot(again, "offline-language-desktop");
  await again.close();
  // A link to a language never loaded, offline: English plays, and the page
  // says why (not a dead page blaming the solver).
  const es = await nc.newPage();
  es.on("pageerror", (e) => check(false, "no page error", e.message));
  await es.goto(noCacheBase + "?mode=play&lang=es");
  await roundOn(es).catch(() => {});
  const esNotice = await es.locator("#notice").innerText().catch(() => "");
  check(await es.locator("#play-board .tile").first().isVisible().catch(() => false) && await es.inputValue("#play-lang") === "en"
    && /Español|Spanish/.test(esNotice) && /did not load/.test(esNotice) && /English/.test(esNotice) && await es.locator("#notice").isVisible(),
    "offline: a link to a language never loaded plays English and says why", esNotice);
  await shot(es, "offline-link-language-desktop");
  await es.close();
  const third = await nc.newPage();
  await third.goto(noCacheBase + "?mode=play");
  await roundOn(third).catch(() => {});
  check(await third.locator("#play-board .tile").first().isVisible().catch(() => false) && await third.inputValue("#play-lang") === "en",
    "offline: the next launch plays, in the language that loaded");
  await cutNetwork(nc, false);
  await nc.close();
}
