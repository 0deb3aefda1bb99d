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
    /// recipe, problem, install}.
    #[arg(long)]
    json: bool,
}

/// `boggle packs`.
pub(crate) fn run(args: &PacksArgs) -> Result<ExitCode> {
    let dir = PackDir::from_env();
    let entries = packs::list(dir.as_ref())?;
    let mut out = boggle_cli::stdout();
    if args.json {
        serde_json::to_writer(&mut out, &entries)?;
        writeln!(out)?;
        out.done()?;
        return Ok(ExitCode::SUCCESS);
    }
    let packs = entries.iter().filter(|e| e.origin != packs::Origin::Recipe);
    let rows: Vec<Vec<String>> = packs
        .map(|e| {
            vec![
                e.name.clone(),
                match e.origin {
                    packs::Origin::Builtin => "built-in".into(),
                    _ => "installed".into(),
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
    table(
        &mut out,
        &["name", "origin", "language", "words", "source"],
        &rows,
        Some(3),
    )?;
    let recipes: Vec<Vec<String>> = entries
        .iter()
        .filter(|e| e.origin == packs::Origin::Recipe)
        .map(|e| {
            let source = e.source.clone().unwrap_or_default();
            let list = match (&e.problem, &e.path) {
                (Some(p), _) => format!("{source} ({p})"),
                (None, Some(path)) => format!("{source} ({})", path.display()),
                (None, None) => source,
            };
            vec![
                e.name.clone(),
                e.language.clone().unwrap_or_default(),
                e.recipe.clone().unwrap_or_default(),
                list,
            ]
        })
        .collect();
    if !recipes.is_empty() {
        writeln!(
            out,
            "\nmore languages: boggle-prep install --recipe RECIPE builds one from its word list, then boggle --lang CODE"
        )?;
        table(
            &mut out,
            &["code", "language", "recipe", "word list"],
            &recipes,
            None,
        )?;
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
    out.done()?;
    Ok(ExitCode::SUCCESS)
}

/// Writes rows under a header, columns padded to their widest cell (the
/// last column unpadded; `right` right-aligned).
fn table(
    out: &mut impl Write,
    header: &[&str],
    rows: &[Vec<String>],
    right: Option<usize>,
) -> io::Result<()> {
    let header: Vec<String> = header.iter().map(|h| h.to_string()).collect();
    let mut widths = vec![0usize; header.len()];
    for row in std::iter::once(&header).chain(rows) {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    for row in std::iter::once(&header).chain(rows) {
        let mut line = String::new();
        for (k, cell) in row.iter().enumerate() {
            let w = widths[k];
            if k + 1 == row.len() {
                line.push_str(cell);
            } else if Some(k) == right {
                line.push_str(&format!("{cell:>w$}  "));
            } else {
                line.push_str(&format!("{cell:<w$}  "));
            }
        }
        writeln!(out, "{}", line.trim_end())?;
    }
    Ok(())
}
