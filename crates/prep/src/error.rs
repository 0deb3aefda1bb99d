//! Error types. Each names what it is about (a file, a line, a field) so that a
//! command-line tool can print it as one clear line.

use thiserror::Error;

/// A recipe could not be read or makes no sense.
#[derive(Debug, Error)]
pub enum RecipeError {
    /// No built-in recipe has that name and no such file exists.
    #[error(
        "unknown recipe {0:?} (built-in: {names}, or their language codes; or give a .toml file)",
        names = crate::Recipe::builtin_names().collect::<Vec<_>>().join(", ")
    )]
    Unknown(String),
    /// The recipe file could not be read.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// What went wrong.
        source: std::io::Error,
    },
    /// The recipe is not valid TOML or has unknown or missing fields.
    #[error("{origin}{}: {message}", .line.map(|l| format!(":{l}")).unwrap_or_default())]
    Toml {
        /// Which recipe.
        origin: String,
        /// The 1-based line the parser points at, when it points at one.
        line: Option<usize>,
        /// The parser's message.
        message: String,
    },
    /// The recipe's pattern is not a valid regular expression.
    #[error("recipe pattern {pattern:?}: {message}")]
    Regex {
        /// The pattern.
        pattern: String,
        /// The regex compiler's message, folded onto one line.
        message: String,
    },
    /// The recipe parses but its values contradict each other.
    #[error("{origin}: {message}")]
    Invalid {
        /// Which recipe.
        origin: String,
        /// What is wrong.
        message: String,
    },
}

