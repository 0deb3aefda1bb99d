// The solver module's requests and answers, generated from
// crates/web/src/api.rs by `cargo test -p boggle-web --lib api_types`
// (which `npm run build` runs): edit the Rust, not this file.

export type PackInfo = { 
/**
 * The id later requests name it by (`en`, or `#N` for a loaded file).
 */
id: string, 
/**
 * The pack's name.
 */
name: string, 
/**
 * Its language's code (`en`, `nl`).
 */
language: string, 
/**
 * How many words it holds.
 */
words: number, 
/**
 * The shortest word its rules allow.
 */
min_len: number, };

export type PackStream = { 
/**
 * Which of the packs arriving it is.
 */
stream: number, };

export type SolveRequest = { 
/**
 * The board: rows split by `/`, or one run of letters with `size`.
 */
board: string, 
/**
 * The pack's id.
 */
pack: string, 
/**
 * `all` (king moves, the default) or `no-diag`.
 */
neighbors?: string, 
/**
 * Whether the edges wrap around.
 */
wrap?: boolean, 
/**
 * The shortest word that counts (the pack's rule if none).
 */
min_len?: number, 
/**
 * A scoring scheme's name.
 */
scoring?: string, 
/**
 * A bonus grid (`d..T/....`).
 */
bonus?: string, 
/**
 * Whether a `q` reads as `qu`.
 */
qu?: boolean, 
/**
 * The board's size (`3x4`): cuts a run of letters into its rows.
 */
size?: string, 
/**
 * Count only words at least this common (a Zipf value; none: every
 * word, the common ones counted apart at the default line).
 */
min_zipf?: number, };

export type Word = { 
/**
 * The word, in the pack's spelling.
 */
word: string, 
/**
 * Its points.
 */
score: number, 
/**
 * Its length in letters.
 */
len: number, 
/**
 * Its cells as (row, col) from 0, first letter first.
 */
path: Array<[number, number]>, 
/**
 * How common the word is (Zipf, to a tenth), when the pack knows.
 */
zipf?: number, 
/**
 * Under the line between common and rare, or not in the frequency list.
 */
rare?: boolean, };

export type Tally = { 
/**
 * Total points.
 */
score: number, 
/**
 * How many words.
 */
words: number, };

export type Solution = { 
/**
 * The board as rows split by `/`.
 */
board: string, 
/**
 * Its rows.
 */
rows: number, 
/**
 * Its columns.
 */
cols: number, 
/**
 * Each cell's face (`a`, `qu`, `ij`), or null for a blank.
 */
cells: Array<string | null>, 
/**
 * Every word's points.
 */
score: number, 
/**
 * How many words.
 */
word_count: number, 
/**
 * The words, best first.
 */
words: Array<Word>, 
/**
 * The common words' points and count (all words, in a pack without
 * frequencies).
 */
common: Tally, 
/**
 * The line between common and rare (a Zipf value).
 */
common_zipf: number, 
/**
 * Whether the pack knows how common its words are.
 */
frequencies: boolean, 
/**
 * The scoring scheme's name.
 */
scoring: string, 
/**
 * The shortest word that counts.
 */
min_len: number, 
/**
 * Each cell's letter value under a letter-value scheme, else null.
 */
values: Array<number | null> | null, 
/**
 * Each cell's bonus (`DL`, `TL`, `DW`, `TW`) under a bonus grid, else
 * null.
 */
bonus: Array<string | null> | null, };

export type ContainsRequest = { 
/**
 * The pack's id.
 */
pack: string, 
/**
 * The word, in any case.
 */
word: string, };

export type Contains = { 
/**
 * The word as looked up (trimmed, lowercased).
 */
word: string, 
/**
 * Whether the pack holds it.
 */
in_pack: boolean, };

export type RollRequest = { 
/**
 * The pack's id.
 */
pack: string, 
/**
 * A dice set's name (the pack's own if none).
 */
dice?: string, 
/**
 * Letters drawn by frequency instead of dice (`uniform`, `english`).
 */
letters?: string, 
/**
 * The board's size (`4x4`).
 */
size?: string, 
/**
 * The seed.
 */
seed: number, };

export type Rolled = { 
/**
 * The board as rows split by `/`.
 */
board: string, 
/**
 * The seed it was rolled from.
 */
seed: number, };

export type Games = { 
/**
 * Every game, custom last.
 */
games: Array<GameInfo>, };

