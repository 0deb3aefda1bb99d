//! `boggle-prep inspect`, `words` and `verify`: looking inside a pack file.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use clap::Args;
use prep::frequency::Zipf;
use prep::verdict::{Standing, Verdict};
use prep::{Pack, PackMeta};
use serde::Serialize;

/// A command that takes one pack file.
#[derive(Args)]
pub struct PackFile {
    /// The pack file.
    pack: PathBuf,
}

/// Options of `boggle-prep inspect`.
#[derive(Args)]
pub struct InspectArgs {
    /// The pack file.
    pack: PathBuf,
    /// As JSON.
    #[arg(long)]
    json: bool,
    /// Instead of the metadata: whether WORD is in the pack, how common it
    /// is, and whether it counts as common (and why not). Repeatable.
    #[arg(long, value_name = "WORD")]
    word: Vec<String>,
    /// With --word: the line for common words, on the Zipf scale.
    #[arg(long, value_name = "Z", requires = "word", default_value = "2.5")]
    min_zipf: Zipf,
}

/// Prints a pack's metadata (read without the automaton), or what it says
/// of words (`--word`).
pub fn inspect(args: InspectArgs) -> Result<()> {
    if !args.word.is_empty() {
        return inspect_words(&args);
    }
    let meta = Pack::read_meta(boggle_cli::named_file(&args.pack, "pack")?)?;
    let mut out = boggle_cli::stdout();
    if args.json {
        serde_json::to_writer_pretty(&mut out, &meta)?;
        writeln!(out)?;
    } else {
        write!(out, "{}", describe(&meta))?;
    }
    out.done()?;
    Ok(())
}

/// What a pack says of one word, as `inspect --word` reports it.
#[derive(Serialize)]
struct WordReport {
    /// The word as typed.
    word: String,
    /// As the pack spells it (normalized by its recipe).
    spelled: String,
    /// Whether the pack holds it.
    in_pack: bool,
    /// Its frequency, if the pack stores one.
    zipf: Option<Zipf>,
    /// Its verdict, if the pack has verdicts.
    verdict: Option<Verdict>,
    /// Whether it counts as common at the line.
    common: bool,
    /// Why not, when it does not (`too_rare`, `name`, …).
    reason: Option<&'static str>,
}

/// `inspect --word`: each word's frequency, verdict and standing.
fn inspect_words(args: &InspectArgs) -> Result<()> {
    let pack = Pack::open(boggle_cli::named_file(&args.pack, "pack")?)?;
    let normalizer = pack.recipe().normalizer()?;
    let line = args.min_zipf;
    let mut reports = Vec::new();
    for word in &args.word {
        let spelled = normalizer.normalize(&word.trim().to_lowercase());
        let rank = pack.map()?.get(&spelled);
        let standing = rank.map(|r| pack.standing(r, line));
        reports.push(WordReport {
            word: word.clone(),
            in_pack: rank.is_some(),
            zipf: rank.and_then(|r| pack.zipf(r)),
            verdict: rank.and_then(|r| pack.verdict(r)),
            common: standing.is_some_and(Standing::is_common),
            reason: standing.and_then(Standing::reason),
            spelled,
        });
    }
    let mut out = boggle_cli::stdout();
    if args.json {
        serde_json::to_writer_pretty(&mut out, &reports)?;
        writeln!(out)?;
    } else {
        for r in &reports {
            writeln!(out, "{}", word_line(&pack, r, line))?;
        }
    }
    out.done()?;
    Ok(())
}

/// One word's line: `tet  Zipf 2.9, a name (…): rare at Zipf 2.5`.
fn word_line(pack: &Pack, r: &WordReport, line: Zipf) -> String {
    let name = if r.spelled == r.word {
        r.word.clone()
    } else {
        format!("{} ({})", r.word, r.spelled)
    };
    if !r.in_pack {
        return format!("{name}  not in the pack");
    }
    if !pack.has_frequencies() {
        return format!("{name}  in the pack; it has no frequencies, so every word is common");
    }
    let zipf = match r.zipf {
        Some(z) => format!("Zipf {z}"),
        None => "not in the frequency list".to_string(),
    };
    let verdict = match r.verdict {
        Some(v) => v.describe().to_string(),
        None => "no verdict (the pack has none: frequency alone decides)".to_string(),
    };
    let standing = match r.reason {
        None => format!("common at Zipf {line}"),
        Some("too_rare") => format!("rare: under Zipf {line}"),
        Some(_) => "rare: not an everyday word".to_string(),
    };
    format!("{name}  {zipf}; {verdict}; {standing}")
}

