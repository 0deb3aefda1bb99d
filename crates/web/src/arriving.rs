//! A pack arriving in pieces as it downloads ([`crate::pack_push`]): its
//! compact form, gzipped as the site serves it, or not (a host that sent
//! it with `Content-Encoding: gzip` has had the browser unzip it). Its
//! first two bytes say which.
//!
//! The module unzips what comes gzipped, in the page's worker, so that the
//! page's main thread only hands the download's bytes on: unzipped there, a
//! download that comes in one piece (English: 437 KB into 1.3 MB) is one
//! task of 46–66 ms at 4x CPU, while the player traces.

use std::io::Write;

use flate2::write::GzDecoder;
use prep::pack::Rebuild;
use prep::Pack;

/// The first two bytes of every gzip member (RFC 1952).
const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

/// A compact form being rebuilt as its pieces come.
pub(crate) struct Arriving {
    /// What errors call it.
    name: String,
    /// Its first bytes, while fewer than two have come.
    head: Vec<u8>,
    /// Whether the first two bytes have come, and said which form it is.
    known: bool,
    /// The unzipper of a gzipped form: what it unzips waits in its buffer
    /// for the rebuild.
    unzip: Option<GzDecoder<Vec<u8>>>,
    rebuild: Rebuild,
}

impl Arriving {
    /// A pack called `name` (in errors), nothing received yet.
    pub(crate) fn new(name: &str) -> Arriving {
        Arriving {
            name: name.to_string(),
            head: Vec::new(),
            known: false,
            unzip: None,
            rebuild: Rebuild::new(name),
        }
    }

    /// Takes the next piece of the download; an error is one line, after
    /// which the pack cannot be rebuilt.
    pub(crate) fn push(&mut self, piece: &[u8]) -> Result<(), String> {
        if self.known {
            return self.feed(piece);
        }
        self.head.extend_from_slice(piece);
        if self.head.len() < GZIP_MAGIC.len() {
            return Ok(());
        }
        let head = std::mem::take(&mut self.head);
        self.known = true;
        if head.starts_with(&GZIP_MAGIC) {
            self.unzip = Some(GzDecoder::new(Vec::new()));
        }
        self.feed(&head)
    }

    /// Gives the rebuild `bytes`, unzipped first if the form is gzipped.
    fn feed(&mut self, bytes: &[u8]) -> Result<(), String> {
        let Some(unzip) = &mut self.unzip else {
            return self.rebuild.push(bytes).map_err(|e| e.to_string());
        };
        unzip.write_all(bytes).map_err(|e| self.bad_gzip(e))?;
        self.unzipped()
    }

    /// Hands the rebuild what the unzipper has unzipped so far.
    fn unzipped(&mut self) -> Result<(), String> {
        let Some(unzip) = &mut self.unzip else {
            return Ok(());
        };
        let out = std::mem::take(unzip.get_mut());
        self.rebuild.push(&out).map_err(|e| e.to_string())
    }

    fn bad_gzip(&self, e: std::io::Error) -> String {
        format!(
            "{}: a gzipped compact pack that does not unzip ({e})",
            self.name
        )
    }

    /// Every piece has come: the pack, or why it is not one (a form cut
    /// short, a damaged one, a gzip stream whose trailer does not check).
    pub(crate) fn finish(mut self) -> Result<Pack, String> {
        if !self.known {
            // Fewer than two bytes: a form cut short, as the rebuild says.
            let head = std::mem::take(&mut self.head);
            self.rebuild.push(&head).map_err(|e| e.to_string())?;
        }
        if let Some(unzip) = &mut self.unzip {
            // The last of the stream, and its trailer's checksum and length.
            unzip.try_finish().map_err(|e| self.bad_gzip(e))?;
            self.unzipped()?;
        }
        self.rebuild.finish().map_err(|e| e.to_string())
    }
}
