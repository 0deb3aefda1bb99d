//! The arena: one board for everyone, a round every few minutes in each
//! game and language, and leaderboards over the hour, the day, the week
//! and all time.
//!
//! A round's board comes from its game, language and start alone
//! ([`solve::game::Game::arena_round`]), so instances that share a store
//! play the same board at the same moment without talking to each other.
//! What they share is the store: each round's results, and each player's
//! totals by period ([`leaderboard`]).
//!
//! An arena of a game and a language is opened by the first device that
//! enters it (`cmd/arena/`, through [`Arenas`]) and runs on its clock
//! (`cmd/arena/clock.rs`) while anyone is there; `live.rs` holds its
//! devices, its round and what they are told; `cmd/arena/` judges a try;
//! `arena_http.rs` answers `/arena` and `/arena/leaderboards`.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use solve::game::Game;

use crate::config::ArenaConfig;
use crate::refused::Refused;

pub(crate) mod live;

/// The arena's leaderboards (kept in the store, whose module holds them).
pub use crate::store::leaderboard;

pub use live::Arena;

/// An arena, shared by its connections and its clock.
pub type ArenaRef = Arc<Mutex<Arena>>;

/// Locks an arena (a poisoned one all the same, as a room).
pub fn lock(arena: &ArenaRef) -> MutexGuard<'_, Arena> {
    arena.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The server's arenas by game and language.
#[derive(Debug, Default)]
pub struct Arenas {
    map: Mutex<HashMap<(String, String), ArenaRef>>,
    /// The game and clock they play.
    pub config: ArenaConfig,
}

impl Arenas {
    /// No arena open yet.
    pub fn new(config: ArenaConfig) -> Arenas {
        Arenas {
            map: Mutex::default(),
            config,
        }
    }

    fn map(&self) -> MutexGuard<'_, HashMap<(String, String), ArenaRef>> {
        self.map.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The game `id` as the arena plays it (its clock as configured).
    pub fn game(&self, id: &str) -> Result<Game, Refused> {
        let mut game = Game::named(id).map_err(|e| Refused::Settings(e.to_string()))?;
        if let Some(play) = self.config.play {
            game.seconds = play;
        }
        if let Some(results) = self.config.results {
            game.arena_results = results;
        }
        Ok(game)
    }

    /// The open arena of `game` and `lang`, or one made by `open` (and
    /// whether it is new: its clock is to be started).
    pub(crate) fn get_or_open(
        &self,
        game: &str,
        lang: &str,
        open: impl FnOnce() -> Arena,
    ) -> (ArenaRef, bool) {
        let mut map = self.map();
        let key = (game.to_string(), lang.to_string());
        if let Some(arena) = map.get(&key) {
            return (arena.clone(), false);
        }
        let arena = Arc::new(Mutex::new(open()));
        map.insert(key, arena.clone());
        (arena, true)
    }

    /// Takes `arena` out if nobody is connected to it: its clock stops.
    /// Under the map's lock, so that nobody enters it meanwhile.
    pub(crate) fn close_if_deserted(&self, arena: &ArenaRef) -> bool {
        let mut map = self.map();
        let mut a = lock(arena);
        if a.online() > 0 {
            return false;
        }
        a.closed = true;
        map.remove(&(a.game.id.clone(), a.lang.clone()));
        true
    }

    /// Each open arena's game, language and devices connected.
    pub fn online(&self) -> Vec<(String, String, usize)> {
        let arenas: Vec<ArenaRef> = self.map().values().cloned().collect();
        let mut out: Vec<(String, String, usize)> = arenas
            .iter()
            .map(|a| {
                let a = lock(a);
                (a.game.id.clone(), a.lang.clone(), a.online())
            })
            .collect();
        out.sort();
        out
    }
}
