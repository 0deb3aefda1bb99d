// The room connection's messages, generated from
// crates/room/src/frame/ by `cargo test -p boggle-room --lib frame_types`
// (which `npm run types` runs): edit the Rust, not this file.
import type { DailyBoard } from "./answers";

export type Counted = "common" | "all";

export type VerdictKind = "new" | "again" | "short" | "notboard" | "notword" | "badpath";

export type Phase = "lobby" | "starting" | "playing";

export type Refusal = "no_seat" | "seated" | "no_room" | "bad_code" | "code_taken" | "room_full" | "watchers_full" | "name" | "settings" | "rooms_full" | "shutting_down" | "not_host" | "round_on" | "no_round" | "time_up" | "watching" | "board" | "judge" | "name_taken" | "too_fast" | "no_group" | "group_full" | "too_many";

export type Settings = { 
/**
 * A game of `solve::game` (`boggle`, `wordhunt`…) or `custom`.
 */
game: string, 
/**
 * A language key of the server's packs (`en`, `nl`).
 */
lang: string, 
/**
 * The round's target.
 */
words: Counted, 
/**
 * The classic rule: a word two or more players found scores for
 * nobody.
 */
classic: boolean, 
/**
 * The round's time in seconds (the game's if `None`).
 */
seconds?: number, 
/**
 * A custom game's size (`5x5`).
 */
size?: string, 
/**
 * A custom game's scoring scheme (`big-boggle`).
 */
scoring?: string, };

export type Request = { "type": "create", 
/**
 * The host's display name.
 */
name: string, 
/**
 * The first round's settings.
 */
settings: Settings, 
/**
 * The new room's code, if the page has one from `/rooms/code`:
 * it opened this connection as `/ws?room=CODE`, so a proxy that
 * routes by room sends every later connection to the room here.
 * Without one the server draws it.
 */
code?: string, } | { "type": "join", 
/**
 * The room's code, as typed.
 */
code: string, 
/**
 * The display name (kept from before on a reconnect).
 */
name: string, 
/**
 * A seat's token from an earlier `welcome`.
 */
token?: string, 
/**
 * Watch, not play (no: play).
 */
watch?: boolean, } | { "type": "settings", 
/**
 * The new settings.
 */
settings: Settings, } | { "type": "start" } | { "type": "trace", 
/**
 * The cells, first letter first.
 */
path: Array<[number, number]>, } | { "type": "word", 
/**
 * The word.
 */
word: string, } | { "type": "end" } | { "type": "leave" } | { "type": "arena", 
/**
 * The screen name (kept from before with a known token).
 */
name: string, 
/**
 * The device's token from an earlier `arena_welcome`.
 */
token?: string, 
/**
 * A game of `solve::game` (the server's arena game if none).
 */
game?: string, 
/**
 * A language key of the server's packs (`en` if none).
 */
lang?: string, 
/**
 * A friends' board to join, by its code (`7KQ2-XM9D`); `""`
 * starts a new one.
 */
group?: string, } | { "type": "daily", 
/**
 * The screen name (kept from before with a known token).
 */
name: string, 
/**
 * The device's token from an earlier `arena_welcome`.
 */
token?: string, 
/**
 * A game of `solve::game` (the server's arena game if none).
 */
game?: string, 
/**
 * A language key of the server's packs (`en` if none).
 */
lang?: string, 
/**
 * The player's own date (`2026-12-04`), at most a day from the
 * server's (UTC).
 */
date: string, };

export type Player = { 
/**
 * The seat's number in the room.
 */
id: number, 
/**
 * The display name (text, never markup).
 */
name: string, 
/**
 * Whether they are connected now.
 */
connected: boolean, 
/**
 * Whether they watch.
 */
watch: boolean, 
/**
 * Points over the room's rounds.
 */
total: number, };

export type Progress = { 
/**
 * The seat.
 */
id: number, 
/**
 * Words found.
 */
words: number, 
/**
 * Their points (before the classic rule, which only the end knows).
 */
score: number, };

export type WordShown = { 
/**
 * The word.
 */
word: string, 
/**
 * Its points (what it scored for this player: 0 when the classic rule
 * cancelled it).
 */
points: number, 
/**
 * Whether another player found it too.
 */
shared: boolean, 
/**
 * Whether it is rare (below the pack's common line).
 */
rare: boolean, 
/**
 * Its path, `[row, column]` cells.
 */
path: Array<[number, number]>, };

