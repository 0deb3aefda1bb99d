// The service worker: offline after the first visit, whatever the host's
// cache headers. The site's files are cached on install (the list and the
// version are written by scripts/build-web); a pack is cached when the page
// says it loaded one (a first visit's pack is fetched before this worker
// controls the page, so it is fetched again here); everything is served
// from the cache first, but for what the page asks with `cache: "no-store"`
// (the server's live answers), never cached. Only good responses are
// cached; a new version replaces the old cache.
/// <reference lib="webworker" />

const sw = self as unknown as ServiceWorkerGlobalScope;
const VERSION = "__VERSION__";
declare const __FILES__: string[];
const FILES: string[] = __FILES__;

/** What the page may ask: keep these URLs (packs it loaded). */
interface Message {
  keep?: string[];
}

/** Stores a response if it is a whole, good one (never an error page). */
async function store(request: Request | string, response: Response): Promise<void> {
  if (!response.ok || response.status !== 200 || response.type === "opaque") return;
  const cache = await caches.open(VERSION);
  await cache.put(request, response);
}

/**
 * The stores under way, by URL without its query. A URL is stored once at
 * a time: the page asks to keep a pack its fetch through this worker is
 * storing already, and a second fetch and put of it would race the first
 * (the second replaces the first entry, and one cut short, by a closed tab
 * or a lost network, leaves none).
 */
const storing = new Map<string, Promise<void>>();

function storeOnce(url: string, run: () => Promise<void>): Promise<void> {
  const key = new URL(url);
  key.search = "";
  let now = storing.get(key.href);
  if (!now) {
    now = run()
      .catch(() => {}) // offline or refused: the page asks again next time it loads it
      .finally(() => storing.delete(key.href));
    storing.set(key.href, now);
  }
  return now;
}

sw.addEventListener("install", (e) => {
  e.waitUntil(
    caches
      .open(VERSION)
      .then((c) => c.addAll(FILES))
      .then(() => sw.skipWaiting()),
  );
});

sw.addEventListener("activate", (e) => {
  e.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== VERSION).map((k) => caches.delete(k))))
      .then(() => sw.clients.claim()),
  );
});

sw.addEventListener("message", (e) => {
  const urls = (e.data as Message | null)?.keep ?? [];
  e.waitUntil(
    Promise.all(
      urls
        .map((u) => new URL(u, sw.location.href))
        .filter((u) => u.origin === sw.location.origin)
        .map((u) =>
          storeOnce(u.href, async () => {
            if (await caches.match(u.href, { ignoreSearch: true })) return;
            await store(u.href, await fetch(u.href));
          }),
        ),
    ),
  );
});

sw.addEventListener("fetch", (e) => {
  const url = new URL(e.request.url);
  if (e.request.method !== "GET" || url.origin !== sw.location.origin) return;
  // A live question to the server (the arena's clock, its leaderboards, a
  // room's code): the page asks it with `cache: "no-store"`, and an answer
  // kept would be stale the next second.
  if (e.request.cache === "no-store") return;
  e.respondWith(
    caches.match(e.request, { ignoreSearch: true }).then(
      (hit) =>
        hit ??
        fetch(e.request).then((response) => {
          const copy = response.clone();
          e.waitUntil(storeOnce(e.request.url, () => store(e.request, copy)));
          return response;
        }),
    ),
  );
});
