//! How common a word is: a value on the Zipf scale to a tenth, as packs
//! store it and people type it (`--min-zipf 2.5`).

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The most a quantized frequency holds: Zipf 25.5, far above any word's
/// (the commonest English word is near 7.7).
pub const MAX_STORED: u8 = u8::MAX;

/// How common a word is, on the Zipf scale to a tenth, as a pack stores
/// it: ordered, hashable, written as the number (`3.4`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Zipf(u8);

impl Zipf {
    /// The default line between common and rare words: Zipf 2.5, about
    /// three times in a billion words of text. Measured on 300 rolled
    /// English boards, it keeps 59% of the words a board holds and half its
    /// points, and a median board keeps 68 words (docs/frequencies.md has
    /// the figures for every language).
    pub const COMMON: Zipf = Zipf(25);

    /// The value on the Zipf scale (3.0: once per million words).
    pub fn value(self) -> f32 {
        f32::from(self.0) / 10.0
    }

    /// The value of a stored byte of tenths (not 0, which stands for no
    /// value).
    pub(crate) fn from_stored(tenths: u8) -> Zipf {
        Zipf(tenths)
    }

    /// The value in tenths, as stored (34 for 3.4).
    pub fn tenths(self) -> u8 {
        self.0
    }

    /// The nearest value in tenths to `zipf` (at least 0.1), as a line
    /// typed by a person reads (`2.46` is 2.5); a stored frequency is
    /// rounded down instead ([`crate::frequency::quantize`]).
    pub fn from_value(zipf: f64) -> Zipf {
        Zipf((zipf * 10.0).round().clamp(1.0, f64::from(MAX_STORED)) as u8)
    }
}

impl std::fmt::Display for Zipf {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

/// A Zipf value that does not read (`--min-zipf abc`, `-1`, `30`).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0:?} is not a Zipf value: give a number from 0 to 8, such as 2.5 (3 is once per million words)")]
pub struct ParseZipfError(pub String);

impl std::str::FromStr for Zipf {
    type Err = ParseZipfError;

    /// Reads a Zipf value from 0 to 8 (`2.5`), to the nearest tenth; 0
    /// reads as 0.1, the least a stored word can have.
    fn from_str(text: &str) -> Result<Zipf, ParseZipfError> {
        let z = text.trim().parse::<f64>().ok();
        z.and_then(|z| Zipf::try_from(z).ok())
            .ok_or_else(|| ParseZipfError(text.to_string()))
    }
}

impl TryFrom<f64> for Zipf {
    type Error = ParseZipfError;

    /// A Zipf value from 0 to 8, to the nearest tenth (0 reads as 0.1).
    fn try_from(z: f64) -> Result<Zipf, ParseZipfError> {
        if (0.0..=8.0).contains(&z) {
            Ok(Zipf::from_value(z))
        } else {
            Err(ParseZipfError(z.to_string()))
        }
    }
}

impl<'de> Deserialize<'de> for Zipf {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Zipf, D::Error> {
        let z = f64::deserialize(d)?;
        if !(0.0..=25.5).contains(&z) {
            return Err(serde::de::Error::custom(format!("{z} is not a Zipf value")));
        }
        Ok(Zipf::from_value(z))
    }
}

impl Serialize for Zipf {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f32(self.value())
    }
}