export type PlayerResult = { 
/**
 * The seat.
 */
id: number, 
/**
 * The name.
 */
name: string, 
/**
 * The round's points, after the classic rule if it is on.
 */
score: number, 
/**
 * The words, in the order found.
 */
words: Array<WordShown>, };

export type BoardShown = { 
/**
 * The board as text, rows apart (`oatr/ihps/htnr/enei`).
 */
text: string, 
/**
 * Rows.
 */
rows: number, 
/**
 * Columns.
 */
cols: number, 
/**
 * Each cell's face, row by row (`None`: a blank cell).
 */
cells: Array<string | null>, 
/**
 * Letter values on the tiles, under a letter scheme.
 */
values: Array<number | null> | null, 
/**
 * Bonus cells (`DL`, `TL`, `DW`, `TW`), for a game with them.
 */
bonus: Array<string | null> | null, 
/**
 * For each cell (row-major), the cells a traced path may step to from
 * it: the round's adjacency and wrap, as the library's judge reads
 * them, so the page keeps no rule of its own.
 */
neighbors: Array<Array<number>>, };

export type Place = { 
/**
 * From 1: one more than the players who scored more.
 */
rank: number, 
/**
 * The round's players.
 */
players: number, 
/**
 * 0 to 100: the players below, and half of those level.
 */
percentile: number, 
/**
 * Points.
 */
score: number, 
/**
 * Words found.
 */
words: number, };

export type Leader = { 
/**
 * From 1 (players level share one).
 */
rank: number, 
/**
 * The screen name (text, never markup).
 */
name: string, 
/**
 * Points.
 */
score: number, 
/**
 * Words found.
 */
words: number, };

export type WordShare = { 
/**
 * How many players found it.
 */
finders: number, 
/**
 * Their share of the players, 0 to 1 ("found by 37%").
 */
share: number, 
/**
 * The word.
 */
word: string, 
/**
 * Its points (what it scored for this player: 0 when the classic rule
 * cancelled it).
 */
points: number, 
/**
 * Whether another player found it too.
 */
shared: boolean, 
/**
 * Whether it is rare (below the pack's common line).
 */
rare: boolean, 
/**
 * Its path, `[row, column]` cells.
 */
path: Array<[number, number]>, };

export type ArenaResults = { 
/**
 * The round's start (`2026-12-03T08:01:20Z`).
 */
start: string, 
/**
 * Its board.
 */
board: BoardShown, 
/**
 * Its seed (`boggle roll --game G --seed S` rolls the board).
 */
seed: number, 
/**
 * How many played (sent at least one try).
 */
players: number, 
/**
 * The ten best players.
 */
top: Array<Leader>, 
/**
 * The board's best words, best first, with how many found each.
 */
best: Array<WordShare>, 
/**
 * The target's words nobody found: common ones first, best first.
 */
nobody: Array<WordShown>, 
/**
 * Milliseconds until the next round starts.
 */
next_ms: number, };

export type ArenaMine = { 
/**
 * The round's start, as in its `arena_results`.
 */
start: string, 
/**
 * Where they finished.
 */
place: Place, 
/**
 * Their words, with how many players found each.
 */
words: Array<WordShare>, 
/**
 * Their find the fewest players made (the best of those if several).
 */
rarest: WordShare | null, 
/**
 * Their pace was past what a person keeps up: the result stands for
 * them and is held out of the leaderboards.
 */
held: boolean, };

export type DailyResults = { 
/**
 * The board.
 */
board: BoardShown, 
/**
 * Its seed (`boggle roll --game G --daily DATE` rolls the board).
 */
seed: number, 
/**
 * Your place among the date's scored plays (none if held out).
 */
place: Place | null, 
/**
 * Points.
 */
score: number, 
/**
 * Your words, best first.
 */
words: Array<WordShown>, 
/**
 * Your pace was past what a person keeps up: held out of the
 * leaderboard.
 */
held: boolean, 
/**
 * You had played this date's board before: this is that play (one
 * scored play a day).
 */
again: boolean, 
/**
 * The date's leaderboard.
 */
day: DailyBoard, };

