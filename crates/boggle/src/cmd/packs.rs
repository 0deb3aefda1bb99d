//! `boggle packs`: the packs `--lang` can name, built-in and installed.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Result;
use clap::Args;
use prep::PackDir;
use solve::packs;

/// `boggle packs`: what `--lang` can name.
#[derive(Args, Clone, Debug)]
pub(crate) struct PacksArgs {
    /// Print JSON: an array of {name, origin, path, language, words, source,
    /// problem}.
    #[arg(long)]
    json: bool,
}

/// `boggle packs`.
pub(crate) fn run(args: &PacksArgs) -> Result<ExitCode> {
    let dir = PackDir::from_env();
    let entries = packs::list(dir.as_ref())?;
    let mut out = io::stdout().lock();
    if args.json {
        serde_json::to_writer(&mut out, &entries)?;
        writeln!(out)?;
        return Ok(ExitCode::SUCCESS);
    }
    let rows: Vec<[String; 5]> = entries
        .iter()
        .map(|e| {
            [
                e.name.clone(),
                match e.origin {
                    packs::Origin::Builtin => "built-in".into(),
                    packs::Origin::Installed => "installed".into(),
                },
                e.language.clone().unwrap_or_else(|| "?".into()),
                e.words.map_or_else(|| "?".into(), |n| n.to_string()),
                match (&e.problem, &e.path) {
                    (Some(p), _) => format!("({p})"),
                    (None, Some(path)) => {
                        format!("{} ({})", e.source.as_deref().unwrap_or(""), path.display())
                    }
                    (None, None) => e.source.clone().unwrap_or_default(),
                },
            ]
        })
        .collect();
    let header = ["name", "origin", "language", "words", "source"].map(String::from);
    let mut widths = [0usize; 4];
    for row in std::iter::once(&header).chain(&rows) {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    for row in std::iter::once(&header).chain(&rows) {
        let mut line = String::new();
        for (k, cell) in row.iter().enumerate() {
            match widths.get(k) {
                Some(&w) if k == 3 => line.push_str(&format!("{cell:>w$}  ")),
                Some(&w) => line.push_str(&format!("{cell:<w$}  ")),
                None => line.push_str(cell),
            }
        }
        writeln!(out, "{}", line.trim_end())?;
    }
    match &dir {
        Some(d) => writeln!(
            out,
            "\ninstalled packs: {} (add one: boggle-prep install FILE.pack)\n\
             built-in packs come first: an installed pack with a built-in name is hidden",
            d.path().display()
        )?,
        None => writeln!(out, "\nno data directory: set XDG_DATA_HOME or HOME")?,
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
