//! `boggle-prep`: build, inspect, list and verify language packs.

use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use prep::recipe::DefaultSource;
use prep::{DropReason, InvalidLines, Pack, PackBuilder, PackMeta, Recipe};

/// Turn raw word lists into Boggle language packs, and look inside them.
#[derive(Parser)]
#[command(name = "boggle-prep", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Build a pack from a one-word-a-line list (`-` reads standard input).
    Build {
        /// The raw word list (default: the list the recipe names, e.g.
        /// /usr/share/dict/ngerman for german).
        #[arg(value_name = "INPUT", conflicts_with = "input_flag")]
        input: Option<PathBuf>,
        /// The raw word list, as an option (the same as INPUT).
        #[arg(long = "input", short = 'i', value_name = "INPUT")]
        input_flag: Option<PathBuf>,
        /// A built-in recipe (enable or en, opentaal or nl, german or de,
        /// french or fr, spanish or es) or a recipe TOML file.
        #[arg(long, short)]
        recipe: String,
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
        #[arg(long)]
        licence: Option<String>,
        /// Drop and count lines that are not UTF-8 instead of stopping.
        #[arg(long)]
        skip_invalid: bool,
        /// Print the build report as JSON on standard output.
        #[arg(long)]
        json: bool,
    },
    /// Show a pack's metadata.
    Inspect {
        /// The pack file.
        pack: PathBuf,
        /// As JSON.
        #[arg(long)]
        json: bool,
    },
    /// Print every word of a pack, sorted, one a line.
    Words {
        /// The pack file.
        pack: PathBuf,
    },
    /// Check a pack completely: checksums, automaton, word ranks.
    Verify {
        /// The pack file.
        pack: PathBuf,
    },
    /// List the built-in recipes, or print one as TOML.
    Recipes {
        /// Print this recipe's TOML (a starting point for your own).
        name: Option<String>,
    },
    /// Install a pack for `boggle --lang NAME`: check it, copy it to
    /// $XDG_DATA_HOME/boggle/packs/NAME.pack (or ~/.local/share/boggle/packs).
    Install {
        /// The pack file (built with `boggle-prep build`).
        pack: PathBuf,
        /// The name to install it as (default: the file name without .pack).
        #[arg(long)]
        name: Option<String>,
        /// Replace an installed pack of the same name.
        #[arg(long)]
        force: bool,
    },
    /// Remove an installed pack.
    Uninstall {
        /// The pack's name.
        name: String,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("boggle-prep: {e:#}");
            if e.downcast_ref::<Usage>().is_some() {
                ExitCode::from(2)
            } else {
                ExitCode::FAILURE
            }
        }
    }
}

/// A mistake in how the command was called: exit status 2, like clap's own.
#[derive(Debug)]
struct Usage(String);

impl std::fmt::Display for Usage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Usage {}

