// The calls the engine makes of the solver module, each with its request
// and answer (generated from crates/web/src/api.rs and calls.rs).
import type { Calls } from "./api.js";

/**
 * Each call's request and answer, generated from the module's own table of
 * exports (crates/web/src/calls.rs): `load_pack` takes a pack file's bytes,
 * and `pack_push` a piece of a compact form as it downloads.
 */
export type { Calls };

/** A call's name. */
export type Call = keyof Calls;

/** A call with its request, as the ABI (abi.ts) takes it. */
export type CallRequest = { [C in Call]: { call: C; request: Calls[C]["request"] } }[Call];
