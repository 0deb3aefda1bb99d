//! Shared by the `dice_*` tests: the `boggle` binary, tiny in-memory packs,
//! a brute-force solver and a dice-to-cell matching.
//!
//! The brute force shares nothing with `solve` but the board's cells:
//! adjacency is computed from (row, column) deltas, words are looked up as
//! strings in a `HashSet`, and duplicates are removed by text.
#![allow(dead_code)]

use std::collections::{BTreeSet, HashSet};
use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use prep::{Pack, PackBuilder, Recipe};

/// The workspace root (this package lives in `<root>/tests`).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ has a parent")
        .to_path_buf()
}

/// Path to a freshly built `boggle` binary. `CARGO_BIN_EXE_boggle` exists
/// only for the `solve` package's own tests, so the first caller runs
/// `cargo build -p solve --bin boggle` with the running test's target
/// directory and profile (a no-op when fresh). `BOGGLE_BIN` overrides.
pub fn boggle_bin() -> &'static Path {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| {
        if let Some(bin) = env::var_os("BOGGLE_BIN") {
            return PathBuf::from(bin);
        }
        let exe = env::current_exe().expect("the test binary's path");
        let profile_dir = exe
            .parent()
            .and_then(Path::parent)
            .expect("test binary lives in <target>/<profile>/deps");
        let target_dir = profile_dir.parent().expect("<target>/<profile>");
        let profile = match profile_dir.file_name().and_then(|n| n.to_str()) {
            Some("debug") => "test",
            Some(other) => other,
            None => panic!("odd test binary path {}", exe.display()),
        };
        let cargo = env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let out = Command::new(&cargo)
            .arg("build")
            .arg("--quiet")
            .arg("--manifest-path")
            .arg(workspace_root().join("Cargo.toml"))
            .args(["-p", "solve", "--bin", "boggle", "--profile", profile])
            .arg("--target-dir")
            .arg(target_dir)
            .output()
            .unwrap_or_else(|e| panic!("cannot run {cargo:?}: {e}"));
        assert!(
            out.status.success(),
            "`cargo build -p solve --bin boggle --profile {profile}` failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let bin = profile_dir.join(format!("boggle{}", env::consts::EXE_SUFFIX));
        assert!(bin.is_file(), "{} was not built", bin.display());
        bin
    })
}

/// An `assert_cmd` command for `boggle`.
pub fn boggle() -> assert_cmd::Command {
    assert_cmd::Command::new(boggle_bin())
}

/// A test recipe: a-z, every word of one letter or more kept, boards score
/// from one letter; `q = "qu"` when `qu`.
pub fn tiny_recipe(qu: bool) -> Recipe {
    let aliases = if qu {
        "\n[board.aliases]\nq = \"qu\"\n"
    } else {
        ""
    };
    let text = format!(
        r#"
name = "tiny"
alphabet = "abcdefghijklmnopqrstuvwxyz"
[language]
code = "xx"
name = "Test"
[filter]
pattern = "^[a-z]+$"
min_len = 1
[board]
min_word_len = 1
scoring = "words"
{aliases}"#
    );
    Recipe::from_toml(&text, "tiny recipe").expect("the tiny recipe parses")
}

/// The pack bytes of a word list under [`tiny_recipe`].
pub fn tiny_pack_bytes<S: AsRef<str>>(words: &[S], qu: bool) -> Vec<u8> {
    let mut list = String::new();
    for w in words {
        list.push_str(w.as_ref());
        list.push('\n');
    }
    PackBuilder::new(tiny_recipe(qu))
        .build_bytes(list.as_bytes(), "tiny.txt")
        .expect("the tiny pack builds")
        .0
}

/// A pack of a word list under [`tiny_recipe`].
pub fn tiny_pack<S: AsRef<str>>(words: &[S], qu: bool) -> Pack {
    Pack::from_vec(tiny_pack_bytes(words, qu), "tiny").expect("the tiny pack opens")
}

/// A board's cells, row-major, as owned faces (`None` for a blank).
pub fn cells_of(board: &solve::Board) -> Vec<Option<String>> {
    (0..board.rows() * board.cols())
        .map(|i| board.face(i).map(str::to_string))
        .collect()
}

