//! What a room's round shows: to a seat that (re)joins it, to everyone as
//! the scores move, and at its end (by the clock, the host or the room's
//! closing), the results.

use super::*;
use solve::TextStyle;

impl Room {
    /// Ends round `number` (any round if `None`): everyone gets the
    /// results. `false` if that round is not on.
    pub fn end_round(&mut self, number: Option<u32>, timed_out: bool) -> bool {
        let play = match &self.phase {
            Phase::Playing(play) if number.map_or(true, |n| n == play.number) => play,
            _ => return false,
        };
        let judge = &play.judge;
        let mut finders: HashMap<usize, u32> = HashMap::new();
        for seat in self.seats.iter().filter(|s| !s.watch) {
            for &i in seat.found.words() {
                *finders.entry(i).or_default() += 1;
            }
        }
        let shown = |i: usize, cancelled: bool| {
            let w = &judge.words()[i];
            let points = if cancelled { 0 } else { w.score };
            word_shown(w, points, finders.get(&i).copied().unwrap_or(0) > 1)
        };
        let mut players: Vec<PlayerResult> = self
            .seats
            .iter()
            .filter(|s| !s.watch)
            .map(|s| {
                let words: Vec<WordShown> = s
                    .found
                    .words()
                    .iter()
                    .map(|&i| shown(i, play.classic && finders[&i] > 1))
                    .collect();
                PlayerResult {
                    id: s.id,
                    name: s.name.clone(),
                    score: words.iter().map(|w| u64::from(w.points)).sum(),
                    words,
                }
            })
            .collect();
        players.sort_by(|a, b| b.score.cmp(&a.score).then(a.id.cmp(&b.id)));
        let found = |i: usize| finders.contains_key(&i);
        let missed = judge
            .missed(play.counted, found)
            .into_iter()
            .map(|i| shown(i, false))
            .collect();
        let missed_rare = judge.missed_rare(play.counted, found).len();
        let max = judge.max(play.counted);
        let (number, classic, board) = (play.number, play.classic, play.board.clone());
        for p in &players {
            if let Some(seat) = self.seats.iter_mut().find(|s| s.id == p.id) {
                seat.total += p.score;
            }
        }
        let results = Reply::Results {
            number,
            board,
            timed_out,
            classic,
            players,
            missed,
            missed_rare,
            max,
            counted: play.counted,
            totals: self.players_shown(),
        };
        self.phase = Phase::Lobby;
        // Seats kept past their grace for their words may go now.
        self.expiry.notify_one();
        let text: Arc<str> = results.text().into();
        self.last = Some(text.clone());
        self.broadcast_room();
        self.broadcast(text);
        true
    }
}

/// Rolls and solves the board of `settings` from `seed` (blocking): its
/// judge and the round's seconds. The same settings and seed give the same
/// board (a round kept by the store comes back this way).
pub(crate) fn roll(packs: &Packs, settings: &Settings, seed: u64) -> Result<(Judge, u32), Refused> {
    let game = game_of(settings)?;
    let board = |e: String| Refused::Board(e);
    let pack = packs
        .get(&settings.lang)
        .map_err(|e| board(e.to_string()))?;
    // The whole-pack check a typed word's look-up needs runs here, on a
    // blocking thread before the round, not on an async worker under the
    // room's lock at the round's first typed non-word.
    pack.check().map_err(|e| board(e.to_string()))?;
    let round = game
        .roll(&pack, seed)
        .map_err(|e| board(format!("no board for {}: {e}", game.name)))?;
    let judge = Judge::new(&pack, &round).map_err(|e| board(e.to_string()))?;
    Ok((judge, game.seconds))
}

impl Play {
    /// Round `number` refereed by `judge`, rolled from `settings`, lasting
    /// `seconds` and ending at `ends` (the monotonic clock's instant and
    /// the wall clock's milliseconds since 1970).
    pub(crate) fn new(
        number: u32,
        judge: Judge,
        settings: &Settings,
        seconds: u32,
        ends: (Instant, i64),
    ) -> Play {
        Play {
            number,
            seed: judge.round().seed,
            board: board_shown(&judge),
            target: judge.target(settings.words).len(),
            judge: Arc::new(judge),
            seconds,
            ends: ends.0,
            ends_at: ends.1,
            counted: settings.words,
            classic: settings.classic,
        }
    }
}

/// The board as every page draws it: faces, tile values, bonus cells and
/// each cell's neighbours (the page traces with them and judges nothing).
pub(crate) fn board_shown(judge: &Judge) -> BoardShown {
    let round = judge.round();
    let board = &round.board;
    let n = judge.neighbors();
    BoardShown {
        text: round.faces.text(board, TextStyle::Rows),
        rows: board.rows(),
        cols: board.cols(),
        cells: (0..board.len())
            .map(|i| board.face(i).map(str::to_string))
            .collect(),
        values: round.rules.tile_values(board),
        bonus: round
            .rules
            .bonus_marks(board.len())
            .map(|m| m.into_iter().map(|m| m.map(String::from)).collect()),
        neighbors: (0..n.cells()).map(|i| n.of(i).to_vec()).collect(),
    }
}

/// A word's path as `[row, column]` cells.
pub(crate) fn cells(w: &FoundWord) -> Vec<[u32; 2]> {
    w.path.iter().map(|p| [p.row, p.col]).collect()
}

/// A word as the end of a round (or a reconnect) shows it.
pub(crate) fn word_shown(w: &FoundWord, points: u32, shared: bool) -> WordShown {
    WordShown {
        word: w.word.clone(),
        points,
        shared,
        rare: w.rare,
        path: cells(w),
    }
}

pub(crate) fn round_reply(play: &Play, found: &Found, now: Instant) -> Reply {
    Reply::Round {
        number: play.number,
        board: play.board.clone(),
        seed: play.seed,
        seconds: play.seconds,
        left_ms: play.ends.saturating_duration_since(now).as_millis() as u64,
        min_len: play.judge.round().rules.min_len,
        target: play.target,
        mine: found_shown(&play.judge, found),
    }
}

/// A player's words so far, as a round's message shows them on a
/// reconnect.
pub(crate) fn found_shown(judge: &Judge, found: &Found) -> Vec<WordShown> {
    let words = judge.words();
    found
        .words()
        .iter()
        .map(|&i| word_shown(&words[i], words[i].score, false))
        .collect()
}

pub(crate) fn progress_reply(seats: &[Seat]) -> Reply {
    Reply::Progress {
        players: seats
            .iter()
            .filter(|s| !s.watch)
            .map(|s| Progress {
                id: s.id,
                words: s.found.len(),
                score: s.found.score(),
            })
            .collect(),
    }
}
