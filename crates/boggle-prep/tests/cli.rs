//! End-to-end tests of the `boggle-prep` command line: build, inspect, words,
//! verify, recipes; exit codes; one-line error messages; damaged packs.
//! No shared data needed. See `common` for how the binary is found.

use std::ffi::OsStr;
use std::fs;
use std::path::Path;
use std::process::Command;

use crate::common::prep_cmd;
use tempfile::TempDir;

use crate::common::cli::*;

#[test]
fn build_inspect_words_verify() {
    let dir = TempDir::new().unwrap();
    let list = write(dir.path(), "list.txt", MESSY);
    let pack = dir.path().join("en.pack");

    let build = prep_cmd()
        .arg("build")
        .arg(&list)
        .args(["--recipe", "enable", "--output"])
        .arg(&pack)
        .assert()
        .success();
    let report = String::from_utf8_lossy(&build.get_output().stderr).into_owned();
    assert!(
        report.contains("4 words kept from 13 lines of list.txt (recipe enable)"),
        "{report}"
    );
    assert!(report.contains("uppercase 1"), "{report}");
    assert!(report.contains("duplicate 1"), "{report}");

    // inspect, as text
    let text = prep_cmd().arg("inspect").arg(&pack).assert().success();
    let text = String::from_utf8(text.get_output().stdout.clone()).unwrap();
    for needle in [
        "language     English (en)",
        "recipe       enable",
        "words        4\n",
        "cells        q→qu",
        "min length   3",
        "lines        13 read, 9 dropped",
        "built by     boggle-prep ",
    ] {
        assert!(text.contains(needle), "inspect lacks {needle:?}:\n{text}");
    }
    let sha = prep::builder::sha256_hex(MESSY);
    assert!(text.contains(&sha), "inspect shows the source sha256");

    // inspect --json
    let json = prep_cmd()
        .args([os("inspect"), os("--json"), pack.as_os_str()])
        .assert()
        .success();
    let meta: serde_json::Value = serde_json::from_slice(&json.get_output().stdout).unwrap();
    assert_eq!(meta["word_count"], 4);
    assert_eq!(meta["recipe"]["name"], "enable");
    assert_eq!(meta["source"]["file"], "list.txt");
    assert_eq!(meta["source"]["sha256"], sha.as_str());
    assert_eq!(meta["stats"]["lines"], 13);
    assert_eq!(meta["stats"]["kept"], 4);
    assert_eq!(meta["stats"]["dropped"]["q_without_u"], 1);
    assert_eq!(meta["stats"]["dropped"]["blank"], 1);
    // The JSON is the library's PackMeta.
    let parsed: prep::PackMeta = serde_json::from_value(meta).unwrap();
    assert_eq!(parsed.word_count, 4);

    words_are(&pack, MESSY_WORDS);
    prep_cmd()
        .arg("verify")
        .arg(&pack)
        .assert()
        .success()
        .stdout(format!("{}: ok (4 words, enable recipe)\n", pack.display()));

    // Only the pack was added: no temporary files left behind.
    assert_eq!(listing(dir.path()), ["en.pack", "list.txt"]);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = fs::metadata(&pack).unwrap().permissions().mode();
        assert_eq!(
            mode & 0o044,
            0o044,
            "a pack is readable by others: {mode:o}"
        );
    }
}

#[test]
fn build_json_report_and_standard_input() {
    let dir = TempDir::new().unwrap();
    let pack = dir.path().join("stdin.pack");
    let out = prep_cmd()
        .args([
            os("build"),
            os("-"),
            os("-r"),
            os("enable"),
            os("--json"),
            os("-o"),
        ])
        .arg(&pack)
        .args(["--source-name", "Messy", "--source-version", "1.0"])
        .args(["--licence", "CC0-1.0"])
        .write_stdin(MESSY)
        .assert()
        .success();
    let report: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(report["word_count"], 4);
    assert_eq!(report["output"], pack.display().to_string());
    assert_eq!(report["source"]["name"], "Messy");
    assert_eq!(report["source"]["version"], "1.0");
    assert_eq!(report["source"]["licence"], "CC0-1.0");
    assert!(report["seconds"].as_f64().is_some());
    words_are(&pack, MESSY_WORDS);
}

#[test]
fn rebuilding_replaces_the_pack() {
    let dir = TempDir::new().unwrap();
    let pack = messy_pack(dir.path());
    let list = write(dir.path(), "other.txt", b"cat\ndog\n");
    build(&list, "enable", &[], &pack).success();
    words_are(&pack, "cat\ndog\n");
    assert_eq!(listing(dir.path()), ["en.pack", "list.txt", "other.txt"]);
}

