//! The solver as a WebAssembly module for the web app (`web/`).
//!
//! The ABI is hand-written and small, so the page needs no bindings
//! generator (and the build no tool beyond cargo): JavaScript writes a
//! request's UTF-8 JSON into memory it got from [`alloc`], calls one
//! function with the pointer and length, and reads the JSON answer at the
//! pointer and length packed into the `u64` it returns (high half pointer,
//! low half length), then gives both buffers back with [`dealloc`].
//!
//! The calls, each with its request and answer in [`api`] (whose types the
//! page's TypeScript types are generated from):
//!
//! - [`load_pack`] takes a pack's bytes, a file's or its compact form's
//!   (`prep::pack::compact`: how the site sends them), and answers
//!   [`api::PackInfo`]; the built-in `en` and
//!   `nl` are there from the start, by name.
//! - [`pack_begin`], [`pack_push`] and [`pack_end`] take a compact form a
//!   piece at a time as it downloads, gzipped or not, and rebuild the
//!   pack as the pieces come ([`api::PackStream`] names it), so that
//!   little is left to do when the last one has.
//! - [`solve()`] takes [`api::SolveRequest`] and answers [`api::Solution`]:
//!   every word with its path, and what the tiles show (the page times the
//!   call itself: there is no clock in `wasm32-unknown-unknown`).
//! - [`contains`] takes [`api::ContainsRequest`] and answers
//!   [`api::Contains`] (the play mode tells a word not in the pack from one
//!   not on the board).
//! - [`roll`] takes [`api::RollRequest`] and answers [`api::Rolled`].
//! - [`games`] answers [`api::Games`]: the library's table of games
//!   (`solve::game`), custom last, so the page keeps none.
//! - [`game_round`] takes [`api::RoundRequest`] and answers
//!   [`api::RoundInfo`]: the game's round for the seed, the same as `boggle
//!   roll --game` and Python's.
//! - [`spell`] takes [`api::SpellRequest`] and answers [`api::Spelled`]:
//!   what a traced path spells and, if it may not be played, why.
//! - [`play_open`] takes [`api::PlayOpen`] and answers [`api::PlayRound`]:
//!   a solo round on a board, kept here with the player's words;
//!   [`play_try`] judges a try ([`api::PlayTry`] → [`api::Tried`]) by the
//!   library's one rule (`solve::game::Judge`, as the room server's), and
//!   [`play_end`] ends it ([`api::PlayEnd`] → [`api::PlayEnded`]).
//!
//! Every failure answers [`api::Failure`], `{"error": "one line"}`;
//! nothing panics on what a user types.

use std::cell::RefCell;
use std::collections::HashMap;
use std::str::FromStr;

use grid::Adjacency;
use prep::Pack;
use serde::Serialize;
use solve::game::{self, Game};
use solve::random::LetterMode;
use solve::random::{self, RollSpec, Target};
use solve::{RuleOptions, Scoring, Solver, Tally, TextStyle};

pub mod api;
mod arriving;
mod calls;
mod play;
use api::{
    Contains, ContainsRequest, Failure, GameInfo, Games, PackInfo, PackStream, RollRequest, Rolled,
    RoundInfo, RoundRequest, Solution, SolveRequest, SpellRequest, Spelled, Word,
};
pub use calls::{answer, Call, CALLS};
pub use play::{play_end, play_open, play_try};

/// Packs by id: the built-in names, and `#N` for loaded ones.
struct State {
    packs: HashMap<String, Pack>,
    loaded: usize,
    /// Solvers by pack and rules, the most recent last (a few kept, so
    /// going back to a pack or a rule does not decode its table again).
    solvers: Vec<(String, Solver)>,
    /// Packs arriving in pieces, by stream (a few at most: a list).
    arriving: Vec<(u32, arriving::Arriving)>,
    streams: u32,
}

thread_local! {
    static STATE: RefCell<State> = RefCell::new(State {
        packs: HashMap::new(),
        loaded: 0,
        solvers: Vec::new(),
        arriving: Vec::new(),
        streams: 0,
    });
}

/// Memory for JavaScript to write a request into: `len` bytes (at least
/// one), zeroed.
///
/// Every buffer that crosses the boundary, a request or an answer, is a
/// boxed slice, whose allocation is exactly its length, so [`dealloc`]
/// rebuilds exactly what was allocated. (A `Vec` would not do: its
/// capacity may exceed its length, even after `shrink_to_fit`.)
#[no_mangle]
pub extern "C" fn alloc(len: usize) -> *mut u8 {
    Box::into_raw(vec![0u8; len.max(1)].into_boxed_slice()).cast::<u8>()
}

