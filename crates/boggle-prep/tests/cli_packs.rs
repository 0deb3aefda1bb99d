//! End-to-end tests of the `boggle-prep` command line, continued: damaged
//! and crafted packs, recipe files, closed output, verify, install. The
//! helpers are `crate::common::cli`'s.

use crate::common::cli::*;
use crate::common::{boggle_prep, prep_cmd};
use std::ffi::OsStr;
use std::fs;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use tempfile::TempDir;

/// Byte range of the automaton inside a pack file (see `prep::pack`): after
/// the header, metadata and padding; before the frequency section, if the
/// header's flag says one follows (one byte a word).
fn fst_region(pack: &[u8]) -> std::ops::Range<usize> {
    let meta_len = u64::from_le_bytes(pack[16..24].try_into().unwrap()) as usize;
    let fst_len = u64::from_le_bytes(pack[24..32].try_into().unwrap()) as usize;
    let start = 48 + meta_len + (8 - (48 + meta_len) % 8) % 8;
    let end = start + fst_len;
    let meta: serde_json::Value = serde_json::from_slice(&pack[48..48 + meta_len]).unwrap();
    let words = meta["word_count"].as_u64().unwrap() as usize;
    let frequencies = u32::from_le_bytes(pack[12..16].try_into().unwrap()) & 1 == 1;
    assert_eq!(end + if frequencies { words } else { 0 }, pack.len());
    start..end
}

#[test]
fn damaged_packs_fail_with_one_line() {
    let dir = TempDir::new().unwrap();
    let good_path = messy_pack(dir.path());
    let good = fs::read(&good_path).unwrap();
    let fst = fst_region(&good);

    let mut flipped = good.clone();
    flipped[fst.start + fst.len() / 2] ^= 0x04;
    let mut magic = good.clone();
    magic[..8].copy_from_slice(b"NOTAPACK");
    let mut future = good.clone();
    future[8..12].copy_from_slice(&4u32.to_le_bytes());
    let crc = crc32fast::hash(&future[..40]);
    future[40..44].copy_from_slice(&crc.to_le_bytes());
    let mut header = good.clone();
    header[20] ^= 1; // metadata length, header checksum not fixed
    let mut meta = good.clone();
    meta[60] ^= 0x20; // inside the JSON metadata
    let mut longer = good.clone();
    longer.extend_from_slice(b"\0\0\0\0\0\0\0\0");

    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("truncated", good[..good.len() - 7].to_vec(), "truncated"),
        (
            "cut-in-header",
            good[..30].to_vec(),
            "shorter than the 48-byte header",
        ),
        ("empty", Vec::new(), "not a pack"),
        ("trailing", longer, "trailing bytes"),
        ("flipped", flipped, "automaton is corrupt"),
        ("magic", magic, "wrong magic"),
        ("future", future, "version 4 is not supported"),
        ("header", header, "header is corrupt"),
        ("meta", meta, "metadata is corrupt"),
        ("text", b"apple\nbanana\n".to_vec(), "not a pack"),
    ];
    for (name, bytes, expected) in cases {
        let path = write(dir.path(), &format!("{name}.pack"), &bytes);
        // Opening reads the header and metadata only; the automaton's
        // checksum is checked by everything that reads the words.
        let commands: &[&str] = if name == "flipped" {
            &["verify", "words"]
        } else {
            &["verify", "words", "inspect"]
        };
        for &command in commands {
            let line = fails_with_one_line(&[os(command), path.as_os_str()]);
            assert!(
                line.contains(&path.display().to_string()),
                "{name}/{command}: the message should name the file: {line}"
            );
            assert!(
                line.contains(expected),
                "{name}/{command}: expected {expected:?} in {line:?}"
            );
        }
    }

    // Neither a missing file nor a directory is a pack: a usage error.
    let missing = dir.path().join("missing.pack");
    let line = fails_with_code(&[os("verify"), missing.as_os_str()], 2);
    assert!(line.contains("missing.pack: no such pack file"), "{line}");
    fails_with_code(&[os("verify"), dir.path().as_os_str()], 2);

    // The good pack is still fine.
    prep_cmd().arg("verify").arg(&good_path).assert().success();
}

