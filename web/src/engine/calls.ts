// The calls the page makes of the solver module, each with its request and
// answer (generated from crates/web/src/api.rs and calls.rs), and the
// messages that carry them to and from the worker that runs the module.
import type { Calls, Word } from "../api";

/**
 * Each call's request and answer, generated from the module's own table of
 * exports (crates/web/src/calls.rs): `load_pack` takes a pack file's bytes,
 * and `pack_push` a piece of a compact form as it downloads.
 */
export type { Calls };

/** A call's name. */
export type Call = keyof Calls;

/** The page to the worker: first the compiled module, then calls. */
export type ToWorker = { id: number; module: WebAssembly.Module } | { [C in Call]: { id: number; call: C; request: Calls[C]["request"] } }[Call];

/**
 * The worker to the page: a call's answer and how long it took there (the
 * module's call and reading its JSON, in ms), or why it failed. A
 * solution's words come first, a share to a message (`words`), so that no
 * one message takes the page long to read; its answer then has none.
 */
export type FromWorker = { id: number; answer: unknown; ms: number } | { id: number; words: Word[] } | { id: number; error: string };

/** How many words a message carries at most. */
export const WORDS_PER_MESSAGE = 1000;
