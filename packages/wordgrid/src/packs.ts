// Packs as the engine takes them (PackBytes): fetched from a URL, a
// compact form handed on a piece at a time as it arrives (gzipped: the
// module unzips it); and the packs the package carries.
import type { PackBytes } from "./engine.js";

/** The packs the package carries, as gzipped compact forms in its packs/ folder: the library's built-in ones. */
export const BUILTIN_PACKS = ["en", "nl"] as const;

/** A pack the package carries. */
export type BuiltinPack = (typeof BUILTIN_PACKS)[number];

/** A built-in pack's file in the package's packs/ folder. */
export function builtinPackFile(name: BuiltinPack): string {
  if (!BUILTIN_PACKS.includes(name)) throw new Error(`no built-in pack "${String(name)}" (built-in: ${BUILTIN_PACKS.join(", ")})`);
  return `${name}.compact.gz`;
}

/**
 * Starts a pack's download: its bytes, or the error, later (`what` names
 * it in errors: `the en pack`). A URL ending in `.gz` (a compact form, as
 * `boggle-prep compact` writes and the site serves them, gzipped) is read
 * as it arrives, its pieces handed on as they came, still gzipped, for the
 * module to unzip and rebuild the pack while the rest is on its way (in a
 * browser the module runs in a worker: the page's main thread only passes
 * the bytes on); anything else (a `.pack` file, a compact form unzipped)
 * comes whole.
 */
export async function fetchPack(url: string | URL, what = `the pack at ${String(url)}`): Promise<PackBytes> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${what}: ${response.status} ${response.statusText}`);
  if (!new URL(url, base()).pathname.endsWith(".gz") || !response.body) return { whole: await response.arrayBuffer() };
  return { pieces: readAhead(response.body, what) };
}

/**
 * A gzipped stream unzipped as it comes. A host that sends a `.gz` file
 * with `Content-Encoding: gzip` (Vite's dev server does) has the browser
 * unzip it already: its first two bytes say which it is.
 */
export async function gunzipped(body: ReadableStream<Uint8Array<ArrayBuffer>>): Promise<ReadableStream<Uint8Array>> {
  const reader = body.getReader();
  const head: Uint8Array<ArrayBuffer>[] = [];
  let length = 0;
  let done = false;
  while (length < 2 && !done) {
    const next = await reader.read();
    done = next.done;
    if (next.value) {
      head.push(next.value);
      length += next.value.length;
    }
  }
  const stream = new ReadableStream<Uint8Array<ArrayBuffer>>({
    start(controller) {
      for (const chunk of head) controller.enqueue(chunk);
      if (done) controller.close();
    },
    async pull(controller) {
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  // (The first two bytes, across the chunks read.)
  const magic = head.flatMap((chunk) => Array.from(chunk.subarray(0, 2)));
  return magic[0] === 0x1f && magic[1] === 0x8b ? stream.pipeThrough(new DecompressionStream("gzip")) : stream;
}

/** What a relative URL is read against: the page's address, if there is a page. */
function base(): string {
  return typeof location === "object" ? location.href : "file:///";
}

/**
 * A stream's chunks, read as fast as they come (so that a download never
 * waits for whoever takes them) and handed on in order.
 */
function readAhead(stream: ReadableStream<Uint8Array>, what: string): AsyncIterable<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let ended = false;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const reader = stream.getReader();
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        chunks.push(value);
        wake?.();
      }
    } catch (e) {
      failure = new Error(`${what}: ${(e as Error).message || "the download failed"}`);
    }
    ended = true;
    wake?.();
  })();
  return {
    async *[Symbol.asyncIterator]() {
      for (;;) {
        const chunk = chunks.shift();
        if (chunk) yield chunk;
        else if (failure) throw failure;
        else if (ended) return;
        else await new Promise<void>((r) => (wake = r));
      }
    },
  };
}
