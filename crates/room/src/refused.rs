//! Why a request is refused: one enum, each case a stable code the page
//! acts on (`no_room` sends it back to the entry screen) and a sentence the
//! player reads. A refusal is an `error` reply; the connection stays.

use crate::frame::Refusal;
use crate::name::NameError;

/// A request refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    /// The connection has no seat yet.
    #[error("join or create a room first")]
    NoSeat,
    /// The connection has a seat already.
    #[error("this connection has a seat already; leave it first")]
    Seated,
    /// No room has the code given.
    #[error(
        "no room {0:?}: check the code; a room closes when everyone has left it or it sits idle"
    )]
    NoRoom(String),
    /// A code for a new room that is not one (`create`'s `code`).
    #[error("{0:?} is not a room code (8 of 23456789ABCDEFGHJKLMNPQRSTUVWXYZ)")]
    BadCode(String),
    /// A room has the code proposed for a new one: ask `/rooms/code` for
    /// another.
    #[error("a room has that code already; ask for another")]
    CodeTaken,
    /// A seat that cannot be had: the room has its most players or watchers.
    #[error(transparent)]
    Seat(#[from] SeatError),
    /// A name the rule refuses.
    #[error(transparent)]
    Name(#[from] NameError),
    /// Settings no game or language here has.
    #[error("{0}")]
    Settings(String),
    /// The server has its most rooms.
    #[error("the server has its most rooms ({0}); try again later")]
    RoomsFull(usize),
    /// The server is shutting down.
    #[error("the server is shutting down")]
    ShuttingDown,
    /// Only the host may do that.
    #[error("only the host may do that")]
    NotHost,
    /// A round is on.
    #[error("a round is on; wait for its end")]
    RoundOn,
    /// No round is on.
    #[error("no round is on")]
    NoRound,
    /// The round's time is up.
    #[error("time is up")]
    TimeUp,
    /// A watcher tried a word.
    #[error("watchers do not play")]
    Watching,
    /// No board could be rolled for the settings.
    #[error("{0}")]
    Board(String),
    /// The pack failed a check while judging a word.
    #[error("{0}")]
    Judge(String),
    /// Tries past the seat's rate, which a new connection does not reset.
    #[error("too many tries: at most {0} a second")]
    TooFast(u32),
    /// The client address has used up a minute's rooms, joins or wrong
    /// codes (what it did too often, in words).
    #[error("this address has {0} too often; try again in a minute")]
    TooMany(&'static str),
    /// No friends' board has the code given.
    #[error("no friends' board {0:?}: check the code")]
    NoGroup(String),
    /// The friends' board has its most players.
    #[error("this friends' board is full ({0} players); start another")]
    GroupFull(usize),
    /// The client address has its most rooms open.
    #[error("this address has {0} rooms open already; one must close (everyone leaves it) before another opens")]
    ClientRooms(usize),
}

impl Refused {
    /// The refusal's code, as the `error` reply carries it.
    pub fn code(&self) -> Refusal {
        match self {
            Refused::NoSeat => Refusal::NoSeat,
            Refused::Seated => Refusal::Seated,
            Refused::NoRoom(_) => Refusal::NoRoom,
            Refused::NoGroup(_) => Refusal::NoGroup,
            Refused::GroupFull(_) => Refusal::GroupFull,
            Refused::BadCode(_) => Refusal::BadCode,
            Refused::CodeTaken => Refusal::CodeTaken,
            Refused::Seat(SeatError::Full(_)) => Refusal::RoomFull,
            Refused::Seat(SeatError::FullWatch(_)) => Refusal::WatchersFull,
            Refused::Name(_) => Refusal::Name,
            Refused::Settings(_) => Refusal::Settings,
            Refused::RoomsFull(_) => Refusal::RoomsFull,
            Refused::ShuttingDown => Refusal::ShuttingDown,
            Refused::NotHost => Refusal::NotHost,
            Refused::RoundOn => Refusal::RoundOn,
            Refused::NoRound => Refusal::NoRound,
            Refused::TimeUp => Refusal::TimeUp,
            Refused::Watching => Refusal::Watching,
            Refused::Board(_) => Refusal::Board,
            Refused::Judge(_) => Refusal::Judge,
            Refused::Seat(SeatError::NameTaken(_)) => Refusal::NameTaken,
            Refused::TooFast(_) => Refusal::TooFast,
            Refused::TooMany(_) | Refused::ClientRooms(_) => Refusal::TooMany,
        }
    }
}

/// Why a seat cannot be had.
#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
pub enum SeatError {
    /// The room has its most players.
    #[error("the room is full ({0} players); you may watch")]
    Full(usize),
    /// The room has its most watchers.
    #[error("the room has its most watchers ({0})")]
    FullWatch(usize),
    /// Someone in the room has this name (or one that differs only in
    /// case).
    #[error("someone in this room is called {0:?} already; choose another name")]
    NameTaken(String),
}
