// The solver, as the page sees it: every call goes to the module running
// in a Web Worker (worker.ts) and answers a promise, so the page's main
// thread never waits on a solve. Requests and answers are the types
// generated from crates/web/src/api.rs.
import type { Counted, GameInfo, PackInfo, PlayEnded, PlayRound, PlayTry, RollRequest, RoundInfo, RoundRequest, Solution, SolveRequest, Spelled, SpellRequest, Tried, Word } from "../api";
import type { Call, Calls, FromWorker, ToWorker } from "./calls";

export type { Counted, GameInfo, PackInfo, PlayEnded, PlayRound, PlayTry, RoundInfo, Solution, Spelled, Tried, VerdictKind, Word } from "../api";

/** A pack's bytes: a pack file's, whole, or a compact form's pieces as they download. */
export type PackBytes = { whole: ArrayBuffer } | { pieces: AsyncIterable<Uint8Array> };

/** The module, compiled as it downloads when the host says it is WebAssembly. */
async function compile(url: string): Promise<WebAssembly.Module> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`the solver (${url}): ${response.status} ${response.statusText}`);
  if (response.headers.get("content-type")?.split(";")[0].trim() === "application/wasm") {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer());
}

/** The rules of a solve: a request without its board and pack. */
export type Rules = Omit<SolveRequest, "board" | "pack">;

/** How to roll a board: a request without its pack. */
export type RollOptions = Omit<RollRequest, "pack">;

/** What to roll: a game (a custom one has a size and a scheme) and a seed. */
export type RoundOptions = Omit<RoundRequest, "pack">;

/** How to read a traced path: the board's shape and moves. */
export type SpellRules = Omit<SpellRequest, "board" | "pack" | "path">;

/**
 * The solver in its worker: load packs, solve, roll, judge paths. Each call
 * answers a promise; the games are read once, when it loads.
 */
export class Engine {
  private readonly worker: Worker;
  private next = 1;
  private readonly waiting = new Map<number, { resolve(answer: unknown): void; reject(e: Error): void; words: Word[] }>();
  /** Packs by key: a language code, or `file:N:name` for one opened from disk. */
  readonly packs = new Map<string, PackInfo>();
  /** The games, as the library defines them, custom last. */
  games: GameInfo[] = [];
  /** How long the last answer took in the worker (the module's call and reading its JSON), in ms. */
  lastMs = 0;

  private constructor() {
    this.worker = new Worker(new URL("./worker.ts", import.meta.url), { type: "module" });
    this.worker.onmessage = (e: MessageEvent<FromWorker>) => {
      const m = e.data;
      const waiting = this.waiting.get(m.id);
      if (!waiting) return;
      if ("words" in m) {
        for (const w of m.words) waiting.words.push(w);
        return;
      }
      this.waiting.delete(m.id);
      if ("error" in m) waiting.reject(new Error(m.error));
      else {
        this.lastMs = m.ms;
        const answer = m.answer as { words?: unknown };
        if (waiting.words.length) answer.words = waiting.words;
        waiting.resolve(answer);
      }
    };
    // A worker that cannot start (its script did not load) fails every call.
    this.worker.onerror = (e) => {
      e.preventDefault();
      const error = new Error(e.message || "the solver's worker did not start");
      for (const w of this.waiting.values()) w.reject(error);
      this.waiting.clear();
    };
  }

  private post(message: ToWorker): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.waiting.set(message.id, { resolve, reject, words: [] });
      this.worker.postMessage(message);
    });
  }

  private call<C extends Call>(call: C, request: Calls[C]["request"]): Promise<Calls[C]["answer"]> {
    return this.post({ id: this.next++, call, request } as ToWorker) as Promise<Calls[C]["answer"]>;
  }

  /**
   * Compiles the module at `url` (beside the page) as it downloads (the
   * page preloads it), starts the worker on it, and reads the games.
   */
  static async load(url = "boggle_web.wasm"): Promise<Engine> {
    const compiled = await compile(url);
    const engine = new Engine();
    await engine.post({ id: engine.next++, module: compiled });
    engine.games = (await engine.call("games", {})).games;
    return engine;
  }

  /**
   * Loads a pack under `key`: a pack file's bytes, or a compact form's
   * pieces as they download, which the module rebuilds as they come.
   */
  async addPack(key: string, bytes: PackBytes): Promise<PackInfo> {
    const info = "whole" in bytes ? await this.call("load_pack", bytes.whole) : await this.addPieces(bytes.pieces);
    this.packs.set(key, info);
    return info;
  }

  private async addPieces(pieces: AsyncIterable<Uint8Array>): Promise<PackInfo> {
    const { stream } = await this.call("pack_begin", {});
    // The pieces go on as they come; the worker takes them in order.
    const pushed: Promise<unknown>[] = [];
    try {
      for await (const piece of pieces) pushed.push(this.call("pack_push", { stream, piece }));
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

  async solve(key: string, board: string, rules: Rules = {}): Promise<Solution> {
    return this.call("solve", { ...rules, board, pack: this.pack(key) });
  }

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
}
