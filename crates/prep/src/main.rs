//! `boggle-prep`: build, inspect, list and verify language packs.

use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
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
        /// The raw word list.
        input: PathBuf,
        /// A built-in recipe (opentaal, enable) or a recipe TOML file.
        #[arg(long, short)]
        recipe: String,
        /// Where to write the pack (atomically).
        #[arg(long, short)]
        output: PathBuf,
        /// The source list's name, e.g. "OpenTaal" (default: the file name).
        #[arg(long)]
        source_name: Option<String>,
        /// The source list's version, e.g. "2.20.19".
        #[arg(long, default_value = "")]
        source_version: String,
        /// The source list's licence, e.g. "BSD-3-Clause OR CC-BY-3.0".
        #[arg(long, default_value = "")]
        licence: String,
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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("boggle-prep: {e:#}");
            ExitCode::FAILURE
        }
    }
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
            recipe,
            output,
            source_name,
            source_version,
            licence,
            skip_invalid,
            json,
        } => {
            let recipe = Recipe::resolve(&recipe)?;
            let name = source_name.unwrap_or_default();
            let bar = progress_bar();
            let mut builder = PackBuilder::new(recipe)
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
                        println!("{name:<10} {}", r.description);
                    }
                }
            }
            Ok(())
        }
    }
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
            s.push_str(&format!("  {reason} {n}: {why}\n"));
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
