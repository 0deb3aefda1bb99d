// What a challenge link carries beyond the board: the sender's name, which
// of the board's words they found (a bitmap over the board's words in
// alphabetical order, base64url: a few bytes), and, for a reply, the
// result it answers.
import type { Counted } from "./game";

/** The sender's words as a bitmap over `words` sorted alphabetically. */
export function encodeFound(words: readonly string[], found: readonly string[]): string {
  const order = [...words].sort();
  const bytes = new Uint8Array(Math.ceil(order.length / 8));
  const mine = new Set(found);
  order.forEach((w, i) => {
    if (mine.has(w)) bytes[i >> 3] |= 1 << (i & 7);
  });
  // Trailing zero bytes say nothing.
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  let text = "";
  for (const b of bytes.subarray(0, end)) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The words a bitmap names among `words` (sorted alphabetically), or null if it does not read. */
export function decodeFound(words: readonly string[], bitmap: string): string[] | null {
  if (!/^[A-Za-z0-9_-]*$/.test(bitmap) || bitmap.length > 4096) return null;
  let raw: string;
  try {
    raw = atob(bitmap.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    return null;
  }
  const order = [...words].sort();
  if (raw.length > Math.ceil(order.length / 8)) return null;
  const out: string[] = [];
  for (let i = 0; i < raw.length * 8 && i < order.length; i++) {
    if (raw.charCodeAt(i >> 3) & (1 << (i & 7))) out.push(order[i]);
  }
  return out;
}

/** A result in a link: `score-words`. */
export interface Result {
  score: number;
  words: number;
}

export function readResult(text: string | null): Result | null | undefined {
  if (text === null) return undefined;
  const m = /^([0-9]{1,9})-([0-9]{1,6})$/.exec(text);
  return m ? { score: Number(m[1]), words: Number(m[2]) } : null;
}

/** A display name from a link: plain text, at most 24 characters. */
export function readName(text: string | null): string | undefined {
  const name = (text ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, 24);
  return name || undefined;
}

/** A round to start with: a board (from a link) and who sent it. */
export interface Challenge {
  board: string;
  /** Its bonus cells, for a game that has them. */
  bonus?: string;
  seconds?: number;
  /** Which words the sender's round counted. */
  counted?: Counted;
  /** The sender's score and word count. */
  versus?: { score: number; words: number };
  /** The sender's name, if the link gives one. */
  from?: string;
  /** Which words the sender found: a bitmap over the board's words (challenge.ts). */
  found?: string;
  /** The result this challenge answers (a reply), and whose it was. */
  re?: Result;
  reFrom?: string;
}
