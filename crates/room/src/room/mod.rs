//! One room's state: its seats, its settings, the round on its board, and
//! what it shows everyone (the room, the round, the results at its end).
//! The requests' rules that change it are in `cmd/`. No I/O here: a room
//! hands its messages to each seat's outbox, and [`crate::connection`]
//! writes them.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Instant;

use solve::game::{Found, Game, Judge};
use solve::{FoundWord, Scoring};
use tokio::sync::{mpsc, Notify};

use crate::code;
use crate::config::Limits;
use crate::frame::{
    self, BoardShown, Counted, Player, PlayerResult, Progress, Reply, Settings, WordShown,
};
use crate::packs::Packs;
use crate::rate::Bucket;
use crate::refused::{Refused, SeatError};
use crate::store::{Saved, SavedRound, SavedSeat, Store, Write};

mod restore;
mod round;

pub(crate) use restore::Shared;
pub(crate) use round::{
    board_shown, cells, found_shown, progress_reply, roll, round_reply, word_shown,
};

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

/// A seat: a player or a watcher, connected or within the grace period.
#[derive(Debug)]
pub(crate) struct Seat {
    pub(crate) id: u32,
    pub(crate) name: String,
    pub(crate) token: String,
    pub(crate) watch: bool,
    pub(crate) out: Option<Outbox>,
    /// The connection that holds the seat.
    pub(crate) conn: u64,
    /// When its connection dropped.
    pub(crate) dropped: Option<Instant>,
    /// Its words this round.
    pub(crate) found: Found,
    /// Its points over the room's rounds.
    pub(crate) total: u64,
    /// Its tries' rate: kept with the seat, so a new connection to it
    /// starts with what the old one left.
    pub(crate) tries: Bucket,
    /// Its player left for good in a round, and the seat stays for its
    /// words until the round ends: joining again by the same name takes it
    /// back (one row in the results, not two).
    pub(crate) left: bool,
}

/// A round on the board.
#[derive(Debug)]
pub(crate) struct Play {
    pub(crate) number: u32,
    pub(crate) judge: Arc<Judge>,
    pub(crate) seed: u64,
    pub(crate) seconds: u32,
    pub(crate) ends: Instant,
    /// When it ends on the wall clock, in milliseconds since 1970 (as the
    /// store keeps it).
    pub(crate) ends_at: i64,
    pub(crate) counted: Counted,
    pub(crate) classic: bool,
    pub(crate) board: BoardShown,
    pub(crate) target: usize,
}

/// Where a room is between rounds and in one.
#[derive(Debug)]
pub(crate) enum Phase {
    Lobby,
    Starting,
    Playing(Box<Play>),
}

/// One room.
#[derive(Debug)]
pub struct Room {
    pub(crate) code: String,
    pub(crate) settings: Settings,
    pub(crate) label: String,
    pub(crate) host: u32,
    pub(crate) seats: Vec<Seat>,
    pub(crate) next_id: u32,
    pub(crate) phase: Phase,
    pub(crate) rounds: u32,
    /// The last round's results, for whoever comes back after it.
    pub(crate) last: Option<Arc<str>>,
    /// When anyone last sent the room anything.
    pub(crate) touched: Instant,
    pub(crate) limits: Limits,
    /// Wakes the sweeper when this room gets a deadline sooner than the
    /// one it sleeps until (a dropped seat's grace).
    pub(crate) expiry: Arc<Notify>,
    /// The client address that created it (its rooms open are limited).
    pub(crate) creator: IpAddr,
    /// Where it is kept, so a restart ends no round.
    pub(crate) store: Store,
}

