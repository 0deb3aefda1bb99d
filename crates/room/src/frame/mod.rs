//! The messages of a room connection, both ways: one JSON object a
//! WebSocket text message, its kind in `"type"`. `docs/rooms.md` lists them
//! with examples.

use serde::{Deserialize, Serialize};

mod arena;

pub use arena::{
    ArenaBoards, ArenaLanguage, ArenaMine, ArenaResults, ArenaStatus, ArenaTimes, DailyBoard,
    DailyResults, Leader, Leaderboard, Place, Standing, WordShare,
};
/// Which words a round's target counts: the library's rule
/// (`solve::game::Counted`), as the web app's setting names it.
pub use solve::game::Counted;
use solve::game::VerdictKind;

/// What kind of refusal an `error` reply carries (the server's
/// `Refused`): stable, so the page acts on the code, not on the words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Refusal {
    /// Join or create a room first.
    NoSeat,
    /// The connection has a seat already.
    Seated,
    /// No room has that code.
    NoRoom,
    /// A code proposed for a new room is not a room code.
    BadCode,
    /// A room has the code proposed for a new one.
    CodeTaken,
    /// The room has its most players.
    RoomFull,
    /// The room has its most watchers.
    WatchersFull,
    /// Not a name.
    Name,
    /// Settings no game or language here has.
    Settings,
    /// The server has its most rooms.
    RoomsFull,
    /// The server is shutting down.
    ShuttingDown,
    /// Only the host may do that.
    NotHost,
    /// A round is on.
    RoundOn,
    /// No round is on.
    NoRound,
    /// The round's time is up.
    TimeUp,
    /// Watchers do not play.
    Watching,
    /// No board could be rolled.
    Board,
    /// The pack failed a check while judging a word.
    Judge,
    /// Someone in the room has that name.
    NameTaken,
    /// Tries faster than a seat may send them.
    TooFast,
    /// No friends' board has that code.
    NoGroup,
    /// The friends' board has its most players.
    GroupFull,
    /// A client address's rooms, joins or wrong codes for the minute are
    /// used up.
    TooMany,
}

impl Refusal {
    /// The code as the `error` frame spells it (`no_room`), for the access
    /// log and the metrics.
    pub fn name(self) -> String {
        serde_json::to_value(self)
            .ok()
            .and_then(|v| v.as_str().map(String::from))
            .unwrap_or_default()
    }
}

/// Where a room is between rounds and in one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    /// Between rounds: the host may change the settings and start.
    Lobby,
    /// A round is being rolled.
    Starting,
    /// A round is on.
    Playing,
}

/// What the host chooses for the next round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Settings {
    /// A game of `solve::game` (`boggle`, `wordhunt`…) or `custom`.
    #[serde(default = "default_game")]
    pub game: String,
    /// A language key of the server's packs (`en`, `nl`).
    #[serde(default = "default_lang")]
    pub lang: String,
    /// The round's target.
    #[serde(default)]
    pub words: Counted,
    /// The classic rule: a word two or more players found scores for
    /// nobody.
    #[serde(default)]
    pub classic: bool,
    /// The round's time in seconds (the game's if `None`).
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub seconds: Option<u32>,
    /// A custom game's size (`5x5`).
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub size: Option<String>,
    /// A custom game's scoring scheme (`big-boggle`).
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub scoring: Option<String>,
}

fn default_game() -> String {
    "boggle".into()
}

fn default_lang() -> String {
    "en".into()
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            game: default_game(),
            lang: default_lang(),
            words: Counted::Common,
            classic: false,
            seconds: None,
            size: None,
            scoring: None,
        }
    }
}

