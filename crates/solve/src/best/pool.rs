//! The pool of the best distinct boards found, best first.

use crate::board::Scored;

/// A kept board: what is reported, and when it was first found.
#[derive(Clone, Debug)]
pub(super) struct Entry {
    pub(super) found: Scored,
    pub(super) seconds: f64,
}

/// The best distinct boards so far, best first (score, then text).
pub(super) struct Pool {
    size: usize,
    pub(super) entries: Vec<Entry>,
}

impl Pool {
    pub(super) fn new(size: usize) -> Pool {
        Pool {
            size,
            entries: Vec::with_capacity(size + 1),
        }
    }

    /// Whether a board of this score could enter.
    #[inline]
    pub(super) fn wants(&self, score: u64) -> bool {
        self.entries.len() < self.size
            || self.entries.last().is_some_and(|e| score >= e.found.score)
    }

    /// Offers a board already in canonical form; returns whether it entered.
    /// A board already kept is not kept again, but keeps the earlier of the
    /// two times it was found.
    pub(super) fn offer_canonical(&mut self, entry: Entry) -> bool {
        if let Some(e) = self
            .entries
            .iter_mut()
            .find(|e| e.found.board == entry.found.board)
        {
            e.seconds = e.seconds.min(entry.seconds);
            return false;
        }
        let key = |e: &Entry| (std::cmp::Reverse(e.found.score), e.found.board.clone());
        let at = self.entries.partition_point(|e| key(e) < key(&entry));
        if at >= self.size {
            return false;
        }
        self.entries.insert(at, entry);
        self.entries.truncate(self.size);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pool_keeps_the_best_distinct() {
        let e = |b: &str, s: u64| Entry {
            found: Scored {
                board: b.into(),
                score: s,
                words: 0,
            },
            seconds: 0.0,
        };
        let mut p = Pool::new(2);
        assert!(p.offer_canonical(e("b", 5)));
        assert!(!p.offer_canonical(e("b", 5)));
        assert!(p.offer_canonical(e("a", 5)));
        assert!(p.offer_canonical(e("c", 9)));
        assert!(!p.offer_canonical(e("d", 1)));
        let boards: Vec<&str> = p.entries.iter().map(|e| e.found.board.as_str()).collect();
        assert_eq!(boards, ["c", "a"]);
    }
}
