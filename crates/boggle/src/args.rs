//! The flag groups the commands share, written once, each with what it
//! resolves to: which pack ([`PackArgs`]), how a board reads and scores
//! ([`RuleArgs`]), how a board is rolled ([`RollOptions`]); and the value
//! parsers that make numbers positive, sizes one syntax and durations
//! readable before any command runs.

use std::num::NonZeroUsize;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::Result;
use boggle_cli::{usage, usage_msg};
use clap::Args;
use prep::frequency::Zipf;
use prep::{Pack, PackDir};
use solve::packs::{self, PacksError};
use solve::random::LetterMode;
use std::collections::BTreeMap;

use grid::{Adjacency, Size};
use solve::game::Game;
use solve::{FaceRules, RuleError, RuleOptions, Rules, Scoring};

/// Which pack to use.
#[derive(Args, Clone)]
pub(crate) struct PackArgs {
    /// A pack by name: built-in en (English) or nl (Dutch), or one installed
    /// with `boggle-prep install` (`boggle packs` lists them).
    #[arg(long, short, default_value = "en", conflicts_with = "pack")]
    lang: String,
    /// A pack file (built with boggle-prep), memory-mapped.
    #[arg(long)]
    pack: Option<PathBuf>,
}

impl PackArgs {
    /// Opens the pack: a file (checked as it opens), else by name, built-in
    /// first, then installed.
    pub(crate) fn open(&self) -> Result<Pack> {
        match &self.pack {
            Some(path) => Ok(Pack::open(boggle_cli::named_file(path, "pack")?)?),
            None => match packs::open(&self.lang, PackDir::from_env().as_ref()) {
                Ok(pack) => Ok(pack),
                Err(e @ PacksError::Unknown { .. }) => {
                    let hint = match &e {
                        PacksError::Unknown {
                            recipe: Some(r), ..
                        } => format!(
                            ": `boggle-prep install --recipe {}` installs it, or give --pack FILE",
                            r.name
                        ),
                        _ => "; or give --pack FILE".to_string(),
                    };
                    Err(usage_msg(format!("{e}{hint}")))
                }
                Err(e) => Err(e.into()),
            },
        }
    }
}

/// How a board is read and scored.
#[derive(Args, Clone)]
pub(crate) struct RuleArgs {
    /// Adjacency: all (king moves; also called king or 8) or no-diag (no
    /// diagonal steps; also called rook or 4).
    #[arg(long, short = 'n', default_value = "all", value_parser = parse::<Adjacency>)]
    neighbors: Adjacency,
    /// The board wraps around at its edges (a torus).
    #[arg(long)]
    wrap: bool,
    /// A lone `q` cell reads `qu` (default: as the pack says).
    #[arg(long, conflicts_with = "no_qu")]
    qu: bool,
    /// A lone `q` cell reads plain `q`.
    #[arg(long)]
    no_qu: bool,
    /// Shortest word that counts (default: the pack's and the scheme's minimum).
    #[arg(long, value_parser = positive, allow_negative_numbers = true)]
    min_len: Option<NonZeroUsize>,
    /// Scoring by length: boggle, big-boggle, super-big-boggle, word-hunt,
    /// words, or a table like 3=1,4=1,5=2,6=3,7=5,8+=11. By letter values,
    /// each word by its best path: letters, ruzzle, wordament,
    /// wordament-classic, letters+TABLE
    /// (plus a length bonus), or a scheme file (.toml; see docs/games-and-scoring.md).
    #[arg(long, short, value_parser = scoring)]
    scoring: Option<Scoring>,
    /// Letter values, as a=1,b=3,qu=10, for a letter-value scheme (default:
    /// the scheme's, else the pack's); alone, it implies --scoring letters.
    #[arg(long, value_parser = letter_values)]
    letter_values: Option<BTreeMap<String, u32>>,
    /// Bonus cells, for a letter-value scheme: a grid of the board's shape,
    /// '.' none, d / t double / triple letter, D / T double / triple word:
    /// d..T/..../.D../t...
    #[arg(long)]
    bonus: Option<String>,
    /// Count only common words: everyday words of the language (not names,
    /// abbreviations or stray tokens, as the pack's verdicts say) of Zipf
    /// 2.5 and more in its frequency list, so rare ones are not found (a
    /// pack without frequencies has no rare words).
    #[arg(long, conflicts_with = "min_zipf")]
    common: bool,
    /// Count only everyday words at least this common, on the Zipf scale (3
    /// is once per million words of text).
    #[arg(long, value_name = "Z")]
    min_zipf: Option<Zipf>,
    /// A game's rules: boggle, big, super, hunt, quick, ruzzle or wordament
    /// (its scoring and shortest word; with roll, its size, dice, time and
    /// bonus cells or special tile too), or custom (--size and --scoring).
    #[arg(long, short = 'g', value_parser = game_name)]
    pub(crate) game: Option<String>,
}

