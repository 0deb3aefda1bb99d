//! What a server is set up with: where the site is, which pages may connect,
//! and a limit on everything a stranger can send.

use std::path::PathBuf;
use std::time::Duration;

/// Limits on what connections and rooms may take. The defaults hold 2,000
/// players in 500 rooms on two cores with room to spare (BENCHMARKS.md).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Open WebSocket connections at once; one more is refused (503).
    pub max_connections: usize,
    /// Rooms at once; creating one more is refused.
    pub max_rooms: usize,
    /// Players in a room (watchers not counted).
    pub max_players: usize,
    /// Watchers in a room.
    pub max_watchers: usize,
    /// The largest message a client may send, in bytes; a larger one
    /// closes its connection.
    pub max_message: usize,
    /// Messages a connection may send a second, on average.
    pub rate: u32,
    /// Messages a connection may send at once, beyond the rate.
    pub burst: u32,
    /// A room nobody has sent anything to for this long is closed.
    pub idle: Duration,
    /// How long a seat whose connection dropped is kept for it to come
    /// back.
    pub grace: Duration,
    /// Messages waiting for a slow client; one more closes its connection.
    pub outbox: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_connections: 10_000,
            max_rooms: 2_000,
            max_players: 16,
            max_watchers: 32,
            max_message: 4096,
            rate: 10,
            burst: 20,
            idle: Duration::from_secs(30 * 60),
            grace: Duration::from_secs(120),
            outbox: 256,
        }
    }
}

/// A server's settings.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Config {
    /// The built web app (`web/dist`): its files are served, and its packs
    /// (`packs/index.json`, `packs/*.pack`) are the languages rooms offer.
    /// Without one, only the built-in packs, and no pages.
    pub site: Option<PathBuf>,
    /// Origins, besides the server's own, whose pages may open a room
    /// connection (`https://example.org`). A browser names its page's
    /// origin; a connection from any other is refused (403).
    pub origins: Vec<String>,
    /// The limits.
    pub limits: Limits,
}
