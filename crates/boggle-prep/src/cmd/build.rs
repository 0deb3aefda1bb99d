//! `boggle-prep build`: a raw word list and a recipe in, a pack out.

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{Context, Result};
use boggle_cli::{usage, usage_msg};
use clap::Args;
use job::{Control, Progress};
use prep::{
    filter::DropReason,
    frequency::{FrequencyList, FrequencySource},
    recipe::DefaultSource,
    words::BuildStats,
    BuildError, InvalidLines, PackBuilder, PackMeta, Recipe, Source,
};
use serde::Serialize;

/// Options of `boggle-prep build`.
#[derive(Args)]
pub struct BuildArgs {
    /// The raw word list (default: the list the recipe names, e.g.
    /// /usr/share/dict/ngerman for german).
    #[arg(value_name = "INPUT", conflicts_with = "input_flag")]
    input: Option<PathBuf>,
    /// The raw word list, as an option (the same as INPUT).
    #[arg(long = "input", short = 'i', value_name = "INPUT")]
    input_flag: Option<PathBuf>,
    /// A built-in recipe by name or language code (italian or it; `boggle-prep
    /// recipes` lists them) or a recipe TOML file.
    #[arg(long, short, required_unless_present = "builtin")]
    recipe: Option<String>,
    /// Build a built-in pack (en, nl) as the solver carries it: its recipe,
    /// its source's name, version and licence, and its list from wordlists/
    /// in a source checkout (or INPUT), with the frequency list beside it.
    #[arg(long, value_name = "NAME", conflicts_with_all = ["recipe", "source_name", "source_version", "license"])]
    builtin: Option<String>,
    /// Where to write the pack (atomically).
    #[arg(long, short)]
    output: PathBuf,
    /// The source list's name, e.g. "OpenTaal" (default: the recipe's name
    /// for its own list, else the file name).
    #[arg(long)]
    source_name: Option<String>,
    /// The source list's version, e.g. "2.20.19" (default for the
    /// recipe's own list: its Debian package's version, if installed).
    #[arg(long)]
    source_version: Option<String>,
    /// The source list's licence, e.g. "BSD-3-Clause OR CC-BY-3.0"
    /// (default: the recipe's licence for its own list).
    #[arg(long = "licence", visible_alias = "license")]
    license: Option<String>,
    /// Drop and count lines that are not UTF-8 instead of stopping.
    #[arg(long)]
    skip_invalid: bool,
    /// The list's encoding when it is not UTF-8, e.g. ISO-8859-1 or KOI8-R
    /// (default: UTF-8, or what the recipe says of its own list). A hunspell
    /// .dic names its own, in its .aff.
    #[arg(long)]
    encoding: Option<String>,
    /// Write the pack even when the recipe keeps no words, or under 1% of
    /// the list's lines (by default that fails: most likely the wrong recipe
    /// or encoding for the list).
    #[arg(long)]
    allow_empty: bool,
    /// How common each word is (default: the list the recipe names).
    #[command(flatten)]
    frequency: FrequencyArgs,
    /// Keep only words at least this common, on the Zipf scale (3 is once
    /// per million words): a pack of the words players know.
    #[arg(long, value_name = "Z")]
    min_zipf: Option<prep::frequency::Zipf>,
    /// Print the build report as JSON on standard output.
    #[arg(long)]
    json: bool,
}

/// Where a build's word frequencies come from: `build` and `install
/// --recipe` take these.
#[derive(Args, Debug, Default)]
#[command(next_help_heading = "Word frequencies")]
pub struct FrequencyArgs {
    /// How common each word is: one of wordfreq's data files
    /// (large_en.msgpack.gz, as its wheel ships them) or a text file of
    /// `word<TAB>zipf` lines; matched after the recipe's normalization
    /// (default: the list the recipe names).
    #[arg(long, value_name = "FILE", conflicts_with = "no_frequencies")]
    frequencies: Option<PathBuf>,
    /// Where the lists recipes name live (default: BOGGLE_FREQUENCIES, else
    /// wordlists/ in the source checkout this program was built from).
    #[arg(long, value_name = "DIR", conflicts_with = "no_frequencies")]
    frequency_dir: Option<PathBuf>,
    /// Build without word frequencies, even when the recipe names a list.
    #[arg(long)]
    no_frequencies: bool,
    /// Build without verdicts (which words are names, abbreviations or not
    /// everyday words), even when the recipe names its evidence: frequency
    /// alone then says which words are common.
    #[arg(long, conflicts_with_all = ["no_frequencies", "frequencies"])]
    no_verdicts: bool,
    /// The frequency list's name (default: wordfreq for its data files,
    /// else the file name).
    #[arg(long, value_name = "NAME", requires = "frequencies")]
    frequency_source: Option<String>,
    /// The frequency list's version, e.g. 3.1.1.
    #[arg(long, value_name = "VERSION", requires = "frequencies")]
    frequency_version: Option<String>,
    /// The frequency list's licence (default: CC-BY-SA-4.0 for wordfreq).
    #[arg(long, value_name = "LICENCE", requires = "frequencies")]
    frequency_licence: Option<String>,
    /// The credit the frequency list's licence asks for (default: wordfreq's).
    #[arg(long, value_name = "TEXT", requires = "frequencies")]
    frequency_attribution: Option<String>,
}

