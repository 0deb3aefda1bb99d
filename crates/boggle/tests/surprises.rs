//! What a newcomer broke, round two, each a test: two quick signals keep
//! what a long job found, a file of several boards is not one board, and
//! messages that name what is wrong (a file, a code point, a recipe).

use std::process::Stdio;
use std::time::Duration;

use crate::common::{boggle, run_cmd};
use serde_json::Value;

/// `boggle ARGS`: (exit code, stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    run_cmd(boggle().args(args))
}

/// Starts `boggle ARGS` (in `dir`), waits `after`, then sends SIGINT twice
/// `gap` apart, as `timeout -s INT` does (the process, then its group);
/// returns the finished output.
fn two_signals(
    args: &[&str],
    dir: &std::path::Path,
    after: Duration,
    gap: Duration,
) -> std::process::Output {
    let child = crate::common::boggle_std()
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(after);
    boggle_tests::interrupt(&child, "INT");
    std::thread::sleep(gap);
    boggle_tests::signals::send(&child, "INT");
    child.wait_with_output().unwrap()
}

/// The gaps between the two signals each job is tried with: at once, 30 ms
/// (the figure) and 300 ms (while the job is writing).
const GAPS: [Duration; 3] = [
    Duration::ZERO,
    Duration::from_millis(30),
    Duration::from_millis(300),
];

#[test]
fn two_quick_signals_keep_batch_records() {
    let dir = tempfile::tempdir().unwrap();
    let boards = dir.path().join("boards.txt");
    std::fs::write(&boards, "oatr ihps htnr enei\n".repeat(2_000_000)).unwrap();
    for gap in GAPS {
        let out = two_signals(
            &["batch", "boards.txt", "--threads", "2"],
            dir.path(),
            Duration::from_millis(1500),
            gap,
        );
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(130), "{gap:?}: {stderr}");
        let text = String::from_utf8(out.stdout).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert!(!lines.is_empty(), "{gap:?}: no records");
        assert!(text.ends_with('\n'), "{gap:?}: a record cut short");
        for (i, l) in lines.iter().enumerate() {
            let v: Value = serde_json::from_str(l).unwrap();
            assert_eq!(v["line"], i as u64 + 1);
            assert_eq!(v["score"], 187);
        }
        assert!(
            stderr.contains(&format!("interrupted after {} lines", lines.len())),
            "{gap:?}: {stderr}"
        );
    }
}

#[test]
fn two_quick_signals_keep_the_proof_summary_and_checkpoint() {
    let dir = tempfile::tempdir().unwrap();
    for gap in GAPS {
        let ck = dir.path().join("ck.json");
        let _ = std::fs::remove_file(&ck);
        let out = two_signals(
            &[
                "prove",
                "--size",
                "3x4",
                "--threshold",
                "1600",
                "--checkpoint",
                "ck.json",
                "--json",
                "--threads",
                "2",
            ],
            dir.path(),
            Duration::from_millis(2500),
            gap,
        );
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(130), "{gap:?}: {stderr}");
        let report: Value = serde_json::from_slice(&out.stdout).expect("the summary, whole");
        assert_eq!(report["complete"], false);
        assert!(report["classes"].as_u64().unwrap() > 0, "{report}");
        assert!(stderr.contains("NOT complete"), "{gap:?}: {stderr}");
        let saved: Value = serde_json::from_str(&std::fs::read_to_string(&ck).unwrap()).unwrap();
        assert_eq!(
            saved["classes"], report["classes"],
            "the checkpoint keeps the counts"
        );
        assert_eq!(saved["solved"], report["solved"]);
        // No temporary file left beside it.
        let left: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .filter(|n| n.ends_with(".tmp"))
            .collect();
        assert!(left.is_empty(), "{left:?}");
    }
}

#[test]
fn two_quick_signals_keep_the_best_boards() {
    let dir = tempfile::tempdir().unwrap();
    for gap in GAPS {
        let out = two_signals(
            &["best", "--time", "60s", "--json", "--threads", "2"],
            dir.path(),
            Duration::from_millis(1500),
            gap,
        );
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(130), "{gap:?}: {stderr}");
        let j: Value = serde_json::from_slice(&out.stdout).expect("the JSON, whole");
        assert_eq!(j["interrupted"], true);
        assert!(!j["boards"].as_array().unwrap().is_empty());
        assert!(stderr.contains("best boards found so far"), "{stderr}");
    }
}

