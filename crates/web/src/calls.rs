//! The module's calls as one table: each export, by the name JavaScript
//! calls it, with its request's and answer's TypeScript types. The page's
//! `Calls` (in the generated `api.ts`) is written from it, and the table
//! names each export itself, so an export renamed here or a call the page
//! makes of a name that is gone fails a build, not the page.

use serde::Serialize;

use crate::{
    contains, game_round, games, load_pack, pack_begin, pack_end, pack_push, play_end, play_open,
    play_try, roll, solve, spell,
};

/// A JSON call as Rust makes it: the request's JSON in, the answer's JSON
/// (or the error the page would show) out.
pub type JsonCall = fn(&[u8]) -> Result<String, String>;

/// One call of the module.
#[derive(Clone, Copy, Debug)]
pub struct Call {
    /// The export's name: what the worker calls.
    pub name: &'static str,
    /// The export itself (so the name above is one the compiler checked).
    pub export: unsafe extern "C" fn(*const u8, usize) -> u64,
    /// The request's TypeScript type (a type of `api.ts`, or the bytes a
    /// byte call takes).
    pub request: &'static str,
    /// The answer's TypeScript type, a type of `api.ts`.
    pub answer: &'static str,
    /// The call on a JSON request, answered as JSON, for Rust callers
    /// ([`answer`]); `None` for a byte call.
    pub json: Option<JsonCall>,
}

/// A call of the table: the export's name is its function's; a JSON call
/// names the function that answers it.
macro_rules! call {
    ($export:ident, $request:expr, $answer:ident) => {
        Call {
            name: stringify!($export),
            export: $export,
            request: $request,
            answer: stringify!($answer),
            json: None,
        }
    };
    ($export:ident, $request:expr, $answer:ident, $json:expr) => {
        Call {
            name: stringify!($export),
            export: $export,
            request: $request,
            answer: stringify!($answer),
            json: Some(|request| json($json(request))),
        }
    };
}

/// An answer as JSON.
fn json<T: Serialize>(answer: Result<T, String>) -> Result<String, String> {
    answer.and_then(|v| serde_json::to_string(&v).map_err(|e| e.to_string()))
}

/// Every call the module answers, in the order the crate docs list them.
pub const CALLS: &[Call] = &[
    call!(load_pack, "ArrayBuffer", PackInfo),
    call!(pack_begin, "Record<string, never>", PackStream),
    call!(
        pack_push,
        "{ stream: number; piece: Uint8Array }",
        PackStream
    ),
    call!(pack_end, "PackStream", PackInfo),
    call!(solve, "SolveRequest", Solution, crate::solve_request),
    call!(
        contains,
        "ContainsRequest",
        Contains,
        crate::contains_request
    ),
    call!(roll, "RollRequest", Rolled, crate::roll_request),
    call!(games, "Record<string, never>", Games, |_: &[u8]| Ok::<
        _,
        String,
    >(
        crate::games_list()
    )),
    call!(game_round, "RoundRequest", RoundInfo, crate::round_request),
    call!(spell, "SpellRequest", Spelled, crate::spell_request),
    call!(play_open, "PlayOpen", PlayRound, crate::play::open),
    call!(play_try, "PlayTry", Tried, crate::play::judge),
    call!(play_end, "PlayEnd", PlayEnded, crate::play::end),
];

/// A JSON call by its export's name, answered as JSON: what the worker
/// reads, without the ABI's pointers, for Rust callers (the room server's
/// tests drive a solo round through it beside a room's). The byte calls
/// (`load_pack`, `pack_push`) are not among them.
pub fn answer(name: &str, request: &[u8]) -> Result<String, String> {
    let call = CALLS.iter().find(|c| c.name == name);
    match call.and_then(|c| c.json) {
        Some(json) => json(request),
        None => Err(format!("no call {name:?}")),
    }
}