const SPANISH: &str = r#"
name = "es-test"
description = "Spanish-like test recipe: lowercase, accents stripped except ñ"
alphabet = "abcdefghijklmnopqrstuvwxyzñ"

[language]
code = "es"
name = "Spanish"

[normalize]
lowercase = true
strip_diacritics = true
keep = "ñ"

[filter]
min_len = 3

[board]
min_word_len = 3
"#;

#[test]
fn custom_recipe_file() {
    let dir = TempDir::new().unwrap();
    let recipe = write(dir.path(), "es.toml", SPANISH.as_bytes());
    // The second line spells "Año" with a combining tilde (n + U+0303).
    let list = write(
        dir.path(),
        "es.txt",
        "Año\r\nan\u{303}o\r\ncanción\r\nCANCIÓN\r\npingüino\r\nNIÑO\r\nak47\r\nmás allá\r\n\
         yo\r\nñandú\r\nfaçade\r\n"
            .as_bytes(),
    );
    let pack = dir.path().join("es.pack");
    let json = build(&list, &recipe, &["--json"], &pack).success();
    let report: serde_json::Value = serde_json::from_slice(&json.get_output().stdout).unwrap();
    assert_eq!(report["word_count"], 6, "{report}");
    assert_eq!(report["stats"]["dropped"]["duplicate"], 2, "{report}");

    // Byte order: "año" is a, 0xC3 0xB1, o; "ñandu" starts with 0xC3.
    words_are(&pack, "año\ncancion\nfacade\nniño\npinguino\nñandu\n");

    let inspect = prep_cmd()
        .args([os("inspect"), os("--json"), pack.as_os_str()])
        .assert()
        .success();
    let meta: prep::PackMeta = serde_json::from_slice(&inspect.get_output().stdout).unwrap();
    assert_eq!(meta.recipe.name, "es-test");
    assert_eq!(meta.recipe.language.code, "es");
    assert_eq!(meta.recipe.normalize.keep, "ñ");

    // `recipes FILE` prints the recipe back as TOML that means the same.
    let shown = prep_cmd().arg("recipes").arg(&recipe).assert().success();
    let shown = String::from_utf8(shown.get_output().stdout.clone()).unwrap();
    let again = prep::Recipe::from_toml(&shown, "shown").unwrap();
    assert_eq!(again, prep::Recipe::from_file(&recipe).unwrap());
    assert_eq!(again, meta.recipe);
}

#[test]
fn bad_recipe_file_is_one_line() {
    let dir = TempDir::new().unwrap();
    let list = write(dir.path(), "list.txt", MESSY);
    let out = dir.path().join("x.pack");
    for (name, text, expected) in [
        ("typo.toml", SPANISH.replace("keep", "kept"), "kept"),
        (
            "regex.toml",
            SPANISH.replace("min_len = 3", "min_len = 3\npattern = \"^[a-z\""),
            "pattern",
        ),
        (
            "twice.toml",
            SPANISH.replace("xyzñ", "xyzña"),
            "alphabet lists a letter twice",
        ),
        (
            "garbage.toml",
            "this is not toml".to_string(),
            "garbage.toml",
        ),
    ] {
        let recipe = write(dir.path(), name, text.as_bytes());
        let line = recipe_fails(&list, &recipe, &out);
        assert!(line.contains(expected), "{name}: {line}");
    }
    assert!(!out.exists());
}

