// The engine's one API, whatever runs the module: load packs, solve, roll,
// judge paths, play solo rounds. Each call answers a promise. How a call
// reaches the module is a Transport: a Web Worker in browsers (index.ts),
// a direct call in the same thread in Node (node.ts); each entry's
// `Engine.load` picks its own. Requests and answers are the types
// generated from crates/web/src/api.rs (api.ts).
import type { Counted, GameInfo, PackInfo, PlayEnded, PlayRound, PlayTry, RollRequest, RoundInfo, RoundRequest, Solution, SolveRequest, Spelled, SpellRequest, Tried } from "./api.js";
import type { Call, CallRequest, Calls } from "./calls.js";

/**
 * The most of a pack's bytes one call hands the module: gzipped (as the
 * site serves packs), about 18 KB of the compact form, some 8 ms of its
 * work at 4x CPU, which a trace's peek made meanwhile may wait for.
 */
const PUSH_BYTES = 6 * 1024;

/**
 * A pack's bytes: a pack file's (or a compact form's), whole, or a compact
 * form's pieces as they download, gzipped or not (the module unzips them:
 * their first two bytes say which).
 */
export type PackBytes = { whole: ArrayBuffer } | { pieces: AsyncIterable<Uint8Array> };

/** The rules of a solve: a request without its board and pack. */
export type Rules = Omit<SolveRequest, "board" | "pack">;

/** How to roll a board: a request without its pack. */
export type RollOptions = Omit<RollRequest, "pack">;

/** What to roll: a game (a custom one has a size and a scheme) and a seed. */
export type RoundOptions = Omit<RoundRequest, "pack">;

/** How to read a traced path: the board's shape and moves. */
export type SpellRules = Omit<SpellRequest, "board" | "pack" | "path">;

/** A call's answer and how long the module took over it, in ms. */
export interface Answered {
  answer: unknown;
  ms: number;
}

/** How calls reach the module: a Web Worker's messages, or a direct call. */
export interface Transport {
  /** Makes a call; its answer, or an Error with the module's one line. Calls are made in order. */
  call(request: CallRequest): Promise<Answered>;
  /** Lets the module go; calls after it fail. */
  close(): void;
}

/**
 * The solver: load packs, solve, roll, judge paths, play solo rounds. Each
 * call answers a promise; the games are read once, when it loads. Get one
 * with `Engine.load` (the package's entry for browsers or for Node).
 */
export class EngineBase {
  /** Packs by key: the name a caller gave `addPack` (the site: a language code, or `file:N:name` for one opened from disk). */
  readonly packs = new Map<string, PackInfo>();
  /** The games, as the library defines them, custom last. */
  games: GameInfo[] = [];
  /** How long the last answer took (the module's call and reading its JSON), in ms. */
  lastMs = 0;

  protected constructor(private readonly transport: Transport) {}

  /** Reads the games of a new engine: the first call. */
  protected static async started<E extends EngineBase>(engine: E): Promise<E> {
    engine.games = (await engine.call("games", {})).games;
    return engine;
  }

  private async call<C extends Call>(call: C, request: Calls[C]["request"]): Promise<Calls[C]["answer"]> {
    const { answer, ms } = await this.transport.call({ call, request } as CallRequest);
    this.lastMs = ms;
    return answer as Calls[C]["answer"];
  }

  /**
   * Loads a pack under `key`: a pack file's bytes (or a compact form's),
   * or a compact form's pieces as they download, which the module
   * rebuilds as they come.
   */
  async addPack(key: string, bytes: PackBytes): Promise<PackInfo> {
    const info = "whole" in bytes ? await this.call("load_pack", bytes.whole) : await this.addPieces(bytes.pieces);
    this.packs.set(key, info);
    return info;
  }

  private async addPieces(pieces: AsyncIterable<Uint8Array>): Promise<PackInfo> {
    const { stream } = await this.call("pack_begin", {});
    // The pieces go on as they come; the module takes them in order.
    const pushed: Promise<unknown>[] = [];
    try {
      // In slices of at most PUSH_BYTES (copies: a message carries a view's
      // whole buffer): a call a round makes meanwhile (a trace's peek, a
      // try) waits for one slice, not a whole download's chunk.
      for await (const piece of pieces) {
        for (let at = 0; at < piece.length; at += PUSH_BYTES) {
          pushed.push(this.call("pack_push", { stream, piece: piece.length > PUSH_BYTES ? piece.slice(at, at + PUSH_BYTES) : piece }));
        }
      }
      await Promise.all(pushed);
    } catch (e) {
      // The module lets go of what came so far.
      await Promise.allSettled([...pushed, this.call("pack_end", { stream })]);
      throw e;
    }
    return this.call("pack_end", { stream });
  }

  private pack(key: string): string {
    const pack = this.packs.get(key);
    if (!pack) throw new Error(`the ${key} pack is not loaded`);
    return pack.id;
  }

  /** Every word of a board (rows split by `/` or spaces, or one run of letters), with its path, best first. */
  async solve(key: string, board: string, rules: Rules = {}): Promise<Solution> {
    return this.call("solve", { ...rules, board, pack: this.pack(key) });
  }

  /** A board rolled from a seed: the same board as `boggle roll --seed`. */
  async roll(key: string, options: RollOptions): Promise<{ board: string; seed: number }> {
    return this.call("roll", { ...options, pack: this.pack(key) });
  }

  /** A game's round for a seed: the same board and bonus cells as `boggle roll --game`. */
  async round(key: string, options: RoundOptions): Promise<RoundInfo> {
    return this.call("game_round", { ...options, pack: this.pack(key) });
  }

  /** What a path of (row, col) cells spells on a board, judged by the library's rule. */
  async spell(key: string, board: string, path: [number, number][], rules: SpellRules = {}): Promise<Spelled> {
    return this.call("spell", { ...rules, board, path, pack: this.pack(key) });
  }

  /**
   * Opens a solo round on a board: solved, its target drawn and each of its
   * tries judged by the library (crates/web/src/play.rs), as the room
   * server's rounds are.
   */
  async playOpen(key: string, board: string, rules: Rules, counted: Counted): Promise<PlayRound> {
    return this.call("play_open", { solve: { ...rules, board, pack: this.pack(key) }, counted });
  }

  /** Judges a try (a typed word or a traced path) on an open round. */
  async playTry(request: PlayTry): Promise<Tried> {
    return this.call("play_try", request);
  }

  /** Ends an open round: the target's words and the rare ones not found. */
  async playEnd(round: number): Promise<PlayEnded> {
    return this.call("play_end", { round });
  }

  /** Lets the module go (a browser's worker ends); calls after it fail. */
  close(): void {
    this.transport.close();
  }
}
