// What a try feels like: a short tone and a tap of vibration for a found
// word, a repeat and a miss. Off unless the player turns it on (Sounds and
// vibration, under Game and language); vibration stays off under
// prefers-reduced-motion.

const KEY = "wordgrid.feel";

export type Feeling = "good" | "again" | "bad";

let audio: AudioContext | null = null;

export function enabled(): boolean {
  return localStorage.getItem(KEY) === "on";
}

export function enable(on: boolean): void {
  try {
    localStorage.setItem(KEY, on ? "on" : "off");
  } catch {
    // Storage off: the choice lasts this visit.
  }
}

/** A tone and a vibration for `what`, if the player wants them. */
export function feel(what: Feeling): void {
  if (!enabled()) return;
  const tone = { good: [660, 880], again: [440, 440], bad: [220, 180] }[what];
  try {
    audio ??= new AudioContext();
    const t = audio.currentTime;
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.setValueAtTime(tone[0], t);
    osc.frequency.linearRampToValueAtTime(tone[1], t + 0.12);
    gain.gain.setValueAtTime(0.08, t);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.16);
    osc.connect(gain).connect(audio.destination);
    osc.start(t);
    osc.stop(t + 0.17);
  } catch {
    // No audio here: the vibration alone.
  }
  if (!matchMedia("(prefers-reduced-motion: reduce)").matches && typeof navigator.vibrate === "function") {
    navigator.vibrate(what === "good" ? 25 : what === "again" ? [15, 40, 15] : 60);
  }
  document.body.dataset.felt = what;
}

/** A tick of vibration as a traced path becomes a word, if the player wants feel and the device can. */
export function tick(): void {
  if (!enabled() || matchMedia("(prefers-reduced-motion: reduce)").matches || typeof navigator.vibrate !== "function") return;
  navigator.vibrate(8);
}