/// What a client sends.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Request {
    /// Opens a room, with the sender as its host.
    Create {
        /// The host's display name.
        name: String,
        /// The first round's settings.
        #[serde(default)]
        settings: Settings,
        /// The new room's code, if the page has one from `/rooms/code`:
        /// it opened this connection as `/ws?room=CODE`, so a proxy that
        /// routes by room sends every later connection to the room here.
        /// Without one the server draws it.
        #[serde(default)]
        #[cfg_attr(test, ts(optional))]
        code: Option<String>,
    },
    /// Takes a seat in a room: a new one, or with `token` the seat it
    /// belongs to (a reload, a reconnect).
    Join {
        /// The room's code, as typed.
        code: String,
        /// The display name (kept from before on a reconnect).
        name: String,
        /// A seat's token from an earlier `welcome`.
        #[serde(default)]
        #[cfg_attr(test, ts(optional))]
        token: Option<String>,
        /// Watch, not play (no: play).
        #[serde(default)]
        #[cfg_attr(test, ts(optional))]
        watch: Option<bool>,
    },
    /// The host changes the settings (between rounds).
    Settings {
        /// The new settings.
        settings: Settings,
    },
    /// The host starts a round (a rematch: a new board).
    Start,
    /// A traced path: `[row, column]` cells from 0.
    Trace {
        /// The cells, first letter first.
        path: Vec<[u32; 2]>,
    },
    /// A typed word.
    Word {
        /// The word.
        word: String,
    },
    /// The host ends the round before the clock does.
    End,
    /// Gives up the seat.
    Leave,
    /// Enters the arena of a game and a language: one round for everyone,
    /// on a clock. Tries are then `trace` and `word`, as in a room.
    Arena {
        /// The screen name (kept from before with a known token).
        name: String,
        /// The device's token from an earlier `arena_welcome`.
        #[serde(default)]
        #[cfg_attr(test, ts(optional))]
        token: Option<String>,
        /// A game of `solve::game` (the server's arena game if none).
        #[serde(default)]
        #[cfg_attr(test, ts(optional))]
        game: Option<String>,
        /// A language key of the server's packs (`en` if none).
        #[serde(default)]
        #[cfg_attr(test, ts(optional))]
        lang: Option<String>,
        /// A friends' board to join, by its code (`7KQ2-XM9D`); `""`
        /// starts a new one.
        #[serde(default)]
        #[cfg_attr(test, ts(optional))]
        group: Option<String>,
    },
    /// Plays the daily board of a game and a language on `date`: one
    /// scored play a device a date, on its own clock from now (the game's
    /// time). Entering again during it goes on with it; after it, its
    /// result comes back. Tries are `trace` and `word`.
    Daily {
        /// The screen name (kept from before with a known token).
        name: String,
        /// The device's token from an earlier `arena_welcome`.
        #[serde(default)]
        #[cfg_attr(test, ts(optional))]
        token: Option<String>,
        /// A game of `solve::game` (the server's arena game if none).
        #[serde(default)]
        #[cfg_attr(test, ts(optional))]
        game: Option<String>,
        /// A language key of the server's packs (`en` if none).
        #[serde(default)]
        #[cfg_attr(test, ts(optional))]
        lang: Option<String>,
        /// The player's own date (`2026-12-04`), at most a day from the
        /// server's (UTC).
        date: String,
    },
}

/// A player as everyone sees them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Player {
    /// The seat's number in the room.
    pub id: u32,
    /// The display name (text, never markup).
    pub name: String,
    /// Whether they are connected now.
    pub connected: bool,
    /// Whether they watch.
    pub watch: bool,
    /// Points over the room's rounds.
    #[cfg_attr(test, ts(type = "number"))]
    pub total: u64,
}

/// A player's count during a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Progress {
    /// The seat.
    pub id: u32,
    /// Words found.
    pub words: usize,
    /// Their points (before the classic rule, which only the end knows).
    #[cfg_attr(test, ts(type = "number"))]
    pub score: u64,
}

/// A word as the end of a round shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WordShown {
    /// The word.
    pub word: String,
    /// Its points (what it scored for this player: 0 when the classic rule
    /// cancelled it).
    pub points: u32,
    /// Whether another player found it too.
    pub shared: bool,
    /// Whether it is rare (below the pack's common line).
    pub rare: bool,
    /// Its path, `[row, column]` cells.
    pub path: Vec<[u32; 2]>,
}

/// One player's round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct PlayerResult {
    /// The seat.
    pub id: u32,
    /// The name.
    pub name: String,
    /// The round's points, after the classic rule if it is on.
    #[cfg_attr(test, ts(type = "number"))]
    pub score: u64,
    /// The words, in the order found.
    pub words: Vec<WordShown>,
}

