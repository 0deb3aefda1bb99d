// The engine in a browser: the module runs in a Web Worker (worker.ts), so
// that the page's main thread never waits on a solve. What the site
// (web/) imports, through the `wordgrid-source` condition; the package's
// browser entry (browser.ts) adds the files it carries.
import { EngineBase, type Answered, type Transport } from "./engine.js";
import type { Word } from "./api.js";
import type { CallRequest } from "./calls.js";
import type { FromWorker, ToWorker } from "./messages.js";

export type { Catalog, Choice, Counted, GameInfo, PackInfo, PlayEnded, PlayRound, PlayTry, RoundInfo, Solution, Spelled, Tally, Tried, VerdictKind, Word } from "./api.js";
export { CATALOG } from "./api.js";
export type { PackBytes, Rules, RollOptions, RoundOptions, SpellRules, EngineBase } from "./engine.js";
export { BUILTIN_PACKS, fetchPack, type BuiltinPack } from "./packs.js";
import { gunzipped } from "./packs.js";

/**
 * The module, compiled as it downloads when the host says it is
 * WebAssembly; a URL ending in `.gz` (the site serves the module gzipped,
 * so that a host that does not compress sends less than half) is unzipped
 * and compiled as it arrives.
 */
async function compile(url: string | URL): Promise<WebAssembly.Module> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`the solver (${String(url)}): ${response.status} ${response.statusText}`);
  if (new URL(url, location.href).pathname.endsWith(".gz") && response.body) {
    const body = await gunzipped(response.body);
    return WebAssembly.compileStreaming(new Response(body, { headers: { "content-type": "application/wasm" } }));
  }
  if (response.headers.get("content-type")?.split(";")[0].trim() === "application/wasm") {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer());
}

/** Calls as messages to the worker that runs the module, each answered by id; a solution's words come 250 to a message. */
class WorkerTransport implements Transport {
  private readonly worker: Worker;
  private next = 1;
  private readonly waiting = new Map<number, { resolve(answered: Answered): void; reject(e: Error): void; words: Word[] }>();

  constructor() {
    this.worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
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
        const answer = m.answer as { words?: unknown };
        if (waiting.words.length) answer.words = waiting.words;
        waiting.resolve({ answer, ms: m.ms });
      }
    };
    // A worker that cannot start (its script did not load) fails every call.
    this.worker.onerror = (e) => {
      e.preventDefault();
      this.fail(new Error(e.message || "the solver's worker did not start"));
    };
  }

  private fail(error: Error): void {
    for (const w of this.waiting.values()) w.reject(error);
    this.waiting.clear();
  }

  private post(message: ToWorker): Promise<Answered> {
    return new Promise((resolve, reject) => {
      this.waiting.set(message.id, { resolve, reject, words: [] });
      this.worker.postMessage(message);
    });
  }

  /** Hands the worker the compiled module; resolves once it has an instance. */
  async start(compiled: WebAssembly.Module): Promise<void> {
    await this.post({ id: this.next++, module: compiled });
  }

  call(request: CallRequest): Promise<Answered> {
    return this.post({ id: this.next++, ...request });
  }

  close(): void {
    this.worker.terminate();
    this.fail(new Error("the solver was closed"));
  }
}

/**
 * The solver in its Web Worker: load packs, solve, roll, judge paths. Each
 * call answers a promise; the games are read once, when it loads.
 */
export class Engine extends EngineBase {
  /**
   * Compiles the module at `url` (the package's `wasmUrl`, or where a site
   * serves it) as it downloads, starts the worker on it, and reads the
   * games.
   */
  static async load(url: string | URL): Promise<Engine> {
    const compiled = await compile(url);
    const transport = new WorkerTransport();
    await transport.start(compiled);
    return Engine.started(new Engine(transport));
  }
}
