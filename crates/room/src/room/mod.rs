//! One room's rules: its seats, its settings, the round on its board and
//! what the end of a round shows. No I/O here: a room hands its messages to
//! each seat's outbox, and [`crate::connection`] writes them.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use solve::game::{Found, Game, Judge, Verdict};
use solve::{FoundWord, Scoring, TextStyle};
use tokio::sync::mpsc;

use crate::code;
use crate::config::Limits;
use crate::frame::{
    self, BoardShown, Counted, Player, PlayerResult, Progress, Reply, Settings, WordShown,
};
use crate::refused::Refused;

mod round;

pub use round::Try;
use round::{progress_reply, round_reply};

/// Where a seat's messages go: its connection's queue.
pub type Outbox = mpsc::Sender<Arc<str>>;

use solve::game::catalog::{CUSTOM_SCORINGS, CUSTOM_SIZES};

/// The shortest and longest round, in seconds.
pub const SECONDS: std::ops::RangeInclusive<u32> = 3..=3600;

/// The game `settings` name, with its time: a built-in game, or a custom
/// one of the web app's sizes and schemes.
pub fn game_of(settings: &Settings) -> Result<Game, Refused> {
    game_checked(settings).map_err(Refused::Settings)
}

/// [`game_of`], its refusal in words.
fn game_checked(settings: &Settings) -> Result<Game, String> {
    let mut game = match settings.game.as_str() {
        "custom" => {
            let size = settings.size.as_deref().unwrap_or("4x4");
            let scoring = settings.scoring.as_deref().unwrap_or("boggle");
            let ids = |c: &[solve::game::Choice]| c.iter().map(|c| c.id).collect::<Vec<_>>();
            if !CUSTOM_SIZES.iter().any(|c| c.id == size) {
                return Err(format!(
                    "a custom board is {}, not {size:?}",
                    ids(CUSTOM_SIZES).join(", ")
                ));
            }
            if !CUSTOM_SCORINGS.iter().any(|c| c.id == scoring) {
                return Err(format!(
                    "a custom game scores by {}, not {scoring:?}",
                    ids(CUSTOM_SCORINGS).join(", ")
                ));
            }
            let scoring: Scoring = scoring
                .parse()
                .map_err(|e: solve::ScoringError| e.to_string())?;
            Game::custom(size.parse().map_err(|e| format!("{e}"))?, scoring)
        }
        id => Game::named(id).map_err(|e| e.to_string())?,
    };
    if let Some(seconds) = settings.seconds {
        if !SECONDS.contains(&seconds) {
            return Err(format!(
                "a round lasts {} to {} seconds, not {seconds}",
                SECONDS.start(),
                SECONDS.end()
            ));
        }
        game.seconds = seconds;
    }
    Ok(game)
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
    /// A name that is empty, too long or not plain text.
    #[error("a name is 1 to 24 characters of text")]
    Name,
}

/// A display name as given: trimmed, 1 to 24 characters, no control
/// characters (it is shown as text, never as markup).
pub fn read_name(name: &str) -> Result<String, SeatError> {
    let name = name.trim();
    let len = name.chars().count();
    if len == 0 || len > 24 || name.chars().any(char::is_control) {
        return Err(SeatError::Name);
    }
    Ok(name.to_string())
}

/// A seat: a player or a watcher, connected or within the grace period.
#[derive(Debug)]
struct Seat {
    id: u32,
    name: String,
    token: String,
    watch: bool,
    out: Option<Outbox>,
    /// The connection that holds the seat.
    conn: u64,
    /// When its connection dropped.
    dropped: Option<Instant>,
    /// Its words this round.
    found: Found,
    /// Its points over the room's rounds.
    total: u64,
}

/// A round on the board.
#[derive(Debug)]
struct Play {
    number: u32,
    judge: Arc<Judge>,
    seed: u64,
    seconds: u32,
    ends: Instant,
    counted: Counted,
    classic: bool,
    board: BoardShown,
    target: usize,
}

#[derive(Debug)]
enum Phase {
    Lobby,
    Starting,
    Playing(Box<Play>),
}

/// One room.
#[derive(Debug)]
pub struct Room {
    code: String,
    settings: Settings,
    label: String,
    host: u32,
    seats: Vec<Seat>,
    next_id: u32,
    phase: Phase,
    rounds: u32,
    /// The last round's results, for whoever comes back after it.
    last: Option<Arc<str>>,
    /// When anyone last sent the room anything.
    touched: Instant,
    limits: Limits,
}

/// What a try in a round came to, for the player and for the room.
pub struct Judged {
    /// The verdict, for the player.
    pub reply: Reply,
    /// Whether it changed the scores everyone sees.
    pub counted: bool,
}

