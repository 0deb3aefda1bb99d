//! The daily board: one round a game, a language and a date, the same for
//! everyone (each player's date is their own: the page's at their
//! midnight, the CLI's as given). Its seed is a hash of the three, so every front that rolls
//! a game's round for a seed (`boggle roll --game G --daily DATE`, the web
//! page's daily round) rolls the same board on the same date.
//!
//! ```
//! use solve::game::{Day, Game};
//!
//! let day: Day = "2026-12-01".parse().unwrap();
//! let boggle = Game::named("boggle").unwrap();
//! assert_eq!(boggle.daily_seed(day, "en"), boggle.daily_seed(day, "en"));
//! assert_ne!(boggle.daily_seed(day, "en"), boggle.daily_seed(day.next(), "en"));
//! assert_ne!(boggle.daily_seed(day, "en"), boggle.daily_seed(day, "nl"));
//! assert!("2026-02-30".parse::<Day>().is_err());
//! ```

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::Game;

/// A date of the Gregorian calendar (UTC), as `YYYY-MM-DD`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Day {
    year: u16,
    month: u8,
    day: u8,
}

/// A date that does not read.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("{0:?} is not a date from 2000-01-01 to 9999-12-31 written YYYY-MM-DD")]
pub struct DayError(String);

fn days_in(year: u16, month: u8) -> u8 {
    match month {
        2 if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl Day {
    /// The day after.
    pub fn next(self) -> Day {
        let Day { year, month, day } = self;
        if day < days_in(year, month) {
            Day {
                day: day + 1,
                ..self
            }
        } else if month < 12 {
            Day {
                month: month + 1,
                day: 1,
                ..self
            }
        } else {
            Day {
                year: year + 1,
                month: 1,
                day: 1,
            }
        }
    }
}

impl Day {
    /// Days since 1970-01-01 (Howard Hinnant's `days_from_civil`).
    pub(super) fn days_since_1970(self) -> i64 {
        let (m, d) = (i64::from(self.month), i64::from(self.day));
        let y = i64::from(self.year) - i64::from(m <= 2);
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let doy = (153 * (m + if m > 2 { -3 } else { 9 }) + 2) / 5 + d - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// The date `days` after 1970-01-01 (`civil_from_days`), held to the
    /// years a [`Day`] reads (2000 to 9999).
    pub(super) fn from_days_since_1970(days: i64) -> Day {
        let z = days.clamp(10_957, 2_932_896) + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
        let year = (yoe + era * 400 + i64::from(month <= 2)) as u16;
        Day { year, month, day }
    }
}

impl Day {
    /// The date in UTC at the moment `at`.
    pub fn of(at: super::UtcTime) -> Day {
        Day::from_days_since_1970(at.seconds().div_euclid(86_400))
    }

    /// Whether this is the date somewhere on Earth at the moment `at`:
    /// civil time zones run from UTC−12 to UTC+14, so a date is someone's
    /// from 14 hours before its UTC midnight to 12 hours after its end. A
    /// server takes a player's own date for the daily board only then.
    ///
    /// ```
    /// use solve::game::{Day, UtcTime};
    ///
    /// let day: Day = "2026-12-04".parse().unwrap();
    /// let at = |t: &str| t.parse::<UtcTime>().unwrap();
    /// assert!(day.somewhere_at(at("2026-12-03T10:00:00Z"))); // Kiribati's morning
    /// assert!(!day.somewhere_at(at("2026-12-03T09:59:59Z")));
    /// assert!(day.somewhere_at(at("2026-12-05T11:59:59Z"))); // Baker Island's night
    /// assert!(!day.somewhere_at(at("2026-12-05T12:00:00Z")));
    /// ```
    pub fn somewhere_at(self, at: super::UtcTime) -> bool {
        const HOUR: i64 = 3600;
        let midnight = self.days_since_1970() * 24 * HOUR;
        (midnight - 14 * HOUR..midnight + 36 * HOUR).contains(&at.seconds())
    }
}

impl FromStr for Day {
    type Err = DayError;

    fn from_str(s: &str) -> Result<Day, DayError> {
        let bad = || DayError(s.chars().take(40).collect());
        let b = s.as_bytes();
        if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
            return Err(bad());
        }
        let num = |r: std::ops::Range<usize>| -> Result<u16, DayError> {
            let part = &s[r];
            if !part.bytes().all(|c| c.is_ascii_digit()) {
                return Err(bad());
            }
            part.parse().map_err(|_| bad())
        };
        let (year, month, day) = (num(0..4)?, num(5..7)?, num(8..10)?);
        if !(2000..=9999).contains(&year) || !(1..=12).contains(&month) {
            return Err(bad());
        }
        if day == 0 || day > u16::from(days_in(year, month as u8)) {
            return Err(bad());
        }
        Ok(Day {
            year,
            month: month as u8,
            day: day as u8,
        })
    }
}

impl fmt::Display for Day {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

use super::catalog::SEEDS;

impl Game {
    /// The seed of this game's daily round on `day` in the language
    /// `language` (a pack's language code, `en`): FNV-1a of
    /// `wordgrid daily DAY GAME LANGUAGE`, below 10^15.
    pub fn daily_seed(&self, day: Day, language: &str) -> u64 {
        hashed(&format!("wordgrid daily {day} {} {language}", self.id))
    }
}

/// A seed from a text: FNV-1a of its bytes, below [`SEEDS`] (the daily
/// board's and a match's rounds').
pub(super) fn hashed(text: &str) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash % SEEDS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_read_and_count_on() {
        let d: Day = "2028-02-28".parse().unwrap();
        assert_eq!(d.next().to_string(), "2028-02-29");
        assert_eq!(d.next().next().to_string(), "2028-03-01");
        let y: Day = "2026-12-31".parse().unwrap();
        assert_eq!(y.next().to_string(), "2027-01-01");
        for bad in [
            "2026-13-01",
            "2026-1-01",
            "1999-12-31",
            "2026-02-29",
            "2026-00-10",
            "20261201",
            "2026-12-01x",
            "2026-+1-01",
        ] {
            assert!(bad.parse::<Day>().is_err(), "{bad}");
        }
    }

    #[test]
    fn the_seed_is_pinned() {
        // A change here changes every player's daily board: the seed of
        // `wordgrid daily 2026-12-01 boggle en`, FNV-1a mod 10^15.
        let game = Game::named("boggle").unwrap();
        let day: Day = "2026-12-01".parse().unwrap();
        assert_eq!(game.daily_seed(day, "en"), 421_198_401_458_255);
        assert!(game.daily_seed(day, "nl") < SEEDS);
    }
}