#[test]
fn usage_errors_exit_2() {
    let dir = TempDir::new().unwrap();
    let list = write(dir.path(), "list.txt", MESSY);
    let cases: Vec<Vec<&OsStr>> = vec![
        vec![],
        vec![os("frobnicate")],
        vec![os("build"), list.as_os_str(), os("-o"), os("x.pack")],
        vec![os("build"), list.as_os_str(), os("--recipe"), os("enable")],
        vec![
            os("build"),
            os("--recipe"),
            os("enable"),
            os("-o"),
            os("x.pack"),
        ],
        vec![os("inspect")],
        vec![os("words"), os("a.pack"), os("b.pack")],
        vec![os("verify"), os("--bogus"), os("a.pack")],
    ];
    for args in cases {
        let out = prep_cmd()
            .current_dir(dir.path())
            .args(&args)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(!stderr.is_empty(), "{args:?}: says nothing");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
    assert_eq!(listing(dir.path()), ["list.txt"]);
    // Help and version are not errors.
    prep_cmd().arg("--help").assert().success();
    prep_cmd()
        .arg("--version")
        .assert()
        .success()
        .stdout(format!("boggle-prep {}\n", boggle_cli::VERSION));
}

#[test]
fn unknown_recipe_is_one_line() {
    let dir = TempDir::new().unwrap();
    let list = write(dir.path(), "list.txt", MESSY);
    let out = dir.path().join("x.pack");
    let line = recipe_fails(&list, "klingon", &out);
    assert!(line.contains("unknown recipe \"klingon\""), "{line}");
    assert_eq!(listing(dir.path()), ["list.txt"]);

    // A recipe file that does not exist names the file.
    let missing = dir.path().join("nope.toml");
    let line = recipe_fails(&list, &missing, &out);
    assert!(line.contains("nope.toml"), "{line}");

    let line = fails_with_code(&[os("recipes"), os("klingon")], 2);
    assert!(line.contains("klingon"), "{line}");
}

#[test]
fn missing_input_is_one_line() {
    let dir = TempDir::new().unwrap();
    let input = dir.path().join("no-such-list.txt");
    let out = dir.path().join("x.pack");
    // A missing file is the caller's mistake: exit 2.
    let line = build_fails_with(&input, "enable", &out, 2);
    assert!(
        line.contains(&format!("{}: no such word list file", input.display())),
        "{line}"
    );
    assert!(listing(dir.path()).is_empty());
}

#[test]
fn unwritable_output_is_one_line() {
    let dir = TempDir::new().unwrap();
    let list = write(dir.path(), "list.txt", MESSY);
    let out = dir.path().join("no-such-dir").join("x.pack");
    // The caller's mistake (exit 2), naming the directory, not a temporary
    // file, and no OS error number.
    let line = build_fails_with(&list, "enable", &out, 2);
    assert!(
        line.contains("x.pack") && line.contains("no-such-dir: no such directory"),
        "{line}"
    );
    assert!(
        !line.contains(".boggle") && !line.contains("os error"),
        "{line}"
    );
    assert_eq!(listing(dir.path()), ["list.txt"]);
}

/// A directory that exists but takes no file (here `/proc`, which answers
/// "not found" to a new file) is one that "cannot be written into", not a
/// missing one; `install` says so before it builds anything.
#[cfg(target_os = "linux")]
#[test]
fn a_directory_that_takes_no_file_is_named_as_such_before_the_work() {
    let dir = TempDir::new().unwrap();
    let list = write(dir.path(), "list.txt", MESSY);
    let line = build_fails_with(&list, "enable", Path::new("/proc/x.pack"), 2);
    assert!(line.ends_with("cannot write into /proc"), "{line}");
    assert!(!line.contains("no such directory"), "{line}");
    // install: refused before the build (no report on standard error),
    // naming the directory.
    let out = prep_cmd()
        .args(["install", "--recipe", "german"])
        .env("XDG_DATA_HOME", "/proc/no-such-boggle")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert_eq!(
        err.trim_end(),
        "boggle-prep: /proc/no-such-boggle/boggle/packs: cannot write into /proc"
    );
}

/// `-o` writes regular files only: a FIFO, a directory, a device (as
/// itself or through a link), a socket and `/proc/self/fd/1` on a pipe are
/// refused with exit 2 and left as they were; a symbolic link to a file is
/// followed, and stays a link.
#[cfg(unix)]
#[test]
fn output_paths_that_are_not_regular_files() {
    use std::os::unix::fs::{symlink, FileTypeExt};
    let dir = TempDir::new().unwrap();
    let list = write(dir.path(), "list.txt", MESSY);
    let fifo = dir.path().join("fifo.pack");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let null_link = dir.path().join("null.pack");
    symlink("/dev/null", &null_link).unwrap();
    let socket = dir.path().join("socket.pack");
    let _listener = std::os::unix::net::UnixListener::bind(&socket).unwrap();
    let sub = dir.path().join("sub");
    fs::create_dir(&sub).unwrap();
    for (out, what) in [
        (fifo.as_path(), "is a FIFO"),
        (sub.as_path(), "is a directory"),
        (Path::new("/dev/null"), "is a character device"),
        (null_link.as_path(), "is a character device"),
        (socket.as_path(), "is a socket"),
        (Path::new("/proc/self/fd/1"), "is a FIFO"),
    ] {
        let line = build_fails_with(&list, "enable", out, 2);
        assert!(line.contains(what), "{}: {line}", out.display());
        assert!(
            line.contains("not a regular file") || what == "is a directory",
            "{line}"
        );
    }
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    assert!(fs::metadata("/dev/null")
        .unwrap()
        .file_type()
        .is_char_device());
    assert!(fs::symlink_metadata(&null_link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(sub.is_dir() && fs::read_dir(&sub).unwrap().next().is_none());
    // A link to a pack (relative, not there yet): the pack is written where
    // it points, and the link stays a link.
    let link = dir.path().join("link.pack");
    symlink("sub/real.pack", &link).unwrap();
    build(&list, "enable", &[], &link).success();
    assert!(fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    words_are(&sub.join("real.pack"), MESSY_WORDS);
    // Written again through the link: replaced, still one file.
    build(&list, "enable", &[], &link).success();
    assert_eq!(listing(&sub), ["real.pack"]);
}

/// A recipe that keeps no words, or under 1% of a list's lines (the wrong
/// recipe for the list), fails with exit 2 and a message naming the
/// likely cause, and writes nothing, unless --allow-empty.
#[test]
fn builds_that_keep_almost_nothing_fail() {
    let dir = TempDir::new().unwrap();
    let out = dir.path().join("x.pack");
    let empty = write(dir.path(), "empty.txt", b"");
    let line = build_fails_with(&empty, "enable", &out, 2);
    assert!(
        line.contains("kept 0 words of 0 lines") && line.contains("--allow-empty"),
        "{line}"
    );
    // Cyrillic words under the English recipe: 1 of 300 lines kept.
    let mut cyrillic = "слово\n".repeat(299);
    cyrillic.push_str("cat\n");
    let ru = write(dir.path(), "ru.txt", cyrillic.as_bytes());
    let line = build_fails_with(&ru, "enable", &out, 2);
    assert!(
        line.contains("kept 1 word of 300 lines") && line.contains("right recipe"),
        "{line}"
    );
    assert!(!out.exists());
    build(&ru, "enable", &["--allow-empty"], &out).success();
    words_are(&out, "cat\n");
    // A short list that keeps something builds as before.
    let short = write(dir.path(), "short.txt", "Cat\nDOG\ndog\n".as_bytes());
    build(&short, "enable", &[], &out).success();
    words_are(&out, "dog\n");
}

/// `boggle-prep completions` and `man`, as `boggle` has them.
#[test]
fn completions_and_man_pages() {
    let out = prep_cmd().args(["completions", "bash"]).output().unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("boggle-prep"));
    let out = prep_cmd().arg("man").output().unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains(".TH boggle-prep 1"));
}

#[test]
fn invalid_utf8_names_file_and_line_and_leaves_nothing() {
    let dir = TempDir::new().unwrap();
    let list = write(
        dir.path(),
        "bad.txt",
        b"apple\r\nbanana\r\nch\xFFrry\r\ndate\r\n",
    );
    let out = dir.path().join("x.pack");
    let line = build_fails(&list, "enable", &out);
    assert!(
        line.contains(&format!("{}:3:", list.display())),
        "message should name file:LINE: {line}"
    );
    assert!(line.contains("not valid UTF-8"), "{line}");
    assert_eq!(listing(dir.path()), ["bad.txt"], "no pack, no temp file");

    // A failed build does not touch an existing pack either.
    let pack = messy_pack(dir.path());
    let before = fs::read(&pack).unwrap();
    build_fails(&list, "enable", &pack);
    assert_eq!(fs::read(&pack).unwrap(), before);
    assert_eq!(listing(dir.path()), ["bad.txt", "en.pack", "list.txt"]);

    // --skip-invalid drops and counts the line instead.
    let json = build(&list, "enable", &["--skip-invalid", "--json"], &out).success();
    let report: serde_json::Value = serde_json::from_slice(&json.get_output().stdout).unwrap();
    assert_eq!(report["word_count"], 3);
    assert_eq!(report["stats"]["dropped"]["invalid_utf8"], 1);
}
