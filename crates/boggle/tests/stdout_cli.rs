//! Every command of `boggle` with its standard output on a full disk and on
//! a closed pipe: no panic, a one-line error (exit 1) or a quiet end (exit
//! 0).

use crate::common::stdout::{check_failing_stdout, subcommands};

#[test]
fn every_command_survives_a_full_disk_and_a_closed_pipe() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let pack = dir.join("tiny.pack");
    std::fs::write(
        &pack,
        crate::common::tiny_pack_bytes(&["tea", "eat", "ate", "tee"], false),
    )
    .unwrap();
    let boards = dir.join("boards.txt");
    std::fs::write(&boards, "teat\neate\n").unwrap();
    let opening = dir.join("opening.compact");
    let (pack_s, boards_s) = (pack.to_str().unwrap(), boards.to_str().unwrap());
    let opening_s = opening.to_str().unwrap();
    let board = "oatr ihps htnr enei";
    let cases: Vec<Vec<&str>> = vec![
        vec![board],
        vec!["solve", board, "--json"],
        vec!["solve", board, "--paths"],
        vec!["solve", board, "--show", "staithe"],
        vec!["batch", boards_s, "--pack", pack_s],
        vec!["batch", boards_s, "--pack", pack_s, "--words"],
        vec!["roll", "--seed", "1"],
        vec!["roll", "--seed", "1", "--count", "3"],
        vec!["roll", "--seed", "1", "--json"],
        vec!["count", "--size", "3x3"],
        vec!["count", "--size", "2x2", "--json"],
        vec!["count", "--size", "2x2", "--by-length"],
        vec![
            "best",
            "--pack",
            pack_s,
            "--size",
            "2x2",
            "--iterations",
            "50",
            "--seed",
            "1",
        ],
        vec![
            "prove",
            "--pack",
            pack_s,
            "--size",
            "2x2",
            "--threshold",
            "3",
        ],
        vec![
            "prove",
            "--pack",
            pack_s,
            "--size",
            "2x2",
            "--threshold",
            "3",
            "--json",
        ],
        vec![
            "prove",
            "--pack",
            pack_s,
            "--size",
            "2x2",
            "--threshold",
            "3",
            "--sample",
            "2",
        ],
        vec![
            "opening", "--game", "boggle", "--rounds", "1", "-o", opening_s,
        ],
        vec!["packs"],
        vec!["packs", "--json"],
        vec!["completions", "bash"],
        vec!["completions", "fish"],
        vec!["man"],
    ];
    for args in &cases {
        let what = format!("boggle {}", args.join(" "));
        check_failing_stdout(
            || {
                let mut cmd = crate::common::boggle_std();
                cmd.args(args);
                cmd
            },
            &what,
        );
    }
    for name in subcommands(crate::common::boggle_bin()) {
        assert!(
            name == "solve" || cases.iter().any(|c| c[0] == name),
            "boggle {name} is not tried on a full disk and a closed pipe"
        );
    }
}