export type Reply = { "type": "welcome", 
/**
 * The room's code.
 */
code: string, 
/**
 * Your seat.
 */
seat: number, 
/**
 * Your seat's secret.
 */
token: string, 
/**
 * Whether you watch.
 */
watch: boolean, } | { "type": "room", 
/**
 * Its code.
 */
code: string, 
/**
 * The host's seat.
 */
host: number, 
/**
 * The settings.
 */
settings: Settings, 
/**
 * The game's label (`Big Boggle (5×5, 3 min, 4+ letters)`).
 */
game_label: string, 
/**
 * `lobby`, `starting` or `playing`.
 */
phase: Phase, 
/**
 * Rounds played so far.
 */
rounds: number, 
/**
 * The players and watchers.
 */
players: Array<Player>, } | { "type": "round", 
/**
 * Its number in the room, from 1.
 */
number: number, 
/**
 * The board.
 */
board: BoardShown, 
/**
 * The round's seed (`boggle roll --game G --seed S` rolls it).
 */
seed: number, 
/**
 * The round's length.
 */
seconds: number, 
/**
 * Milliseconds left when this was sent.
 */
left_ms: number, 
/**
 * The shortest word that counts.
 */
min_len: number, 
/**
 * How many words the target counts.
 */
target: number, 
/**
 * Your words so far (on a reconnect).
 */
mine: Array<WordShown>, } | { "type": "verdict", 
/**
 * `new`, `again`, `short`, `notboard`, `notword` or `badpath`.
 */
kind: VerdictKind, 
/**
 * The word as judged.
 */
word: string, 
/**
 * Its points, for a new word.
 */
points: number, 
/**
 * Whether it is a rare find.
 */
rare: boolean, 
/**
 * Why it does not count, in words.
 */
why: string | null, 
/**
 * The word's path on the board, for a new word.
 */
path: Array<[number, number]>, 
/**
 * Your score now.
 */
score: number, } | { "type": "progress", 
/**
 * One entry a player.
 */
players: Array<Progress>, } | { "type": "results", 
/**
 * The round's number.
 */
number: number, 
/**
 * Its board (for whoever joins after it).
 */
board: BoardShown, 
/**
 * Whether the clock ended it (not the host or a shutdown).
 */
timed_out: boolean, 
/**
 * The classic rule was on.
 */
classic: boolean, 
/**
 * Each player's round, best score first.
 */
players: Array<PlayerResult>, 
/**
 * The target's words nobody found, best first.
 */
missed: Array<WordShown>, 
/**
 * Rare words nobody found (outside a common-words target).
 */
missed_rare: number, 
/**
 * The most the target's words score.
 */
max: number, 
/**
 * Which words the target (and `max`) counts; the players' scores
 * count every word they found.
 */
counted: Counted, 
/**
 * The room's running totals after this round.
 */
totals: Array<Player>, } | { "type": "arena_welcome", 
/**
 * Your public id (what results and leaderboards know you by).
 */
player: string, 
/**
 * Your device's secret.
 */
token: string, 
/**
 * Your screen name.
 */
name: string, 
/**
 * The arena's game.
 */
game: string, 
/**
 * Its language.
 */
lang: string, 
/**
 * The game's label.
 */
game_label: string, 
/**
 * The friends' board entered with (its code), if any.
 */
group: string | null, } | { "type": "arena_round", 
/**
 * Its start (`2026-12-03T08:01:20Z`).
 */
start: string, 
/**
 * The board.
 */
board: BoardShown, 
/**
 * Its seed (`boggle roll --game G --seed S` rolls it).
 */
seed: number, 
/**
 * The round's length.
 */
seconds: number, 
/**
 * Milliseconds left when this was sent.
 */
left_ms: number, 
/**
 * The shortest word that counts.
 */
min_len: number, 
/**
 * How many words the target counts.
 */
target: number, 
/**
 * Your words so far (on coming back).
 */
mine: Array<WordShown>, } | { "type": "arena_wait", 
/**
 * Milliseconds until it starts.
 */
next_ms: number, } | { "type": "arena_place" } & Place | { "type": "arena_results" } & ArenaResults | { "type": "arena_mine" } & ArenaMine | { "type": "daily_results" } & DailyResults | { "type": "error", 
/**
 * What kind of refusal, for the page to act on.
 */
code: Refusal, 
/**
 * Why, in words.
 */
message: string, } | { "type": "bye", 
/**
 * Why.
 */
message: string, };