/// The board of a round, as every client draws it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct BoardShown {
    /// The board as text, rows apart (`oatr/ihps/htnr/enei`).
    pub text: String,
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Each cell's face, row by row (`None`: a blank cell).
    pub cells: Vec<Option<String>>,
    /// Letter values on the tiles, under a letter scheme.
    pub values: Option<Vec<Option<u32>>>,
    /// Bonus cells (`DL`, `TL`, `DW`, `TW`), for a game with them.
    pub bonus: Option<Vec<Option<String>>>,
    /// For each cell (row-major), the cells a traced path may step to from
    /// it: the round's adjacency and wrap, as the library's judge reads
    /// them, so the page keeps no rule of its own.
    pub neighbors: Vec<Vec<u32>>,
}

/// What the server sends.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Reply {
    /// You have a seat: keep the token to come back to it.
    Welcome {
        /// The room's code.
        code: String,
        /// Your seat.
        seat: u32,
        /// Your seat's secret.
        token: String,
        /// Whether you watch.
        watch: bool,
    },
    /// The room as it is now (on every change of players or settings).
    Room {
        /// Its code.
        code: String,
        /// The host's seat.
        host: u32,
        /// The settings.
        settings: Settings,
        /// The game's label (`Big Boggle (5×5, 3 min, 4+ letters)`).
        game_label: String,
        /// `lobby`, `starting` or `playing`.
        phase: Phase,
        /// Rounds played so far.
        rounds: u32,
        /// The players and watchers.
        players: Vec<Player>,
    },
    /// A round is on: the board and the time left.
    Round {
        /// Its number in the room, from 1.
        number: u32,
        /// The board.
        board: BoardShown,
        /// The round's seed (`boggle roll --game G --seed S` rolls it).
        #[cfg_attr(test, ts(type = "number"))]
        seed: u64,
        /// The round's length.
        seconds: u32,
        /// Milliseconds left when this was sent.
        #[cfg_attr(test, ts(type = "number"))]
        left_ms: u64,
        /// The shortest word that counts.
        min_len: usize,
        /// How many words the target counts.
        target: usize,
        /// Your words so far (on a reconnect).
        mine: Vec<WordShown>,
    },
    /// What your try came to.
    Verdict {
        /// `new`, `again`, `short`, `notboard`, `notword` or `badpath`.
        kind: VerdictKind,
        /// The word as judged.
        word: String,
        /// Its points, for a new word.
        points: u32,
        /// Whether it is a rare find.
        rare: bool,
        /// Why it does not count, in words.
        why: Option<String>,
        /// The word's path on the board, for a new word.
        path: Vec<[u32; 2]>,
        /// Your score now.
        #[cfg_attr(test, ts(type = "number"))]
        score: u64,
    },
    /// Everyone's count, not their words.
    Progress {
        /// One entry a player.
        players: Vec<Progress>,
    },
    /// A round is over: everyone's words, and the ones nobody found.
    Results {
        /// The round's number.
        number: u32,
        /// Its board (for whoever joins after it).
        board: BoardShown,
        /// Whether the clock ended it (not the host or a shutdown).
        timed_out: bool,
        /// The classic rule was on.
        classic: bool,
        /// Each player's round, best score first.
        players: Vec<PlayerResult>,
        /// The target's words nobody found, best first.
        missed: Vec<WordShown>,
        /// Rare words nobody found (outside a common-words target).
        missed_rare: usize,
        /// The most the target's words score.
        #[cfg_attr(test, ts(type = "number"))]
        max: u64,
        /// Which words the target (and `max`) counts; the players' scores
        /// count every word they found.
        counted: Counted,
        /// The room's running totals after this round.
        totals: Vec<Player>,
    },
    /// You are in the arena: keep the token to come back as the same
    /// player.
    ArenaWelcome {
        /// Your public id (what results and leaderboards know you by).
        player: String,
        /// Your device's secret.
        token: String,
        /// Your screen name.
        name: String,
        /// The arena's game.
        game: String,
        /// Its language.
        lang: String,
        /// The game's label.
        game_label: String,
        /// The friends' board entered with (its code), if any.
        group: Option<String>,
    },
    /// An arena round is on (sent as it starts, and on entering during
    /// one: a late entrant has the time left).
    ArenaRound {
        /// Its start (`2026-12-03T08:01:20Z`).
        start: String,
        /// The board.
        board: BoardShown,
        /// Its seed (`boggle roll --game G --seed S` rolls it).
        #[cfg_attr(test, ts(type = "number"))]
        seed: u64,
        /// The round's length.
        seconds: u32,
        /// Milliseconds left when this was sent.
        #[cfg_attr(test, ts(type = "number"))]
        left_ms: u64,
        /// The shortest word that counts.
        min_len: usize,
        /// How many words the target counts.
        target: usize,
        /// Your words so far (on coming back).
        mine: Vec<WordShown>,
    },
    /// No arena round is on: the next starts in `next_ms`.
    ArenaWait {
        /// Milliseconds until it starts.
        #[cfg_attr(test, ts(type = "number"))]
        next_ms: u64,
    },
    /// Your place in the arena round so far.
    ArenaPlace(Place),
    /// An arena round is over: the results every player sees.
    ArenaResults(Box<ArenaResults>),
    /// An arena round is over: your own results.
    ArenaMine(Box<ArenaMine>),
    /// Your play of the daily board is over (or was, before).
    DailyResults(Box<DailyResults>),
    /// A request was refused; the connection stays.
    Error {
        /// What kind of refusal, for the page to act on.
        code: Refusal,
        /// Why, in words.
        message: String,
    },
    /// The server closes this connection (a bad message, a flood, a
    /// shutdown, your seat taken by another connection).
    Bye {
        /// Why.
        message: String,
    },
}