export type GameInfo = { 
/**
 * Its id (`ruzzle`).
 */
id: string, 
/**
 * Its name.
 */
name: string, 
/**
 * Its name with size, time and what sets it apart: `Big Boggle (5×5,
 * 3 min, 4+ letters)`.
 */
label: string, 
/**
 * Its size (`4x4`).
 */
size: string, 
/**
 * A round's time.
 */
seconds: number, 
/**
 * Its scoring scheme's name.
 */
scoring: string, 
/**
 * The shortest word that counts, where the game sets one.
 */
min_len: number | null, 
/**
 * The fewest common words a rolled board may have.
 */
min_common: number, 
/**
 * Whether its rounds place bonus cells (Ruzzle).
 */
bonus: boolean, 
/**
 * Whether its rounds place a special tile (Wordament).
 */
special: boolean, };

export type RoundRequest = { 
/**
 * The pack's id.
 */
pack: string, 
/**
 * The game's id.
 */
game: string, 
/**
 * The seed.
 */
seed: number, 
/**
 * A custom game's size (`5x5`).
 */
size?: string, 
/**
 * A custom game's scoring scheme.
 */
scoring?: string, 
/**
 * The daily round of this date (`2026-12-01`) instead of `seed`:
 * the seed `boggle roll --game G --daily DATE` rolls.
 */
daily?: string, 
/**
 * Round ROUND (from 1) of the match rolled from `seed`: the seed
 * `boggle roll --game G --seed SEED --match-round ROUND` rolls.
 */
match_round?: number, };

export type RoundInfo = { 
/**
 * The board as rows split by `/`.
 */
board: string, 
/**
 * The bonus grid (`d..T/....`), for a game with bonus cells.
 */
bonus: string | null, 
/**
 * The seed.
 */
seed: number, 
/**
 * Which roll from the seed it is (1 for the first).
 */
attempts: number, 
/**
 * How many common words the board holds.
 */
common_words: number, 
/**
 * The fewest common words the game asks of a board.
 */
min_common: number, 
/**
 * The round's time.
 */
seconds: number, 
/**
 * The scoring scheme's name.
 */
scoring: string, 
/**
 * The shortest word that counts, where the game sets one.
 */
min_len: number | null, };

export type SpellRequest = { 
/**
 * The pack's id.
 */
pack: string, 
/**
 * The board: rows split by `/`, or one run of letters with `size`.
 */
board: string, 
/**
 * The board's size (`3x4`).
 */
size?: string, 
/**
 * `all` (king moves, the default) or `no-diag`.
 */
neighbors?: string, 
/**
 * Whether the edges wrap around.
 */
wrap?: boolean, 
/**
 * The path's cells as (row, col) from 0.
 */
path: Array<[number, number]>, };

export type Spelled = { 
/**
 * Every reading of the path (more than one over a two-way tile).
 */
words: Array<string>, 
/**
 * Why the path may not be played, or null.
 */
why: string | null, };

export type Choice = { 
/**
 * The value (`big-boggle`, `5x5`).
 */
id: string, 
/**
 * How a select shows it.
 */
label: string, };

export type Catalog = { 
/**
 * [`CUSTOM_SIZES`].
 */
custom_sizes: Array<Choice>, 
/**
 * [`CUSTOM_SCORINGS`].
 */
custom_scorings: Array<Choice>, 
/**
 * [`CUSTOM_SECONDS`].
 */
custom_seconds: number, 
/**
 * [`SCORINGS`].
 */
scorings: Array<Choice>, 
/**
 * [`ROLLS`].
 */
rolls: Array<Choice>, 
/**
 * The most digits a seed has ([`SEEDS`]).
 */
seed_digits: number, 
/**
 * The default line between common and rare words, as a Zipf value
 * (`prep::frequency::Zipf::COMMON`): what a setting's note says.
 */
common_zipf: number, 
/**
 * The most rounds a match has ([`MATCH_ROUNDS`](super::MATCH_ROUNDS)).
 */
match_rounds: number, 
/**
 * A match's rounds by default ([`MATCH_DEFAULT`](super::MATCH_DEFAULT)).
 */
match_default: number, };

export type Counted = "common" | "all";

export type VerdictKind = "new" | "again" | "short" | "notboard" | "notword" | "badpath";

export type PlayOpen = { 
/**
 * The board, the pack and the rules, as a solve takes them.
 */
solve: SolveRequest, 
/**
 * The common words (the default) or all of them.
 */
counted?: Counted, };

