// The package's entry for browsers (through a bundler such as Vite): the
// engine in a Web Worker (index.ts) and the files the package carries, the
// module and the built-in packs, as URLs the bundler copies beside the
// page.
import type { PackBytes } from "./engine.js";
import { BUILTIN_PACKS, fetchPack, type BuiltinPack } from "./packs.js";

export * from "./index.js";

/** The solver module the package carries: `Engine.load(wasmUrl)`. */
export const wasmUrl: URL = new URL("./wordgrid.wasm", import.meta.url);

/** Where a built-in pack is (its compact form, gzipped). */
export function builtinPackUrl(name: BuiltinPack): URL {
  // One literal URL each, so that a bundler sees (and copies) each file.
  switch (name) {
    case "en":
      return new URL("../packs/en.compact.gz", import.meta.url);
    case "nl":
      return new URL("../packs/nl.compact.gz", import.meta.url);
  }
  throw new Error(`no built-in pack "${String(name)}" (built-in: ${BUILTIN_PACKS.join(", ")})`);
}

/** A built-in pack's bytes, for `engine.addPack`: fetched and unzipped as they arrive. */
export function builtinPack(name: BuiltinPack): Promise<PackBytes> {
  return Promise.resolve().then(() => fetchPack(builtinPackUrl(name), `the ${name} pack`));
}
