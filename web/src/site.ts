// What both screens share: element lookup, the packs the site offers
// (packs/index.json, written by scripts/build-web) and loading them on
// first use, and the notice line for things a player should know.
import { fetchPack as fetchPackAt, type Engine, type PackBytes } from "wordgrid";
import type { FirstRound } from "./opening";

export function $<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`the page has no #${id}`);
  return el as T;
}

/** A pack the site serves. */
export interface SitePack {
  key: string;
  file: string;
  language: string;
  /** The language's name in English. */
  language_name: string;
  /** The language's own name ("Deutsch", "Русский"). */
  native: string;
  words: number;
  source: string;
  version: string;
  licence: string;
  /** The credit its word-frequency list asks for, if it has one. */
  frequencies?: string;
  /** Its compact form, gzipped (`prep::pack::compact`): what the page fetches. */
  compact?: string;
  /** The size of what the page fetches. */
  bytes: number;
  /**
   * Its opening rounds (`boggle opening`): a game's rounds for a few seeds,
   * and the pack of just their words (a compact form, gzipped), which a
   * first visit plays its first round on while the whole pack comes.
   */
  opening?: { file: string; game: string; seeds: number[]; bytes: number };
}

const packs = new Map<string, SitePack>([
  ["en", { key: "en", file: "en.pack", language: "en", language_name: "English", native: "English", words: 0, source: "", version: "", licence: "", bytes: 0 }],
  ["nl", { key: "nl", file: "nl.pack", language: "nl", language_name: "Dutch", native: "Nederlands", words: 0, source: "", version: "", licence: "", bytes: 0 }],
]);

/** Reads the site's pack index; without one, the two built-in packs. */
export async function loadIndex(): Promise<void> {
  try {
    const response = await fetch("packs/index.json");
    if (!response.ok) return;
    const index = (await response.json()) as SitePack[];
    packs.clear();
    for (const p of index) packs.set(p.key, p);
  } catch {
    // No index: English and Dutch.
  }
}

export function packKeys(): string[] {
  return [...packs.keys()];
}

export function hasPack(key: string): boolean {
  return packs.has(key);
}

/** A pack's language, in its own name ("Deutsch"). */
export function packLabel(key: string): string {
  return packs.get(key)?.native ?? key;
}

/** A pack's language code (`en`, `pt`), if the index says. */
export function packLanguage(key: string): string | undefined {
  return packs.get(key)?.language;
}

/** Whether a language's pack knows how common its words are. */
export function hasFrequencies(key: string): boolean {
  return Boolean(packs.get(key)?.frequencies);
}

export function packSource(key: string): string {
  const p = packs.get(key);
  if (!p || !p.source) return "";
  const size = p.bytes ? `, ${(p.bytes / 1e6).toFixed(1)} MB` : "";
  const credit = p.frequencies ? `. ${p.frequencies}.` : "";
  return `${p.native}: ${p.words.toLocaleString()} words from ${p.source}${p.version ? ` ${p.version}` : ""} (${p.licence || "licence not recorded"}${size})${credit}`;
}

/**
 * The language to start with: the one chosen before, else the browser's
 * (`pt-BR`, then `pt`), else English.
 */
export function firstLanguage(saved: string | null, browser: readonly string[]): string {
  const candidates = [saved ?? "", ...browser.flatMap((l) => [l.toLowerCase(), l.toLowerCase().split("-")[0]])];
  return candidates.find((k) => k && packs.has(k)) ?? "en";
}

/** Where the site serves a pack: its compact form if it has one. */
function packUrl(key: string): string {
  const p = packs.get(key);
  if (!p) throw new Error(`no pack "${key}"`);
  return `packs/${p.compact ?? p.file}`;
}

/**
 * Starts a pack's download (to run beside the solver's): its bytes, or the
 * error, later. A compact form is gzipped whatever the host does: the
 * engine's `fetchPack` unzips and reads it as it arrives, and hands its
 * pieces on, for the module to rebuild the pack while the rest is on its
 * way.
 */
