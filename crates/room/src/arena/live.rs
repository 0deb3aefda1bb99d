//! One arena, a game in a language, as the server plays it: the devices
//! that entered it, the round on its board, each player's words, and what
//! the players are told as the round goes on and at its end.
//!
//! The clock ([`super::clock`]) starts and ends rounds; a try is judged by
//! `cmd/arena.rs` under this arena's lock, as a room's is.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;

use rayon::prelude::*;

use solve::game::{humanly_paced, ArenaRound, Counted, Found, Game, Judge, Standings};

use crate::frame::{
    ArenaMine, ArenaResults, BoardShown, Leader, Place, Reply, WordShare, WordShown,
};
use crate::rate::Bucket;
use crate::room::{found_shown, word_shown, Outbox};
use crate::store::daily::DailyKey;
use crate::store::leaderboard::Played;
use crate::store::{ArenaWrite, RoundKey, Store, Write};

/// How many players the results' top list names.
const TOP: usize = 10;
/// How many of the board's best words the results show.
const BEST_WORDS: usize = 20;
/// How many of the words nobody found the results show.
const NOBODY_WORDS: usize = 30;

/// A device in the arena.
#[derive(Debug)]
pub(crate) struct Entrant {
    /// The screen name.
    pub(crate) name: String,
    /// Where its connection's messages go (none while it is away).
    pub(crate) out: Option<Outbox>,
    /// The connection that holds it.
    pub(crate) conn: u64,
    /// Its words this round.
    pub(crate) found: Found,
    /// Whether it sent a try this round: a player of the round.
    pub(crate) tried: bool,
    /// When it could first play this round: its start, or a late entry.
    pub(crate) since: Instant,
    /// Its tries' rate.
    pub(crate) tries: Bucket,
    /// How many of its words other instances judged this round are in
    /// `found` (each read of them brings the list again, longer).
    pub(crate) merged: usize,
}

/// The round on the board.
#[derive(Debug)]
pub(crate) struct Live {
    pub(crate) key: RoundKey,
    pub(crate) round: ArenaRound,
    pub(crate) judge: Arc<Judge>,
    pub(crate) board: BoardShown,
    pub(crate) target: usize,
    pub(crate) ends: Instant,
}

/// One arena.
#[derive(Debug)]
pub struct Arena {
    pub(crate) game: Game,
    pub(crate) lang: String,
    pub(crate) entrants: HashMap<String, Entrant>,
    pub(crate) live: Option<Live>,
    /// The last round's results frame, for who enters before the next.
    pub(crate) last: Option<Arc<str>>,
    pub(crate) store: Store,
    /// Tries a second per player, and at once.
    pub(crate) rate: (u32, u32),
    /// Taken out of the server's arenas: whoever enters next makes a new one.
    pub(crate) closed: bool,
    /// A device's own play of the daily board (one entrant, its own
    /// clock), not a round for everyone.
    pub(crate) daily: Option<DailyKey>,
}

impl Arena {
    /// A new arena of `game` in `lang`, nobody in it.
    pub(crate) fn new(game: Game, lang: &str, store: Store, rate: (u32, u32)) -> Arena {
        Arena {
            game,
            lang: lang.to_string(),
            entrants: HashMap::new(),
            live: None,
            last: None,
            store,
            rate,
            closed: false,
            daily: None,
        }
    }

    /// How many devices are connected.
    pub fn online(&self) -> usize {
        self.entrants.values().filter(|e| e.out.is_some()).count()
    }

    /// Player `player` enters (again) on connection `conn`: what it is told
    /// at once (the round on, or the wait for the next).
    pub(crate) fn enter(
        &mut self,
        player: &str,
        name: &str,
        out: Outbox,
        conn: u64,
        now: Instant,
        next_ms: u64,
    ) -> Vec<Reply> {
        let rate = self.rate;
        let entrant = self
            .entrants
            .entry(player.to_string())
            .or_insert_with(|| Entrant {
                name: name.to_string(),
                out: None,
                conn,
                found: Found::default(),
                tried: false,
                since: now,
                tries: Bucket::new(rate.0, rate.1),
                merged: 0,
            });
        entrant.name = name.to_string();
        entrant.out = Some(out.clone());
        entrant.conn = conn;
        match &self.live {
            Some(live) if now < live.ends => vec![round_reply(live, &entrant.found, now)],
            _ => {
                if let Some(last) = &self.last {
                    let _ = out.try_send(last.clone());
                }
                vec![Reply::ArenaWait { next_ms }]
            }
        }
    }

    /// Connection `conn` of `player` closed (a newer one may hold it now).
    pub(crate) fn disconnect(&mut self, player: &str, conn: u64) {
        if let Some(e) = self.entrants.get_mut(player) {
            if e.conn == conn {
                e.out = None;
            }
        }
    }

