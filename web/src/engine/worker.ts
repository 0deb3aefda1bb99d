// The solver module in a Web Worker, so that a long solve never holds the
// page's main thread. The module's ABI (crates/web/src/lib.rs): write a
// request into memory from alloc(), call, read the answer at the (pointer,
// length) packed in the returned u64, free both; answers are JSON.
import type { Solution } from "../api";
import { WORDS_PER_MESSAGE, type FromWorker, type ToWorker } from "./calls";

interface Exports {
  memory: WebAssembly.Memory;
  alloc(len: number): number;
  dealloc(ptr: number, len: number): void;
  [call: string]: unknown;
}

type Export = (ptr: number, len: number) => bigint;

/** The worker's side of the messages (the page's lib types `self` as a window). */
const scope = self as unknown as {
  onmessage: ((e: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker): void;
};

let module: Promise<Exports> | null = null;

async function instantiate(compiled: WebAssembly.Module): Promise<Exports> {
  const instance = await WebAssembly.instantiate(compiled, {});
  return instance.exports as unknown as Exports;
}

/** A call's request as the module reads it: JSON, or bytes for the calls that take bytes. */
function requestBytes(message: Exclude<ToWorker, { module: WebAssembly.Module }>): Uint8Array {
  switch (message.call) {
    case "load_pack":
      return new Uint8Array(message.request);
    case "pack_push": {
      // The stream's number (four bytes, little-endian), then the piece.
      const { stream, piece } = message.request;
      const bytes = new Uint8Array(4 + piece.length);
      new DataView(bytes.buffer).setUint32(0, stream, true);
      bytes.set(piece, 4);
      return bytes;
    }
    default:
      return new TextEncoder().encode(JSON.stringify(message.request));
  }
}

function call(x: Exports, name: string, bytes: Uint8Array): unknown {
  const ptr = x.alloc(bytes.length);
  new Uint8Array(x.memory.buffer, ptr, bytes.length).set(bytes);
  let packed: bigint;
  try {
    packed = (x[name] as Export)(ptr, bytes.length);
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

scope.onmessage = (e) => {
  const message = e.data;
  if ("module" in message) {
    module = instantiate(message.module);
    module.then(
      () => scope.postMessage({ id: message.id, answer: null, ms: 0 }),
      (err: Error) => scope.postMessage({ id: message.id, error: err.message }),
    );
    return;
  }
  const { id } = message;
  if (!module) {
    scope.postMessage({ id, error: "the solver was not loaded" });
    return;
  }
  module
    .then((x) => {
      const t0 = performance.now();
      const answer = call(x, message.call, requestBytes(message));
      const ms = performance.now() - t0;
      if (message.call === "solve") {
        const solution = answer as Solution;
        for (let i = 0; i < solution.words.length; i += WORDS_PER_MESSAGE) {
          scope.postMessage({ id, words: solution.words.slice(i, i + WORDS_PER_MESSAGE) });
        }
        solution.words = [];
      }
      scope.postMessage({ id, answer, ms });
    })
    .catch((err: Error) => scope.postMessage({ id, error: err.message }));
};