impl Reply {
    /// The message as sent: one JSON object.
    pub fn text(&self) -> String {
        serde_json::to_string(self).expect("replies serialize")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page's types of these messages, from the Rust above: written to
    /// the file `ROOM_FRAME_TYPES` names (`npm run types` in web/ sets it to
    /// `src/room/frames.ts`), so that a frame's field renamed here fails
    /// the page's type check instead of reaching a player as `undefined`.
    #[test]
    fn frame_types() {
        use ts_rs::TS;
        let decls = [
            Counted::decl(),
            VerdictKind::decl(),
            Phase::decl(),
            Refusal::decl(),
            Settings::decl(),
            Request::decl(),
            Player::decl(),
            Progress::decl(),
            WordShown::decl(),
            PlayerResult::decl(),
            BoardShown::decl(),
            Place::decl(),
            Leader::decl(),
            WordShare::decl(),
            ArenaResults::decl(),
            ArenaMine::decl(),
            DailyResults::decl(),
            Reply::decl(),
        ];
        let text = solve::ts::declarations(
            "// The room connection's messages, generated from\n\
             // crates/room/src/frame/ by `cargo test -p boggle-room --lib frame_types`\n\
             // (which `npm run types` runs): edit the Rust, not this file.\n\
             import type { DailyBoard } from \"./answers\";\n",
            &decls,
        );
        // Every kind of message both ways is there, by its `type`.
        for kind in [
            "\"welcome\"",
            "\"verdict\"",
            "\"results\"",
            "\"bye\"",
            "\"trace\"",
            "\"leave\"",
            "\"arena\"",
            "\"arena_results\"",
            "\"daily\"",
            "\"daily_results\"",
        ] {
            assert!(text.contains(kind), "{kind} missing:\n{text}");
        }
        solve::ts::check_or_write("web/src/room/frames.ts", "ROOM_FRAME_TYPES", &text).unwrap();
    }

    /// The page's types of the arena's HTTP answers (`/arena`,
    /// `/arena/leaderboards`, `/arena/daily`), as [`frame_types`] writes the
    /// frames': to the file `ROOM_ANSWER_TYPES` names (`src/room/answers.ts`).
    #[test]
    fn answer_types() {
        use ts_rs::TS;
        let decls = [
            ArenaTimes::decl(),
            ArenaLanguage::decl(),
            ArenaStatus::decl(),
            Standing::decl(),
            Leaderboard::decl(),
            ArenaBoards::decl(),
            DailyBoard::decl(),
        ];
        let text = solve::ts::declarations(
            "// The arena's HTTP answers, generated from crates/room/src/frame/arena.rs\n\
             // by `cargo test -p boggle-room --lib answer_types` (which `npm run types`\n\
             // runs): edit the Rust, not this file.\n\
             import type { Leader } from \"./frames\";\n",
            &decls,
        );
        for name in ["ArenaStatus", "ArenaBoards", "DailyBoard"] {
            assert!(
                text.contains(&format!("export type {name} ")),
                "{name} missing:\n{text}"
            );
        }
        solve::ts::check_or_write("web/src/room/answers.ts", "ROOM_ANSWER_TYPES", &text).unwrap();
    }
}
