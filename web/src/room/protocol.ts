// The room connection's messages, as crates/room/src/frame.rs defines them
// (docs/rooms.md lists them with examples): one JSON object a WebSocket
// text message, its kind in "type".
import type { VerdictKind } from "../api";
import type { Cell } from "../board";

export type Counted = "common" | "all";

export interface Settings {
  game: string;
  lang: string;
  words: Counted;
  classic: boolean;
  seconds?: number | null;
  size?: string | null;
  scoring?: string | null;
}

export interface Player {
  id: number;
  name: string;
  connected: boolean;
  watch: boolean;
  total: number;
}

export interface WordShown {
  word: string;
  points: number;
  shared: boolean;
  rare: boolean;
  path: Cell[];
}

export interface BoardShown {
  text: string;
  rows: number;
  cols: number;
  cells: (string | null)[];
  values: (number | null)[] | null;
  bonus: (string | null)[] | null;
  /** For each cell (row-major), the cells a traced path may step to from it. */
  neighbors: number[][];
}

export type Reply =
  | { type: "welcome"; code: string; seat: number; token: string; watch: boolean }
  | { type: "room"; code: string; host: number; settings: Settings; game_label: string; phase: "lobby" | "starting" | "playing"; rounds: number; players: Player[] }
  | { type: "round"; number: number; board: BoardShown; seed: number; seconds: number; left_ms: number; min_len: number; target: number; mine: WordShown[] }
  | { type: "verdict"; kind: VerdictKind; word: string; points: number; rare: boolean; why: string | null; path: Cell[]; score: number }
  | { type: "progress"; players: { id: number; words: number; score: number }[] }
  | {
      type: "results";
      number: number;
      board: BoardShown;
      timed_out: boolean;
      classic: boolean;
      players: { id: number; name: string; score: number; words: WordShown[] }[];
      missed: WordShown[];
      missed_rare: number;
      max: number;
      totals: Player[];
    }
  | { type: "error"; message: string }
  | { type: "bye"; message: string };

export type Request =
  | { type: "create"; name: string; settings: Settings }
  | { type: "join"; code: string; name: string; token?: string; watch?: boolean }
  | { type: "settings"; settings: Settings }
  | { type: "start" }
  | { type: "trace"; path: Cell[] }
  | { type: "word"; word: string }
  | { type: "end" }
  | { type: "leave" };

/** The games and languages a host may choose (`/rooms/options`). */
export interface Options {
  games: { id: string; label: string; seconds: number }[];
  languages: { key: string; name: string; frequencies: boolean }[];
  custom_sizes: string[];
  custom_scorings: string[];
}