impl FrequencyArgs {
    /// The frequency list for a build with `recipe`, read, with its source:
    /// `--frequencies`, else the list the recipe names under the frequency
    /// directory; `None` with `--no-frequencies` or when the recipe names
    /// none.
    pub fn resolve(&self, recipe: &Recipe) -> Result<Option<(FrequencyList, FrequencySource)>> {
        if self.no_frequencies {
            return Ok(None);
        }
        if let Some(path) = &self.frequencies {
            return self.read(path).map(Some);
        }
        let Some(mut rules) = recipe.frequencies.clone().filter(|f| !f.file.is_empty()) else {
            return Ok(None);
        };
        if self.no_verdicts {
            rules.everyday = None;
        }
        let (dir, whence) = match &self.frequency_dir {
            Some(dir) => (dir.clone(), "--frequency-dir"),
            None => prep::frequency::default_dir(),
        };
        match rules.load(&dir) {
            Err(BuildError::FrequencyListMissing { file, dir }) => Err(usage_msg(format!(
                "recipe {} reads how common words are from {file}, not found in {dir} ({whence}): \
                 name the directory (--frequency-dir DIR or BOGGLE_FREQUENCIES), a list \
                 (--frequencies FILE), or build without (--no-frequencies)",
                recipe.name
            ))),
            Err(e @ BuildError::EvidenceMissing { .. }) => Err(usage_msg(format!(
                "recipe {}: {e}; or build without verdicts (--no-verdicts)",
                recipe.name
            ))),
            other => Ok(other?),
        }
    }

    /// The list `--frequencies` names, read, with its source as the flags
    /// describe it.
    fn read(&self, path: &Path) -> Result<(FrequencyList, FrequencySource)> {
        let path = boggle_cli::named_file(path, "frequency list")?;
        let (list, mut source) = FrequencyList::open(path)?;
        for (field, given) in [
            (&mut source.name, &self.frequency_source),
            (&mut source.version, &self.frequency_version),
            (&mut source.licence, &self.frequency_licence),
            (&mut source.attribution, &self.frequency_attribution),
        ] {
            if let Some(given) = given {
                field.clone_from(given);
            }
        }
        Ok((list, source))
    }
}

/// `boggle-prep build --json`: the report (schema in docs/batch-and-json.md).
#[derive(Serialize)]
struct BuildJson<'a> {
    output: String,
    word_count: u64,
    seconds: f64,
    source: &'a Source,
    stats: &'a BuildStats,
    #[serde(skip_serializing_if = "Option::is_none")]
    frequency: Option<&'a FrequencySource>,
}

/// One build: what `boggle-prep build` and `install --recipe` share.
pub struct Job {
    /// How common each word is, if given: the list and its source.
    pub frequencies: Option<(FrequencyList, FrequencySource)>,
    /// `--min-zipf`.
    pub min_zipf: Option<prep::frequency::Zipf>,
    /// The recipe, resolved.
    pub recipe: Recipe,
    /// The raw list (`None`: the recipe's own).
    pub input: Option<PathBuf>,
    /// Where the pack goes.
    pub output: PathBuf,
    /// `--source-name`.
    pub source_name: Option<String>,
    /// `--source-version`.
    pub source_version: Option<String>,
    /// `--licence`.
    pub license: Option<String>,
    /// `--skip-invalid`.
    pub skip_invalid: bool,
    /// `--encoding`.
    pub encoding: Option<String>,
    /// `--allow-empty`.
    pub allow_empty: bool,
}