export type PlayRound = { 
/**
 * The round's number, for [`PlayTry`] and [`PlayEnd`].
 */
round: number, 
/**
 * The board solved: every word with its path, best first.
 */
solution: Solution, 
/**
 * The words the target counts, as indices into the solution's words,
 * best first.
 */
target: Array<number>, 
/**
 * The most the target's words score.
 */
max: number, 
/**
 * For each cell (row-major), the cells next to it under the round's
 * adjacency and wrap.
 */
neighbors: Array<Array<number>>, };

export type PlayTry = { 
/**
 * The round's number.
 */
round: number, 
/**
 * A typed word.
 */
word?: string, 
/**
 * A traced path, (row, col) cells from 0.
 */
path?: Array<[number, number]>, 
/**
 * Judge the try but keep nothing: what it would come to now (a path
 * still being traced, shown on its tiles before the finger lifts).
 */
peek?: boolean, };

export type Tried = { 
/**
 * The verdict's kind.
 */
kind: VerdictKind, 
/**
 * The word as judged (the board's spelling for a word it holds).
 */
text: string, 
/**
 * For a new or repeated word, its index in the solution's words.
 */
word: number | null, 
/**
 * Its points, for a new word.
 */
points: number, 
/**
 * Whether it is a rare find.
 */
rare: boolean, 
/**
 * Why it does not count, in words (`too short (3 letters at least)`).
 */
why: string | null, 
/**
 * The player's score now.
 */
score: number, 
/**
 * The words found so far.
 */
found: number, 
/**
 * Of them, those the target counts.
 */
counted: number, };

export type PlayEnd = { 
/**
 * The round's number.
 */
round: number, };

export type PlayEnded = { 
/**
 * The target's words not found.
 */
missed: Array<number>, 
/**
 * The words outside the target not found.
 */
missed_rare: Array<number>, };

export type Failure = { 
/**
 * What went wrong.
 */
error: string, };

/** Each call of the module (crates/web/src/calls.rs): its request and answer. */
export interface Calls {
  load_pack: { request: ArrayBuffer; answer: PackInfo };
  pack_begin: { request: Record<string, never>; answer: PackStream };
  pack_push: { request: { stream: number; piece: Uint8Array }; answer: PackStream };
  pack_end: { request: PackStream; answer: PackInfo };
  solve: { request: SolveRequest; answer: Solution };
  contains: { request: ContainsRequest; answer: Contains };
  roll: { request: RollRequest; answer: Rolled };
  games: { request: Record<string, never>; answer: Games };
  game_round: { request: RoundRequest; answer: RoundInfo };
  spell: { request: SpellRequest; answer: Spelled };
  play_open: { request: PlayOpen; answer: PlayRound };
  play_try: { request: PlayTry; answer: Tried };
  play_end: { request: PlayEnd; answer: PlayEnded };
}

/** What a player may choose (solve::game::catalog): every select of the page is built from it. */
export const CATALOG: Catalog = {"custom_sizes":[{"id":"3x3","label":"3×3"},{"id":"4x4","label":"4×4"},{"id":"5x5","label":"5×5"},{"id":"6x6","label":"6×6"}],"custom_scorings":[{"id":"boggle","label":"Boggle (3+ letters)"},{"id":"big-boggle","label":"Big Boggle (4+ letters)"},{"id":"word-hunt","label":"Word Hunt"},{"id":"words","label":"one point a word"},{"id":"letters","label":"letter values"}],"custom_seconds":180,"scorings":[{"id":"boggle","label":"Boggle"},{"id":"big-boggle","label":"Big Boggle"},{"id":"super-big-boggle","label":"Super Big Boggle"},{"id":"word-hunt","label":"Word Hunt"},{"id":"words","label":"one a word"},{"id":"ruzzle","label":"Ruzzle (letters)"},{"id":"wordament","label":"Wordament (letters)"}],"rolls":[{"id":"classic","label":"classic"},{"id":"1987","label":"1987"},{"id":"big","label":"Big Boggle"},{"id":"super-big","label":"Super Big Boggle"},{"id":"frequency","label":"frequency dice"},{"id":"letters:frequency","label":"any letter (by frequency)"},{"id":"letters:uniform","label":"any letter (uniform)"}],"seed_digits":15,"common_zipf":2.5,"match_rounds":9,"match_default":3};
