//! The exit-status table `boggle-prep --help` ends with, case by case, and
//! the words of what a newcomer meets first: a missing file, a list in
//! another encoding, a count of one.

use crate::common::{prep_cmd, run_cmd};

/// `args` exits with `code` and one line of standard error holding `says`.
fn exits(code: i32, args: &[&str], says: &str) {
    let (got, _, stderr) = run_cmd(prep_cmd().args(args));
    assert_eq!(got, code, "boggle-prep {args:?}: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "boggle-prep {args:?}: {stderr}");
    assert!(stderr.contains(says), "boggle-prep {args:?}: {stderr}");
    assert!(
        !stderr.contains("os error"),
        "boggle-prep {args:?}: {stderr}"
    );
}

#[test]
fn help_ends_with_the_table() {
    let (code, stdout, _) = run_cmd(prep_cmd().arg("--help"));
    assert_eq!(code, 0);
    assert!(stdout.contains("Exit status:"), "{stdout}");
    assert!(stdout.contains("130"), "{stdout}");
}

#[test]
fn each_class_of_error_has_its_status() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let out = d.join("out.pack");
    let out_s = out.to_str().unwrap();
    // A missing file, of any kind: 2, in the same words.
    let missing = d.join("nosuch.txt");
    let m = missing.to_str().unwrap();
    exits(
        2,
        &["build", m, "-o", out_s, "--recipe", "enable"],
        &format!("{m}: no such word list file"),
    );
    let pack = d.join("nosuch.pack");
    let p = pack.to_str().unwrap();
    for cmd in ["inspect", "words", "verify", "install"] {
        exits(2, &[cmd, p], &format!("{p}: no such pack file"));
    }
    exits(2, &["build", "-o", out_s, "--recipe", "nosuch"], "nosuch");
    // A Latin-1 list: 1, naming the flags that read it.
    let latin1 = d.join("latin1.txt");
    std::fs::write(&latin1, b"cab\ncaf\xe9\n").unwrap();
    exits(
        1,
        &[
            "build",
            latin1.to_str().unwrap(),
            "-o",
            out_s,
            "--recipe",
            "enable",
        ],
        "--encoding ISO-8859-1",
    );
    assert!(!out.exists(), "nothing written");
    // A file that is not a pack: 1.
    exits(1, &["inspect", latin1.to_str().unwrap()], "latin1.txt");
}

#[test]
fn one_word_is_one_word() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("one.txt");
    std::fs::write(&list, "cab\n").unwrap();
    let out = dir.path().join("one.pack");
    let (code, _, stderr) = run_cmd(prep_cmd().args([
        "build",
        list.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--recipe",
        "enable",
        "--allow-empty",
    ]));
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains(": 1 word kept from 1 line of "), "{stderr}");
}

/// `build --frequencies`: a `word<TAB>zipf` list matched through the
/// recipe, recorded in the pack and shown by `inspect` and `--json`; a bad
/// line is named; a damaged frequency section is refused in one line.
#[test]
fn a_frequency_list_goes_into_the_pack() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let list = d.join("words.txt");
    std::fs::write(&list, "cat\ndog\nzebra\nqueen\n").unwrap();
    let freq = d.join("freq.tsv");
    // Listed words go through the recipe: a capital is a name it drops,
    // and a word the pack lacks matches nothing.
    std::fs::write(
        &freq,
        "# word\tzipf\ncat\t4.0\nCat\t4.0\nqueen\t3.5\nyak\t2\n",
    )
    .unwrap();
    let pack = d.join("f.pack");
    let args = |extra: &[&str]| {
        let mut v: Vec<String> = vec![
            "build".into(),
            list.display().to_string(),
            "--recipe".into(),
            "enable".into(),
            "-o".into(),
            pack.display().to_string(),
            "--frequencies".into(),
            freq.display().to_string(),
        ];
        v.extend(extra.iter().map(|s| s.to_string()));
        v
    };
    let (code, stdout, stderr) = run_cmd(prep_cmd().args(args(&[
        "--frequency-version",
        "1.0",
        "--frequency-licence",
        "CC0-1.0",
        "--json",
    ])));
    assert_eq!(code, 0, "{stderr}");
    let v: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(v["frequency"]["matched"], 2, "{v}");
    assert_eq!(v["frequency"]["name"], "freq.tsv");
    assert_eq!(v["frequency"]["licence"], "CC0-1.0");
    let (code, stdout, _) = run_cmd(prep_cmd().arg("inspect").arg(&pack));
    assert_eq!(code, 0);
    assert!(
        stdout.contains("frequencies  freq.tsv 1.0 (file freq.tsv): 2 of 4 words listed (50.0%)"),
        "{stdout}"
    );
    // Damage: the last byte is the last word's frequency.
    let mut bytes = std::fs::read(&pack).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&pack, &bytes).unwrap();
    exits(
        1,
        &["verify", pack.to_str().unwrap()],
        "pack word frequencies are corrupt",
    );
    // A bad line of the list is named, and nothing is written.
    std::fs::remove_file(&pack).unwrap();
    std::fs::write(&freq, "cat\t4.0\ndog four\n").unwrap();
    let a = args(&[]);
    let a: Vec<&str> = a.iter().map(String::as_str).collect();
    exits(1, &a, "freq.tsv:2: expected word<TAB>zipf");
    assert!(!pack.exists());
}