/// Builds the pack and reports what was kept and dropped.
pub fn run(args: BuildArgs) -> Result<()> {
    // A recipe that does not resolve (unknown, unreadable, bad TOML or
    // pattern) is the caller's to fix: exit 2.
    let mut input = args.input.or(args.input_flag);
    let (recipe, source) = match (&args.builtin, &args.recipe) {
        (Some(name), _) => {
            let b = prep::installed::BUILTIN
                .iter()
                .find(|b| b.name.eq_ignore_ascii_case(name))
                .ok_or_else(|| {
                    let names: Vec<&str> =
                        prep::installed::BUILTIN.iter().map(|b| b.name).collect();
                    usage_msg(format!(
                        "--builtin {name}: no such built-in pack (there are {})",
                        names.join(", ")
                    ))
                })?;
            input.get_or_insert_with(|| Path::new("wordlists").join(b.list));
            let (name, version, licence) = b.source;
            let recipe = Recipe::builtin(b.recipe).map_err(usage)?;
            (
                recipe,
                Some((name.to_string(), version.to_string(), licence.to_string())),
            )
        }
        (None, Some(recipe)) => (Recipe::resolve(recipe).map_err(usage)?, None),
        (None, None) => return Err(usage_msg("give --recipe NAME or --builtin NAME")),
    };
    let frequencies = args.frequency.resolve(&recipe)?;
    let (source_name, source_version, license) = match source {
        Some((name, version, licence)) => (Some(name), Some(version), Some(licence)),
        None => (args.source_name, args.source_version, args.license),
    };
    let job = Job {
        recipe,
        input,
        output: args.output,
        source_name,
        source_version,
        license,
        skip_invalid: args.skip_invalid,
        encoding: args.encoding,
        allow_empty: args.allow_empty,
        frequencies,
        min_zipf: args.min_zipf,
    };
    let started = Instant::now();
    let meta = build(&job)?;
    let output = job.output.display().to_string();
    if args.json {
        let report = BuildJson {
            output,
            word_count: meta.word_count,
            seconds: started.elapsed().as_secs_f64(),
            source: &meta.source,
            stats: &meta.stats,
            frequency: meta.frequency.as_ref(),
        };
        boggle_cli::print(format_args!("{}\n", serde_json::to_string(&report)?))
            .with_context(|| format!("built {}, but could not report it", report.output))?;
    } else {
        eprint!("{}", report(&meta, &output));
    }
    Ok(())
}

/// Builds `job`'s pack (atomically; a progress bar on a terminal); what it
/// holds.
pub fn build(job: &Job) -> Result<PackMeta> {
    let recipe = &job.recipe;
    let (input, own) = match &job.input {
        Some(input) => {
            if input != Path::new("-") {
                boggle_cli::named_file(input, "word list")?;
            }
            // The recipe's own list named explicitly is still its own.
            let own = recipe
                .source
                .as_ref()
                .filter(|own| same_file(input, Path::new(&own.path)));
            (input.clone(), own)
        }
        None => default_input(recipe)?,
    };
    if input != Path::new("-") && same_file(&input, &job.output) {
        return Err(usage_msg(format!(
            "{} is the input: writing the pack there would replace the word list; give another -o",
            job.output.display()
        )));
    }
    let name = job
        .source_name
        .clone()
        .or_else(|| own.map(|s| s.name.clone()))
        .unwrap_or_default();
    let license = job
        .license
        .clone()
        .or_else(|| own.map(|s| s.license.clone()))
        .unwrap_or_default();
    let encoding = job
        .encoding
        .clone()
        .or_else(|| own.map(|s| s.encoding.clone()).filter(|e| !e.is_empty()));
    let source_version = job
        .source_version
        .clone()
        .or_else(|| own.and_then(|s| debian_version(&s.debian_package)))
        .unwrap_or_default();
    let bar = boggle_cli::bar("{spinner} reading {bytes}/{total_bytes} {wide_bar} {eta}");
    boggle_cli::catch_interrupts();
    let report = |p: &Progress| {
        if let Some(bar) = &bar {
            bar.set_length(p.total.unwrap_or(0));
            bar.set_position(p.done);
        }
    };
    let mut builder = PackBuilder::new(recipe.clone())
        .control(Control {
            progress: bar.as_ref().map(|_| &report as &(dyn Fn(&Progress) + Sync)),
            ..boggle_cli::control(None)
        })
        .allow_empty(job.allow_empty)
        .source(&name, &source_version, &license)
        .invalid_lines(if job.skip_invalid {
            InvalidLines::Skip
        } else {
            InvalidLines::Fail
        });
    if let Some(encoding) = &encoding {
        builder = builder.encoding(encoding);
    }
    if let Some((list, source)) = &job.frequencies {
        builder = builder.frequencies(list.clone(), source.clone());
    }
    builder = builder.min_zipf(job.min_zipf);
    let result = builder.build_file(&input, &job.output);
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    result.map_err(|e| build_error(e, recipe))
}