/// Prints every word, one a line. The walk checks the automaton first, so a
/// damaged or crafted file gives an error, not a panic.
pub fn words(args: PackFile) -> Result<()> {
    let pack = Pack::open(boggle_cli::named_file(&args.pack, "pack")?)?;
    let mut out = boggle_cli::stdout();
    let mut result = Ok(());
    pack.for_each_word(|w| {
        if result.is_ok() {
            result = out.write_all(w).and_then(|_| out.write_all(b"\n"));
        }
    })?;
    result?;
    out.done()?;
    Ok(())
}

/// Checks a pack completely, and says so.
pub fn verify(args: PackFile) -> Result<()> {
    let pack = Pack::open(boggle_cli::named_file(&args.pack, "pack")?)?;
    pack.verify()?;
    boggle_cli::print(format_args!(
        "{}: ok ({} words, {} recipe)\n",
        args.pack.display(),
        pack.len(),
        pack.recipe().name
    ))?;
    Ok(())
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
    // Letters in alphabet order, then the multi-letter faces with values
    // of their own.
    let values = &r.letters.values;
    let mut listed: Vec<String> = r
        .letters()
        .iter()
        .filter_map(|c| values.get(&c.to_string()).map(|v| format!("{c}{v}")))
        .collect();
    listed.extend(
        values
            .iter()
            .filter(|(k, _)| k.chars().count() > 1)
            .map(|(k, v)| format!("{k}{v}")),
    );
    s.push_str(&format!(
        "values       {}\n",
        if listed.is_empty() {
            "none (the letter-value schemes score 0)".to_string()
        } else {
            listed.join(" ")
        }
    ));
    let source = &meta.source;
    let file = if source.file.is_empty() || source.file == source.name {
        String::new()
    } else {
        format!(" (file {})", source.file)
    };
    s.push_str(&format!("source       {}{file}\n", source.title()));
    s.push_str(&format!("sha256       {}\n", source.sha256));
    s.push_str(&format!(
        "licence      {}\n",
        if source.license.is_empty() {
            "not recorded (boggle-prep build --licence sets it)"
        } else {
            &source.license
        }
    ));
    s.push_str(&format!(
        "lines        {} read, {} dropped\n",
        meta.stats.lines,
        meta.stats.dropped_total()
    ));
    s.push_str(&frequency_lines(meta));
    s.push_str(&format!("built by     {}\n", meta.tool));
    s
}

/// What a pack says of its words' frequencies, as `inspect` and the build
/// report show it.
pub fn frequency_lines(meta: &PackMeta) -> String {
    let Some(f) = &meta.frequency else {
        // A language no source covers says why: every word counts as common.
        return match meta
            .recipe
            .frequencies
            .as_ref()
            .filter(|f| !f.none.is_empty())
        {
            Some(rules) => format!(
                "frequencies  none ({}): every word counts as common\n",
                rules.none
            ),
            None => "frequencies  none (boggle-prep build --frequencies adds them)\n".to_string(),
        };
    };
    let title = f.title();
    let share = if meta.word_count == 0 {
        0.0
    } else {
        100.0 * f.matched as f64 / meta.word_count as f64
    };
    let mut s = format!(
        "frequencies  {title} (file {}): {} of {} {} listed ({share:.1}%)\n",
        f.file,
        f.matched,
        meta.word_count,
        boggle_cli::plural(meta.word_count, "word", "words"),
    );
    if let Some(min) = f.min_zipf {
        s.push_str(&format!("  cut to     words of Zipf {min} and more\n"));
    }
    s.push_str(&match &f.verdicts {
        Some(counts) => {
            let listed: Vec<String> = Verdict::ALL
                .iter()
                .map(|v| format!("{} {}", counts.get(v.key()).unwrap_or(&0), v.key()))
                .collect();
            format!("  verdicts   {}\n", listed.join(", "))
        }
        None => "  verdicts   none: frequency alone says which words are common\n".to_string(),
    });
    s.push_str(&format!("  sha256     {}\n", f.sha256));
    if !f.licence.is_empty() {
        s.push_str(&format!("  licence    {}\n", f.licence));
    }
    if !f.attribution.is_empty() {
        s.push_str(&format!("  credit     {}\n", f.attribution));
    }
    s
}