/// Gives back memory from [`alloc`] or an answer.
///
/// # Safety
/// `ptr` and `len` must be what [`alloc`] (with that length) or an answer
/// gave, once.
#[no_mangle]
pub unsafe extern "C" fn dealloc(ptr: *mut u8, len: usize) {
    drop(Box::from_raw(std::ptr::slice_from_raw_parts_mut(
        ptr,
        len.max(1),
    )));
}

/// Reads a request, runs `f`, and packs the answer.
///
/// # Safety
/// `ptr`/`len` must be a buffer from [`alloc`] holding `len` bytes.
unsafe fn call<T: Serialize>(
    ptr: *const u8,
    len: usize,
    f: impl FnOnce(&[u8]) -> Result<T, String>,
) -> u64 {
    let input = std::slice::from_raw_parts(ptr, len);
    let answer = match f(input).and_then(|v| serde_json::to_vec(&v).map_err(|e| e.to_string())) {
        Ok(v) => v,
        Err(error) => serde_json::to_vec(&Failure { error }).unwrap_or_default(),
    };
    // Pointers are 32 bits in wasm32, so pointer and length fit one u64.
    let (p, l) = answer_buffer(&answer);
    ((p as u64) << 32) | l as u64
}

/// An answer's JSON as a buffer for JavaScript to read and give back with
/// [`dealloc`]: a boxed slice (see [`alloc`]), never empty.
fn answer_buffer(answer: &[u8]) -> (*mut u8, usize) {
    let bytes = answer.to_vec().into_boxed_slice();
    let len = bytes.len();
    (Box::into_raw(bytes).cast::<u8>(), len)
}

/// A request's JSON, read as `R`.
fn request<R: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<R, String> {
    serde_json::from_slice(bytes).map_err(|e| {
        // Where in the request's JSON is the page's business, not a player's.
        let text = e.to_string();
        match text.rsplit_once(" at line ") {
            Some((what, _)) => what.to_string(),
            None => text,
        }
    })
}

fn pack_info(id: &str, pack: &Pack) -> PackInfo {
    PackInfo {
        id: id.to_string(),
        name: pack.name().to_string(),
        language: pack.recipe().language.code.clone(),
        words: pack.len(),
        min_len: pack.recipe().board.min_word_len,
    }
}

/// Loads a pack file's bytes; answers its id and description.
///
/// # Safety
/// As for every call: a buffer from [`alloc`].
#[no_mangle]
pub unsafe extern "C" fn load_pack(ptr: *const u8, len: usize) -> u64 {
    call(ptr, len, load_pack_bytes)
}

fn load_pack_bytes(bytes: &[u8]) -> Result<PackInfo, String> {
    // The site sends its packs in compact form (a third of the download);
    // a file opened from disk is a pack.
    let pack = match Pack::is_compact(bytes) {
        true => Pack::from_compact(bytes, "pack file"),
        false => Pack::from_vec(bytes.to_vec(), "pack file"),
    }
    .map_err(|e| e.to_string())?;
    Ok(keep(pack))
}

/// Holds a pack by a new `#N` id; answers its description.
fn keep(pack: Pack) -> PackInfo {
    STATE.with(|s| {
        let mut s = s.borrow_mut();
        s.loaded += 1;
        let id = format!("#{}", s.loaded);
        let info = pack_info(&id, &pack);
        s.packs.insert(id, pack);
        info
    })
}

/// Starts a pack that will come in pieces (its compact form); answers
/// [`api::PackStream`]. The request is `{}`.
///
/// # Safety
/// As for every call: a buffer from [`alloc`].
#[no_mangle]
pub unsafe extern "C" fn pack_begin(ptr: *const u8, len: usize) -> u64 {
    call(ptr, len, begin_stream)
}

fn begin_stream(_: &[u8]) -> Result<PackStream, String> {
    Ok(STATE.with(|s| {
        let mut s = s.borrow_mut();
        s.streams += 1;
        let stream = s.streams;
        s.arriving
            .push((stream, arriving::Arriving::new("pack download")));
        PackStream { stream }
    }))
}

/// Gives an arriving pack its next piece: the request is the stream's
/// number (four bytes, little-endian) and the piece's bytes, not JSON.
/// Answers the [`api::PackStream`], or an error, after which the stream is
/// gone.
///
/// # Safety
/// As for every call: a buffer from [`alloc`].
#[no_mangle]
pub unsafe extern "C" fn pack_push(ptr: *const u8, len: usize) -> u64 {
    call(ptr, len, push_piece)
}

