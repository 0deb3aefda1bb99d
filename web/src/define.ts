// A word's meaning: a tapped word of the end screen offers its entry in
// Wiktionary for the pack's language, a link that opens in a new tab. It
// needs a connection: offline, the bar says so instead.
import { $, packLanguage } from "./site";

/** Wiktionary's own code for a language where it differs from the pack's. */
const WIKI: Record<string, string> = { nb: "no" };

/** The address of `word`'s entry in the Wiktionary of the pack `key`'s language. */
export function entry(word: string, key: string): string {
  const lang = (packLanguage(key) ?? key).split(/[-_]/)[0].toLowerCase();
  const wiki = /^[a-z]{2,3}$/.test(lang) ? WIKI[lang] ?? lang : "en";
  return `https://${wiki}.wiktionary.org/wiki/${encodeURIComponent(word)}`;
}

/** Shows the bar that offers `word`'s definition (or says it needs a connection). */
export function show(word: string, key: string): void {
  const link = $<HTMLAnchorElement>("define-link");
  const offline = !navigator.onLine;
  link.hidden = offline;
  link.href = entry(word, key);
  link.textContent = `What is ${word.toUpperCase()}? Wiktionary ↗`;
  $("define-note").textContent = offline ? `${word.toUpperCase()}: definitions need a connection, and you are offline.` : "";
  $("define-note").hidden = !offline;
  $("define").hidden = false;
}

/** Hides the bar (a new round). */
export function hide(): void {
  $("define").hidden = true;
}

$("define-close").addEventListener("click", hide);
