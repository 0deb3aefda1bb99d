//! Every command of `boggle-prep` with its standard output on a full disk
//! and on a closed pipe: no panic, a one-line error (exit 1) or a quiet end
//! (exit 0); an install that could not say so still says it installed.

use crate::common::stdout::{check_failing_stdout, subcommands};

#[test]
fn every_command_survives_a_full_disk_and_a_closed_pipe() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let data = dir.join("data");
    let list = dir.join("words.txt");
    std::fs::write(&list, "cab\ndab\nbead\n").unwrap();
    let pack = dir.join("tiny.pack");
    std::fs::write(
        &pack,
        crate::common::tiny_pack_bytes(&["cab", "dab"], false),
    )
    .unwrap();
    let out_pack = dir.join("built.pack");
    let out_compact = dir.join("tiny.compact");
    let (pack_s, list_s, out_s, compact_s) = (
        pack.to_str().unwrap(),
        list.to_str().unwrap(),
        out_pack.to_str().unwrap(),
        out_compact.to_str().unwrap(),
    );
    let cases: Vec<Vec<&str>> = vec![
        vec!["build", list_s, "-o", out_s, "--recipe", "enable", "--json"],
        vec!["inspect", pack_s],
        vec!["inspect", pack_s, "--json"],
        vec!["words", pack_s],
        vec!["verify", pack_s],
        vec!["compact", pack_s, "-o", compact_s],
        vec!["recipes"],
        vec!["recipes", "enable"],
        vec!["install", pack_s, "--force"],
        vec!["uninstall", "tiny"],
        vec!["completions", "bash"],
        vec!["completions", "zsh"],
        vec!["man"],
    ];
    let install = || {
        let out = crate::common::prep_std()
            .args(["install", pack_s, "--force"])
            .env("XDG_DATA_HOME", &data)
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
    };
    for args in &cases {
        let what = format!("boggle-prep {}", args.join(" "));
        check_failing_stdout(
            || {
                if args[0] == "uninstall" {
                    install();
                }
                let mut cmd = crate::common::prep_std();
                cmd.args(args).env("XDG_DATA_HOME", &data);
                cmd
            },
            &what,
        );
    }
    for name in subcommands(crate::common::boggle_prep()) {
        assert!(
            cases.iter().any(|c| c[0] == name),
            "boggle-prep {name} is not tried on a full disk and a closed pipe"
        );
    }
    // The work done before the failed write is reported as done.
    let full = std::fs::File::create("/dev/full").unwrap();
    let out = crate::common::prep_std()
        .args(["install", pack_s, "--force"])
        .env("XDG_DATA_HOME", &data)
        .stdout(full)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with("boggle-prep: installed tiny as "),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(data.join("boggle/packs/tiny.pack").is_file());
}