#[test]
fn two_quick_signals_stop_a_count_with_its_message() {
    let dir = tempfile::tempdir().unwrap();
    for gap in GAPS {
        let out = two_signals(
            &[
                "count", "--size", "5x5", "--engine", "dfs", "--yes", "-j", "2",
            ],
            dir.path(),
            Duration::from_millis(1000),
            gap,
        );
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(130), "{gap:?}: {stderr}");
        assert!(out.stdout.is_empty(), "a part of a count is no count");
        assert!(stderr.contains("interrupted after"), "{gap:?}: {stderr}");
    }
}

#[test]
fn a_file_of_several_boards_is_not_one_board() {
    let dir = tempfile::tempdir().unwrap();
    let three = dir.path().join("three.txt");
    std::fs::write(
        &three,
        "oatrihpshtnrenei\nperslatgsineters\nabcdefghijklmnop\n",
    )
    .unwrap();
    let (code, out, err) = run(&[three.to_str().unwrap()]);
    assert_eq!(code, 2, "{out}");
    assert!(
        err.contains("three.txt") && err.contains("boggle batch"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    // Boards written with their rows, one a line: the same.
    let rows = dir.path().join("rows.txt");
    std::fs::write(&rows, "oatr ihps htnr enei\nab/cd\n").unwrap();
    let (code, _, err) = run(&[rows.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    // One board over several lines is still one board.
    let one = dir.path().join("one.txt");
    std::fs::write(&one, "oatr\nihps\nhtnr\nenei\n").unwrap();
    let (code, out, err) = run(&["--json", one.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(serde_json::from_str::<Value>(&out).unwrap()["score"], 187);
    // A 3x4 board's rows are not whole boards.
    let wide = dir.path().join("wide.txt");
    std::fs::write(&wide, "abcd\nefgh\nijkl\n").unwrap();
    let (code, out, err) = run(&["--json", wide.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(serde_json::from_str::<Value>(&out).unwrap()["rows"], 3);
}

#[test]
fn board_files_that_are_not_boards_say_what_they_are() {
    let dir = tempfile::tempdir().unwrap();
    let (code, _, err) = run(&[dir.path().to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("is a directory"), "{err}");
    let empty = dir.path().join("empty.txt");
    std::fs::write(&empty, "").unwrap();
    let (code, _, err) = run(&[empty.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("empty.txt") && err.contains("empty"), "{err}");
    let (code, _, err) = run(&["batch", dir.path().to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("is a directory"), "{err}");
    let (code, _, err) = run(&["batch", "no-such-boards.txt"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("no-such-boards.txt: no such board file") && !err.contains("os error"),
        "{err}"
    );
}

#[test]
fn batch_drops_a_byte_order_mark() {
    let out = boggle()
        .arg("batch")
        .write_stdin(b"\xef\xbb\xbfoatrihpshtnrenei\noatrihpshtnrenei\n".to_vec())
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let first: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(first["board"], "oatrihpshtnrenei");
    assert_eq!(first["score"], 187);
}

#[test]
fn messages_name_what_is_wrong() {
    // A Cyrillic о among Latin letters: its code point shows.
    let (code, _, err) = run(&["oatr ihps htnr enеi"]);
    assert_eq!(code, 2);
    assert!(err.contains("U+0435"), "{err}");
    // A letter value for a letter no word holds.
    let (code, _, err) = run(&[
        "oatrihpshtnrenei",
        "--scoring",
        "letters",
        "--letter-values",
        "é=3",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("'é' (U+00E9)") && err.contains("alphabet"),
        "{err}"
    );
    // A language with a built-in recipe but no pack: the recipe is named.
    let (code, _, err) = run(&["--lang", "de", "oatrihpshtnrenei"]);
    assert_eq!(code, 2);
    assert!(err.contains("boggle-prep install --recipe german"), "{err}");
    let (code, _, err) = run(&["--lang", "xx", "oatrihpshtnrenei"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--pack FILE") && !err.contains("recipe"),
        "{err}"
    );
    // A scoring file with a type error names its line.
    let dir = tempfile::tempdir().unwrap();
    let scheme = dir.path().join("game.toml");
    std::fs::write(&scheme, "name = \"game\"\nmin_len = \"three\"\n").unwrap();
    let (code, _, err) = run(&["oatrihpshtnrenei", "--scoring", scheme.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("game.toml:2:"), "{err}");
}

#[test]
fn numbers_out_of_range_and_unwritable_places_say_what_is_wrong() {
    // A negative --top is a value out of range, not an option to escape.
    for args in [
        &["oatrihpshtnrenei", "--top", "-1"][..],
        &["oatrihpshtnrenei", "--top", "0"],
    ] {
        let (code, _, err) = run(args);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains("--top") && err.contains("1 or more"), "{err}");
        assert!(!err.contains("-- -1"), "{err}");
    }
    // --sort's help names every order it takes.
    let (_, out, _) = run(&["--help"]);
    let sort = out.split("--sort <SORT>").nth(1).expect("--sort in --help");
    let first = sort.split("\n\n").next().unwrap();
    for order in ["score", "length", "alpha", "zipf"] {
        assert!(first.contains(order), "{order}: {first}");
    }
    // A directory that exists but cannot be written into is named as such.
    #[cfg(target_os = "linux")]
    {
        let (code, _, err) = run(&[
            "oatrihpshtnrenei",
            "--show-all",
            "--svg",
            "/proc/boggle-svg",
        ]);
        assert_eq!(code, 1, "{err}");
        assert!(err.contains("cannot write into /proc"), "{err}");
        assert!(!err.contains("No such file"), "{err}");
    }
}

#[test]
fn dice_help_lists_every_built_in_set() {
    for command in ["roll", "best"] {
        let (code, out, _) = run(&[command, "--help"]);
        assert_eq!(code, 0);
        let help = out.split_whitespace().collect::<Vec<_>>().join(" ");
        for (name, _) in solve::random::DiceSet::builtin_names() {
            assert!(help.contains(name), "{command} --help: {name}");
        }
    }
}

/// A small board's proof with no threshold searches for a fraction of a
/// second, not 10 s (the search time is printed; nothing is timed here).
#[test]
fn a_small_proof_searches_briefly() {
    let (code, _, err) = run(&["prove", "--size", "2x2"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("the best score of a 0.64 s boggle best run"),
        "{err}"
    );
}

/// A wrapping step is drawn: an arrow out at one edge and in at the other.
#[test]
fn a_wrapping_step_has_its_arrows() {
    let (code, out, err) = run(&[
        "abcd efgh ijkl mnop",
        "--wrap",
        "--show",
        "ad",
        "--min-len",
        "2",
        "--color",
        "never",
    ]);
    assert_eq!(code, 0, "{err}");
    let a_row = out.lines().find(|l| l.contains("A1")).unwrap();
    assert!(
        a_row.trim_start().starts_with('←') || a_row.contains("D2"),
        "{out}"
    );
    let arrows = out.matches('←').count();
    assert_eq!(arrows, 2, "{out}");
}

/// One signal stops a sample at once even while a class's paths are being
/// gathered: a 5x5 class's paths take minutes and gigabytes, so a prover that
/// looked at the cancel only between classes ran on, growing, until a
/// second signal ended it with nothing written.
#[test]
fn one_signal_stops_a_sample_of_wide_classes_at_once() {
    let mut child = crate::common::boggle_std()
        .args([
            "prove",
            "--size",
            "5x5",
            "--threshold",
            "10000",
            "--sample",
            "2",
            "--threads",
            "2",
            "--json",
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    boggle_tests::interrupt(&child, "INT");
    let signalled = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if signalled.elapsed() > Duration::from_secs(10) {
            child.kill().unwrap();
            panic!("still running 10 s after the signal");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(
        stderr.contains("interrupted before a class finished"),
        "{stderr}"
    );
}