fn push_piece(bytes: &[u8]) -> Result<PackStream, String> {
    let (id, piece) = bytes
        .split_first_chunk::<4>()
        .ok_or("a piece of a pack starts with its stream's number")?;
    let stream = u32::from_le_bytes(*id);
    STATE.with(|s| {
        let mut s = s.borrow_mut();
        let at = s
            .arriving
            .iter()
            .position(|(n, _)| *n == stream)
            .ok_or_else(|| format!("no pack arriving as stream {stream}"))?;
        match s.arriving[at].1.push(piece) {
            Ok(()) => Ok(PackStream { stream }),
            Err(e) => {
                s.arriving.swap_remove(at);
                Err(e)
            }
        }
    })
}

/// Ends an arriving pack ([`api::PackStream`]): every piece has come.
/// Answers [`api::PackInfo`] for the rebuilt pack, or why it is not one.
///
/// # Safety
/// As for every call: a buffer from [`alloc`].
#[no_mangle]
pub unsafe extern "C" fn pack_end(ptr: *const u8, len: usize) -> u64 {
    call(ptr, len, end_stream)
}

fn end_stream(bytes: &[u8]) -> Result<PackInfo, String> {
    let PackStream { stream } = request(bytes)?;
    let rebuild = STATE
        .with(|s| {
            let mut s = s.borrow_mut();
            let at = s.arriving.iter().position(|(n, _)| *n == stream)?;
            Some(s.arriving.swap_remove(at).1)
        })
        .ok_or_else(|| format!("no pack arriving as stream {stream}"))?;
    Ok(keep(rebuild.finish()?))
}

fn pack(id: &str) -> Result<Pack, String> {
    STATE.with(|s| {
        if let Some(p) = s.borrow().packs.get(id) {
            return Ok(p.clone());
        }
        solve::packs::builtin(id).ok_or_else(|| format!("no pack {id:?}"))
    })
}

/// A request's board, cut into rows of `size` (`3x4`) when it is one run.
fn read_board(
    faces: &solve::FaceRules,
    text: &str,
    size: Option<&str>,
) -> Result<solve::Board, String> {
    let size = size
        .map(str::parse::<grid::Size>)
        .transpose()
        .map_err(|e| e.to_string())?;
    faces.parse_sized(text, size).map_err(|e| e.to_string())
}

/// A request's adjacency (`all`, `no-diag`), king moves if none.
fn adjacency(neighbors: Option<&str>) -> Result<Adjacency, String> {
    neighbors.map_or(Ok(Adjacency::King), |n| {
        n.parse().map_err(|e: grid::UnknownName| e.to_string())
    })
}

/// Solves a board; answers every word with its path.
///
/// # Safety
/// As for every call: a buffer from [`alloc`].
#[no_mangle]
pub unsafe extern "C" fn solve(ptr: *const u8, len: usize) -> u64 {
    call(ptr, len, solve_request)
}

fn solve_request(bytes: &[u8]) -> Result<Solution, String> {
    let req: SolveRequest = request(bytes)?;
    Ok(solution_answer(&solved(&req)?))
}

/// A board solved under a request's rules, with what answering it needs.
struct Solved {
    pack: Pack,
    board: solve::Board,
    faces: solve::FaceRules,
    /// The rules as the solver resolved them (letter values, bonus cells).
    rules: solve::Rules,
    solution: solve::Solution,
}

/// Solves a request's board, with a solver kept from an earlier call under
/// the same pack and rules if there is one.
fn solved(req: &SolveRequest) -> Result<Solved, String> {
    let pack = pack(&req.pack)?;
    let adjacency = adjacency(req.neighbors.as_deref())?;
    let options = RuleOptions {
        adjacency,
        wrap: req.wrap.unwrap_or(false),
        qu: req.qu,
        min_len: req.min_len,
        scoring: req
            .scoring
            .as_deref()
            .map(Scoring::from_str)
            .transpose()
            .map_err(|e| e.to_string())?,
        letter_values: None,
        bonus: req.bonus.clone().filter(|b| !b.trim().is_empty()),
        min_zipf: req
            .min_zipf
            .map(prep::frequency::Zipf::try_from)
            .transpose()
            .map_err(|e| e.to_string())?,
    };
    let (faces, mut rules) = options.resolve(&pack).map_err(|e| e.to_string())?;
    let board = read_board(&faces, &req.board, req.size.as_deref())?;
    rules
        .fit_bonus(board.rows(), board.cols())
        .map_err(|e| e.to_string())?;
    let key = format!("{}|{:?}", req.pack, rules);
    let (solution, solved) =
        STATE.with(|s| -> Result<(solve::Solution, solve::Rules), String> {
            let mut s = s.borrow_mut();
            let solvers = &mut s.solvers;
            match solvers.iter().position(|(k, _)| *k == key) {
                Some(i) => {
                    let hit = solvers.remove(i);
                    solvers.push(hit);
                }
                None => {
                    let solver =
                        Solver::with_rules(&pack, rules.clone()).map_err(|e| e.to_string())?;
                    if solvers.len() == 8 {
                        solvers.remove(0);
                    }
                    solvers.push((key.clone(), solver));
                }
            }
            let (_, solver) = solvers.last_mut().ok_or("no solver")?;
            let solution = solver.solve(&board).map_err(|e| e.to_string())?;
            Ok((solution, solver.rules().clone()))
        })?;
    Ok(Solved {
        pack,
        board,
        faces,
        rules: solved,
        solution,
    })
}

