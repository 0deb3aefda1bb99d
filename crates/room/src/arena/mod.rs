//! The arena: one board for everyone, a round every few minutes in each
//! game and language, and leaderboards over the hour, the day, the week
//! and all time.
//!
//! A round's board comes from its game, language and start alone
//! ([`solve::game::Game::arena_round`]), so instances that share a store
//! play the same board at the same moment without talking to each other.
//! What they share is the store: each round's results, and each player's
//! totals by period ([`leaderboard`]).

pub mod leaderboard;