impl Room {
    /// A room with no seats yet, created by `creator`; `expiry` wakes
    /// whoever sweeps it when it gets a sooner deadline, and `store` keeps
    /// it.
    pub fn new(
        code: String,
        settings: Settings,
        limits: Limits,
        expiry: Arc<Notify>,
        creator: IpAddr,
        store: Store,
    ) -> Result<Room, Refused> {
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
            expiry,
            creator,
            store,
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

    /// Gives a new seat to `name` (read by [`crate::name::read`]), whose
    /// messages go to `out`: its id and token. The first seat hosts.
    pub fn seat(
        &mut self,
        name: String,
        watch: bool,
        out: Outbox,
        conn: u64,
    ) -> Result<(u32, String), SeatError> {
        let key = crate::name::key(&name);
        if let Some(seat) = self
            .seats
            .iter_mut()
            .find(|s| crate::name::key(&s.name) == key)
        {
            if !seat.left || seat.watch != watch {
                return Err(SeatError::NameTaken(name));
            }
            // A player who left comes back: the seat and its words.
            seat.left = false;
            seat.token = code::token();
            let (id, token) = (seat.id, seat.token.clone());
            self.reseat(&token, out, conn);
            return Ok((id, token));
        }
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
            tries: Bucket::new(self.limits.rate, self.limits.burst),
            left: false,
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
        self.expiry.notify_one();
        self.broadcast_room();
    }

    /// A refusal unless `by` hosts and no round is on.
    pub(crate) fn hosted_lobby(&self, by: u32) -> Result<(), Refused> {
        if by != self.host {
            return Err(Refused::NotHost);
        }
        if !matches!(self.phase, Phase::Lobby) {
            return Err(Refused::RoundOn);
        }
        Ok(())
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

    /// The next time after `now` that [`Room::sweep`] or [`Room::idle`]
    /// could find something to do: the idle limit, a dropped host's short
    /// grace, or a dropped seat's grace running out. A seat kept past its grace for its words in the
    /// round has no deadline of its own: the round's end wakes the sweeper.
    pub fn deadline(&self, now: Instant) -> Instant {
        let grace = self.limits.grace;
        let host = self
            .seat_of(self.host)
            .and_then(|s| s.dropped)
            .map(|t| t + self.limits.host_grace);
        self.seats
            .iter()
            .filter_map(|s| s.dropped.map(|t| t + grace))
            .chain(host)
            .filter(|&t| t > now)
            .fold(self.touched + self.limits.idle, Instant::min)
    }

    /// Closes the room: a round on ends (everyone gets its results), then
    /// every connection hears `message` and is let go.
    pub fn close(&mut self, message: &str) {
        self.end_round(None, false);
        self.suspend(message);
    }

    /// Lets every connection go, telling each `message`; the room and its
    /// round stay as they are (the server stops, and a restarted one goes
    /// on with them).
    pub fn suspend(&mut self, message: &str) {
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
    pub(crate) fn pass_host(&mut self) {
        let ok = |s: &Seat| !s.watch && s.dropped.is_none();
        if self.seat_of(self.host).is_some_and(|s| !s.watch) {
            let stale = self
                .seat_of(self.host)
                .and_then(|s| s.dropped)
                .is_some_and(|t| Instant::now().duration_since(t) >= self.limits.host_grace);
            if !stale {
                return;
            }
        }
        if let Some(next) = self.seats.iter().find(|s| ok(s)) {
            self.host = next.id;
        }
    }

    pub(crate) fn players_shown(&self) -> Vec<Player> {
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

    pub(crate) fn broadcast_room(&mut self) {
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
        // What everyone sees of the room changed: so does what is kept.
        if self.store.keeps() {
            self.store.write(Write::Room(self.saved()));
        }
    }

    /// The room as the store keeps it (its round's words are kept as each
    /// is found).
    pub(crate) fn saved(&self) -> Saved {
        Saved {
            code: self.code.clone(),
            settings: self.settings.clone(),
            host: self.host,
            next_seat: self.next_id,
            rounds: self.rounds,
            creator: self.creator,
            last_results: self.last.as_deref().map(String::from),
            seats: self
                .seats
                .iter()
                .map(|s| SavedSeat {
                    id: s.id,
                    name: s.name.clone(),
                    token: s.token.clone(),
                    watch: s.watch,
                    total: s.total,
                    left: s.left,
                    words: Vec::new(),
                })
                .collect(),
            round: match &self.phase {
                Phase::Playing(play) => Some(self.saved_round(play)),
                _ => None,
            },
        }
    }

    /// The round on, as the store keeps it.
    pub(crate) fn saved_round(&self, play: &Play) -> SavedRound {
        SavedRound {
            number: play.number,
            // The settings cannot change while a round is on.
            settings: self.settings.clone(),
            seed: play.seed,
            seconds: play.seconds,
            ends_at: play.ends_at,
        }
    }

    /// Sends `text` to every connected seat. A seat whose queue is full is
    /// too slow to keep up: its connection is let go (it may come back).
    pub(crate) fn broadcast(&mut self, text: Arc<str>) {
        for seat in &mut self.seats {
            Self::deliver(seat, text.clone(), &self.expiry);
        }
    }

    pub(crate) fn send(&mut self, id: u32, text: Arc<str>) {
        if let Some(seat) = self.seats.iter_mut().find(|s| s.id == id) {
            Self::deliver(seat, text, &self.expiry);
        }
    }

    fn deliver(seat: &mut Seat, text: Arc<str>, expiry: &Notify) {
        let Some(out) = &seat.out else { return };
        if out.try_send(text).is_err() {
            seat.out = None;
            seat.dropped = Some(Instant::now());
            expiry.notify_one();
        }
    }
}