#[test]
fn builtin_recipes_listed_and_printed() {
    let list = prep_cmd().arg("recipes").assert().success();
    let list = String::from_utf8(list.get_output().stdout.clone()).unwrap();
    let names: Vec<&str> = list
        .lines()
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(names, prep::Recipe::builtin_names().collect::<Vec<_>>());
    assert!(names.len() >= 20, "{} recipes: {list}", names.len());
    for expected in [
        "opentaal",
        "enable",
        "german",
        "russian",
        "greek",
        "ukrainian",
    ] {
        assert!(names.contains(&expected), "{expected}: {list}");
    }
    assert!(list.contains("german (de)"), "{list}");
    // Every language says where its words come from.
    assert!(list.contains("[/usr/share/hunspell/ru_RU.dic]"), "{list}");

    // A printed built-in, used as a recipe file, builds the same words.
    let dir = TempDir::new().unwrap();
    let toml = prep_cmd().args(["recipes", "enable"]).assert().success();
    let recipe = write(dir.path(), "mine.toml", &toml.get_output().stdout);
    let list = write(dir.path(), "list.txt", MESSY);
    let pack = dir.path().join("mine.pack");
    build(&list, &recipe, &[], &pack).success();
    words_are(&pack, MESSY_WORDS);
}

/// A pack far larger than a pipe buffer: every four-letter word over 25
/// letters (no `q`), 390,625 words, about 2 MB of output.
fn big_pack(dir: &Path) -> PathBuf {
    let letters: Vec<u8> = (b'a'..=b'z').filter(|&c| c != b'q').collect();
    let mut raw = Vec::with_capacity(5 * letters.len().pow(4));
    for &a in &letters {
        for &b in &letters {
            for &c in &letters {
                for &d in &letters {
                    raw.extend_from_slice(&[a, b, c, d, b'\n']);
                }
            }
        }
    }
    let list = write(dir, "big.txt", &raw);
    let pack = dir.join("big.pack");
    build(&list, "enable", &[], &pack).success();
    pack
}

#[test]
fn closed_stdout_is_not_a_crash() {
    let dir = TempDir::new().unwrap();
    let pack = big_pack(dir.path());

    // Read one line, then hang up.
    let mut child = crate::common::prep_std()
        .arg("words")
        .arg(&pack)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(first, "aaaa\n");
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(out.status.success(), "status {:?}: {stderr}", out.status);

    // The same through a shell: `boggle-prep words PACK | head -1`.
    let script = r#"set -uo pipefail
"$1" words "$2" 2>"$3" | head -1
echo "status ${PIPESTATUS[0]}""#;
    let err = dir.path().join("stderr.txt");
    let out = crate::common::hermetic::command("bash")
        .args(["-c", script, "bash"])
        .arg(boggle_prep())
        .arg(&pack)
        .arg(&err)
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "aaaa\nstatus 0\n");
    assert_eq!(fs::read_to_string(&err).unwrap(), "");

    // Run to the end, the whole list comes out.
    let all = prep_cmd().arg("words").arg(&pack).output().unwrap();
    assert!(all.status.success());
    assert_eq!(all.stdout.len(), 5 * 25usize.pow(4));
    assert_eq!(all.stdout, fs::read(dir.path().join("big.txt")).unwrap());
}

/// A crafted pack whose checksums are all right but whose automaton claims
/// one word more than it holds (metadata changed to agree) opens, but
/// `verify` catches it.
#[test]
fn verify_counts_the_words() {
    let dir = TempDir::new().unwrap();
    let good = fs::read(messy_pack(dir.path())).unwrap();
    let mut bad = good.clone();
    let fst = fst_region(&bad);
    // fst layout ends with: word count u64, root address u64, checksum u32.
    let count_at = fst.end - 20;
    assert_eq!(
        u64::from_le_bytes(bad[count_at..count_at + 8].try_into().unwrap()),
        4
    );
    bad[count_at..count_at + 8].copy_from_slice(&5u64.to_le_bytes());
    let meta = std::str::from_utf8(&bad[48..fst.start]).unwrap();
    let at = 48
        + meta
            .find("\"word_count\":4")
            .expect("word_count in the metadata");
    bad[at + 13] = b'5';
    crate::common::reseal(&mut bad);
    let path = write(dir.path(), "crafted.pack", &bad);

    prep_cmd().arg("inspect").arg(&path).assert().success();
    let line = fails_with_one_line(&[os("verify"), path.as_os_str()]);
    assert!(
        line.contains("automaton says it holds 5 words, a walk finds 4"),
        "{line}"
    );
}

