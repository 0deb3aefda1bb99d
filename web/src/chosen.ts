// The game, time and words a player chose, kept on this device between
// visits (localStorage); a link's own settings win over them.
import type { Counted } from "./game";

const KEY = "wordgrid.settings";

/** The game, time and words a player chose last. */
export interface Chosen {
  preset?: string;
  seconds?: number;
  counted?: Counted;
}

/** The settings kept from the last visit, each part only if it still reads. */
export function load(): Chosen {
  try {
    const s = JSON.parse(localStorage.getItem(KEY) || "{}") as Record<string, unknown>;
    const seconds = s.seconds;
    return {
      preset: typeof s.preset === "string" ? s.preset : undefined,
      seconds: typeof seconds === "number" && Number.isInteger(seconds) && seconds >= 10 && seconds <= 9999 ? seconds : undefined,
      counted: s.counted === "all" || s.counted === "common" ? s.counted : undefined,
    };
  } catch {
    return {};
  }
}

/** Keeps what the player chose, for the next visit. */
export function keep(settings: Chosen): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(settings));
  } catch {
    // Storage off: the next visit starts from the defaults.
  }
}
