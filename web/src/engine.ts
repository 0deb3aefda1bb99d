// The solver (boggle_web.wasm) behind its small JSON ABI: write a request
// into memory from alloc(), call, read the answer at the (pointer, length)
// packed in the returned u64, free both. See crates/web/src/lib.rs.

/** One word of a solution. */
export interface Word {
  word: string;
  score: number;
  len: number;
  /** (row, col) from 0, first letter first. */
  path: [number, number][];
  /** How common the word is (Zipf, to a tenth), when the pack knows. */
  zipf?: number;
  /** Under the line between common and rare, or not in the frequency list. */
  rare?: boolean;
}

/** A solved board, as the module answers it. */
export interface Solution {
  board: string;
  rows: number;
  cols: number;
  /** Each cell's face (`a`, `qu`, `ij`), or null for a blank. */
  cells: (string | null)[];
  score: number;
  word_count: number;
  words: Word[];
  scoring: string;
  min_len: number;
  /** Each cell's letter value under a letter-value scheme, else null. */
  values: (number | null)[] | null;
  /** Each cell's bonus (`DL`, `TL`, `DW`, `TW`) under a bonus grid, else null. */
  bonus: (string | null)[] | null;
  /** The common words' points and count (all words, in a pack without frequencies). */
  common: { score: number; words: number };
  /** The line between common and rare (a Zipf value). */
  common_zipf: number;
  /** Whether the pack knows how common its words are. */
  frequencies: boolean;
}

/** What the module says of a pack it holds. */
export interface PackInfo {
  id: string;
  name: string;
  language: string;
  words: number;
  min_len: number;
}

/** The rules of a solve, as the module reads them. */
export interface Rules {
  neighbors?: string;
  wrap?: boolean;
  min_len?: number;
  scoring?: string;
  bonus?: string;
  qu?: boolean;
  /** The board's size (`3x4`): the engine cuts a run of letters into its rows. */
  size?: string;
  /** Count only words at least this common (a Zipf value). */
  min_zipf?: number;
}

/** How to roll a board. */
export interface RollOptions {
  dice?: string;
  letters?: string;
  size?: string;
  seed: number;
}

/** A game, as the library defines it (solve::game). */
export interface GameInfo {
  id: string;
  name: string;
  /** Its name with size, time and what sets it apart: `Big Boggle (5×5, 3 min, 4+ letters)`. */
  label: string;
  /** `4x4`. */
  size: string;
  seconds: number;
  scoring: string;
  /** The fewest common words a rolled board may have. */
  min_common: number;
  /** Whether its rounds place bonus cells (Ruzzle). */
  bonus: boolean;
  /** Whether its rounds place a special tile (Wordament). */
  special: boolean;
}

/** A game's round for a seed, as every front rolls it. */
export interface RoundInfo {
  board: string;
  /** The bonus grid (`d..T/....`), for a game with bonus cells. */
  bonus: string | null;
  seed: number;
  /** Which roll from the seed it is (1 for the first). */
  attempts: number;
  common_words: number;
  /** The fewest common words the game asks of a board. */
  min_common: number;
  seconds: number;
  scoring: string;
}

/** What to roll: a game (a custom one has a size and a scheme) and a seed. */
export interface RoundOptions {
  game: string;
  seed: number;
  size?: string;
  scoring?: string;
}

/** What a traced path spells and, if it may not be played, why. */
export interface Spelled {
  words: string[];
  /** Why the path may not be played, or null. */
  why: string | null;
}

interface Exports {
  memory: WebAssembly.Memory;
  alloc(len: number): number;
  dealloc(ptr: number, len: number): void;
  [call: string]: unknown;
}

type Call = (ptr: number, len: number) => bigint;

export class Engine {
  private readonly x: Exports;
  /** Packs by key: a language code, or `file:N:name` for one opened from disk. */
  readonly packs = new Map<string, PackInfo>();

  private constructor(exports: Exports) {
    this.x = exports;
  }

  static async load(url = "boggle_web.wasm"): Promise<Engine> {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`the solver (${url}): ${response.status} ${response.statusText}`);
    const { instance } = await WebAssembly.instantiate(await response.arrayBuffer(), {});
    return new Engine(instance.exports as unknown as Exports);
  }

  private call(name: string, bytes: Uint8Array): unknown {
    const x = this.x;
    const ptr = x.alloc(bytes.length);
    new Uint8Array(x.memory.buffer, ptr, bytes.length).set(bytes);
    let packed: bigint;
    try {
      packed = (x[name] as Call)(ptr, bytes.length);
    } finally {
      x.dealloc(ptr, bytes.length);
    }
    const outPtr = Number(packed >> 32n);
    const outLen = Number(packed & 0xffffffffn);
    const text = new TextDecoder().decode(new Uint8Array(x.memory.buffer, outPtr, outLen));
    x.dealloc(outPtr, outLen);
    const answer = JSON.parse(text) as { error?: string };
    if (answer.error) throw new Error(answer.error);
    return answer;
  }

  private json<T>(name: string, request: object): T {
    return this.call(name, new TextEncoder().encode(JSON.stringify(request))) as T;
  }

  /** Loads a pack file's bytes under `key`. */
  addPack(key: string, bytes: ArrayBuffer): PackInfo {
    const info = this.call("load_pack", new Uint8Array(bytes)) as PackInfo;
    this.packs.set(key, info);
    return info;
  }

  private pack(key: string): PackInfo {
    const pack = this.packs.get(key);
    if (!pack) throw new Error(`the ${key} pack is not loaded`);
    return pack;
  }

  solve(key: string, board: string, rules: Rules = {}): Solution {
    return this.json<Solution>("solve", { ...rules, board, pack: this.pack(key).id });
  }

  contains(key: string, word: string): boolean {
    return this.json<{ in_pack: boolean }>("contains", { pack: this.pack(key).id, word }).in_pack;
  }

  roll(key: string, options: RollOptions): { board: string; seed: number } {
    return this.json("roll", { ...options, pack: this.pack(key).id });
  }

  /** The games, as the library defines them. */
  games(): GameInfo[] {
    return this.json<{ games: GameInfo[] }>("games", {}).games;
  }

  /** A game's round for a seed: the same board and bonus cells as `boggle roll --game`. */
  round(key: string, options: RoundOptions): RoundInfo {
    return this.json<RoundInfo>("game_round", { ...options, pack: this.pack(key).id });
  }

  /** What a path of (row, col) cells spells on a board, judged by the library's rule. */
  spell(key: string, board: string, path: [number, number][], rules: { size?: string; neighbors?: string; wrap?: boolean } = {}): Spelled {
    return this.json<Spelled>("spell", { ...rules, board, path, pack: this.pack(key).id });
  }
}
