//! Every board in RECORDS.md, scored with the pack of its row: the score
//! and word count the table gives, and a canonical orientation. The
//! built-in packs' rows run in the normal suite; the ENABLE2K rows need the
//! shared word lists, and rows of packs built from Debian's lists (`de`,
//! `fr`, `es`: a built-in recipe's code) need those packages.

use boggle_tests::workspace_root;
use grid::Size;
use prep::{Pack, PackBuilder, Recipe};
use solve::{RuleOptions, Solver};

/// One row of the records table.
struct Row {
    line: usize,
    pack: String,
    size: Size,
    board: String,
    score: u64,
    words: u64,
    /// The scheme the row's command names (`--scoring X`), else the pack's.
    scoring: Option<String>,
}

/// The rows of RECORDS.md's table of boards (`| pack | size | board | score
/// | words | proven | command |`): from its header to the first line that is
/// not a table row. (The path-count tables further on are other tables.)
fn rows() -> Vec<Row> {
    let text = std::fs::read_to_string(workspace_root().join("RECORDS.md")).unwrap();
    let mut rows = Vec::new();
    let mut in_table = false;
    for (i, line) in text.lines().enumerate() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if !in_table {
            in_table = cells.get(1) == Some(&"pack");
            continue;
        }
        if !line.starts_with('|') {
            break;
        }
        if cells[1].starts_with("---") {
            continue;
        }
        // "| a | … | g |" splits into 9 pieces, the first and last empty.
        assert_eq!(cells.len(), 9, "RECORDS.md:{}: not a row of 7 cells", i + 1);
        let line = i + 1;
        let number = |s: &str| -> u64 {
            s.parse()
                .unwrap_or_else(|_| panic!("RECORDS.md:{line}: {s:?} is not a number"))
        };
        rows.push(Row {
            line,
            pack: cells[1].to_string(),
            // "5x5 (Big Boggle)": the size, then a note.
            size: cells[2]
                .split_whitespace()
                .next()
                .unwrap_or_default()
                .parse()
                .unwrap_or_else(|e| panic!("RECORDS.md:{line}: size {:?}: {e}", cells[2])),
            board: cells[3].trim_matches('`').to_string(),
            score: number(cells[4]),
            words: number(cells[5]),
            scoring: cells[7]
                .split_whitespace()
                .skip_while(|&w| w != "--scoring")
                .nth(1)
                .map(|s| s.trim_matches('`').to_string()),
        });
    }
    assert!(!rows.is_empty(), "RECORDS.md has no table rows");
    rows
}

fn check(row: &Row, pack: &Pack) {
    let options = RuleOptions {
        scoring: row.scoring.as_ref().map(|s| {
            s.parse()
                .unwrap_or_else(|e| panic!("RECORDS.md:{}: --scoring {s}: {e}", row.line))
        }),
        ..RuleOptions::default()
    };
    let (faces, rules) = options.resolve(pack).unwrap();
    let board = faces
        .parse(&row.board)
        .unwrap_or_else(|e| panic!("RECORDS.md:{}: {}: {e}", row.line, row.board));
    assert_eq!(
        (board.rows(), board.cols()),
        (row.size.rows, row.size.cols),
        "RECORDS.md:{}: {} is not {}x{}",
        row.line,
        row.board,
        row.size.rows,
        row.size.cols
    );
    let tally = Solver::with_rules(pack, rules)
        .unwrap()
        .tally(&board)
        .unwrap();
    assert_eq!(
        (tally.score, tally.words),
        (row.score, row.words),
        "RECORDS.md:{}: {} with {} (score, words)",
        row.line,
        row.board,
        row.pack
    );
    assert_eq!(
        solve::board::canonical::canonical_board(&board, &faces),
        row.board,
        "RECORDS.md:{}: boards are written in their canonical orientation",
        row.line
    );
}

#[test]
fn records_with_builtin_packs() {
    for row in rows() {
        if let Some(pack) = solve::packs::builtin(&row.pack) {
            check(&row, &pack);
        } else {
            assert!(
                row.pack == "ENABLE2K" || Recipe::builtin(&row.pack).is_ok(),
                "RECORDS.md:{}: unknown pack {}",
                row.line,
                row.pack
            );
        }
    }
}

#[test]
#[ignore = "needs ../shared/wordlists via BOGGLE_WORDLISTS; run by .ci/run"]
fn records_with_enable2k() {
    let list = boggle_tests::wordlist("enable2k.txt");
    let bytes = std::fs::read(&list).unwrap();
    let (pack, _) = PackBuilder::new(Recipe::builtin("enable").unwrap())
        .build_bytes(&bytes, "enable2k.txt")
        .unwrap();
    let pack = Pack::from_vec(pack, "enable2k").unwrap();
    let mut checked = 0;
    for row in rows().iter().filter(|r| r.pack == "ENABLE2K") {
        check(row, &pack);
        checked += 1;
    }
    assert!(checked >= 3, "ENABLE2K rows: {checked}");
}

#[test]
#[ignore = "needs the Debian word lists of .ci/run (DICT_FILES)"]
fn records_with_debian_packs() {
    let mut checked = 0;
    let mut packs: std::collections::BTreeMap<String, Pack> = Default::default();
    for row in rows() {
        if row.pack == "ENABLE2K" || solve::packs::builtin(&row.pack).is_some() {
            continue;
        }
        if let Some(pack) = packs.get(&row.pack) {
            check(&row, pack);
            checked += 1;
            continue;
        }
        let recipe = Recipe::builtin(&row.pack).unwrap();
        let source = recipe.source.clone().expect("a recipe with its own list");
        let list = std::fs::read(&source.path).unwrap_or_else(|e| {
            panic!(
                "{}: {e} (apt-get install {})",
                source.path, source.debian_package
            )
        });
        let (bytes, _) = PackBuilder::new(recipe)
            .build_bytes(&list, &source.path)
            .unwrap();
        let pack = Pack::from_vec(bytes, &row.pack).unwrap();
        check(&row, &pack);
        packs.insert(row.pack.clone(), pack);
        checked += 1;
    }
    assert!(checked >= 1, "no Debian-pack rows");
}
