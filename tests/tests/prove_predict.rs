//! `scripts/prove-predict`, what a long prove sample predicts for a slice or
//! a short sample, on samples whose answers are known: strata of equal
//! times, where a stratified projection cannot vary and a slice's sum is
//! bounded by its strata's times.

use std::path::Path;
use std::process::Command;

use boggle_tests::workspace_root;

/// A `--sample --json` result in `dir` with these strata (classes in the
/// proof) and each class's stratum and CPU seconds.
fn sample(dir: &Path, strata: &[f64], classes: &[(usize, f64)]) -> std::path::PathBuf {
    let json = serde_json::json!({
        "strata": strata.iter().enumerate().map(|(h, &c)| serde_json::json!({
            "rarest_from": h, "rarest_to": h, "classes": c,
            "sampled": classes.iter().filter(|(s, _)| *s == h).count(),
        })).collect::<Vec<_>>(),
        "class_strata": classes.iter().map(|c| c.0).collect::<Vec<_>>(),
        "class_cpu_seconds": classes.iter().map(|c| c.1).collect::<Vec<_>>(),
    });
    let path = dir.join("sample.json");
    std::fs::write(&path, json.to_string()).unwrap();
    path
}

/// A sample of two strata of equal times: 100 classes of 36 s and 300 of
/// 12 s, one CPU-hour each, two in all, whatever a sample draws within its
/// strata.
fn two_strata(dir: &Path) -> std::path::PathBuf {
    let classes = [(0, 36.0), (0, 36.0), (1, 12.0), (1, 12.0), (1, 12.0)];
    sample(dir, &[100.0, 300.0], &classes)
}

/// The script's exit code, standard output and standard error.
fn predict(args: &[&str]) -> (i32, String, String) {
    let out = Command::new("python3")
        .arg(workspace_root().join("scripts/prove-predict"))
        .args(args)
        .output()
        .expect("python3 runs scripts/prove-predict");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The figures of a line `…: M UNIT (median), 95% range L-H (…)`.
fn figures(line: &str) -> (f64, f64, f64) {
    let number = |s: &str| s.replace(',', "").parse::<f64>().unwrap();
    let median = line.split(": ").nth(1).unwrap().split(' ').next().unwrap();
    let range = line
        .split("95% range ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap();
    let (low, high) = range.split_once('-').unwrap();
    (number(median), number(low), number(high))
}

#[test]
fn a_stratified_projection_of_constant_strata_is_exact() {
    let dir = tempfile::tempdir().unwrap();
    let path = two_strata(dir.path());
    let path = path.to_str().unwrap();
    let (code, out, err) = predict(&[path, "--sample", "8", "--measured", "2.5", "--draws", "500"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(figures(&out), (2.0, 2.0, 2.0), "{out}");
    assert!(
        out.contains("measured 2.5 at the 100.0th percentile"),
        "{out}"
    );
}

#[test]
fn a_slice_adds_classes_drawn_by_their_strata_shares() {
    let dir = tempfile::tempdir().unwrap();
    let path = two_strata(dir.path());
    let path = path.to_str().unwrap();
    let (code, out, err) = predict(&[path, "--slice", "4", "--measured", "48", "--draws", "4000"]);
    assert_eq!(code, 0, "{err}");
    let (median, low, high) = figures(&out);
    // Four classes of 12 or 36 s: each sum 48-144, most often one heavy
    // (the heavy stratum is a quarter of the classes), 72 s.
    assert!(
        (48.0..=144.0).contains(&low) && high <= 144.0 && low < high,
        "{out}"
    );
    assert_eq!(median, 72.0, "{out}");
    // Four light classes, (3/4)^4 of the draws: 32%.
    let share: f64 = out
        .split("at the ")
        .nth(1)
        .unwrap()
        .split("th")
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!((27.0..37.0).contains(&share), "{out}");
}

#[test]
fn what_is_not_a_sample_is_refused_naming_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("proof.json");
    std::fs::write(&path, r#"{"boards": []}"#).unwrap();
    let (code, out, err) = predict(&[path.to_str().unwrap(), "--slice", "4"]);
    assert_eq!(code, 2, "{out}");
    assert!(
        err.contains("proof.json") && err.contains("not the --json"),
        "{err}"
    );
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    let (code, _, err) = predict(&[path.to_str().unwrap(), "--slice", "0"]);
    assert_eq!(code, 2, "{err}");
}
