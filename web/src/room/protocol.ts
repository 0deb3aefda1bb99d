// The room connection's messages: one JSON object a WebSocket text message,
// its kind in "type". Their types are generated from crates/room/src/frame/
// into frames.ts (`npm run types`), so a frame the server changes fails this
// page's type check; docs/rooms.md describes them.
import type { Catalog } from "wordgrid";

export type { ArenaMine, ArenaResults, BoardShown, Counted, DailyResults, Leader, Phase, Player, PlayerResult, Progress, Refusal, Reply, Request, Settings, VerdictKind, WordShare, WordShown } from "./frames";
export type { ArenaBoards, ArenaStatus, DailyBoard, Leaderboard } from "./answers";

/** The games and languages a host may choose (`/rooms/options`), with the library's catalog. */
export interface Options {
  games: { id: string; label: string; seconds: number }[];
  languages: { key: string; name: string; frequencies: boolean }[];
  catalog: Catalog;
}