/// A recipe names its language's frequency list, which a build reads from
/// the frequency directory; `--min-zipf` cuts the pack to the common words;
/// a language without a list, a missing list and a bad value are one line
/// and exit 2.
#[test]
fn recipes_name_their_frequency_lists_and_min_zipf_cuts() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let list = d.join("words.txt");
    // Common English words and ones next to nobody knows (Zipf < 2 in
    // wordfreq 3.1.1's large_en list, or not in it at all).
    std::fs::write(&list, "the\nhouse\nwater\nvespid\nashler\nhirsel\n").unwrap();
    let pack = d.join("en.pack");
    let build = |extra: &[&str]| {
        let mut cmd = prep_cmd();
        cmd.arg("build")
            .arg(&list)
            .args(["--recipe", "enable", "-o"])
            .arg(&pack)
            .args(extra)
            .env_remove("BOGGLE_FREQUENCIES");
        run_cmd(&mut cmd)
    };
    let (code, stdout, stderr) = build(&["--json"]);
    assert_eq!(code, 0, "{stderr}");
    let v: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(v["frequency"]["name"], "wordfreq");
    assert_eq!(v["frequency"]["version"], "3.1.1");
    assert_eq!(v["frequency"]["file"], "large_en.msgpack.gz");
    assert_eq!(v["word_count"], 6);

    let (code, stdout, stderr) = build(&["--json", "--min-zipf", "4"]);
    assert_eq!(code, 0, "{stderr}");
    let v: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(v["word_count"], 3, "{v}");
    assert_eq!(v["stats"]["dropped"]["rare"], 3, "{v}");
    assert_eq!(v["frequency"]["min_zipf"], 4.0, "{v}");
    let (_, words, _) = run_cmd(prep_cmd().arg("words").arg(&pack));
    assert_eq!(words, "house\nthe\nwater\n");
    let (_, inspect, _) = run_cmd(prep_cmd().arg("inspect").arg(&pack));
    assert!(
        inspect.contains("cut to     words of Zipf 4.0 and more"),
        "{inspect}"
    );

    let (code, _, stderr) = build(&["--no-frequencies", "--json"]);
    assert_eq!(code, 0, "{stderr}");
    let (_, inspect, _) = run_cmd(prep_cmd().arg("inspect").arg(&pack));
    assert!(inspect.contains("frequencies  none"), "{inspect}");

    let l = list.to_str().unwrap();
    let o = pack.to_str().unwrap();
    exits(
        2,
        &[
            "build",
            l,
            "--recipe",
            "enable",
            "-o",
            o,
            "--frequency-dir",
            d.to_str().unwrap(),
        ],
        "reads how common words are from wordfreq-3.1.1/large_en.msgpack.gz, not found in",
    );
    exits(
        2,
        &[
            "build",
            l,
            "--recipe",
            "esperanto",
            "-o",
            o,
            "--min-zipf",
            "3",
            "--allow-empty",
        ],
        "recipe esperanto has none (wordfreq 3.1.1 has no Esperanto list)",
    );
    exits(
        2,
        &[
            "build",
            l,
            "--recipe",
            "enable",
            "-o",
            o,
            "--min-zipf",
            "nine",
        ],
        "\"nine\" is not a Zipf value",
    );
}
