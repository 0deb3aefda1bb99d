// The solver module's ABI (crates/web/src/lib.rs), the one place that
// calls it, for the Web Worker (worker.ts) and for Node (node.ts): write a
// request into memory from alloc(), call the export, read the answer at
// the (pointer, length) packed in the returned u64, free both; answers are
// JSON, and a failure is `{"error": "one line"}`.
import type { CallRequest } from "./calls.js";

/** What the module exports: its memory, the allocator, and one function a call. */
export interface Exports {
  memory: WebAssembly.Memory;
  alloc(len: number): number;
  dealloc(ptr: number, len: number): void;
  [call: string]: unknown;
}

type Export = (ptr: number, len: number) => bigint;

/** An instance of the compiled module (it imports nothing). */
export async function instantiate(compiled: WebAssembly.Module): Promise<Exports> {
  const instance = await WebAssembly.instantiate(compiled, {});
  return instance.exports as unknown as Exports;
}

/** A call's request as the module reads it: JSON, or bytes for the calls that take bytes. */
export function requestBytes(message: CallRequest): Uint8Array {
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

/** Makes a call of the module; its answer, or an Error with the module's one line. */
export function callModule(x: Exports, message: CallRequest): unknown {
  const bytes = requestBytes(message);
  const ptr = x.alloc(bytes.length);
  new Uint8Array(x.memory.buffer, ptr, bytes.length).set(bytes);
  let packed: bigint;
  try {
    packed = (x[message.call] as Export)(ptr, bytes.length);
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