impl Room {
    /// A room with no seats yet.
    pub fn new(code: String, settings: Settings, limits: Limits) -> Result<Room, Refused> {
        let label = game_of(&settings)?.label();
        Ok(Room {
            code,
            settings,
            label,
            host: 0,
            seats: Vec::new(),
            next_id: 1,
            phase: Phase::Lobby,
            rounds: 0,
            last: None,
            touched: Instant::now(),
            limits,
        })
    }

    /// Its code.
    pub fn code(&self) -> &str {
        &self.code
    }

    /// The settings for the next round.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Notes that someone sent the room something (rooms expire when idle).
    pub fn touch(&mut self, now: Instant) {
        self.touched = now;
    }

    /// Gives a new seat to `name`, whose messages go to `out`: its id and
    /// token. The first seat hosts.
    pub fn seat(
        &mut self,
        name: &str,
        watch: bool,
        out: Outbox,
        conn: u64,
    ) -> Result<(u32, String), SeatError> {
        let name = read_name(name)?;
        let (count, max, full): (usize, usize, fn(usize) -> SeatError) = match watch {
            false => (self.players(), self.limits.max_players, SeatError::Full),
            true => (
                self.seats.len() - self.players(),
                self.limits.max_watchers,
                SeatError::FullWatch,
            ),
        };
        if count >= max {
            return Err(full(max));
        }
        let id = self.next_id;
        self.next_id += 1;
        let token = code::token();
        self.seats.push(Seat {
            id,
            name,
            token: token.clone(),
            watch,
            out: Some(out),
            conn,
            dropped: None,
            found: Found::default(),
            total: 0,
        });
        if self.seat_of(self.host).map_or(true, |s| s.watch) && !watch {
            self.host = id;
        }
        self.after_join(id);
        Ok((id, token))
    }

    /// Gives the seat that `token` belongs to back to a new connection: its
    /// id and whether it watches. The connection that held it hears why it
    /// is closed.
    pub fn reseat(&mut self, token: &str, out: Outbox, conn: u64) -> Option<(u32, bool)> {
        let seat = self.seats.iter_mut().find(|s| s.token == token)?;
        if let Some(old) = seat.out.take() {
            let bye = Reply::Bye {
                message: "This seat was opened in another window.".into(),
            };
            let _ = old.try_send(bye.text().into());
        }
        seat.out = Some(out);
        seat.conn = conn;
        seat.dropped = None;
        let (id, watch) = (seat.id, seat.watch);
        self.after_join(id);
        Some((id, watch))
    }

    /// What a seat that just (re)joined is sent: the room, and the round on
    /// the board (with its own words) or the last results.
    fn after_join(&mut self, id: u32) {
        self.broadcast_room();
        let now = Instant::now();
        let round = match &self.phase {
            Phase::Playing(play) => self.seat_of(id).map(|s| {
                (
                    round_reply(play, &s.found, now),
                    progress_reply(&self.seats),
                )
            }),
            _ => None,
        };
        match round {
            Some((round, progress)) => {
                self.send(id, round.text().into());
                self.send(id, progress.text().into());
            }
            None => {
                if let Some(last) = self.last.clone() {
                    self.send(id, last);
                }
            }
        }
    }

    /// The connection `conn` that held seat `id` is gone: the seat waits
    /// out the grace period for it to come back.
    pub fn disconnect(&mut self, id: u32, conn: u64) {
        let Some(seat) = self.seats.iter_mut().find(|s| s.id == id && s.conn == conn) else {
            return;
        };
        seat.out = None;
        seat.dropped = Some(Instant::now());
        self.broadcast_room();
    }

    /// Seat `id` leaves for good.
    pub fn leave(&mut self, id: u32) {
        let playing = matches!(self.phase, Phase::Playing(_));
        match self.seats.iter().position(|s| s.id == id) {
            // A player's words stay in the round until it ends.
            Some(i) if playing && !self.seats[i].found.is_empty() => {
                self.seats[i].out = None;
                // Past its grace at once (a clock younger than the grace
                // period cannot go back that far: then it waits it out).
                let now = Instant::now();
                self.seats[i].dropped = Some(now.checked_sub(self.limits.grace).unwrap_or(now));
            }
            Some(i) => {
                self.seats.remove(i);
            }
            None => return,
        }
        self.pass_host();
        self.broadcast_room();
    }

    /// Changes the settings, if `by` hosts and no round is on.
    pub fn set(&mut self, by: u32, settings: Settings) -> Result<(), Refused> {
        self.hosted_lobby(by)?;
        self.label = game_of(&settings)?.label();
        self.settings = settings;
        self.broadcast_room();
        Ok(())
    }