impl RuleArgs {
    /// The game asked for with `--game`: a built-in one (whose scoring and
    /// shortest word the flags may not change), or a custom one of `size`
    /// and the flags' scoring.
    pub(crate) fn game(&self, size: Option<Size>) -> Result<Option<Game>> {
        match self.game.as_deref() {
            None => Ok(None),
            Some("custom") => Ok(Some(Game::custom(
                size.unwrap_or(Size { rows: 4, cols: 4 }),
                self.scoring.clone().unwrap_or_else(Scoring::boggle),
            ))),
            Some(name) => {
                if self.scoring.is_some() || self.min_len.is_some() {
                    return Err(usage_msg(format!(
                        "--game {name} sets the scoring and the shortest word: leave out --scoring and --min-len, or use --game custom"
                    )));
                }
                Ok(Some(Game::named(name).map_err(usage)?))
            }
        }
    }

    /// The options the flags ask for (a game's scoring and shortest word
    /// included).
    pub(crate) fn options(&self) -> Result<RuleOptions> {
        let qu = match (self.qu, self.no_qu) {
            (true, _) => Some(true),
            (_, true) => Some(false),
            _ => None,
        };
        let game = self.game(None)?;
        Ok(RuleOptions {
            adjacency: self.neighbors,
            wrap: self.wrap,
            qu,
            min_len: game.as_ref().and_then(|g| g.min_len).or(self.min_len),
            scoring: game.map(|g| g.scoring).or_else(|| self.scoring.clone()),
            letter_values: self.letter_values.clone(),
            bonus: self.bonus.clone(),
            min_zipf: self.min_zipf.or(self.common.then_some(Zipf::COMMON)),
        })
    }

    /// The face rules and solver rules these options ask for under `pack`.
    pub(crate) fn resolve(&self, pack: &Pack) -> Result<(FaceRules, Rules)> {
        self.options()?.resolve(pack).map_err(rule_error)
    }
}

/// A rule error in the flags' words.
pub(crate) fn rule_error(e: RuleError) -> anyhow::Error {
    // The library's words, with the flags' names.
    match e {
            RuleError::ValuesNeedLetterScheme(s) => usage_msg(format!(
                "--letter-values needs a letter-value scheme, not {s}: use --scoring letters, ruzzle or wordament"
            )),
            RuleError::BonusNeedsLetterScheme(s) => usage_msg(format!(
                "--bonus doubles and triples letter values, and {s} scores by length: add --scoring ruzzle (or letters, wordament)"
            )),
            RuleError::Faces(e) => usage(e),
            e @ RuleError::ValueNotInAlphabet { .. } => usage_msg(format!("--{e}")),
            e @ RuleError::Bonus(_) => usage_msg(format!("--{e}")),
    }
}

/// A game's name, as `--game` takes it.
fn game_name(text: &str) -> std::result::Result<String, String> {
    match text {
        "custom" => Ok(text.to_string()),
        _ => Game::named(text).map(|g| g.id).map_err(|e| e.to_string()),
    }
}

/// Gives the bonus grid the board's shape (a run of 16 fits a 4x4 board as
/// well as a 1x16 one); a grid of another size is a usage error.
pub(crate) fn fit_bonus(rules: &mut Rules, rows: usize, cols: usize) -> Result<()> {
    rules
        .fit_bonus(rows, cols)
        .map_err(|e| usage_msg(format!("--{e}")))
}

/// A scoring scheme by name or table, or a scheme file (`.toml`).
fn scoring(text: &str) -> std::result::Result<Scoring, solve::ScoringError> {
    Scoring::from_arg(text)
}

/// Letter values, `a=1,b=3,qu=10`.
fn letter_values(text: &str) -> std::result::Result<BTreeMap<String, u32>, solve::ScoringError> {
    solve::scoring::parse_values(text)
}

