// The library's catalog of choices (solve::game::catalog, generated into
// api.ts): the custom game's sizes and schemes, the Solve screen's schemes
// and dice. Every such select is filled from it, so the page keeps no list.
import { CATALOG, type Choice } from "wordgrid";
import { $ } from "./site";

export { CATALOG };

/** Appends `choices` to a select (after a "pack's" default it may have), choosing `chosen`. */
function fill(id: string, choices: readonly Choice[], chosen?: string): void {
  const select = $<HTMLSelectElement>(id);
  select.append(...choices.map((c) => new Option(c.label, c.id)));
  if (chosen !== undefined) select.value = chosen;
}

/** Fills every select the catalog has choices for. */
export function fillChoices(): void {
  fill("custom-size", CATALOG.custom_sizes, "4x4");
  fill("custom-scoring", CATALOG.custom_scorings, "boggle");
  fill("scoring", CATALOG.scorings);
  fill("dice", CATALOG.rolls);
}

/** Whether `text` is a seed a link may carry. */
export function isSeed(text: string): boolean {
  return new RegExp(`^[0-9]{1,${CATALOG.seed_digits}}$`).test(text);
}

/** A fresh seed for a round, a match or a roll: 31 random bits, well inside the seeds a link carries. */
export function freshSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0] >>> 1;
}
