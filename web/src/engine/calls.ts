// The calls the page makes of the solver module, each with its request and
// answer (types generated from crates/web/src/api.rs), and the messages
// that carry them to and from the worker that runs the module.
import type {
  Contains,
  ContainsRequest,
  Games,
  PackInfo,
  PackStream,
  PlayEnd,
  PlayEnded,
  PlayOpen,
  PlayRound,
  PlayTry,
  Rolled,
  RollRequest,
  RoundInfo,
  RoundRequest,
  Solution,
  SolveRequest,
  Spelled,
  SpellRequest,
  Tried,
  Word,
} from "../api";

/**
 * Each call's request and answer; `load_pack` takes a pack file's bytes,
 * and `pack_push` a piece of a compact form as it downloads.
 */
export interface Calls {
  load_pack: { request: ArrayBuffer; answer: PackInfo };
  pack_begin: { request: Record<string, never>; answer: PackStream };
  pack_push: { request: { stream: number; piece: Uint8Array }; answer: PackStream };
  pack_end: { request: PackStream; answer: PackInfo };
  solve: { request: SolveRequest; answer: Solution };
  contains: { request: ContainsRequest; answer: Contains };
  roll: { request: RollRequest; answer: Rolled };
  games: { request: Record<string, never>; answer: Games };
  game_round: { request: RoundRequest; answer: RoundInfo };
  spell: { request: SpellRequest; answer: Spelled };
  play_open: { request: PlayOpen; answer: PlayRound };
  play_try: { request: PlayTry; answer: Tried };
  play_end: { request: PlayEnd; answer: PlayEnded };
}

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
