//! [`PackBuilder`]: from a raw word list and a recipe to a pack, in memory
//! or written atomically to a file.

use job::{Control, Progress};
use std::path::Path;

use crate::error::BuildError;
use crate::filter::DropReason;
use crate::frequency::{self, FrequencyList, FrequencySource, Zipf};
pub use crate::fs::sha256_hex;
use crate::fs::{base_name, write_atomic, Replace};
use crate::hunspell::Hunspell;
use crate::pack::{self, PackMeta, Source};
use crate::recipe::Recipe;
use crate::words::{apply_recipe, InvalidLines};

/// The name and version written into every pack this build makes.
pub const TOOL: &str = concat!("boggle-prep ", env!("CARGO_PKG_VERSION"));

/// Builds packs: a recipe, where the words came from, and how to treat bad lines.
pub struct PackBuilder<'a> {
    recipe: Recipe,
    source: Source,
    invalid: InvalidLines,
    encoding: Option<String>,
    control: Control<'a>,
    allow_empty: bool,
    frequencies: Option<(FrequencyList, FrequencySource)>,
    min_zipf: Option<Zipf>,
}

/// A list of at least this many lines must keep at least 1% of them (see
/// [`PackBuilder::allow_empty`]); a shorter one must keep one word.
const FEW_WORDS_LINES: u64 = 100;

