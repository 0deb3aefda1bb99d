//! The state every connection shares: the rooms by code, the packs, the
//! limits. Rooms are independent: each has a lock of its own, and the map's
//! lock is held only to find, add or drop one.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::code;
use crate::config::Limits;
use crate::frame::Settings;
use crate::packs::Packs;
use crate::refused::Refused;
use crate::room::{game_of, Room};
use crate::shutdown::Shutdown;

/// A room, shared by its connections and its clock.
pub type RoomRef = Arc<Mutex<Room>>;

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
    next_conn: AtomicU64,
}

impl Db {
    /// No rooms yet.
    pub fn new(packs: Packs, limits: Limits, shutdown: Shutdown) -> Db {
        Db {
            rooms: Mutex::new(HashMap::new()),
            packs,
            limits,
            shutdown,
            next_conn: AtomicU64::new(1),
        }
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

    /// Opens a room with a fresh code.
    pub fn create(&self, settings: Settings) -> Result<RoomRef, Refused> {
        self.check(&settings)?;
        if self.shutdown.is_triggered() {
            return Err(Refused::ShuttingDown);
        }
        let mut rooms = self.rooms.lock().expect("rooms lock");
        if rooms.len() >= self.limits.max_rooms {
            return Err(Refused::RoomsFull(self.limits.max_rooms));
        }
        let code = loop {
            let code = code::room_code();
            if !rooms.contains_key(&code) {
                break code;
            }
        };
        let room = Arc::new(Mutex::new(Room::new(
            code.clone(),
            settings,
            self.limits.clone(),
        )?));
        rooms.insert(code.clone(), room.clone());
        tracing::info!(room = %code, rooms = rooms.len(), "room opened");
        Ok(room)
    }

    /// The room of a code (already read by `code::read`).
    pub fn room(&self, code: &str) -> Option<RoomRef> {
        self.rooms.lock().expect("rooms lock").get(code).cloned()
    }

    /// How many rooms are open.
    pub fn len(&self) -> usize {
        self.rooms.lock().expect("rooms lock").len()
    }

    /// Whether no room is open.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Drops seats past their grace period, and closes rooms that are
    /// empty or idle.
    pub fn sweep(&self, now: Instant) {
        let rooms: Vec<(String, RoomRef)> = self
            .rooms
            .lock()
            .expect("rooms lock")
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        let mut dead = Vec::new();
        for (code, room) in rooms {
            let mut room = room.lock().expect("room lock");
            if room.idle(now) {
                room.close("This room was closed after a long time idle.");
                dead.push((code, "idle"));
            } else if !room.sweep(now) {
                dead.push((code, "empty"));
            }
        }
        if !dead.is_empty() {
            let mut rooms = self.rooms.lock().expect("rooms lock");
            for (code, why) in dead {
                rooms.remove(&code);
                tracing::info!(room = %code, why, rooms = rooms.len(), "room closed");
            }
        }
    }

    /// Closes every room: rounds in progress end with their results, and
    /// every connection hears `message`.
    pub fn close_all(&self, message: &str) {
        let rooms: Vec<RoomRef> = self
            .rooms
            .lock()
            .expect("rooms lock")
            .drain()
            .map(|(_, v)| v)
            .collect();
        for room in rooms {
            room.lock().expect("room lock").close(message);
        }
    }

    /// Runs [`Db::sweep`] every `every` until the server stops.
    pub async fn sweeper(self: Arc<Self>, every: Duration) {
        let mut shutdown = self.shutdown.clone();
        let mut tick = tokio::time::interval(every);
        loop {
            tokio::select! {
                _ = tick.tick() => self.sweep(Instant::now()),
                _ = shutdown.wait() => return,
            }
        }
    }
}