/// For each cell of a rows x cols board, its neighbours.
pub fn neighbours(rows: usize, cols: usize, diagonals: bool, wrap: bool) -> Vec<Vec<usize>> {
    let mut all = Vec::new();
    for r in 0..rows as i64 {
        for c in 0..cols as i64 {
            let me = r as usize * cols + c as usize;
            let mut here = Vec::new();
            for dr in -1i64..=1 {
                for dc in -1i64..=1 {
                    if (dr, dc) == (0, 0) || (!diagonals && dr != 0 && dc != 0) {
                        continue;
                    }
                    let (mut rr, mut cc) = (r + dr, c + dc);
                    if wrap {
                        rr = rr.rem_euclid(rows as i64);
                        cc = cc.rem_euclid(cols as i64);
                    } else if rr < 0 || cc < 0 || rr >= rows as i64 || cc >= cols as i64 {
                        continue;
                    }
                    let j = rr as usize * cols + cc as usize;
                    if j != me && !here.contains(&j) {
                        here.push(j);
                    }
                }
            }
            all.push(here);
        }
    }
    all
}

/// Every word of `words` with at least `min_len` letters that a simple path
/// of non-blank cells spells (faces concatenated). Paths stop when their
/// text starts no word.
pub fn brute_force(
    rows: usize,
    cols: usize,
    cells: &[Option<String>],
    words: &HashSet<String>,
    diagonals: bool,
    wrap: bool,
    min_len: usize,
) -> BTreeSet<String> {
    let mut prefixes: HashSet<&str> = HashSet::new();
    for w in words {
        for (i, _) in w.char_indices() {
            prefixes.insert(&w[..i]);
        }
        prefixes.insert(w);
    }
    let adj = neighbours(rows, cols, diagonals, wrap);
    let mut found = BTreeSet::new();
    let mut used = vec![false; cells.len()];
    #[allow(clippy::too_many_arguments)]
    fn walk(
        at: usize,
        text: &mut String,
        cells: &[Option<String>],
        adj: &[Vec<usize>],
        used: &mut [bool],
        words: &HashSet<String>,
        prefixes: &HashSet<&str>,
        min_len: usize,
        found: &mut BTreeSet<String>,
    ) {
        let Some(face) = &cells[at] else { return };
        let before = text.len();
        text.push_str(face);
        if prefixes.contains(text.as_str()) {
            if text.chars().count() >= min_len && words.contains(text.as_str()) {
                found.insert(text.clone());
            }
            used[at] = true;
            for &j in &adj[at] {
                if !used[j] {
                    walk(j, text, cells, adj, used, words, prefixes, min_len, found);
                }
            }
            used[at] = false;
        }
        text.truncate(before);
    }
    for start in 0..cells.len() {
        walk(
            start,
            &mut String::new(),
            cells,
            &adj,
            &mut used,
            words,
            &prefixes,
            min_len,
            &mut found,
        );
    }
    found
}

/// The size of a largest matching between `left` and `right` items, where
/// `edge(l, r)` says whether they may be paired (Kuhn's augmenting paths).
pub fn max_matching(left: usize, right: usize, edge: impl Fn(usize, usize) -> bool) -> usize {
    fn augment(
        l: usize,
        right: usize,
        edge: &dyn Fn(usize, usize) -> bool,
        seen: &mut [bool],
        owner: &mut [Option<usize>],
    ) -> bool {
        for r in 0..right {
            if seen[r] || !edge(l, r) {
                continue;
            }
            seen[r] = true;
            let free = match owner[r] {
                None => true,
                Some(other) => augment(other, right, edge, seen, owner),
            };
            if free {
                owner[r] = Some(l);
                return true;
            }
        }
        false
    }
    let mut owner = vec![None; right];
    (0..left)
        .filter(|&l| {
            let mut seen = vec![false; right];
            augment(l, right, &edge, &mut seen, &mut owner)
        })
        .count()
}

/// Whether each cell can be given its own die showing that cell's face (a
/// bipartite matching: several dice share faces, so a greedy check is not
/// enough). `dice[d]` lists die `d`'s faces, `None` for a blank.
pub fn cells_match_dice(cells: &[Option<String>], dice: &[Vec<Option<String>>]) -> bool {
    max_matching(cells.len(), dice.len(), |c, d| dice[d].contains(&cells[c])) == cells.len()
}
