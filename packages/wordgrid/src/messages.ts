// The messages that carry the engine's calls to the Web Worker that runs
// the module in a browser (worker.ts), and its answers back.
import type { Word } from "./api.js";
import type { CallRequest } from "./calls.js";

/** The page to the worker: first the compiled module, then calls. */
export type ToWorker = { id: number; module: WebAssembly.Module } | ({ id: number } & CallRequest);

/**
 * The worker to the page: a call's answer and how long it took there (the
 * module's call and reading its JSON, in ms), or why it failed. A
 * solution's words come first, a share to a message (`words`), so that no
 * one message takes the page long to read; its answer then has none.
 */
export type FromWorker = { id: number; answer: unknown; ms: number } | { id: number; words: Word[] } | { id: number; error: string };

/** How many words a message carries at most (a message of 1,000 of a 30x30's words took the page 30-60 ms to read at 4x CPU). */
export const WORDS_PER_MESSAGE = 250;
