// The arena's HTTP answers, generated from crates/room/src/frame/arena.rs
// by `cargo test -p boggle-room --lib answer_types` (which `npm run types`
// runs): edit the Rust, not this file.
import type { Leader } from "./frames";

export type ArenaTimes = { 
/**
 * Its start (`2026-12-03T08:00:00Z`).
 */
start: string, 
/**
 * The end of its play.
 */
ends: string, 
/**
 * The next round's start.
 */
next: string, 
/**
 * Milliseconds of play left (0 during the results).
 */
left_ms: number, 
/**
 * Milliseconds until the next round.
 */
next_ms: number, };

export type ArenaLanguage = { 
/**
 * Its key (`en`).
 */
lang: string, 
/**
 * Its name (`English`).
 */
name: string, 
/**
 * Devices connected to its arena.
 */
players: number, };

export type ArenaStatus = { 
/**
 * The game asked for (the server's arena game if none).
 */
game: string, 
/**
 * Its label.
 */
game_label: string, 
/**
 * The round on the clock now.
 */
round: ArenaTimes, 
/**
 * Every language the server has, with its devices in the arena.
 */
languages: Array<ArenaLanguage>, };

export type Standing = { 
/**
 * The screen name.
 */
name: string, 
/**
 * Total points, points a round, or the best round's points.
 */
value: number, };

export type Leaderboard = { 
/**
 * `hour` (this clock hour, UTC), `day` (the last 24 hours), `week`
 * (the last 7 days) or `all`.
 */
period: string, 
/**
 * `total`, `average` (from the tenth round in the period) or `best`
 * (round).
 */
by: string, 
/**
 * How a page names the period (`Today`).
 */
period_label: string, 
/**
 * How a page names the measure (`Per round`).
 */
by_label: string, 
/**
 * What the board counts, in a line (`Points over all rounds, the
 * last 24 hours.`).
 */
about: string, 
/**
 * The best players, best first.
 */
entries: Array<Standing>, };

export type ArenaBoards = { 
/**
 * The game.
 */
game: string, 
/**
 * The language.
 */
lang: string, 
/**
 * The friends' board asked for (its code), or none: everyone's.
 */
group: string | null, 
/**
 * The start of the last round they hold (none before the first): a
 * round's results are recorded a moment after its players hear them.
 */
through: string | null, 
/**
 * The rounds in a period from which a player's average is ranked.
 */
min_rounds: number, 
/**
 * Each period by each measure.
 */
boards: Array<Leaderboard>, };

export type DailyBoard = { 
/**
 * The game.
 */
game: string, 
/**
 * The language.
 */
lang: string, 
/**
 * The date (`2026-12-04`): each player's own; the board of a date is
 * the same for everyone.
 */
date: string, 
/**
 * How many plays are scored (those held out apart).
 */
players: number, 
/**
 * The ten best, best first (players level share a rank).
 */
top: Array<Leader>, };
