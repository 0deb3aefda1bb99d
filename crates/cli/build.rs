//! The version `--version` shows: the workspace's, with the commit the
//! programs were built from (`git rev-parse` in the checkout, else
//! `BOGGLE_COMMIT`, as a source package has no `.git`; else none).

use std::path::Path;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-env-changed=BOGGLE_COMMIT");
    let git = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../.git");
    // A new commit moves HEAD or the branch it names (loose or packed).
    for file in ["HEAD", "packed-refs"] {
        if git.join(file).exists() {
            println!("cargo:rerun-if-changed={}", git.join(file).display());
        }
    }
    if let Ok(head) = std::fs::read_to_string(git.join("HEAD")) {
        if let Some(branch) = head.trim().strip_prefix("ref: ") {
            if git.join(branch).exists() {
                println!("cargo:rerun-if-changed={}", git.join(branch).display());
            }
        }
    }
    let from_git = Command::new("git")
        .args(["rev-parse", "--short=12", "HEAD"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .ok()
        .filter(|out| out.status.success())
        .and_then(|out| String::from_utf8(out.stdout).ok())
        .map(|s| s.trim().to_owned())
        .filter(|s| !s.is_empty() && s.bytes().all(|b| b.is_ascii_hexdigit()));
    let commit = from_git
        .or_else(|| std::env::var("BOGGLE_COMMIT").ok())
        .unwrap_or_default();
    let version = env!("CARGO_PKG_VERSION");
    let shown = if commit.is_empty() {
        version.to_owned()
    } else {
        format!("{version} ({commit})")
    };
    println!("cargo:rustc-env=BOGGLE_VERSION={shown}");
}
