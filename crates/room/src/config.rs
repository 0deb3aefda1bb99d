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
    /// How long a host whose connection dropped stays host: then the next
    /// connected player hosts (a closed host tab does not freeze the
    /// room), while the seat itself waits out `grace`.
    pub host_grace: Duration,
    /// Messages waiting for a slow client; one more closes its connection.
    pub outbox: usize,
    /// How long a new TCP connection has to send its request's headers
    /// (and a kept-alive one its next request's): an idle or trickling
    /// connection (a slowloris) is closed at this deadline.
    pub header_timeout: Duration,
    /// How often a quiet WebSocket is pinged (a proxy's idle timeout does
    /// not cut a quiet lobby, and a vanished phone is noticed).
    pub ping: Duration,
    /// A WebSocket that sends nothing, not even a pong, for this long is
    /// closed (its seat waits out the grace period).
    pub silent: Duration,
    /// Open TCP connections one client address may hold (a classroom
    /// behind one address has about 30 players); more are closed at once.
    pub per_client: usize,
    /// Rooms (and arena friends' boards) one client address may start a minute.
    pub creates_per_minute: u32,
    /// Rooms created by one client address that may be open at once.
    pub rooms_per_client: usize,
    /// Joins one client address may make a minute.
    pub joins_per_minute: u32,
    /// Room (or friends' board) codes one client address may get wrong a minute.
    pub guesses_per_minute: u32,
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
            host_grace: Duration::from_secs(15),
            outbox: 256,
            header_timeout: Duration::from_secs(10),
            ping: Duration::from_secs(20),
            silent: Duration::from_secs(60),
            per_client: 256,
            creates_per_minute: 30,
            rooms_per_client: 20,
            joins_per_minute: 120,
            guesses_per_minute: 30,
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
    /// Proxies (addresses or networks, `10.0.0.0/8`) whose
    /// `X-Forwarded-For` and `Forwarded` headers name the client: behind
    /// them a client's limits and the access log go by the address they
    /// name, and they themselves are held to no per-client limit.
    pub trust_proxy: Vec<ipnet::IpNet>,
    /// The arena's game and clock.
    pub arena: ArenaConfig,
    /// The SQLite file rooms are kept in, so a restart ends no round
    /// (created if missing; one server a file). Without one, rooms live in
    /// memory and a restart ends them.
    pub store: Option<PathBuf>,
    /// A PostgreSQL database (`postgres://user@host/db`) for the arena's
    /// rounds, players and leaderboards, which instances sharing it make
    /// global; rooms stay in `store`. Without one, the arena is kept in
    /// `store` too.
    pub database: Option<String>,
}

/// The arena's settings. Instances that share a store must agree on them:
/// they make the rounds' boards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArenaConfig {
    /// The game a player enters when they name none (`wordament`).
    pub game: String,
    /// Seconds of play a round, instead of the game's (for tests and
    /// demonstrations: the boards then differ from `boggle roll --arena`).
    pub play: Option<u32>,
    /// Seconds of results between rounds, instead of the game's.
    pub results: Option<u32>,
    /// How often each player hears their place during a round.
    pub tick: Duration,
}

impl Default for ArenaConfig {
    fn default() -> ArenaConfig {
        ArenaConfig {
            game: "wordament".into(),
            play: None,
            results: None,
            tick: Duration::from_secs(3),
        }
    }
}