    fn hosted_lobby(&self, by: u32) -> Result<(), Refused> {
        if by != self.host {
            return Err(Refused::NotHost);
        }
        if !matches!(self.phase, Phase::Lobby) {
            return Err(Refused::RoundOn);
        }
        Ok(())
    }

    /// Begins starting a round, if `by` hosts and no round is on: the
    /// settings to roll it from.
    pub fn begin_start(&mut self, by: u32) -> Result<Settings, Refused> {
        self.hosted_lobby(by)?;
        self.phase = Phase::Starting;
        self.broadcast_room();
        Ok(self.settings.clone())
    }

    /// The round could not be rolled: back to the lobby, and everyone hears
    /// why.
    pub fn start_failed(&mut self, refused: Refused) {
        if matches!(self.phase, Phase::Starting) {
            self.phase = Phase::Lobby;
            self.broadcast_room();
            let error = Reply::Error {
                code: refused.code(),
                message: refused.to_string(),
            };
            self.broadcast(error.text().into());
        }
    }

    /// Drops seats whose grace period has passed (a player's words stay
    /// until the round ends), passes the host on: whether the room still
    /// has anyone, connected or coming back.
    pub fn sweep(&mut self, now: Instant) -> bool {
        let grace = self.limits.grace;
        let playing = matches!(self.phase, Phase::Playing(_));
        let before = self.seats.len();
        self.seats.retain(|s| {
            let gone = s.dropped.is_some_and(|t| now.duration_since(t) >= grace);
            !gone || (playing && !s.found.is_empty())
        });
        let host_before = self.host;
        self.pass_host();
        if self.seats.len() != before || self.host != host_before {
            self.broadcast_room();
        }
        !self.seats.is_empty()
    }

    /// Whether nobody has sent anything for the idle limit.
    pub fn idle(&self, now: Instant) -> bool {
        now.duration_since(self.touched) >= self.limits.idle
    }

    /// Closes the room: a round on ends (everyone gets its results), then
    /// every connection hears `message` and is let go.
    pub fn close(&mut self, message: &str) {
        self.end_round(None, false);
        let bye: Arc<str> = Reply::Bye {
            message: message.into(),
        }
        .text()
        .into();
        for seat in &mut self.seats {
            if let Some(out) = seat.out.take() {
                let _ = out.try_send(bye.clone());
            }
        }
    }

    /// Players (not watchers).
    fn players(&self) -> usize {
        self.seats.iter().filter(|s| !s.watch).count()
    }

    fn seat_of(&self, id: u32) -> Option<&Seat> {
        self.seats.iter().find(|s| s.id == id)
    }

    /// The host is a connected player; if the host's seat is gone or its
    /// grace has run out, the next player in order hosts.
    fn pass_host(&mut self) {
        let ok = |s: &Seat| !s.watch && s.dropped.is_none();
        if self.seat_of(self.host).is_some_and(|s| !s.watch) {
            let stale = self
                .seat_of(self.host)
                .and_then(|s| s.dropped)
                .is_some_and(|t| Instant::now().duration_since(t) >= self.limits.grace);
            if !stale {
                return;
            }
        }
        if let Some(next) = self.seats.iter().find(|s| ok(s)) {
            self.host = next.id;
        }
    }

    fn players_shown(&self) -> Vec<Player> {
        self.seats
            .iter()
            .map(|s| Player {
                id: s.id,
                name: s.name.clone(),
                connected: s.out.is_some(),
                watch: s.watch,
                total: s.total,
            })
            .collect()
    }

    fn broadcast_room(&mut self) {
        let reply = Reply::Room {
            code: self.code.clone(),
            host: self.host,
            settings: self.settings.clone(),
            game_label: self.label.clone(),
            phase: match self.phase {
                Phase::Lobby => frame::Phase::Lobby,
                Phase::Starting => frame::Phase::Starting,
                Phase::Playing(_) => frame::Phase::Playing,
            },
            rounds: self.rounds,
            players: self.players_shown(),
        };
        self.broadcast(reply.text().into());
    }

    /// Sends `text` to every connected seat. A seat whose queue is full is
    /// too slow to keep up: its connection is let go (it may come back).
    fn broadcast(&mut self, text: Arc<str>) {
        for seat in &mut self.seats {
            Self::deliver(seat, text.clone());
        }
    }

    fn send(&mut self, id: u32, text: Arc<str>) {
        if let Some(seat) = self.seats.iter_mut().find(|s| s.id == id) {
            Self::deliver(seat, text);
        }
    }

    fn deliver(seat: &mut Seat, text: Arc<str>) {
        let Some(out) = &seat.out else { return };
        if out.try_send(text).is_err() {
            seat.out = None;
            seat.dropped = Some(Instant::now());
        }
    }
}
