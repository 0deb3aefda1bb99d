//! What a newcomer ran into, each a test: no lost output (batch keeps every
//! line, Ctrl-C keeps what was found), no silent guessing about what a
//! board argument means, long jobs that say how long they take, and one
//! style of error message.

use std::io::Write;
use std::process::Stdio;
use std::time::Duration;

use crate::common::{boggle, boggle_bin, run_cmd, tiny_pack_bytes};
use serde_json::Value;

/// `boggle ARGS`: (exit code, stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    run_cmd(boggle().args(args))
}

/// `boggle batch` on `input`: (exit code, records, stderr).
fn batch(input: &[u8], extra: &[&str]) -> (i32, Vec<Value>, String) {
    let out = boggle()
        .arg("batch")
        .args(extra)
        .write_stdin(input.to_vec())
        .output()
        .unwrap();
    let records = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    (
        out.status.code().unwrap_or(-1),
        records,
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn batch_gives_every_line_its_record_even_after_invalid_utf8() {
    let (code, records, stderr) = batch(b"oatr ihps htnr enei\nab\xffd\noatrihpshtnrenei\n", &[]);
    assert_eq!(code, 1);
    assert_eq!(records.len(), 3, "{records:?}");
    assert_eq!(records[1]["line"], 2);
    assert!(records[1]["error"].as_str().unwrap().contains("UTF-8"));
    assert_eq!(records[2]["score"], 187);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("line 2"), "{stderr}");
}

#[test]
fn batch_keeps_order_across_rounds_around_a_bad_line() {
    let mut input = Vec::new();
    for _ in 0..40_000 {
        input.extend_from_slice(b"ab cd\n");
    }
    input.extend_from_slice(b"a\xff\n");
    for _ in 0..1_000 {
        input.extend_from_slice(b"ab cd\n");
    }
    let (code, records, _) = batch(&input, &["--pack", &tiny("ab", "abc")]);
    assert_eq!(code, 1);
    assert_eq!(records.len(), 41_001);
    for (i, r) in records.iter().enumerate() {
        assert_eq!(r["line"], i as u64 + 1);
    }
    assert!(records[40_000]["error"].is_string());
}

#[test]
fn a_long_bad_line_is_echoed_short() {
    let mut input = vec![b'a'; 10 << 20];
    input.extend_from_slice(b"1\nab cd\n");
    let (code, records, _) = batch(&input, &[]);
    assert_eq!(code, 1);
    assert_eq!(records.len(), 2);
    let echoed = records[0]["input"].as_str().unwrap();
    assert!(echoed.chars().count() <= 81, "{} chars", echoed.len());
    assert_eq!(records[0]["input_bytes"], (10 << 20) + 1);
}

/// A pack file (in a temporary directory kept alive by leaking it) of
/// `words` (comma-free, `{a}`, `{b}` style lists).
fn tiny(a: &str, b: &str) -> String {
    let dir = tempfile::tempdir().unwrap().keep();
    let path = dir.join("tiny.pack");
    std::fs::write(&path, tiny_pack_bytes(&[a, b], false)).unwrap();
    path.to_str().unwrap().to_string()
}

/// Sends `signal` (INT or TERM) to a running child after `after`.
fn signal_after(child: &std::process::Child, signal: &str, after: Duration) {
    std::thread::sleep(after);
    boggle_tests::interrupt(child, signal);
}

#[test]
fn ctrl_c_during_best_keeps_the_boards_found() {
    let child = crate::common::boggle_std()
        .args(["best", "--time", "60s", "--json", "--threads", "2"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    signal_after(&child, "INT", Duration::from_millis(2500));
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    let j: Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    assert_eq!(j["interrupted"], true);
    assert!(!j["boards"].as_array().unwrap().is_empty());
    assert!(j["seconds"].as_f64().unwrap() < 30.0);
}

#[test]
fn a_long_count_says_so_first_and_stops_on_sigterm() {
    // The walk would take years; the sweep counts 7x7 in a moment.
    let (code, stdout, stderr) = run(&["count", "--size", "7x7", "--engine", "dfs"]);
    assert_eq!(code, 2);
    assert!(stdout.is_empty());
    assert!(
        stderr.contains("--yes") && stderr.contains("estimated"),
        "{stderr}"
    );
    let child = crate::common::boggle_std()
        .args(["count", "--size", "7x7", "--engine", "dfs", "--yes"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    signal_after(&child, "TERM", Duration::from_millis(2000));
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    assert!(out.stdout.is_empty(), "a part of a count is no count");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("interrupted"), "{stderr}");
}

/// The sweep's steps on a torus take seconds each; Ctrl-C still stops it
/// at once, with no count.
#[test]
fn ctrl_c_stops_a_sweep_at_once() {
    let child = crate::common::boggle_std()
        .args(["count", "--size", "5x5", "--wrap", "--engine", "frontier"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    signal_after(&child, "INT", Duration::from_millis(2500));
    let stopped = std::time::Instant::now();
    let out = child.wait_with_output().unwrap();
    assert!(
        stopped.elapsed() < Duration::from_secs(2),
        "{:?}",
        stopped.elapsed()
    );
    assert_eq!(out.status.code(), Some(130));
    assert!(out.stdout.is_empty(), "a part of a count is no count");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("interrupted"), "{stderr}");
}

#[test]
fn ctrl_c_during_batch_flushes_what_is_done() {
    let mut child = crate::common::boggle_std()
        .args(["batch", "--threads", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // Boards first, then the input stays open: the run waits for more.
    let writer = std::thread::spawn(move || {
        for _ in 0..20_000 {
            if stdin.write_all(b"oatr ihps htnr enei\n").is_err() {
                return;
            }
        }
        std::thread::sleep(Duration::from_secs(20));
    });
    signal_after(&child, "INT", Duration::from_millis(2500));
    let out = child.wait_with_output().unwrap();
    drop(writer);
    assert_eq!(out.status.code(), Some(130));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(!lines.is_empty());
    for (i, l) in lines.iter().enumerate() {
        let v: Value = serde_json::from_str(l).unwrap();
        assert_eq!(v["line"], i as u64 + 1);
    }
}

#[test]
fn board_arguments_mean_one_thing() {
    // A path that names no file is not a board.
    for path in ["abcde.txt", "nosuchfile.txt", "./boards/x"] {
        let (code, _, stderr) = run(&[path]);
        assert_eq!(code, 2, "{path}");
        assert!(stderr.contains("no such board file"), "{stderr}");
    }
    // Two whole boards are not one 2x16 board.
    let (code, _, stderr) = run(&["perslatgsineters", "oatrihpshtnrenei"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("batch"), "{stderr}");
    // Rows as arguments still work.
    let json = |args: &[&str]| -> Value {
        let mut all = vec!["--json"];
        all.extend_from_slice(args);
        let (code, out, err) = run(&all);
        assert_eq!(code, 0, "{args:?}: {err}");
        serde_json::from_str(&out).unwrap()
    };
    assert_eq!(json(&["oatr", "ihps", "htnr", "enei"])["score"], 187);
    // Single letters separated by spaces are one run: a square here.
    let v = json(&["o a t r i h p s h t n r e n e i"]);
    assert_eq!((v["rows"].as_u64(), v["cols"].as_u64()), (Some(4), Some(4)));
    assert_eq!(v["score"], 187);
    // A run that is not a square takes its size from --size, and without
    // one is refused with both ways to write it.
    let v = json(&["abcde", "--size", "1x5"]);
    assert_eq!((v["rows"].as_u64(), v["cols"].as_u64()), (Some(1), Some(5)));
    let v = json(&["abcdef", "--size", "3x2"]);
    assert_eq!(v["board"], "ab/cd/ef");
    let (code, _, stderr) = run(&["abcdef"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("(abc/def)") && stderr.contains("(--size 2x3)"),
        "{stderr}"
    );
    // Typed qu is the one Qu cell on an English board.
    let v = json(&["quaietsrnolpedbmc"]);
    assert_eq!(v["board"], "[qu]aie/tsrn/olpe/dbmc");
    // Empty and over-long faces are errors naming the cell.
    for bad in ["ab [] cd".to_string(), format!("ab [{}]c", "x".repeat(120))] {
        let (code, _, stderr) = run(&[&bad]);
        assert_eq!(code, 2);
        assert!(stderr.contains("row 2, column 1"), "{stderr}");
    }
}

#[test]
fn board_files_with_a_bom_read_and_bad_bytes_are_usage_errors() {
    let dir = tempfile::tempdir().unwrap();
    let bom = dir.path().join("bom.txt");
    std::fs::write(&bom, b"\xef\xbb\xbfoatr ihps htnr enei\n").unwrap();
    let (code, out, err) = run(&["--json", bom.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"score\":187"));
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, b"ab\xffd").unwrap();
    let (code, _, stderr) = run(&[bad.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(stderr.contains("not UTF-8"), "{stderr}");
}

#[test]
fn pack_names_ignore_case() {
    let (code, out, err) = run(&["--lang", "NL", "--json", "EICE JAAI VSKR BREP"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["score"].as_u64(), v["word_count"].as_u64()),
        (Some(139), Some(101))
    );
}

#[test]
fn one_duration_syntax() {
    for (time, needle) in [
        ("0s", "more than zero"),
        ("1", "give a unit"),
        ("soon", "duration"),
    ] {
        let (code, _, stderr) = run(&["best", "--time", time]);
        assert_eq!(code, 2, "{time}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(needle), "{time}: {stderr}");
    }
}

#[test]
fn messages_are_one_line_with_the_cause_once() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.pack");
    // A missing file is a usage error (exit 2), worded as for a board file.
    let (code, _, stderr) = run(&["--pack", missing.to_str().unwrap(), "abcd"]);
    assert_eq!(code, 2);
    assert_eq!(stderr.matches("no such pack file").count(), 1, "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    let (code, _, stderr) = run(&["--pack", dir.path().to_str().unwrap(), "abcd"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("is a directory"), "{stderr}");
    // Command-line mistakes: one line, the program's prefix, exit 2.
    let (code, _, stderr) = run(&["count"]);
    assert_eq!(code, 2);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("boggle: "), "{stderr}");
}

/// A 50 MB line is read in bounded memory: under a 700 MB address-space
/// limit, `batch` answers with an error record and `boggle FILE` with a
/// one-line error, instead of running out of memory.
#[test]
fn a_50_mb_line_stays_in_bounded_memory() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("line.txt");
    let mut line = b"etaoinshrdlu".repeat(50_000_000 / 12);
    line.push(b'\n');
    std::fs::write(&file, &line).unwrap();
    let limited = |args: &str| {
        let out = crate::common::hermetic::command("bash")
            .arg("-c")
            .arg(format!(
                "ulimit -v 700000; exec \"{}\" {args} \"{}\"",
                boggle_bin().display(),
                file.display()
            ))
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).to_string(),
            String::from_utf8_lossy(&out.stderr).to_string(),
        )
    };
    let (code, stdout, stderr) = limited("batch");
    assert_eq!(code, Some(1), "{stderr}");
    let record: Value = serde_json::from_str(stdout.trim()).unwrap();
    assert!(record["error"].is_string());
    assert!(record["input"].as_str().unwrap().chars().count() <= 81);
    let (code, _, stderr) = limited("--json");
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("more than"), "{stderr}");
}

/// On a terminal (a pseudo-terminal from `script`), long jobs show
/// progress that moves: count's bar counts tasks and ticks, batch counts
/// lines. Piped, they print nothing but their results (the other tests).
#[test]
fn progress_moves_on_a_terminal() {
    let on_terminal = |command: String| {
        let out = crate::common::hermetic::command("timeout")
            .args(["4", "script", "-qfec", &command, "/dev/null"])
            .output()
            .expect("script (bsdutils) runs a command on a pseudo-terminal");
        String::from_utf8_lossy(&out.stdout).replace('\r', "\n")
    };
    let bin = boggle_bin().display().to_string();
    let steps = |out: &str, unit: &str| -> std::collections::BTreeSet<String> {
        out.lines()
            .filter_map(|l| l.split(unit).next())
            .filter_map(|l| l.rsplit(' ').next())
            .filter(|s| s.contains('/'))
            .map(str::to_string)
            .collect()
    };
    let walk = on_terminal(format!("{bin} count --size 5x5 --engine dfs -j 1 --yes"));
    let seen = steps(&walk, " tasks");
    assert!(seen.len() >= 2, "the walk's bar did not move: {seen:?}");
    // The sweep's bar counts cells, with an ETA.
    let sweep = on_terminal(format!("{bin} count --size 9x9 -j 1"));
    let seen = steps(&sweep, " cells swept");
    assert!(seen.len() >= 2, "the sweep's bar did not move: {seen:?}");
    assert!(sweep.contains(" left"), "no ETA: {sweep:?}");
    let dir = tempfile::tempdir().unwrap();
    let boards = dir.path().join("boards.txt");
    std::fs::write(&boards, "oatr ihps htnr enei\n".repeat(300_000)).unwrap();
    let batch = on_terminal(format!("{bin} batch {} > /dev/null", boards.display()));
    assert!(batch.contains(" lines"), "no progress line: {batch:?}");
}