/// A solution as the page reads it.
fn solution_answer(s: &Solved) -> Solution {
    let Solved {
        pack,
        board,
        faces,
        rules,
        solution,
    } = s;
    let cells = (0..board.len())
        .map(|i| board.face(i).map(str::to_string))
        .collect();
    // What the tiles show: values under a letter-value scheme, bonus cells.
    let values = rules.tile_values(board);
    let bonus = rules
        .bonus_marks(board.len())
        .map(|marks| marks.into_iter().map(|m| m.map(String::from)).collect());
    let words = solution
        .words
        .iter()
        .map(|w| Word {
            word: w.word.clone(),
            score: w.score,
            len: w.len,
            path: w.path.iter().map(|p| [p.row, p.col]).collect(),
            zipf: w.zipf,
            rare: w.rare,
        })
        .collect();
    Solution {
        board: faces.text(board, TextStyle::Rows),
        rows: board.rows(),
        cols: board.cols(),
        cells,
        score: solution.score,
        word_count: solution.word_count,
        words,
        // The common words' score and count, the line drawn, and whether
        // the pack knows how common its words are at all.
        common: api::Tally {
            score: solution.common.score,
            words: solution.common.words,
        },
        common_zipf: rules.words.common,
        frequencies: pack.has_frequencies(),
        scoring: rules.scoring.name().to_string(),
        min_len: rules.min_len,
        values,
        bonus,
    }
}

/// Whether the pack holds a word (lowercased; in the pack's spelling).
///
/// # Safety
/// As for every call: a buffer from [`alloc`].
#[no_mangle]
pub unsafe extern "C" fn contains(ptr: *const u8, len: usize) -> u64 {
    call(ptr, len, contains_request)
}

fn contains_request(bytes: &[u8]) -> Result<Contains, String> {
    let req: ContainsRequest = request(bytes)?;
    let pack = pack(&req.pack)?;
    let word = req.word.trim().to_lowercase();
    let in_pack = pack.contains(&word).map_err(|e| e.to_string())?;
    Ok(Contains { word, in_pack })
}

/// Rolls a board as `boggle roll` does: the same seed, the same board.
///
/// # Safety
/// As for every call: a buffer from [`alloc`].
#[no_mangle]
pub unsafe extern "C" fn roll(ptr: *const u8, len: usize) -> u64 {
    call(ptr, len, roll_request)
}

fn roll_request(bytes: &[u8]) -> Result<Rolled, String> {
    let req: RollRequest = request(bytes)?;
    let pack = pack(&req.pack)?;
    let (faces, _) = RuleOptions::default()
        .resolve(&pack)
        .map_err(|e| e.to_string())?;
    let spec = RollSpec {
        dice: req.dice.filter(|d| !d.is_empty()),
        letters: req
            .letters
            .as_deref()
            .map(LetterMode::from_str)
            .transpose()
            .map_err(|e| e.to_string())?,
        size: req
            .size
            .as_deref()
            .map(str::parse)
            .transpose()
            .map_err(|e| format!("{e}"))?,
        shape: None,
    };
    let rolling = spec.resolve(&pack, &faces).map_err(|e| e.to_string())?;
    let rolled = random::roll_until(&rolling.roller, req.seed, Target::default(), |_| {
        Tally::default()
    })
    .map_err(|e| e.to_string())?;
    Ok(Rolled {
        board: faces.text(&rolled.board, TextStyle::Rows),
        seed: req.seed,
    })
}