    /// Starts `live`: everyone's words set back, the players kept from
    /// before a restart given theirs again, every connected device told.
    pub(crate) fn start(&mut self, live: Live, kept: HashMap<String, Vec<String>>, now: Instant) {
        // A device that is away is let go (its token brings it back).
        self.entrants.retain(|_, e| e.out.is_some());
        // Kept words were found since the round began (before a restart):
        // their pace counts from then.
        let began = began(&live).min(now);
        for e in self.entrants.values_mut() {
            e.found = Found::default();
            e.merged = 0;
            e.tried = false;
            e.since = now;
        }
        for (player, words) in kept {
            let rate = self.rate;
            let name = self
                .store
                .arena
                .name_of(&player)
                .unwrap_or_else(|| player.clone());
            let e = self
                .entrants
                .entry(player.clone())
                .or_insert_with(|| Entrant {
                    name,
                    out: None,
                    conn: 0,
                    found: Found::default(),
                    tried: false,
                    since: began,
                    tries: Bucket::new(rate.0, rate.1),
                    merged: 0,
                });
            for word in words {
                if live.judge.typed(&mut e.found, &word).is_ok() {
                    e.tried = true;
                }
            }
        }
        for e in self.entrants.values_mut() {
            if e.out.is_some() {
                let text: Arc<str> = round_reply(&live, &e.found, now).text().into();
                deliver(e, text);
            }
        }
        self.live = Some(live);
    }

    /// The words other instances sharing the store judged (by player: the
    /// screen name, the words in the order found), added to theirs here:
    /// a player of another instance, or one who came here from another
    /// mid-round (their words there count too).
    pub(crate) fn merge(&mut self, others: HashMap<String, (String, Vec<String>)>) {
        let Some(live) = &self.live else { return };
        let since = began(live);
        let rate = self.rate;
        for (player, (name, words)) in others {
            let e = self.entrants.entry(player).or_insert_with(|| Entrant {
                name: name.clone(),
                out: None,
                conn: 0,
                found: Found::default(),
                tried: false,
                since,
                tries: Bucket::new(rate.0, rate.1),
                merged: 0,
            });
            if e.out.is_none() {
                e.name = name;
            }
            // Only the words not merged before: this runs every few seconds
            // under the arena's lock. (A word already here is found again:
            // no change.)
            for word in words.iter().skip(e.merged) {
                if live.judge.typed(&mut e.found, word).is_ok() {
                    e.tried = true;
                }
            }
            e.merged = e.merged.max(words.len());
        }
    }

    /// The round's players' words so far, with their connections and the
    /// round's judge: taken under the lock, ranked and sent after it
    /// ([`placed`]), so that judging waits on neither.
    pub(crate) fn places(&self) -> Option<Places> {
        let live = self.live.as_ref()?;
        let (found, out) = self
            .entrants
            .values()
            .filter(|e| e.tried)
            .map(|e| (e.found.clone(), e.out.clone()))
            .unzip();
        Some(Places {
            judge: live.judge.clone(),
            found,
            out,
        })
    }

