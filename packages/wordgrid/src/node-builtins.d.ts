// The two Node built-in modules node.ts uses, declared as far as it uses
// them, so that the package builds with TypeScript alone (no @types/node).
// Nothing of them shows in the package's own declarations.
declare module "node:fs/promises" {
  export function readFile(path: string | URL): Promise<Uint8Array>;
}
declare module "node:zlib" {
  export function gunzipSync(data: Uint8Array): Uint8Array;
}