/// The library's games.
///
/// # Safety
/// As for every call: a buffer from [`alloc`].
#[no_mangle]
pub unsafe extern "C" fn games(ptr: *const u8, len: usize) -> u64 {
    call(ptr, len, |_| Ok(games_list()))
}

fn games_list() -> Games {
    // Custom last: the page's own size and scheme.
    let custom = Game {
        name: "Custom (choose below)".into(),
        ..Game::custom(grid::Size { rows: 4, cols: 4 }, solve::Scoring::boggle())
    };
    let games = game::games()
        .iter()
        .chain([&custom])
        .map(|g| GameInfo {
            id: g.id.clone(),
            name: g.name.clone(),
            label: if g.id == "custom" {
                g.name.clone()
            } else {
                g.label()
            },
            size: g.size.to_string(),
            seconds: g.seconds,
            scoring: g.scoring.name().to_string(),
            min_len: g.min_len.map(std::num::NonZeroUsize::get),
            min_common: g.min_common,
            bonus: g.bonus.is_some(),
            special: g.special.is_some(),
        })
        .collect();
    Games { games }
}

/// A game's round for a seed. (Not called `round`: an unmangled `round`
/// would stand in for the C library's, which `f64::round` calls.)
///
/// # Safety
/// As for every call: a buffer from [`alloc`].
#[no_mangle]
pub unsafe extern "C" fn game_round(ptr: *const u8, len: usize) -> u64 {
    call(ptr, len, round_request)
}

fn round_request(bytes: &[u8]) -> Result<RoundInfo, String> {
    let req: RoundRequest = request(bytes)?;
    let pack = pack(&req.pack)?;
    let game = match req.game.as_str() {
        "custom" => Game::custom(
            req.size
                .as_deref()
                .unwrap_or("4x4")
                .parse()
                .map_err(|e| format!("{e}"))?,
            req.scoring
                .as_deref()
                .unwrap_or("boggle")
                .parse::<Scoring>()
                .map_err(|e| e.to_string())?,
        ),
        name => Game::named(name).map_err(|e| e.to_string())?,
    };
    let seed = match (&req.daily, req.match_round) {
        (Some(_), Some(_)) => return Err("a round is a day's or a match's, not both".into()),
        (Some(day), None) => game.daily_seed(
            day.parse::<game::Day>().map_err(|e| e.to_string())?,
            &pack.recipe().language.code,
        ),
        (None, Some(round)) => game.match_seed(req.seed, round).ok_or_else(|| {
            format!(
                "a match's rounds are 1 to {} (not {round})",
                game::MATCH_ROUNDS
            )
        })?,
        (None, None) => req.seed,
    };
    let round = game.roll(&pack, seed).map_err(|e| e.to_string())?;
    Ok(RoundInfo {
        board: round.faces.text(&round.board, TextStyle::Rows),
        bonus: round.bonus_text(),
        seed: round.seed,
        attempts: round.attempts,
        common_words: round.common_words,
        min_common: game.min_common,
        seconds: game.seconds,
        scoring: game.scoring.name().to_string(),
        min_len: game.min_len.map(std::num::NonZeroUsize::get),
    })
}

/// What a traced path spells, and whether it may be played.
///
/// # Safety
/// As for every call: a buffer from [`alloc`].
#[no_mangle]
pub unsafe extern "C" fn spell(ptr: *const u8, len: usize) -> u64 {
    call(ptr, len, spell_request)
}

fn spell_request(bytes: &[u8]) -> Result<Spelled, String> {
    let req: SpellRequest = request(bytes)?;
    let pack = pack(&req.pack)?;
    let faces = solve::FaceRules::from_pack(&pack).map_err(|e| e.to_string())?;
    let board = read_board(&faces, &req.board, req.size.as_deref())?;
    let adjacency = adjacency(req.neighbors.as_deref())?;
    let neighbors = grid::Neighbors::new(grid::Grid::new(
        board.rows(),
        board.cols(),
        adjacency,
        req.wrap.unwrap_or(false),
    ));
    // A cell off the board becomes an index past the end, which spell names.
    let path: Vec<usize> = req
        .path
        .iter()
        .map(|&[r, c]| match r < board.rows() && c < board.cols() {
            true => r * board.cols() + c,
            false => board.len(),
        })
        .collect();
    let spelled = solve::board::path::spell(&board, &neighbors, &path);
    Ok(Spelled {
        words: spelled.words,
        // Not `error`: that key is a failed call's.
        why: spelled.error.map(|e| e.to_string()),
    })
}

#[cfg(test)]
mod tests;