/// A word list could not be turned into a pack.
#[derive(Debug, Error)]
pub enum BuildError {
    /// The word list could not be read, or the pack not written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// What went wrong.
        source: std::io::Error,
    },
    /// A line of the word list is not UTF-8.
    #[error("{path}:{line}: not valid UTF-8 (byte {byte} of the line)")]
    InvalidUtf8 {
        /// The word list.
        path: String,
        /// 1-based line number.
        line: usize,
        /// 1-based position of the first bad byte in the line.
        byte: usize,
    },
    /// The recipe is unusable.
    #[error(transparent)]
    Recipe(#[from] RecipeError),
    /// The automaton could not be built.
    #[error("building the automaton: {0}")]
    Fst(#[from] fst::Error),
    /// The metadata could not be encoded.
    #[error("encoding the pack metadata: {0}")]
    Meta(#[from] serde_json::Error),
    /// A hunspell dictionary could not be read.
    #[error(transparent)]
    Hunspell(#[from] HunspellError),
    /// The frequency list could not be read or matched.
    #[error(transparent)]
    Frequency(#[from] FrequencyError),
    /// The frequency list a recipe names is not in the frequency directory.
    #[error("the recipe reads how common words are from {file}, not found in {dir}")]
    FrequencyListMissing {
        /// The list's path under the directory.
        file: String,
        /// The directory.
        dir: String,
    },
    /// A source a recipe judges everyday words with (`[frequencies.everyday]`)
    /// is not there.
    #[error("the recipe judges which words are everyday words with {file}, not found{hint}")]
    EvidenceMissing {
        /// Its path.
        file: String,
        /// Where it comes from (`: install Debian's hunspell-de-de`), or
        /// nothing.
        hint: String,
    },
    /// A cut to common words (`min_zipf`) with no frequency list to say
    /// which words are common.
    #[error("cutting a pack to its common words needs a frequency list")]
    NoFrequencies,
    /// The list's encoding is not one this build knows.
    #[error("unknown encoding {0:?} (use a WHATWG label such as UTF-8, ISO-8859-1, KOI8-R)")]
    Encoding(String),
    /// The build was stopped (see [`PackBuilder::control`](crate::PackBuilder::control)).
    #[error("interrupted: no pack written")]
    Interrupted,
    /// The pack could not be written to its output path (see
    /// [`write_atomic`](crate::write_atomic) for what it refuses).
    #[error("{path}: cannot write the pack there: {source}")]
    Output {
        /// The output path.
        path: String,
        /// What went wrong.
        source: std::io::Error,
    },
    /// The recipe kept no words, or under 1% of a list's lines: most likely
    /// the wrong recipe for the list, or the wrong encoding (see
    /// [`PackBuilder::allow_empty`](crate::PackBuilder::allow_empty)).
    #[error(
        "{file}: recipe {recipe} kept {kept} {} of {lines} {}; is it the right recipe \
         for this list, and the list in the encoding the recipe expects?",
        if *.kept == 1 { "word" } else { "words" },
        if *.lines == 1 { "line" } else { "lines" }
    )]
    TooFewWords {
        /// The word list.
        file: String,
        /// The recipe's name.
        recipe: String,
        /// The words kept.
        kept: u64,
        /// The list's lines.
        lines: u64,
    },
}

/// A hunspell dictionary (`.aff` and `.dic`) could not be read.
#[derive(Debug, Error)]
pub enum HunspellError {
    /// A line of either file is malformed.
    #[error("{file}:{line}: {message}")]
    Syntax {
        /// The file.
        file: String,
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// The `.aff` names an encoding (`SET`) this reader does not know.
    #[error("{file}: unknown encoding {encoding:?} (SET)")]
    Encoding {
        /// The `.aff` file.
        file: String,
        /// The name it gives.
        encoding: String,
    },
    /// A file said to be UTF-8 is not.
    #[error("{file}:{line}: not valid UTF-8")]
    InvalidUtf8 {
        /// The file.
        file: String,
        /// 1-based line number.
        line: usize,
    },
    /// Flags given apart from the files (as a recipe names them) that the
    /// `.aff`'s `FLAG` type cannot read.
    #[error("flags {flags:?}: {message}")]
    Flags {
        /// The flags as given.
        flags: String,
        /// What is wrong.
        message: String,
    },
}

/// A pack file could not be opened or failed verification.
#[derive(Debug, Error)]
pub enum PackError {
    /// The pack could not be read.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// What went wrong.
        source: std::io::Error,
    },
    /// The file is shorter than a pack header.
    #[error("{path}: not a pack: {len} bytes is shorter than the {header}-byte header")]
    TooShort {
        /// The file.
        path: String,
        /// Its length.
        len: usize,
        /// The header's length.
        header: usize,
    },
    /// The file does not start with the pack magic bytes.
    #[error("{path}: not a pack (wrong magic bytes)")]
    BadMagic {
        /// The file.
        path: String,
    },
    /// The pack was written by a newer (or unknown) format version.
    #[error("{path}: pack format version {found} is not supported (this build reads version {supported}); rebuild the pack or upgrade")]
    UnsupportedVersion {
        /// The file.
        path: String,
        /// The version in the file.
        found: u32,
        /// The version this build reads.
        supported: u32,
    },
    /// The header sets flags this format version does not define.
    #[error("{path}: pack header sets flags {flags:#x}, which its format version does not define; rebuild the pack or upgrade")]
    UnsupportedFlags {
        /// The file.
        path: String,
        /// The flags in the header.
        flags: u32,
    },
    /// The header's checksum does not match.
    #[error("{path}: pack header is corrupt (checksum mismatch)")]
    HeaderChecksum {
        /// The file.
        path: String,
    },
    /// The file's length does not match what the header says.
    #[error("{path}: pack is truncated or has trailing bytes: header says {expected} bytes, file has {actual}")]
    Length {
        /// The file.
        path: String,
        /// The length the header implies.
        expected: u64,
        /// The file's length.
        actual: u64,
    },
    /// The metadata block's checksum does not match.
    #[error("{path}: pack metadata is corrupt (checksum mismatch)")]
    MetaChecksum {
        /// The file.
        path: String,
    },
    /// The metadata block is not valid.
    #[error("{path}: pack metadata is invalid: {message}")]
    Meta {
        /// The file.
        path: String,
        /// What is wrong.
        message: String,
    },
    /// The frequency section does not match its checksum or the words.
    #[error("{path}: pack word frequencies are corrupt: {message}")]
    Frequencies {
        /// The file.
        path: String,
        /// What is wrong (a checksum, a length).
        message: String,
    },
    /// The automaton's checksum does not match.
    #[error("{path}: pack automaton is corrupt (checksum {actual:08x}, expected {expected:08x})")]
    FstChecksum {
        /// The file.
        path: String,
        /// The checksum in the header.
        expected: u32,
        /// The checksum of the bytes.
        actual: u32,
    },
    /// The automaton is malformed.
    #[error("{path}: pack automaton is invalid: {message}")]
    Fst {
        /// The file.
        path: String,
        /// What the fst crate said.
        message: String,
    },
    /// A pack's compact form does not read, or does not rebuild its pack.
    #[error("{path}: compact pack: {message}")]
    Compact {
        /// The file.
        path: String,
        /// What is wrong.
        message: String,
    },
}

/// Escapes control characters (a message may quote a file's bytes), so an
/// error message stays on one line.
pub(crate) fn escape_controls(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    for c in message.chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// A frequency list that could not be read.
#[derive(Debug, Error)]
pub enum FrequencyError {
    /// A gzip or msgpack stream that does not decode as wordfreq's cBpack.
    #[error("{file}: not a wordfreq data file (cBpack): {message}")]
    Cbpack {
        /// The file's name.
        file: String,
        /// What did not decode.
        message: String,
    },
    /// A text line that is not `word<TAB>zipf`.
    #[error("{file}:{line}: {message}")]
    Line {
        /// The file's name.
        file: String,
        /// 1-based line number.
        line: usize,
        /// What is wrong with it.
        message: String,
    },
    /// The recipe the list is matched through does not compile.
    #[error(transparent)]
    Recipe(#[from] RecipeError),
}
