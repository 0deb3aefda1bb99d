// What both screens share: element lookup, the packs the site offers
// (packs/index.json, written by scripts/build-web) and loading them on
// first use, and the notice line for things a player should know.
import type { Engine } from "./engine";

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
  language_name: string;
  words: number;
}

const packs = new Map<string, SitePack>([
  ["en", { key: "en", file: "en.pack", language: "en", language_name: "English", words: 0 }],
  ["nl", { key: "nl", file: "nl.pack", language: "nl", language_name: "Dutch", words: 0 }],
]);

/** Reads the site's pack index; without one, the two built-in packs. */
export async function loadIndex(): Promise<void> {
  try {
    const response = await fetch("packs/index.json");
    if (!response.ok) return;
    for (const p of (await response.json()) as SitePack[]) packs.set(p.key, p);
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

export function packLabel(key: string): string {
  return packs.get(key)?.language_name ?? key;
}

/** Loads a pack the site serves, once. */
export async function ensurePack(engine: Engine, key: string): Promise<void> {
  if (engine.packs.has(key)) return;
  const p = packs.get(key);
  if (!p) throw new Error(`no pack "${key}"`);
  await engine.fetchPack(key, `packs/${p.file}`);
}

/** Shows a one-line notice at the top (a bad link, a fallback taken). */
export function notice(text: string): void {
  const el = $("notice");
  el.textContent = text;
  el.hidden = !text;
}
