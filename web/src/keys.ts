// On a keyboard, a letter typed during a round goes to the word field
// wherever the focus is (the page, a button), never into nothing; a field
// or a list of the page keeps its own keys.
import { $ } from "./site";

/** Sends letters typed anywhere to the word field while `playing` says a round takes them. */
export function typeAnywhere(playing: () => boolean): void {
  document.addEventListener("keydown", (e) => {
    const input = $<HTMLInputElement>("guess");
    const at = e.target as HTMLElement;
    if (document.body.dataset.mode !== "play" || !playing() || input.disabled) return;
    if (e.ctrlKey || e.metaKey || e.altKey || e.key.length !== 1 || !/\p{L}/u.test(e.key)) return;
    if (at === input || at.closest("input, textarea, select, [contenteditable]")) return;
    input.focus({ preventScroll: true });
  });
}
