//! The room server: friends play one board at the same time, and the server
//! is the referee.
//!
//! # The model
//!
//! A **room** has a short, unguessable code (`7KQ2-XM9D`), a host, players
//! and watchers (spectators), and settings the host chooses between
//! rounds: a game of [`solve::game`] (Boggle, Word Hunt, Ruzzle…), a
//! language (a pack), whether the common words or all words are the target,
//! and the classic rule that a word found by two or more players scores for
//! nobody. When the host starts a round, the server rolls its board from
//! the game's definition with a fresh seed, solves it once into a
//! [`solve::game::Judge`], and owns the clock: every player sees the same
//! board and the true time left, whenever they join.
//!
//! Each try a player sends (a traced path or a typed word) is judged by the
//! server against the room's pack and board; the player hears the verdict,
//! and everyone hears only each player's word count and score. Nobody is
//! sent the answers, or another player's words, before the round ends;
//! then everyone gets every player's words side by side, the words nobody
//! found, and the room's running totals.
//!
//! A seat belongs to whoever holds its token: a reload or a dropped
//! connection that comes back within the grace period takes the same seat,
//! with its words. Rooms are kept in an embedded SQLite file (`store`) as
//! they change: a restarted server goes on with every room and round, and
//! the pages reconnect to their seats.
//!
//! # The pieces
//!
//! Laid out as tokio's `mini-redis`: [`server`] holds the routes and stops
//! on a [`Shutdown`] every task hears; `listen` accepts each TCP connection,
//! counts it against its client's share and the server's total
//! ([`clients`], which also limits each address's rooms, joins and wrong
//! codes) and holds it to a deadline for its headers; [`metrics`] counts
//! what `/metrics` reports; [`connection`] reads
//! and writes one WebSocket (framing, size and rate limits) apart from what
//! a message means, and owns its `session` (its seat, its room's queue to
//! it); [`frame`] holds the messages both ways; `cmd/` is one file per
//! request, each owning its rule (who may start a round, how a try is
//! judged, what leaving keeps); [`db`] is the shared state (the rooms, the
//! packs) and the sweeper that sleeps until a room's next deadline;
//! [`room`] one room's state and what it shows (the round on its board,
//! the results at its end); [`name`] the rule for a player's name; `store`
//! the file the rooms are kept in, written by a thread of its own.
//!
//! ```no_run
//! # async fn run() -> std::io::Result<()> {
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! boggle_room::serve(listener, boggle_room::Config::default(), tokio::signal::ctrl_c()).await
//! # }
//! ```

pub mod arena;
mod arena_http;
pub mod clients;
mod cmd;
mod code;
mod config;
pub mod connection;
pub mod db;
pub mod frame;
mod listen;
pub mod metrics;
pub mod name;
mod packs;
mod rate;
pub mod refused;
pub mod room;
pub mod server;
mod session;
mod shutdown;
mod store;

pub use config::{ArenaConfig, Config, Limits};
pub use packs::{Language, Packs, PacksError};
pub use server::serve;
pub use shutdown::Shutdown;
pub use store::StoreError;