/// The list a recipe reads when the build names none (`[source] path`), and
/// what the recipe says about it.
fn default_input(recipe: &Recipe) -> Result<(PathBuf, Option<&DefaultSource>)> {
    let Some(own) = &recipe.source else {
        return Err(Usage(format!(
            "recipe {} names no word list of its own: give one (INPUT or --input)",
            recipe.name
        ))
        .into());
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

/// Whether two paths name the same existing file.
fn same_file(a: &std::path::Path, b: &std::path::Path) -> bool {
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

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

fn run(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Build {
            input,
            input_flag,
            recipe,
            output,
            source_name,
            source_version,
            licence,
            skip_invalid,
            json,
        } => {
            let recipe = Recipe::resolve(&recipe)?;
            let (input, own) = match input.or(input_flag) {
                Some(input) => {
                    // The recipe's own list named explicitly is still its own.
                    let own = recipe
                        .source
                        .as_ref()
                        .filter(|own| same_file(&input, std::path::Path::new(&own.path)));
                    (input, own)
                }
                None => default_input(&recipe)?,
            };
            let name = source_name
                .or_else(|| own.map(|s| s.name.clone()))
                .unwrap_or_default();
            let licence = licence
                .or_else(|| own.map(|s| s.licence.clone()))
                .unwrap_or_default();
            let source_version = source_version
                .or_else(|| own.and_then(|s| debian_version(&s.debian_package)))
                .unwrap_or_default();
            let bar = progress_bar();
            let mut builder = PackBuilder::new(recipe.clone())
                .source(&name, &source_version, &licence)
                .invalid_lines(if skip_invalid {
                    InvalidLines::Skip
                } else {
                    InvalidLines::Fail
                });
            if let Some(bar) = bar.clone() {
                builder = builder.progress(move |done, total| {
                    bar.set_length(total as u64);
                    bar.set_position(done as u64);
                });
            }
            let started = std::time::Instant::now();
            let result = builder.build_file(&input, &output);
            if let Some(bar) = bar {
                bar.finish_and_clear();
            }
            let meta = result?;
            if json {
                let report = serde_json::json!({
                    "output": output.display().to_string(),
                    "word_count": meta.word_count,
                    "stats": meta.stats,
                    "source": meta.source,
                    "seconds": started.elapsed().as_secs_f64(),
                });
                println!("{report}");
            } else {
                eprint!("{}", build_report(&meta, &output.display().to_string()));
            }
            Ok(())
        }
        Command::Inspect { pack, json } => {
            let pack = Pack::open(&pack)?;
            let mut out = io::stdout().lock();
            if json {
                serde_json::to_writer_pretty(&mut out, pack.meta())?;
                writeln!(out)?;
            } else {
                write!(out, "{}", describe(pack.meta()))?;
            }
            Ok(())
        }
        Command::Words { pack } => {
            let pack = Pack::open(&pack)?;
            // Check the automaton first, so a damaged or crafted file gives
            // an error, not a panic (the full word walk of `verify` would
            // only repeat the walk that prints them).
            pack.check()?;
            let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
            let mut result = Ok(());
            pack.for_each_word(|w| {
                if result.is_ok() {
                    result = out.write_all(w).and_then(|_| out.write_all(b"\n"));
                }
            });
            result?;
            out.flush()?;
            Ok(())
        }
        Command::Verify { pack: path } => {
            let pack = Pack::open(&path)?;
            pack.verify()?;
            println!(
                "{}: ok ({} words, {} recipe)",
                path.display(),
                pack.len(),
                pack.recipe().name
            );
            Ok(())
        }
        Command::Install { pack, name, force } => install(&pack, name, force),
        Command::Uninstall { name } => {
            let dir = pack_dir()?;
            let path = dir.remove(&name).map_err(install_error)?;
            println!("removed {name} ({})", path.display());
            Ok(())
        }
        Command::Recipes { name } => {
            match name {
                Some(name) => {
                    let recipe = Recipe::resolve(&name)
                        .with_context(|| format!("cannot show recipe {name:?}"))?;
                    print!("{}", recipe.to_toml());
                }
                None => {
                    for name in Recipe::builtin_names() {
                        let r = Recipe::builtin(name)?;
                        let aliases: Vec<&str> = Recipe::builtin_aliases(name).collect();
                        println!(
                            "{:<13} {}",
                            format!("{name} ({})", aliases.join(", ")),
                            r.description
                        );
                    }
                }
            }
            Ok(())
        }
    }
}

/// The installed-pack directory from the environment.
fn pack_dir() -> Result<prep::installed::PackDir> {
    prep::installed::PackDir::from_env()
        .ok_or_else(|| install_error(prep::installed::InstallError::NoDataDir))
}

/// Install errors that are the caller's to fix exit with status 2.
fn install_error(e: prep::installed::InstallError) -> anyhow::Error {
    use prep::installed::InstallError as E;
    match e {
        E::BadName(_) | E::Exists(_) | E::NotInstalled { .. } => Usage(e.to_string()).into(),
        e => e.into(),
    }
}

/// `boggle-prep install PACK [--name NAME] [--force]`.
fn install(from: &std::path::Path, name: Option<String>, force: bool) -> Result<()> {
    let dir = pack_dir()?;
    let name = match name.or_else(|| prep::installed::default_name(from)) {
        Some(name) => name,
        None => return Err(Usage(format!("give a name for {} (--name)", from.display())).into()),
    };
    let (installed, pack) = dir.install(from, &name, force).map_err(install_error)?;
    println!(
        "installed {name} ({} words, {}, recipe {}) as {}\nuse it with: boggle --lang {name} BOARD",
        pack.len(),
        pack.recipe().language.name,
        pack.recipe().name,
        installed.path.display()
    );
    Ok(())
}

/// A progress bar on standard error when it is a terminal; none when piped.
fn progress_bar() -> Option<ProgressBar> {
    if !io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template("{spinner} reading {bytes}/{total_bytes} {wide_bar} {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    Some(bar)
}

fn build_report(meta: &PackMeta, output: &str) -> String {
    let mut s = format!(
        "{output}: {} words kept from {} lines of {} (recipe {})\n",
        meta.word_count, meta.stats.lines, meta.source.file, meta.recipe.name
    );
    if !meta.stats.dropped.is_empty() {
        s.push_str(&format!(
            "dropped {} lines, by reason:\n",
            meta.stats.dropped_total()
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
    s
}

fn describe(meta: &PackMeta) -> String {
    let r = &meta.recipe;
    let aliases: Vec<String> = r
        .board
        .aliases
        .iter()
        .map(|(k, v)| format!("{k}→{v}"))
        .collect();
    let mut s = String::new();
    s.push_str(&format!(
        "language     {} ({})\n",
        r.language.name, r.language.code
    ));
    s.push_str(&format!("recipe       {} — {}\n", r.name, r.description));
    s.push_str(&format!("words        {}\n", meta.word_count));
    s.push_str(&format!("alphabet     {}\n", r.alphabet));
    s.push_str(&format!(
        "cells        {}\n",
        if aliases.is_empty() {
            "every cell reads as its letter".to_string()
        } else {
            aliases.join(", ")
        }
    ));
    s.push_str(&format!("min length   {}\n", r.board.min_word_len));
    s.push_str(&format!("scoring      {}\n", r.board.scoring));
    s.push_str(&format!(
        "source       {} {} ({})\n",
        meta.source.name, meta.source.version, meta.source.file
    ));
    s.push_str(&format!("sha256       {}\n", meta.source.sha256));
    s.push_str(&format!("licence      {}\n", meta.source.licence));
    s.push_str(&format!(
        "lines        {} read, {} dropped\n",
        meta.stats.lines,
        meta.stats.dropped_total()
    ));
    s.push_str(&format!("built by     {}\n", meta.tool));
    s
}