/// How a random board is rolled (`boggle roll`, `boggle solve --roll`).
#[derive(Args, Clone, Default)]
pub(crate) struct RollOptions {
    /// Dice set: classic, 1987 (or new), big, big-deluxe, big-2012,
    /// super-big, french, pack (the pack's own dice), frequency (made from the pack's letter frequencies, one die a
    /// cell), or a dice file (one die a line, faces separated by spaces).
    /// Default: the pack's dice, else classic for English, else frequency.
    #[arg(long, conflicts_with = "letters")]
    pub(crate) dice: Option<String>,
    #[command(flatten)]
    pub(crate) letters: LettersArg,
    /// Board size, RxC or N (default: N x N for a set of N² dice; 4x4 for
    /// letters and frequency dice). Larger than the set: extra dice are
    /// drawn with replacement. With a board given, its shape: one run of
    /// letters is cut into rows (`perslatesind --size 3x4`).
    #[arg(long, value_parser = parse::<Size>)]
    pub(crate) size: Option<Size>,
    /// Board shape: square, donut (5x5, center blank), cross (5x5, corners
    /// blank), or a mask of x (a cell) and . (a blank), rows separated by
    /// '/': .xx./xxxx/xxxx/.xx. is a 4x4 without corners
    #[arg(long, conflicts_with = "size")]
    pub(crate) shape: Option<String>,
    /// The seed: the same seed rolls the same board, everywhere (default:
    /// from the clock, and printed).
    #[arg(long)]
    pub(crate) seed: Option<u64>,
    /// Re-roll (deterministically) until the board has this many words.
    #[arg(long, default_value_t = 0)]
    pub(crate) min_words: u64,
    /// Re-roll (deterministically) until the board scores this many points.
    #[arg(long, default_value_t = 0)]
    pub(crate) min_score: u64,
    /// Most rolls to try for --min-words / --min-score.
    #[arg(long, default_value_t = 1000)]
    pub(crate) max_rolls: u32,
}

impl RollOptions {
    /// Whether any roll option was given.
    pub(crate) fn given(&self) -> bool {
        self.size.is_some() || self.rolls()
    }

    /// Whether an option that only a roll takes is given (`--size` also
    /// shapes a given board).
    pub(crate) fn rolls(&self) -> bool {
        self.dice.is_some()
            || self.letters.letters.is_some()
            || self.shape.is_some()
            || self.seed.is_some()
            || self.min_words > 0
            || self.min_score > 0
    }
}

/// `--letters [MODE]`, the same in `roll` and `best`.
#[derive(Args, Clone, Default)]
pub(crate) struct LettersArg {
    /// Any letter in any cell instead of dice; new letters are drawn as
    /// often as in the pack's words (frequency, the default) or uniformly.
    #[arg(
        long,
        num_args = 0..=1,
        default_missing_value = "frequency",
        value_name = "MODE",
        value_parser = parse::<LetterMode>
    )]
    pub(crate) letters: Option<LetterMode>,
}

/// `-j, --threads N`, for every command that uses threads.
#[derive(Args, Clone, Copy, Default)]
pub(crate) struct ThreadsArg {
    /// Worker threads (default: one per core).
    #[arg(long, short = 'j', value_parser = positive, allow_negative_numbers = true)]
    threads: Option<NonZeroUsize>,
}

impl ThreadsArg {
    /// The thread count: as given, else one per core.
    pub(crate) fn get(self) -> usize {
        job::Control::<()>::with_threads(self.threads).thread_count()
    }

    /// A job's control: these threads, stopped by Ctrl-C.
    pub(crate) fn control<'a, R>(self) -> job::Control<'a, R> {
        boggle_cli::control(self.threads)
    }
}

/// A value read with its type's `FromStr`, the error as its text.
pub(crate) fn parse<T>(text: &str) -> std::result::Result<T, String>
where
    T: std::str::FromStr,
    T::Err: std::fmt::Display,
{
    text.parse().map_err(|e: T::Err| e.to_string())
}

/// A whole number of at least 1. The error names the range, for a
/// negative number too (its option takes `allow_negative_numbers`, so that
/// `-1` reaches this parser instead of being taken for an option).
pub(crate) fn positive(text: &str) -> std::result::Result<NonZeroUsize, String> {
    positive_u64(text).and_then(|n| {
        usize::try_from(n)
            .ok()
            .and_then(NonZeroUsize::new)
            .ok_or_else(|| format!("{text:?} is too large"))
    })
}

/// A whole number of at least 1, as a `u64`.
pub(crate) fn positive_u64(text: &str) -> std::result::Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(0) => Err("must be at least 1 (a whole number, 1 or more)".to_string()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("{text:?} is not a whole number of 1 or more")),
    }
}

