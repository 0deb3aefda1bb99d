// The Game and language panel of the Play screen, as the page reads and
// fills it: the languages offered, a pack's source and whether it knows
// common words, the custom game's size and scheme, and the line above the
// fold that names the round's game and opens the panel.
import { CATALOG } from "./catalog";
import { choices } from "./match";
import { clock } from "./game";
import { $, hasFrequencies, packKeys, packLabel, packSource } from "./site";

/** Fills the language list (the packs the site offers), keeping the one chosen (else `fallback`, else English). */
export function listLanguages(fallback: string): void {
  const select = $<HTMLSelectElement>("play-lang");
  const chosen = select.value || fallback;
  select.replaceChildren(...packKeys().map((k) => new Option(packLabel(k), k)));
  select.value = packKeys().includes(chosen) ? chosen : "en";
  showSource(select.value);
}

/** The pack's source line, and whether its language knows common words. */
export function showSource(lang: string): void {
  $("play-source").textContent = packSource(lang);
  const note = $("play-words-note");
  const known = hasFrequencies(lang);
  note.textContent = known
    ? `Common words: everyday words of the language (no names or abbreviations), Zipf ${CATALOG.common_zipf} and more in its frequency list. A rare word found still scores.`
    : `${packLabel(lang)} has no word-frequency data: every word counts.`;
  $<HTMLSelectElement>("play-words").disabled = !known;
}

/** The custom game's size and scheme as chosen, for the game `game` (none for another game). */
export function custom(game: string): { size: string; scoring: string } | undefined {
  return game === "custom"
    ? { size: $<HTMLSelectElement>("custom-size").value, scoring: $<HTMLSelectElement>("custom-scoring").value }
    : undefined;
}

/** The game, language and time on the board, on the line that opens the settings. */
export function showGameLine(game: { id: string; name: string }, lang: string, seconds: number): void {
  const size = custom(game.id)?.size.replace("x", "×");
  $("game-line-text").textContent = `${game.name}${size ? ` ${size}` : ""}, ${packLabel(lang)}, ${clock(seconds * 1000)}`;
}

/** The game line opens the panel (which sits below the board on a phone) and brings it into view; the match setting lists its choices. */
export function wirePanel(): void {
  const panel = $<HTMLDetailsElement>("settings");
  $("game-line").addEventListener("click", () => {
    panel.open = true;
    panel.scrollIntoView({ block: "start" });
    $("preset").focus({ preventScroll: true });
  });
  panel.addEventListener("toggle", () => $("game-line").setAttribute("aria-expanded", String(panel.open)));
  $<HTMLSelectElement>("play-match").replaceChildren(
    ...choices().map((n) => new Option(n === 1 ? "One round" : `A match of ${n} rounds`, String(n))),
  );
}