/// Crafted automata (every checksum made right again, as an attacker or a
/// fuzzer would): the root address in the `fst` footer pointed past the
/// end, which makes the `fst` crate panic when anything walks it, and then
/// each byte of the automaton changed in turn. `verify` and `words` must
/// never panic: they either work or exit 1 with one line (the root case:
/// "malformed automaton"); `inspect` reads only the metadata. The fuzz
/// target `pack_open_sealed` found the panic this guards against.
#[test]
fn crafted_automata_are_errors_not_panics() {
    let dir = TempDir::new().unwrap();
    let good = fs::read(messy_pack(dir.path())).unwrap();
    let fst = fst_region(&good);

    let mut far = good.clone();
    let root_at = fst.end - 12; // footer: count u64, root address u64, checksum u32
    far[root_at..root_at + 8].copy_from_slice(&(4 * good.len() as u64).to_le_bytes());
    crate::common::reseal(&mut far);
    let path = write(dir.path(), "far-root.pack", &far);
    for command in ["verify", "words"] {
        let line = fails_with_one_line(&[os(command), path.as_os_str()]);
        assert!(line.contains("malformed automaton"), "{command}: {line}");
    }
    prep_cmd().arg("inspect").arg(&path).assert().success();

    // Every third byte of the automaton but its footer, changed and resealed.
    let mut failed = 0;
    for at in (fst.start + 16..fst.end - 20).step_by(3) {
        let mut bad = good.clone();
        bad[at] ^= 0x5A;
        crate::common::reseal(&mut bad);
        let path = write(dir.path(), "crafted.pack", &bad);
        for command in ["verify", "words"] {
            let out = prep_cmd().arg(command).arg(&path).output().unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(
                !stderr.contains("panicked"),
                "byte {at}, {command}: {stderr}"
            );
            match out.status.code() {
                Some(0) => {}
                Some(1) => {
                    failed += 1;
                    assert_eq!(stderr.lines().count(), 1, "byte {at}, {command}: {stderr}");
                }
                other => panic!("byte {at}, {command}: exit {other:?}: {stderr}"),
            }
        }
    }
    assert!(failed > 0, "no crafted automaton was refused");
}

/// `boggle-prep install` and `uninstall`: the message, the file, no
/// second install without `--force`, a bad name, then removal (what
/// `boggle packs` shows of it is tested in the boggle crate).
#[test]
fn install_and_uninstall() {
    let tmp = TempDir::new().unwrap();
    let data = tmp.path().join("data");
    let data_s = data.to_str().unwrap();
    let src = tmp.path().join("tiny.pack");
    std::fs::write(&src, crate::common::tiny_pack_bytes(&["cab", "dab"], false)).unwrap();
    let install = |extra: &[&str]| {
        let mut cmd = prep_cmd();
        cmd.arg("install")
            .arg(&src)
            .args(extra)
            .env("XDG_DATA_HOME", data_s);
        cmd.output().unwrap()
    };
    let said = String::from_utf8(crate::common::ok_stdout(
        install(&[]),
        "boggle-prep install",
    ))
    .unwrap();
    assert!(said.contains("boggle --lang tiny"), "{said}");
    assert!(data.join("boggle/packs/tiny.pack").is_file());
    // Not twice, unless --force; a bad name is a usage error.
    assert_eq!(install(&[]).status.code(), Some(2));
    assert!(install(&["--force"]).status.success());
    assert_eq!(install(&["--name", "../x"]).status.code(), Some(2));
    let out = prep_cmd()
        .args(["uninstall", "tiny"])
        .env("XDG_DATA_HOME", data_s)
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(!data.join("boggle/packs/tiny.pack").exists());
}