/// Reads an amount of memory: a whole number of bytes, or a number with
/// `K`, `M` or `G` (binary: `512M`, `1.5G`, `2GiB`); more than zero.
pub(crate) fn bytes(text: &str) -> std::result::Result<u64, String> {
    let syntax = || {
        format!("size {text:?}: expected a number of bytes, or one with K, M or G, like 512M or 2G")
    };
    let s = text.trim().to_ascii_lowercase();
    let digits = s
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(s.len());
    let n: f64 = s[..digits].parse().map_err(|_| syntax())?;
    let scale: f64 = match s[digits..].trim() {
        "" | "b" => 1.0,
        "k" | "kb" | "kib" => 1024.0,
        "m" | "mb" | "mib" => 1024.0 * 1024.0,
        "g" | "gb" | "gib" => 1024.0 * 1024.0 * 1024.0,
        _ => return Err(syntax()),
    };
    let total = (n * scale).round();
    if !(total >= 1.0 && total < u64::MAX as f64) {
        return Err(format!("size {text:?}: must be at least one byte"));
    }
    Ok(total as u64)
}

/// Reads a memory limit: a size as [`bytes`] reads it, or 0 for none.
pub(crate) fn memory_limit(text: &str) -> std::result::Result<u64, String> {
    if text.trim() == "0" {
        return Ok(0);
    }
    bytes(text).map_err(|e| format!("{e} (0: no limit)"))
}

/// Reads a duration: numbers each with a unit (`ms`, `s`, `m`, `h`):
/// `90s`, `5m`, `1h30m`, `1.5m`, `500ms`; more than zero.
pub(crate) fn duration(text: &str) -> std::result::Result<Duration, String> {
    let syntax =
        || format!("duration {text:?}: expected numbers with units, like 90s, 5m, 1h30m or 500ms");
    let s = text.trim().to_ascii_lowercase();
    if s.is_empty() {
        return Err(syntax());
    }
    let mut total = 0f64;
    let mut rest = s.as_str();
    while !rest.is_empty() {
        let digits = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len());
        if digits == 0 {
            return Err(syntax());
        }
        let n: f64 = rest[..digits].parse().map_err(|_| syntax())?;
        rest = &rest[digits..];
        let unit = rest
            .find(|c: char| c.is_ascii_digit() || c == '.')
            .unwrap_or(rest.len());
        let scale = match rest[..unit].trim() {
            "s" | "sec" | "secs" => 1.0,
            "ms" => 0.001,
            "m" | "min" | "mins" => 60.0,
            "h" | "hr" | "hours" | "hour" => 3600.0,
            "" => {
                return Err(format!(
                    "duration {text:?}: give a unit: {n}s, {n}m or {n}h"
                ))
            }
            _ => return Err(syntax()),
        };
        rest = &rest[unit..];
        total += n * scale;
    }
    if !total.is_finite() || total > 1e9 {
        return Err(syntax());
    }
    if total <= 0.0 {
        return Err(format!("duration {text:?}: must be more than zero"));
    }
    Ok(Duration::from_secs_f64(total))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_of_memory() {
        assert_eq!(bytes("4096"), Ok(4096));
        assert_eq!(bytes("512M"), Ok(512 << 20));
        assert_eq!(bytes("2.5G"), Ok(5 << 29));
        assert_eq!(bytes(" 1gib "), Ok(1 << 30));
        assert_eq!(bytes("64k"), Ok(64 << 10));
        for bad in ["", "G", "lots", "2T", "0", "0.1", "-1G", "1e9"] {
            assert!(bytes(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn durations() {
        let s = |t: &str| duration(t).map(|d| d.as_secs_f64()).ok();
        assert_eq!(s("5m"), Some(300.0));
        assert_eq!(s("90s"), Some(90.0));
        // One syntax: a unit always, and more than zero, each said plainly.
        assert!(duration("90").unwrap_err().contains("give a unit"));
        assert!(duration("0s").unwrap_err().contains("more than zero"));
        assert_eq!(s("1h30m"), Some(5400.0));
        assert_eq!(s("500ms"), Some(0.5));
        assert_eq!(s("1.5m"), Some(90.0));
        assert_eq!(s("2 s"), Some(2.0));
        for bad in ["", "m", "5x", "-3s", "0s", "1e999", "1"] {
            assert!(duration(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn positive_numbers() {
        assert_eq!(positive("3").map(NonZeroUsize::get), Ok(3));
        assert!(positive("0").is_err());
        assert!(positive("x").is_err());
        assert_eq!(
            positive("-1").unwrap_err(),
            "\"-1\" is not a whole number of 1 or more"
        );
        assert_eq!(positive_u64("7"), Ok(7));
        assert!(positive_u64("0").is_err());
    }
}
