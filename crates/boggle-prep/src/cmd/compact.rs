//! `boggle-prep compact`: a pack in compact form, for sending.

use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use clap::Args;
use prep::{write_atomic, Pack, Replace};

/// Options of `boggle-prep compact`.
#[derive(Args)]
pub struct CompactArgs {
    /// The pack file.
    pack: PathBuf,
    /// Where to write its compact form (atomically; replaced if there).
    #[arg(long, short)]
    output: PathBuf,
}

/// Writes a pack's compact form, once it is sure the form rebuilds the same
/// pack (here, byte for byte).
pub fn run(args: CompactArgs) -> Result<()> {
    let pack = Pack::open(boggle_cli::named_file(&args.pack, "pack")?)?;
    let compact = pack.to_compact()?;
    let back = Pack::from_compact(&compact, &args.output.display().to_string())?;
    if back.as_bytes() != pack.as_bytes() && cfg!(target_pointer_width = "64") {
        bail!(
            "{}: its compact form rebuilds another pack (a bug: please report it)",
            args.pack.display()
        );
    }
    write_atomic(&args.output, &compact, Replace::Yes, None)
        .with_context(|| format!("{}: could not write", args.output.display()))?;
    boggle_cli::print(format_args!(
        "{}: {} words, {} bytes compact ({} as a pack)\n",
        args.output.display(),
        pack.len(),
        compact.len(),
        pack.as_bytes().len()
    ))
    .with_context(|| format!("wrote {}, but could not report it", args.output.display()))?;
    Ok(())
}