/// `boggle-prep install --recipe`: builds with the recipe (here from a
/// given list, so no Debian package is needed) and installs under the
/// language's code; refuses a taken name before building; usage mistakes
/// exit 2 and leave nothing installed.
#[test]
fn install_from_a_recipe() {
    let tmp = TempDir::new().unwrap();
    let data = tmp.path().join("data");
    let packs = data.join("boggle/packs");
    let list = write(
        tmp.path(),
        "it.txt",
        "casa\ncittà\nCittà\nl'acqua\nyacht\nmela\n".as_bytes(),
    );
    let install = |args: &[&OsStr]| {
        prep_cmd()
            .arg("install")
            .args(args)
            .env("XDG_DATA_HOME", &data)
            .output()
            .unwrap()
    };
    let out = install(&[
        os("--recipe"),
        os("italian"),
        os("--input"),
        list.as_os_str(),
    ]);
    let said =
        String::from_utf8(crate::common::ok_stdout(out.clone(), "install --recipe")).unwrap();
    assert!(said.contains("boggle --lang it BOARD"), "{said}");
    // The build's report goes to standard error.
    let report = String::from_utf8_lossy(&out.stderr);
    assert!(report.contains("3 words kept from 6 lines"), "{report}");
    let pack = prep::Pack::open(&packs.join("it.pack")).unwrap();
    assert_eq!(pack.words().unwrap(), ["casa", "citta", "mela"]);
    assert_eq!(pack.recipe().name, "italian");

    // Taken: refused before any build (a missing list is not even read).
    let missing = tmp.path().join("missing.txt");
    let refused = |args: &[&OsStr]| {
        let out = install(args);
        let stderr = String::from_utf8_lossy(&out.stderr).to_string();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        stderr
    };
    let taken = refused(&[os("--recipe"), os("it"), os("--input"), missing.as_os_str()]);
    assert!(taken.contains("exists"), "{taken}");
    let builtin = refused(&[os("--recipe"), os("enable")]);
    assert!(builtin.contains("built-in"), "{builtin}");
    // --force replaces it; --name picks another name; codes are lowercased.
    let out = install(&[os("--recipe"), os("pt-BR"), os("--input"), list.as_os_str()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(packs.join("pt-br.pack").is_file());
    let out = install(&[
        os("--recipe"),
        os("it"),
        os("--input"),
        list.as_os_str(),
        os("--name"),
        os("italiano"),
    ]);
    assert!(out.status.success());
    assert_eq!(listing(&packs), ["it.pack", "italiano.pack", "pt-br.pack"]);

    // Usage mistakes: exit 2, nothing new installed.
    for args in [
        vec![
            os("--recipe"),
            os("no-such"),
            os("--input"),
            list.as_os_str(),
        ],
        vec![os("--input"), list.as_os_str()],
        vec![],
        vec![os("x.pack"), os("--recipe"), os("it")],
        vec![
            os("--recipe"),
            os("it"),
            os("--name"),
            os("../up"),
            os("--input"),
            list.as_os_str(),
        ],
        vec![
            os("--recipe"),
            os("sv"),
            os("--encoding"),
            os("EBCDIC-9"),
            os("--input"),
            list.as_os_str(),
        ],
    ] {
        let out = install(&args);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    assert_eq!(listing(&packs), ["it.pack", "italiano.pack", "pt-br.pack"]);
}

/// The output may not be the input, by the same path, a symbolic link or a
/// hard link: exit 2, and the word list is untouched.
#[test]
fn the_output_is_never_the_input() {
    let dir = TempDir::new().unwrap();
    let list = write(dir.path(), "same.txt", MESSY);
    let link = dir.path().join("link.txt");
    let hard = dir.path().join("hard.txt");
    #[cfg(unix)]
    std::os::unix::fs::symlink(&list, &link).unwrap();
    fs::hard_link(&list, &hard).unwrap();
    for out in [&list, &link, &hard] {
        if !out.exists() {
            continue;
        }
        build(&list, "enable", &[], out).code(2);
        assert_eq!(fs::read(&list).unwrap(), MESSY, "{}", out.display());
    }
}

/// Usage errors of boggle-prep exit 2, on one line: an unknown recipe, a
/// recipe file with bad TOML or a bad pattern.
#[test]
fn recipe_mistakes_are_usage_errors() {
    let dir = TempDir::new().unwrap();
    let list = write(dir.path(), "l.txt", b"cat\n");
    let pack = dir.path().join("l.pack");
    let bad_toml = write(dir.path(), "bad.toml", b"name = \"x\n");
    let bad_regex = write(
        dir.path(),
        "re.toml",
        b"name = \"x\"\nalphabet = \"abc\"\n[language]\ncode = \"xx\"\nname = \"X\"\n[filter]\npattern = \"[a-\"\n",
    );
    for recipe in [
        OsStr::new("no-such-recipe"),
        bad_toml.as_os_str(),
        bad_regex.as_os_str(),
    ] {
        let out = build(&list, recipe, &[], &pack).code(2);
        let stderr = String::from_utf8_lossy(&out.get_output().stderr).to_string();
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
    }
    let out = prep_cmd().args(["recipes", "no-such"]).assert().code(2);
    assert_eq!(out.get_output().stderr.lines().count(), 1);
}

/// A missing file's error names the cause once (a usage error, exit 2); a
/// directory given as a pack says so.
#[test]
fn file_errors_say_the_cause_once() {
    let dir = TempDir::new().unwrap();
    let out = prep_cmd()
        .arg("verify")
        .arg(dir.path().join("missing.pack"))
        .assert()
        .code(2);
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert_eq!(stderr.matches("no such pack file").count(), 1, "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    let out = prep_cmd().arg("verify").arg(dir.path()).assert().code(2);
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(stderr.contains("is a directory"), "{stderr}");
}

/// A name of a built-in pack is refused unless --force.
#[test]
fn builtin_names_are_refused_without_force() {
    let tmp = TempDir::new().unwrap();
    let data = tmp.path().join("data");
    let src = tmp.path().join("tiny.pack");
    std::fs::write(&src, crate::common::tiny_pack_bytes(&["cab"], false)).unwrap();
    for name in ["en", "NL"] {
        let out = prep_cmd()
            .arg("install")
            .arg(&src)
            .args(["--name", name])
            .env("XDG_DATA_HOME", &data)
            .assert()
            .code(2);
        let stderr = String::from_utf8_lossy(&out.get_output().stderr).to_string();
        assert!(stderr.contains("built-in"), "{stderr}");
    }
    let out = prep_cmd()
        .arg("install")
        .arg(&src)
        .args(["--name", "en", "--force"])
        .env("XDG_DATA_HOME", &data)
        .assert()
        .success();
    let said = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert!(said.contains("built-in en comes first"), "{said}");
}

/// SIGINT or SIGTERM during a build: exit 130, no pack, and no hidden
/// temporary file left beside it.
#[test]
fn an_interrupted_build_leaves_nothing_behind() {
    let dir = TempDir::new().unwrap();
    // A list big enough to take a while: 3 million made-up words.
    let mut list = Vec::with_capacity(40 << 20);
    let mut x = 7u64;
    for _ in 0..3_000_000 {
        for _ in 0..8 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            list.push(b'a' + (x >> 59) as u8 % 26);
        }
        list.push(b'\n');
    }
    let input = write(dir.path(), "big.txt", &list);
    let out_dir = dir.path().join("out");
    fs::create_dir(&out_dir).unwrap();
    let pack = out_dir.join("big.pack");
    for signal in ["INT", "TERM"] {
        let child = crate::common::prep_std()
            .arg("build")
            .arg(&input)
            .args(["--recipe", "enable", "-o"])
            .arg(&pack)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        boggle_tests::interrupt(&child, signal);
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(130), "{signal}");
        let stderr = String::from_utf8_lossy(&out.stderr).to_string();
        assert!(stderr.contains("interrupted"), "{stderr}");
        let left: Vec<_> = fs::read_dir(&out_dir).unwrap().collect();
        assert!(left.is_empty(), "{signal}: {left:?}");
    }
}
