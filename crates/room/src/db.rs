//! The state every connection shares: the rooms by code, the packs, the
//! limits. Rooms are independent: each has a lock of its own, and the map's
//! lock is held only to find, add or drop one.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use tokio::sync::Notify;

use crate::arena::Arenas;
use crate::clients::Clients;
use crate::code;
use crate::config::Limits;
use crate::frame::Settings;
use crate::metrics::Metrics;
use crate::packs::Packs;
use crate::refused::Refused;
use crate::room::{game_of, Room};
use crate::shutdown::Shutdown;
use crate::store::{Saved, Store, Write};

/// A room, shared by its connections and its clock.
pub type RoomRef = Arc<Mutex<Room>>;

/// Locks a room. A request that panicked while holding the lock left it
/// poisoned; it is locked all the same (a panic in one room must not stop
/// the sweeper or any other room), and [`Db::sweep`] closes it.
pub fn lock(room: &RoomRef) -> MutexGuard<'_, Room> {
    room.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The rooms, the packs and the limits.
#[derive(Debug)]
pub struct Db {
    rooms: Mutex<HashMap<String, RoomRef>>,
    /// The languages.
    pub packs: Packs,
    /// The limits.
    pub limits: Limits,
    /// The stop signal.
    pub shutdown: Shutdown,
    /// Every client address's connections and limits.
    pub clients: Arc<Clients>,
    /// The counters `/metrics` reports.
    pub metrics: Arc<Metrics>,
    next_conn: AtomicU64,
    /// Wakes the sweeper when a room gets a sooner deadline.
    expiry: Arc<Notify>,
    /// Rooms open by the client address that created them.
    held: Mutex<HashMap<IpAddr, usize>>,
    /// Where the rooms are kept.
    pub store: Store,
    /// The arenas open.
    pub arenas: Arenas,
}

impl Db {
    /// No rooms yet; `trusted` are the proxies whose headers name clients,
    /// and `store` keeps the rooms.
    pub fn new(
        packs: Packs,
        limits: Limits,
        trusted: Vec<ipnet::IpNet>,
        shutdown: Shutdown,
        store: Store,
    ) -> Db {
        Db {
            rooms: Mutex::new(HashMap::new()),
            packs,
            clients: Arc::new(Clients::new(limits.clone(), trusted)),
            metrics: Arc::new(Metrics::default()),
            limits,
            shutdown,
            next_conn: AtomicU64::new(1),
            expiry: Arc::new(Notify::new()),
            held: Mutex::new(HashMap::new()),
            store,
            arenas: Arenas::default(),
        }
    }

    /// The same, with the arena's game and clock `config`.
    pub fn with_arena(mut self, config: crate::config::ArenaConfig) -> Db {
        self.arenas = Arenas::new(config);
        self
    }

    /// Rebuilds the rooms the store kept (blocking: each round on is rolled
    /// again from its settings and seed). A round whose time ran out while
    /// the server was down ends now, with its results; the others are
    /// returned with their numbers and ends, for their clocks.
    pub fn restore(&self, saved: Vec<Saved>) -> Vec<(RoomRef, u32, Instant)> {
        let (now, now_ms) = (Instant::now(), crate::store::now_ms());
        let mut clocks = Vec::new();
        for saved in saved {
            let code = saved.code.clone();
            let judge = saved.round.as_ref().and_then(|round| {
                crate::room::roll(&self.packs, &round.settings, round.seed)
                    .map_err(|e| tracing::warn!(room = %code, error = %e, "a kept round could not be rolled again; the room goes back to its lobby"))
                    .ok()
                    .map(|(judge, _)| judge)
            });
            let shared = crate::room::Shared {
                limits: self.limits.clone(),
                expiry: self.expiry.clone(),
                store: self.store.clone(),
            };
            let room = match Room::restored(saved, judge, shared, now, now_ms) {
                Ok(room) => Arc::new(Mutex::new(room)),
                Err(e) => {
                    tracing::warn!(room = %code, error = %e, "a kept room could not be opened again");
                    self.store.write(Write::Closed(code));
                    continue;
                }
            };
            {
                let mut r = lock(&room);
                *self.held().entry(r.creator).or_default() += 1;
                if let Some((number, ends)) = r.round_on() {
                    if ends <= now {
                        r.end_round(Some(number), true);
                    } else {
                        clocks.push((room.clone(), number, ends));
                    }
                }
            }
            self.rooms().insert(code, room);
        }
        self.expiry.notify_one();
        clocks
    }

    fn held(&self) -> MutexGuard<'_, HashMap<IpAddr, usize>> {
        self.held.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A number for a new connection.
    pub fn connection_id(&self) -> u64 {
        self.next_conn.fetch_add(1, Ordering::Relaxed)
    }

