// The package's entry for Node (20 or later): the same engine, its module
// run in-process (each call made at once, in the calling thread), read
// from the package's own files with node:fs; packs from files or URLs.
import { readFile } from "node:fs/promises";
import { gunzipSync } from "node:zlib";
import { callModule, instantiate, type Exports } from "./abi.js";
import { EngineBase, type Answered, type PackBytes, type Transport } from "./engine.js";
import type { CallRequest } from "./calls.js";
import { builtinPackFile, type BuiltinPack } from "./packs.js";

export type { Catalog, Choice, Counted, GameInfo, PackInfo, PlayEnded, PlayRound, PlayTry, RoundInfo, Solution, Spelled, Tally, Tried, VerdictKind, Word } from "./api.js";
export { CATALOG } from "./api.js";
export type { PackBytes, Rules, RollOptions, RoundOptions, SpellRules, EngineBase } from "./engine.js";
export { BUILTIN_PACKS, fetchPack, type BuiltinPack } from "./packs.js";

/** The solver module the package carries (a file: URL): `Engine.load()` reads it. */
export const wasmUrl: URL = new URL("./wordgrid.wasm", import.meta.url);

/** Calls made of the module at once, in this thread. */
class InProcess implements Transport {
  constructor(private x: Exports | null) {}

  async call(request: CallRequest): Promise<Answered> {
    if (!this.x) throw new Error("the solver was closed");
    const t0 = performance.now();
    const answer = callModule(this.x, request);
    return { answer, ms: performance.now() - t0 };
  }

  close(): void {
    this.x = null;
  }
}

/** A file's bytes, by path or file: URL; an http(s) URL's, fetched. */
async function read(source: string | URL): Promise<Uint8Array> {
  if (source instanceof URL && source.protocol !== "file:") {
    const response = await fetch(source);
    if (!response.ok) throw new Error(`${source.href}: ${response.status} ${response.statusText}`);
    return new Uint8Array(await response.arrayBuffer());
  }
  return readFile(source);
}

/** A copy of bytes as an ArrayBuffer of their own (what `load_pack` takes). */
function own(bytes: Uint8Array): ArrayBuffer {
  return new Uint8Array(bytes).buffer;
}

/** Whether bytes are gzipped. */
function gzipped(bytes: Uint8Array): boolean {
  return bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/**
 * The solver, in-process: load packs, solve, roll, judge paths. Each call
 * answers a promise (made at once: a long solve holds this thread; run it
 * in a worker_threads Worker to keep one free); the games are read once,
 * when it loads.
 */
export class Engine extends EngineBase {
  /**
   * Compiles and starts the module: the package's own by default, else a
   * file (a path or file: URL), an http(s) URL, or the module's bytes; and
   * reads the games.
   */
  static async load(wasm: string | URL | ArrayBuffer | Uint8Array = wasmUrl): Promise<Engine> {
    const bytes = typeof wasm === "string" || wasm instanceof URL ? await read(wasm) : new Uint8Array(wasm);
    const x = await instantiate(await WebAssembly.compile(own(bytes)));
    return Engine.started(new Engine(new InProcess(x)));
  }
}

/** Where a built-in pack is (its compact form, gzipped): a file: URL in the package. */
export function builtinPackUrl(name: BuiltinPack): URL {
  return new URL(`../packs/${builtinPackFile(name)}`, import.meta.url);
}

/** A built-in pack's bytes, for `engine.addPack`: read from the package's packs/ folder. */
export async function builtinPack(name: BuiltinPack): Promise<PackBytes> {
  return readPack(builtinPackUrl(name));
}

/**
 * A pack's bytes from a file (a path or file: URL) or an http(s) URL: a
 * `.pack` file, or a compact form (`boggle-prep compact`), gzipped or not.
 */
export async function readPack(source: string | URL): Promise<PackBytes> {
  const bytes = await read(source);
  return { whole: own(gzipped(bytes) ? gunzipSync(bytes) : bytes) };
}
