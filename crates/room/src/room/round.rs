//! A room's round: starting it on a rolled board, judging each try against
//! the one judge, and what its end shows every seat.

use solve::game::VerdictKind;

use super::*;

impl Room {
    /// Starts the round `judge` referees, rolled from `settings` with
    /// `seed`: its number and when it ends.
    pub fn begin_round(
        &mut self,
        judge: Judge,
        settings: &Settings,
        seconds: u32,
        now: Instant,
    ) -> Option<(u32, Instant)> {
        if !matches!(self.phase, Phase::Starting) {
            return None;
        }
        let round = judge.round();
        let board = &round.board;
        let target = judge.target(settings.words).len();
        let shown = BoardShown {
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
            neighbors: {
                let n = judge.neighbors();
                (0..n.cells()).map(|i| n.of(i).to_vec()).collect()
            },
        };
        self.rounds += 1;
        let play = Play {
            number: self.rounds,
            seed: round.seed,
            judge: Arc::new(judge),
            seconds,
            ends: now + Duration::from_secs(u64::from(seconds)),
            counted: settings.words,
            classic: settings.classic,
            board: shown,
            target,
        };
        for seat in &mut self.seats {
            seat.found = Found::default();
        }
        let (number, ends) = (play.number, play.ends);
        let empty = Found::default();
        let reply = round_reply(&play, &empty, now).text();
        self.phase = Phase::Playing(Box::new(play));
        self.last = None;
        self.broadcast_room();
        self.broadcast(reply.into());
        Some((number, ends))
    }

    /// Judges seat `id`'s try: a traced path or a typed word.
    pub fn judge(&mut self, id: u32, try_: Try<'_>, now: Instant) -> Result<Judged, Refused> {
        let Phase::Playing(play) = &self.phase else {
            return Err(Refused::NoRound);
        };
        if now >= play.ends {
            return Err(Refused::TimeUp);
        }
        let judge = play.judge.clone();
        let seat = self
            .seats
            .iter_mut()
            .find(|s| s.id == id)
            .ok_or(Refused::NoSeat)?;
        if seat.watch {
            return Err(Refused::Watching);
        }
        let cols = judge.round().board.cols();
        let verdict = match try_ {
            Try::Path(cells) => {
                let board = &judge.round().board;
                let (rows, off) = (board.rows(), board.len());
                // A cell off the board becomes an index past the end, which
                // the judge names.
                let path: Vec<usize> = cells
                    .iter()
                    .map(|&[r, c]| match (r as usize) < rows && (c as usize) < cols {
                        true => r as usize * cols + c as usize,
                        false => off,
                    })
                    .collect();
                judge.traced(&mut seat.found, &path)
            }
            Try::Word(text) => judge
                .typed(&mut seat.found, text)
                .map_err(|e| Refused::Judge(e.to_string()))?,
        };
        let score = seat.found.score();
        let word_of = |i: usize| &judge.words()[i];
        let path_of = |i: usize| cells(word_of(i));
        let (kind, why) = (verdict.kind(), verdict.why());
        let (word, points, rare, path) = match verdict {
            Verdict::New { word, points } => (
                word_of(word).word.clone(),
                points,
                word_of(word).rare,
                path_of(word),
            ),
            Verdict::Again { word } => (word_of(word).word.clone(), 0, false, vec![]),
            Verdict::Short { text, .. }
            | Verdict::NotOnBoard { text }
            | Verdict::NotWord { text }
            | Verdict::BadPath { text, .. } => (text, 0, false, vec![]),
        };
        let counted = kind == VerdictKind::New;
        if counted {
            let progress = progress_reply(&self.seats).text();
            self.broadcast(progress.into());
        }
        Ok(Judged {
            reply: Reply::Verdict {
                kind,
                word,
                points,
                rare,
                why,
                path,
                score,
            },
            counted,
        })
    }

    /// The host `by` ends the round on the board.
    pub fn end_by(&mut self, by: u32) -> Result<(), Refused> {
        if by != self.host {
            return Err(Refused::NotHost);
        }
        match self.end_round(None, false) {
            true => Ok(()),
            false => Err(Refused::NoRound),
        }
    }

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
            totals: self.players_shown(),
        };
        self.phase = Phase::Lobby;
        let text: Arc<str> = results.text().into();
        self.last = Some(text.clone());
        self.broadcast_room();
        self.broadcast(text);
        true
    }
}

/// A try in a round.
#[derive(Clone, Copy, Debug)]
pub enum Try<'a> {
    /// A traced path, `[row, column]` cells.
    Path(&'a [[u32; 2]]),
    /// A typed word.
    Word(&'a str),
}

/// A word's path as `[row, column]` cells.
fn cells(w: &FoundWord) -> Vec<[u32; 2]> {
    w.path.iter().map(|p| [p.row, p.col]).collect()
}

/// A word as the end of a round (or a reconnect) shows it.
fn word_shown(w: &FoundWord, points: u32, shared: bool) -> WordShown {
    WordShown {
        word: w.word.clone(),
        points,
        shared,
        rare: w.rare,
        path: cells(w),
    }
}

pub(super) fn round_reply(play: &Play, found: &Found, now: Instant) -> Reply {
    let words = play.judge.words();
    Reply::Round {
        number: play.number,
        board: play.board.clone(),
        seed: play.seed,
        seconds: play.seconds,
        left_ms: play.ends.saturating_duration_since(now).as_millis() as u64,
        min_len: play.judge.round().rules.min_len,
        target: play.target,
        mine: found
            .words()
            .iter()
            .map(|&i| word_shown(&words[i], words[i].score, false))
            .collect(),
    }
}

pub(super) fn progress_reply(seats: &[Seat]) -> Reply {
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