export function fetchPack(key: string): Promise<PackBytes> {
  return Promise.resolve().then(() => fetchPackAt(packUrl(key), `the ${key} pack`));
}

/**
 * Loads a pack the site serves, once (from `bytes` if its download was
 * started already); then asks the service worker to keep it for offline
 * use. A pack that did not load changes nothing. (Play remembers a
 * language the player chose once its pack has loaded.)
 */
export async function ensurePack(engine: Engine, key: string, bytes?: Promise<PackBytes>): Promise<void> {
  if (engine.packs.has(key)) return;
  let load = loading.get(key);
  if (!load) {
    const url = packUrl(key);
    load = (bytes ?? fetchPack(key))
      .then((b) => engine.addPack(key, b))
      .then(() => keepOffline(url))
      .finally(() => loading.delete(key));
    loading.set(key, load);
  }
  return load;
}

/**
 * The opening round a first visit to `key` plays (its download started),
 * or null: for a link that asks for nothing but the language, a language
 * with an opening, and a device that has played no round and does not
 * keep the whole pack (a player who has, gets a round of any seed, not
 * one of a few).
 */
export async function firstOpening(key: string, link: URLSearchParams, played: number): Promise<(FirstRound & { bytes: Promise<PackBytes> }) | null> {
  if (played > 0 || [...link.keys()].some((k) => k !== "lang" && k !== "mode")) return null;
  const kept = "caches" in globalThis ? await caches.match(new URL(packUrl(key), location.href).href, { ignoreSearch: true }).catch(() => undefined) : undefined;
  if (kept) return null;
  const first = openingRound(key);
  return first && { ...first, bytes: openingBytes(key) };
}

/**
 * One of `key`'s opening rounds, at random but for `not` (a seed played
 * just now): null for a language without an opening. Offline, without the
 * whole pack, they are the boards there are: the service worker keeps every
 * opening's pack ahead.
 */
export function openingRound(key: string, not?: number): FirstRound | null {
  const o = packs.get(key)?.opening;
  const seeds = o?.seeds.filter((s) => s !== not) ?? [];
  if (!o || !seeds.length) return null;
  const seed = seeds[crypto.getRandomValues(new Uint32Array(1))[0] % seeds.length];
  return { key: `${key}~opening`, game: o.game, seed };
}

/** Whether `seed` is one of `key`'s opening rounds (played with `game`). */
export function isOpening(key: string, game: string, seed: number | undefined): boolean {
  const o = packs.get(key)?.opening;
  return !!o && o.game === game && seed !== undefined && o.seeds.includes(seed);
}

/** Starts the download of `key`'s opening pack (the words of its opening rounds). */
export function openingBytes(key: string): Promise<PackBytes> {
  const o = packs.get(key)?.opening;
  const bytes = o ? fetchPackAt(`packs/${o.file}`, `the ${key} opening`) : Promise.reject(new Error(`${key} has no opening`));
  bytes.catch(() => {});
  return bytes;
}

/** Packs being loaded, so that two asks load one once. */
const loading = new Map<string, Promise<void>>();

/** Remembers a language that loaded, for the next visit. */
export function remember(key: string): void {
  if (packs.has(key)) localStorage.setItem("wordgrid.lang", key);
}

/**
 * Asks the service worker to keep `url` (a pack the page loaded): a first
 * visit's pack is fetched before the worker controls the page, so it would
 * not be cached otherwise, and a host's `Cache-Control: no-cache` would
 * keep the browser's cache from serving it offline.
 */
function keepOffline(url: string): void {
  if (!("serviceWorker" in navigator)) return;
  const href = new URL(url, location.href).href;
  void navigator.serviceWorker.ready.then((r) => r.active?.postMessage({ keep: [href] })).catch(() => {});
}

/** Shows a one-line notice at the top (a bad link, a fallback taken). */
export function notice(text: string): void {
  const el = $("notice");
  el.textContent = text;
  el.hidden = !text;
}
