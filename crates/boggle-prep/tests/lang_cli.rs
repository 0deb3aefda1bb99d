//! `boggle-prep build` with the language recipes on tiny lists: `--input`
//! or INPUT, a recipe by name or language code, and a recipe's own default
//! list.

use std::io::Write;
use std::path::{Path, PathBuf};

use assert_cmd::assert::Assert;
use serde_json::Value;

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    let mut f = std::fs::File::create(&path).unwrap();
    f.write_all(text.as_bytes()).unwrap();
    path
}

/// Runs `boggle-prep ARGS… [PATH] -o PACK`: the arguments as typed, then
/// the path if any, the output last.
fn prep_build(args: &[&str], path: Option<&Path>, pack: &Path) -> Assert {
    let mut cmd = crate::common::prep_cmd();
    cmd.args(args);
    if let Some(path) = path {
        cmd.arg(path);
    }
    cmd.arg("-o").arg(pack).assert()
}

/// The JSON report a `boggle-prep build --json` that succeeds prints.
fn report_of(run: Assert) -> Value {
    serde_json::from_slice(&run.success().get_output().stdout).expect("a JSON report")
}

#[test]
fn prep_cli_reads_input_or_the_recipes_own_list() {
    let dir = tempfile::tempdir().unwrap();
    let list = write(
        dir.path(),
        "es.txt",
        "año\nniño\naños\nEspaña\nñu\nrock'n'roll\ncanción\n",
    );
    let pack = dir.path().join("es.pack");
    // INPUT as an option, the recipe by its language code.
    let report = report_of(prep_build(
        &["build", "--recipe", "es", "--json", "--input"],
        Some(&list),
        &pack,
    ));
    assert_eq!(report["word_count"], 4);
    assert_eq!(report["stats"]["lines"], 7);
    assert_eq!(report["stats"]["dropped"]["uppercase"], 1);
    assert_eq!(report["stats"]["dropped"]["too_short"], 1);
    assert_eq!(report["stats"]["dropped"]["apostrophe"], 1);
    assert_eq!(report["stats"]["examples"]["uppercase"][0], "España");
    // Not the recipe's own list: no name or licence is claimed for it.
    assert_eq!(report["source"]["name"], "es.txt");
    assert_eq!(report["source"]["licence"], "");
    // The human report names each reason with a count and an example.
    let run = prep_build(&["build", "--recipe", "spanish"], Some(&list), &pack).success();
    let text = String::from_utf8(run.get_output().stderr.clone()).unwrap();
    assert!(text.contains("4 words kept from 7 lines"), "{text}");
    assert!(text.contains("dropped 3 lines, by reason:"), "{text}");
    assert!(text.contains("uppercase 1:"), "{text}");
    assert!(text.contains("\"España\""), "{text}");

    // A recipe whose own list is installed reads it when no input is given,
    // and records the recipe's name and licence for it.
    let recipe_with = |path: &Path| {
        let mut text = std::fs::read_to_string(
            crate::common::workspace_root().join("crates/prep/recipes/spanish.toml"),
        )
        .unwrap();
        let from = "path = \"/usr/share/dict/spanish\"";
        assert!(text.contains(from));
        text = text.replace(from, &format!("path = {:?}", path.display().to_string()));
        write(dir.path(), "mine.toml", &text)
    };
    let recipe = recipe_with(&list);
    let report = report_of(prep_build(
        &["build", "--json", "--recipe"],
        Some(&recipe),
        &pack,
    ));
    assert_eq!(report["word_count"], 4);
    assert_eq!(report["source"]["name"], "wspanish");
    assert_eq!(report["source"]["licence"], "public domain");

    // Its own list missing: a one-line error that says what to install.
    let recipe = recipe_with(&dir.path().join("no-such-list"));
    let run = prep_build(&["build", "--recipe"], Some(&recipe), &pack).code(1);
    let err = String::from_utf8(run.get_output().stderr.clone()).unwrap();
    assert!(err.contains("apt-get install wspanish"), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");

    // A recipe without a list of its own needs one: a usage error.
    prep_build(&["build", "--recipe", "enable"], None, &pack).code(2);
    // INPUT twice is a usage error too.
    crate::common::prep_cmd()
        .args(["build", "--recipe", "es", "-o"])
        .arg(&pack)
        .arg(&list)
        .arg("--input")
        .arg(&list)
        .assert()
        .code(2);
}