impl<'a> PackBuilder<'a> {
    /// A builder for `recipe`.
    pub fn new(recipe: Recipe) -> PackBuilder<'a> {
        PackBuilder {
            recipe,
            source: Source::default(),
            invalid: InvalidLines::Fail,
            encoding: None,
            control: Control::default(),
            allow_empty: false,
            frequencies: None,
            min_zipf: None,
        }
    }

    /// Gives the pack each word's frequency from `list` (matched through the
    /// recipe, see [`FrequencyList::fold`]), citing `source` (its `matched`
    /// is counted by the build).
    pub fn frequencies(mut self, list: FrequencyList, source: FrequencySource) -> PackBuilder<'a> {
        self.frequencies = Some((list, source));
        self
    }

    /// Keeps only the words whose stored frequency is at least `min`: a
    /// pack cut to the words players know. Words dropped count under
    /// [`DropReason::Rare`]; the build
    /// fails with [`BuildError::NoFrequencies`] without
    /// [`frequencies`](PackBuilder::frequencies).
    pub fn min_zipf(mut self, min: Option<Zipf>) -> PackBuilder<'a> {
        self.min_zipf = min;
        self
    }

    /// Builds a pack even when the recipe keeps no words, or under 1% of a
    /// list of 100 lines or more. Without it such a build fails with
    /// [`BuildError::TooFewWords`]: a list in another language or encoding
    /// than the recipe expects drops nearly every line.
    pub fn allow_empty(mut self, allow: bool) -> PackBuilder<'a> {
        self.allow_empty = allow;
        self
    }

    /// Runs the build under `control`: a cancel stops it with
    /// [`BuildError::Interrupted`], leaving no file, not even a temporary
    /// one; progress is the input's bytes read, of all its bytes. (A build
    /// runs on the calling thread; the control's thread count is not used.)
    pub fn control(mut self, control: Control<'a>) -> PackBuilder<'a> {
        self.control = control;
        self
    }

    fn check_cancel(&self) -> Result<(), BuildError> {
        if self.control.is_cancelled() {
            return Err(BuildError::Interrupted);
        }
        Ok(())
    }

    /// Names the source list (name, version, licence); the file name and
    /// SHA-256 are filled in from the input.
    pub fn source(mut self, name: &str, version: &str, license: &str) -> PackBuilder<'a> {
        self.source.name = name.to_string();
        self.source.version = version.to_string();
        self.source.license = license.to_string();
        self
    }

    /// What to do with lines that are not UTF-8.
    pub fn invalid_lines(mut self, invalid: InvalidLines) -> PackBuilder<'a> {
        self.invalid = invalid;
        self
    }

    /// Reads a plain word list in this encoding (a WHATWG label such as
    /// `ISO-8859-1` or `KOI8-R`) instead of UTF-8; a hunspell dictionary
    /// names its own (`SET`).
    pub fn encoding(mut self, label: &str) -> PackBuilder<'a> {
        self.encoding = Some(label.to_string());
        self
    }

    /// Builds a pack in memory from a list's bytes; `file_name` names the
    /// list in the metadata and in errors.
    pub fn build_bytes(
        &mut self,
        raw: &[u8],
        file_name: &str,
    ) -> Result<(Vec<u8>, PackMeta), BuildError> {
        let source = self.source_for(file_name, raw);
        match &self.encoding {
            Some(label) => {
                let encoding = encoding_rs::Encoding::for_label(label.trim().as_bytes())
                    .ok_or_else(|| BuildError::Encoding(label.clone()))?;
                if encoding == encoding_rs::UTF_8 {
                    return self.build_list(raw, file_name, source);
                }
                let (text, _) = encoding.decode_without_bom_handling(raw);
                self.build_list(text.as_bytes(), file_name, source)
            }
            None => self.build_list(raw, file_name, source),
        }
    }

    /// Builds a pack in memory from a hunspell dictionary: the word forms
    /// its `.aff` rules make of its `.dic` stems ([`Hunspell`]). The names
    /// name the files in the metadata and in errors; the pack records both
    /// files' SHA-256.
    pub fn build_hunspell_bytes(
        &mut self,
        aff: &[u8],
        dic: &[u8],
        aff_name: &str,
        dic_name: &str,
    ) -> Result<(Vec<u8>, PackMeta), BuildError> {
        let list = Hunspell::parse(aff, dic, aff_name, dic_name)?.word_list();
        let mut source = self.source_for(dic_name, dic);
        source.affix_file = base_name(aff_name);
        source.affix_sha256 = sha256_hex(aff);
        self.build_list(&list, dic_name, source)
    }

    /// The source record for an input file: the names given, the file's
    /// base name and SHA-256.
    fn source_for(&self, file_name: &str, raw: &[u8]) -> Source {
        let mut source = self.source.clone();
        source.file = base_name(file_name);
        source.sha256 = sha256_hex(raw);
        if source.name.is_empty() {
            source.name = source.file.clone();
        }
        source
    }

    fn build_list(
        &mut self,
        raw: &[u8],
        file_name: &str,
        source: Source,
    ) -> Result<(Vec<u8>, PackMeta), BuildError> {
        let total = raw.len() as u64;
        let control = &self.control;
        let mut progress = |done: usize| {
            control.report(&Progress {
                done: done as u64,
                total: Some(total),
            })
        };
        if self.min_zipf.is_some() && self.frequencies.is_none() {
            return Err(BuildError::NoFrequencies);
        }
        let mut list = apply_recipe(&self.recipe, raw, file_name, self.invalid, &mut progress)?;
        let folded = match &self.frequencies {
            Some((freq, _)) => Some(freq.fold(&self.recipe)?),
            None => None,
        };
        if let (Some(min), Some(folded)) = (self.min_zipf, &folded) {
            let before = list.words.len();
            list.words
                .retain(|w| frequency::quantize(folded.get(w).copied()) >= min.tenths());
            let rare = (before - list.words.len()) as u64;
            list.stats.kept -= rare;
            if rare > 0 {
                list.stats.dropped.insert(DropReason::Rare, rare);
            }
        }
        let (kept, lines) = (list.words.len() as u64, list.stats.lines);
        let too_few = kept == 0 || (lines >= FEW_WORDS_LINES && kept * 100 < lines);
        if too_few && !self.allow_empty {
            return Err(BuildError::TooFewWords {
                file: base_name(file_name),
                recipe: self.recipe.name.clone(),
                kept,
                lines,
            });
        }
        let mut meta = PackMeta {
            recipe: self.recipe.clone(),
            source,
            word_count: list.words.len() as u64,
            stats: list.stats,
            tool: TOOL.to_string(),
            frequency: None,
        };
        let (mut values, mut verdicts) = (None, None);
        if let (Some((freq, source)), Some(folded)) = (&self.frequencies, &folded) {
            let (bytes, matched) = frequency::by_rank(&list.words, folded);
            meta.frequency = Some(FrequencySource {
                matched,
                min_zipf: self.min_zipf,
                ..source.clone()
            });
            values = Some(bytes);
            if let Some(evidence) = freq.everyday() {
                let judged = evidence.judge(&self.recipe, &list.words)?;
                if let Some(f) = meta.frequency.as_mut() {
                    f.verdicts = Some(crate::verdict::count(&judged));
                }
                verdicts = Some(judged);
            }
        }
        let bytes = pack::encode(&meta, &list.words, values.as_deref(), verdicts.as_deref())?;
        Ok((bytes, meta))
    }

    /// Reads `input` (a path, or `-` for standard input) and builds the
    /// pack's bytes in memory. An input ending in `.dic` is a hunspell
    /// dictionary, read with the `.aff` file beside it.
    pub fn build_path(&mut self, input: &Path) -> Result<(Vec<u8>, PackMeta), BuildError> {
        let raw = read_input(input)?;
        self.check_cancel()?;
        match hunspell_affix(input) {
            Some(aff_path) => {
                let aff = read_input(&aff_path)?;
                self.build_hunspell_bytes(
                    &aff,
                    &raw,
                    &aff_path.display().to_string(),
                    &input.display().to_string(),
                )
            }
            None => self.build_bytes(&raw, &input.display().to_string()),
        }
    }

    /// Reads `input` (a path, or `-` for standard input), builds, and writes
    /// the pack to `output` atomically. A failed build leaves no file. An
    /// input ending in `.dic` is a hunspell dictionary, read with the
    /// `.aff` file beside it.
    pub fn build_file(&mut self, input: &Path, output: &Path) -> Result<PackMeta, BuildError> {
        crate::fs::check_target(output).map_err(|source| BuildError::Output {
            path: output.display().to_string(),
            source,
        })?;
        let (bytes, meta) = self.build_path(input)?;
        self.check_cancel()?;
        write_atomic(output, &bytes, Replace::Yes, Some(&self.control.cancel)).map_err(
            |source| {
                if source.kind() == std::io::ErrorKind::Interrupted {
                    BuildError::Interrupted
                } else {
                    BuildError::Output {
                        path: output.display().to_string(),
                        source,
                    }
                }
            },
        )?;
        Ok(meta)
    }
}

/// The `.aff` file that goes with a hunspell `.dic` input, or `None` for
/// any other input.
pub(crate) fn hunspell_affix(input: &Path) -> Option<std::path::PathBuf> {
    (input.extension()? == "dic").then(|| input.with_extension("aff"))
}

/// Reads a whole file, or standard input for `-`.
pub(crate) fn read_input(input: &Path) -> Result<Vec<u8>, BuildError> {
    let io = |source| BuildError::Io {
        path: input.display().to_string(),
        source,
    };
    if input == Path::new("-") {
        let mut buf = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut buf).map_err(io)?;
        Ok(buf)
    } else {
        std::fs::read(input).map_err(io)
    }
}
