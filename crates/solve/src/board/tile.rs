//! What a face means on a path: Wordament's special tiles. A face is
//! letters (`a`, `qu`, `er`), and may also be
//!
//! - a *prefix* tile, written `re-`: it may only start a word;
//! - a *suffix* tile, written `-ing`: it may only end a word;
//! - an *either/or* tile, written `a/e`: it reads as any one of its
//!   alternatives, one of them per word (a cell is used once per word).
//!
//! These are the face strings of a [`Board`](super::Board) (typed in
//! brackets: `[re-]`, `[-ing]`, `[a/e]`); [`Tile`] reads them.

/// Where on a path a tile may stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// Anywhere.
    Anywhere,
    /// Only first (a prefix tile, `re-`).
    First,
    /// Only last (a suffix tile, `-ing`).
    Last,
}

/// A face read as a tile: where it may stand and the letters it reads as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tile<'a> {
    place: Place,
    letters: &'a str,
}

/// The most alternatives an either/or tile may have.
pub const MAX_ALTERNATIVES: usize = 8;

impl<'a> Tile<'a> {
    /// Reads a face string (`a`, `qu`, `re-`, `-ing`, `a/e`).
    pub fn of(face: &'a str) -> Tile<'a> {
        if let Some(rest) = face.strip_prefix('-').filter(|r| !r.is_empty()) {
            Tile {
                place: Place::Last,
                letters: rest,
            }
        } else if let Some(rest) = face.strip_suffix('-').filter(|r| !r.is_empty()) {
            Tile {
                place: Place::First,
                letters: rest,
            }
        } else {
            Tile {
                place: Place::Anywhere,
                letters: face,
            }
        }
    }

    /// Where the tile may stand.
    pub fn place(&self) -> Place {
        self.place
    }

    /// The letters it may read as: one string, or an either/or tile's
    /// alternatives.
    pub fn alternatives(&self) -> impl Iterator<Item = &'a str> + Clone {
        self.letters.split('/')
    }

    /// Whether the face is a plain run of letters (no marks).
    pub fn is_plain(face: &str) -> bool {
        !face.contains(['-', '/'])
    }

    /// The face written from its place and alternatives: the inverse of
    /// [`Tile::of`].
    pub fn face(place: Place, alternatives: &[String]) -> String {
        let letters = alternatives.join("/");
        match place {
            Place::Anywhere => letters,
            Place::First => format!("{letters}-"),
            Place::Last => format!("-{letters}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_read_their_marks() {
        let t = Tile::of("re-");
        assert_eq!(t.place(), Place::First);
        assert_eq!(t.alternatives().collect::<Vec<_>>(), ["re"]);
        let t = Tile::of("-ing");
        assert_eq!(t.place(), Place::Last);
        assert_eq!(t.alternatives().collect::<Vec<_>>(), ["ing"]);
        let t = Tile::of("a/e");
        assert_eq!(t.place(), Place::Anywhere);
        assert_eq!(t.alternatives().collect::<Vec<_>>(), ["a", "e"]);
        assert_eq!(Tile::of("qu").alternatives().collect::<Vec<_>>(), ["qu"]);
        for face in ["re-", "-ing", "a/e", "qu", "-a/b"] {
            let t = Tile::of(face);
            let alts: Vec<String> = t.alternatives().map(String::from).collect();
            assert_eq!(Tile::face(t.place(), &alts), face);
        }
    }
}