/// A failed build as the command line says it: the caller's mistakes as
/// usage errors (exit 2), with what to do.
fn build_error(e: BuildError, recipe: &Recipe) -> anyhow::Error {
    match e {
        // An encoding nobody knows is the caller's to fix: exit 2.
        e @ BuildError::Encoding(_) => usage(e),
        // So is an output path that is not a file in an existing directory.
        e @ BuildError::Output { .. } => usage(e),
        // A list in another encoding: say which flags read it.
        e @ BuildError::InvalidUtf8 { .. } => anyhow::anyhow!(
            "{e}; name its encoding (--encoding ISO-8859-1, --encoding KOI8-R, …) or drop such \
             lines (--skip-invalid)"
        ),
        e @ BuildError::TooFewWords { .. } => usage_msg(format!(
            "{e} Nothing written (--allow-empty writes it anyway)."
        )),
        // --min-zipf with no list: say why there is none.
        BuildError::NoFrequencies => {
            let why = match recipe.frequencies.as_ref().filter(|f| !f.none.is_empty()) {
                Some(rules) => format!("recipe {} has none ({})", recipe.name, rules.none),
                None => "the build has none".to_string(),
            };
            usage_msg(format!(
                "--min-zipf cuts a pack to its common words, which needs a frequency list, and \
                 {why}: give one (--frequencies FILE)"
            ))
        }
        BuildError::Interrupted => {
            boggle_cli::Interrupted("interrupted: no pack written".into()).into()
        }
        e => e.into(),
    }
}

/// The list a recipe reads when the build names none (`[source] path`), and
/// what the recipe says about it.
fn default_input(recipe: &Recipe) -> Result<(PathBuf, Option<&DefaultSource>)> {
    let Some(own) = &recipe.source else {
        return Err(usage_msg(format!(
            "recipe {} names no word list of its own: give one (INPUT or --input)",
            recipe.name
        )));
    };
    let path = PathBuf::from(&own.path);
    if !path.is_file() {
        let install = if own.debian_package.is_empty() {
            String::new()
        } else {
            format!(" (apt-get install {})", own.debian_package)
        };
        anyhow::bail!(
            "recipe {} reads {} when no list is given, and it is missing: install it{install} \
             or give a one-word-a-line list (INPUT or --input)",
            recipe.name,
            path.display()
        );
    }
    Ok((path, Some(own)))
}

/// Whether two paths name the same existing file: through symbolic links
/// (and, on Unix, hard links: the same device and inode).
fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(a), Ok(b)) = (std::fs::metadata(a), std::fs::metadata(b)) {
            return a.dev() == b.dev() && a.ino() == b.ino();
        }
    }
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// The installed version of a Debian package, from `dpkg-query`; `None` when
/// there is no such package, no dpkg, or no package name.
fn debian_version(package: &str) -> Option<String> {
    if package.is_empty() {
        return None;
    }
    let out = std::process::Command::new("dpkg-query")
        .args(["-W", "-f", "${Version}", package])
        .stderr(std::process::Stdio::null())
        .output()
        .ok()?;
    let version = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (out.status.success() && !version.is_empty()).then_some(version)
}

/// The build's report for a person: what was kept, what was dropped and why.
pub fn report(meta: &PackMeta, output: &str) -> String {
    let mut s = format!(
        "{output}: {} {} kept from {} {} of {} (recipe {})\n",
        meta.word_count,
        boggle_cli::plural(meta.word_count, "word", "words"),
        meta.stats.lines,
        boggle_cli::plural(meta.stats.lines, "line", "lines"),
        meta.source.file,
        meta.recipe.name
    );
    if !meta.stats.dropped.is_empty() {
        let dropped = meta.stats.dropped_total();
        s.push_str(&format!(
            "dropped {dropped} {}, by reason:\n",
            boggle_cli::plural(dropped, "line", "lines")
        ));
        for (reason, n) in &meta.stats.dropped {
            let why = match reason {
                DropReason::TooShort => {
                    format!("fewer than {} letters", meta.recipe.filter.min_len)
                }
                DropReason::TooLong => match meta.recipe.filter.max_len {
                    Some(max) => format!("more than {max} letters"),
                    None => reason.description().to_string(),
                },
                _ => reason.description().to_string(),
            };
            let examples = match meta.stats.examples.get(reason) {
                Some(e) if !e.is_empty() => {
                    let shown: Vec<String> = e.iter().map(|w| format!("{w:?}")).collect();
                    format!("; e.g. {}", shown.join(", "))
                }
                _ => String::new(),
            };
            s.push_str(&format!("  {reason} {n}: {why}{examples}\n"));
        }
    }
    if meta.frequency.is_some() {
        s.push_str(&super::pack::frequency_lines(meta));
    }
    s
}