    /// The round's players (who sent a try), in a fixed order, and where
    /// they stand.
    fn standings<'a>(&'a self, live: &Live) -> (Vec<&'a String>, Standings) {
        let mut players: Vec<&String> = self
            .entrants
            .iter()
            .filter(|(_, e)| e.tried)
            .map(|(p, _)| p)
            .collect();
        players.sort();
        let standings = Standings::of(
            &live.judge,
            players.iter().map(|p| &self.entrants[*p].found),
        );
        (players, standings)
    }

    /// Ends the round: every device hears the results, each player their
    /// own, and the store records them. Returns how many results were held
    /// out of the leaderboards, of how many.
    pub(crate) fn end(&mut self, next_ms: u64) -> (usize, usize) {
        let Some(live) = self.live.take() else {
            return (0, 0);
        };
        let (players, standings) = self.standings(&live);
        let players: Vec<String> = players.into_iter().cloned().collect();
        let judge = &live.judge;
        let words = judge.words();
        let shared = |i: usize| WordShare {
            word: word_shown(&words[i], words[i].score, false),
            finders: standings.finders(i),
            share: standings.share(i),
        };
        let mut best: Vec<usize> = (0..words.len()).collect();
        best.sort_by(|&a, &b| {
            words[b]
                .score
                .cmp(&words[a].score)
                .then(words[a].word.cmp(&words[b].word))
        });
        let results = ArenaResults {
            start: live.round.start.to_string(),
            board: live.board.clone(),
            seed: live.round.seed,
            players: players.len(),
            top: standings
                .ranked()
                .iter()
                .take(TOP)
                .map(|s| Leader {
                    rank: s.rank,
                    name: self.entrants[&players[s.player]].name.clone(),
                    score: s.score,
                    words: s.words,
                })
                .collect(),
            best: best.iter().take(BEST_WORDS).map(|&i| shared(i)).collect(),
            nobody: standings
                .nobody(judge, Counted::Common)
                .into_iter()
                .take(NOBODY_WORDS)
                .map(|i| word_shown(&words[i], words[i].score, false))
                .collect::<Vec<WordShown>>(),
            next_ms,
        };
        let text: Arc<str> = Reply::ArenaResults(Box::new(results)).text().into();
        // Everyone's results first (one message for all), then each
        // player's own, built on every core: ten thousand of them take a
        // while.
        for e in self.entrants.values_mut() {
            deliver(e, text.clone());
        }
        let start = live.round.start.to_string();
        let built: Vec<(Played, Option<Arc<str>>)> = players
            .par_iter()
            .enumerate()
            .map(|(i, player)| {
                let e = &self.entrants[player];
                let seconds = live.ends.saturating_duration_since(e.since).as_secs_f64();
                let paced = humanly_paced(e.found.len() as u32, seconds);
                let mine: Vec<WordShare> = e.found.words().iter().map(|&w| shared(w)).collect();
                let rarest = mine
                    .iter()
                    .min_by(|a, b| {
                        a.finders
                            .cmp(&b.finders)
                            .then(b.word.points.cmp(&a.word.points))
                    })
                    .cloned();
                let standing = place(&standings, i);
                let played = Played {
                    player: player.clone(),
                    score: standing.score as i64,
                    words: standing.words as i64,
                    held: !paced,
                };
                let text = e.out.is_some().then(|| {
                    let reply = Reply::ArenaMine(Box::new(ArenaMine {
                        start: start.clone(),
                        place: standing,
                        words: mine,
                        rarest,
                        held: !paced,
                    }));
                    reply.text().into()
                });
                (played, text)
            })
            .collect();
        let mut played = Vec::with_capacity(built.len());
        for (result, text) in built {
            if let (Some(text), Some(e)) = (text, self.entrants.get_mut(&result.player)) {
                deliver(e, text);
            }
            played.push(result);
        }
        let held = played.iter().filter(|p| p.held).count();
        self.store.write(Write::Arena(ArenaWrite::Results {
            round: live.key.clone(),
            played,
        }));
        self.last = Some(text);
        (held, players.len())
    }
}

/// When `live` began, on the monotonic clock.
fn began(live: &Live) -> Instant {
    let play = (live.round.ends.seconds() - live.round.start.seconds()).max(0) as u64;
    live.ends
        .checked_sub(std::time::Duration::from_secs(play))
        .unwrap_or(live.ends)
}

/// Sends `text` to `e`'s connection. One whose queue is full (a client
/// that reads too slowly) is let go, as a room's seat is: its connection
/// ends once it has read what was queued, and the device may come back.
fn deliver(e: &mut Entrant, text: Arc<str>) {
    if let Some(out) = &e.out {
        if out.try_send(text).is_err() {
            e.out = None;
        }
    }
}

/// A round's players as [`Arena::places`] took them.
pub(crate) struct Places {
    judge: Arc<Judge>,
    found: Vec<Found>,
    out: Vec<Option<Outbox>>,
}

/// Each player of `places` and the message saying where they stand.
pub(crate) fn placed(places: Places) -> Vec<(Outbox, Arc<str>)> {
    let standings = Standings::of(&places.judge, &places.found);
    places
        .out
        .into_iter()
        .enumerate()
        .filter_map(|(i, out)| Some((out?, Reply::ArenaPlace(place(&standings, i)).text().into())))
        .collect()
}

/// Player `i`'s place in `standings`.
fn place(standings: &Standings, i: usize) -> Place {
    let s = standings.place(i);
    Place {
        rank: s.rank,
        players: standings.players(),
        percentile: s.percentile,
        score: s.score,
        words: s.words,
    }
}

/// The round as a device is told it, with its words so far.
fn round_reply(live: &Live, found: &Found, now: Instant) -> Reply {
    Reply::ArenaRound {
        start: live.round.start.to_string(),
        board: live.board.clone(),
        seed: live.round.seed,
        seconds: (live.round.ends.seconds() - live.round.start.seconds()) as u32,
        left_ms: live.ends.saturating_duration_since(now).as_millis() as u64,
        min_len: live.judge.round().rules.min_len,
        target: live.target,
        mine: found_shown(&live.judge, found),
    }
}