    /// Checks `settings` against the games and the packs.
    pub fn check(&self, settings: &Settings) -> Result<(), Refused> {
        game_of(settings)?;
        if !self.packs.has(&settings.lang) {
            return Err(Refused::Settings(format!(
                "no language {:?} here (the languages: {})",
                settings.lang,
                self.packs
                    .languages()
                    .iter()
                    .map(|l| l.key.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        }
        Ok(())
    }

    /// Opens a room for `creator` under `code` (already read by
    /// `code::read`) or a fresh one, if the server and the client address
    /// have room for one more.
    pub fn create(
        &self,
        settings: Settings,
        creator: IpAddr,
        code: Option<String>,
    ) -> Result<RoomRef, Refused> {
        self.check(&settings)?;
        if self.shutdown.is_triggered() {
            return Err(Refused::ShuttingDown);
        }
        let mut rooms = self.rooms();
        if rooms.len() >= self.limits.max_rooms {
            return Err(Refused::RoomsFull(self.limits.max_rooms));
        }
        let mut held = self.held();
        let mine = held.entry(creator).or_default();
        if *mine >= self.limits.rooms_per_client {
            return Err(Refused::ClientRooms(*mine));
        }
        let code = match code {
            Some(code) if rooms.contains_key(&code) => return Err(Refused::CodeTaken),
            Some(code) => code,
            None => loop {
                let code = code::room_code();
                if !rooms.contains_key(&code) {
                    break code;
                }
            },
        };
        let room = Arc::new(Mutex::new(Room::new(
            code.clone(),
            settings,
            self.limits.clone(),
            self.expiry.clone(),
            creator,
            self.store.clone(),
        )?));
        *mine += 1;
        rooms.insert(code.clone(), room.clone());
        // Its idle limit may come before what the sweeper sleeps until.
        self.expiry.notify_one();
        tracing::info!(room = %code, rooms = rooms.len(), "room opened");
        Ok(room)
    }

    /// The rooms by code, locked (a poisoned map is read all the same: its
    /// entries are only ever inserted or removed whole).
    fn rooms(&self) -> MutexGuard<'_, HashMap<String, RoomRef>> {
        self.rooms.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The room of a code (already read by `code::read`).
    pub fn room(&self, code: &str) -> Option<RoomRef> {
        self.rooms().get(code).cloned()
    }

    /// How many rooms are open.
    pub fn len(&self) -> usize {
        self.rooms().len()
    }

    /// Whether no room is open.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Drops seats past their grace period, and closes rooms that are
    /// empty or idle: the next time a room left open has something to do.
    pub fn sweep(&self, now: Instant) -> Option<Instant> {
        let rooms: Vec<(String, RoomRef)> = self
            .rooms()
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        let mut dead = Vec::new();
        let mut next: Option<Instant> = None;
        for (code, room) in rooms {
            // A request that panicked under this room's lock left it in a
            // state no rule vouches for: it is closed, the others go on.
            let poisoned = room.is_poisoned();
            let mut room = lock(&room);
            let creator = room.creator;
            if poisoned {
                room.close("This room hit an error on the server and was closed. Start a new one.");
                dead.push((code, creator, "error"));
            } else if room.idle(now) {
                room.close("This room was closed after a long time idle.");
                dead.push((code, creator, "idle"));
            } else if !room.sweep(now) {
                dead.push((code, creator, "empty"));
            } else {
                let at = room.deadline(now);
                next = Some(next.map_or(at, |n| n.min(at)));
            }
        }
        if !dead.is_empty() {
            let mut rooms = self.rooms();
            let mut held = self.held();
            for (code, creator, why) in dead {
                rooms.remove(&code);
                self.store.write(Write::Closed(code.clone()));
                if let Some(n) = held.get_mut(&creator) {
                    *n = n.saturating_sub(1);
                    if *n == 0 {
                        held.remove(&creator);
                    }
                }
                tracing::info!(room = %code, why, rooms = rooms.len(), "room closed");
            }
        }
        next
    }

    /// Closes every room: rounds in progress end with their results, and
    /// every connection hears `message`.
    pub fn close_all(&self, message: &str) {
        let rooms: Vec<(String, RoomRef)> = self.rooms().drain().collect();
        for (code, room) in rooms {
            lock(&room).close(message);
            self.store.write(Write::Closed(code));
        }
    }

    /// Lets every connection go, telling it `message`, and leaves every
    /// room and round as it stands in the store: a restarted server goes
    /// on with them, and the pages reconnect.
    pub fn suspend_all(&self, message: &str) {
        let rooms: Vec<RoomRef> = self.rooms().values().cloned().collect();
        for room in rooms {
            lock(&room).suspend(message);
        }
    }

    /// Runs [`Db::sweep`] until the server stops, each time at the next
    /// deadline a room has (as mini-redis's expiry task does), or sooner
    /// when a room gets a sooner one: no room is looked at between times.
    pub async fn sweeper(self: Arc<Self>) {
        let mut shutdown = self.shutdown.clone();
        loop {
            let next = self.sweep(Instant::now());
            // With no room open, only a new one's deadline (which wakes
            // this task) could be next; an hour is a safe upper bound.
            let next = next.unwrap_or_else(|| Instant::now() + Duration::from_secs(3600));
            tokio::select! {
                _ = tokio::time::sleep_until(next.into()) => {}
                _ = self.expiry.notified() => {}
                _ = shutdown.wait() => return,
            }
        }
    }

    /// Runs [`Db::sweeper`] until the server stops, and starts it again if
    /// it ever panics: its handle is watched, not dropped, so a panic is
    /// logged and idle rooms do not stay open for good.
    pub async fn supervise_sweeper(self: Arc<Self>) {
        loop {
            match tokio::spawn(self.clone().sweeper()).await {
                Err(e) if e.is_panic() => {
                    tracing::error!("the room sweeper panicked; starting it again");
                }
                _ => return,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A room with a host seated, and the host's inbox (kept, so the host
    /// stays connected).
    fn opened(db: &Db) -> (RoomRef, tokio::sync::mpsc::Receiver<Arc<str>>) {
        let room = db
            .create(
                Settings::default(),
                std::net::Ipv4Addr::LOCALHOST.into(),
                None,
            )
            .unwrap();
        let (out, inbox) = tokio::sync::mpsc::channel(64);
        lock(&room).seat("Ann".into(), false, out, 1).unwrap();
        (room, inbox)
    }

    /// A server's state with the built-in packs and `limits`.
    fn db_with(limits: Limits) -> Db {
        Db::new(
            Packs::new(None).unwrap(),
            limits,
            vec![],
            Shutdown::default(),
            Store::memory(),
        )
    }

    #[test]
    fn a_panic_under_one_rooms_lock_closes_that_room_and_stops_nothing_else() {
        let limits = Limits {
            idle: Duration::from_secs(60),
            ..Limits::default()
        };
        let db = db_with(limits);
        let ((broken, _a), (other, _b), (idle, _c)) = (opened(&db), opened(&db), opened(&db));
        let code = |room: &RoomRef| lock(room).code().to_string();
        // A handler panics while it holds a room's lock.
        let held = broken.clone();
        let panicked = std::thread::spawn(move || {
            let _guard = held.lock().unwrap();
            panic!("a handler's bug");
        })
        .join();
        assert!(panicked.is_err() && broken.is_poisoned());
        // The other rooms go on: their locks, their requests.
        assert_eq!(
            crate::cmd::settings::set(&mut lock(&other), 1, Settings::default()),
            Ok(())
        );
        // The sweep closes the broken room and keeps the others; later it
        // still closes a room left idle.
        let now = Instant::now();
        lock(&other).touch(now + Duration::from_secs(90));
        db.sweep(now + Duration::from_secs(1));
        assert!(db.room(&code(&broken)).is_none());
        assert!(db.room(&code(&other)).is_some() && db.room(&code(&idle)).is_some());
        db.sweep(now + Duration::from_secs(120));
        assert!(
            db.room(&code(&idle)).is_none(),
            "an idle room outlived the sweep"
        );
        assert!(db.room(&code(&other)).is_some());
    }

    #[test]
    fn the_sweep_names_the_next_deadline_a_dropped_seat_brings_it_forward() {
        let limits = Limits {
            idle: Duration::from_secs(600),
            grace: Duration::from_secs(60),
            ..Limits::default()
        };
        let db = db_with(limits);
        let (room, _inbox) = opened(&db);
        let (out, _other) = tokio::sync::mpsc::channel(64);
        let (bob, _) = lock(&room).seat("Bob".into(), false, out, 2).unwrap();
        let now = Instant::now();
        lock(&room).touch(now);
        // Nothing to do before the idle limit.
        assert_eq!(db.sweep(now), Some(now + Duration::from_secs(600)));
        // Bob's connection drops: his grace ends first.
        lock(&room).disconnect(bob, 2);
        let next = db.sweep(now).unwrap();
        assert!(next <= Instant::now() + Duration::from_secs(60), "{next:?}");
        assert!(next > now + Duration::from_secs(59), "{next:?}");
        // At that deadline the seat goes, and the idle limit is next.
        assert_eq!(db.sweep(next), Some(now + Duration::from_secs(600)));
        assert!(lock(&room).seats.iter().all(|s| s.id != bob));
    }
}
