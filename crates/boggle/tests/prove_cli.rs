//! `boggle prove` end to end: the boards at or above the threshold, text and
//! JSON, and its usage errors. (Soundness against exhaustive enumeration is
//! `tests/tests/prove.rs`.)

use serde_json::Value;

fn tiny_pack(dir: &std::path::Path) -> std::path::PathBuf {
    let path = dir.join("tiny.pack");
    std::fs::write(
        &path,
        crate::common::tiny_pack_bytes(&["tea", "eat", "ate", "tee"], false),
    )
    .unwrap();
    path
}

#[test]
fn prove_lists_the_best_boards() {
    let dir = tempfile::tempdir().unwrap();
    let pack = tiny_pack(dir.path());
    let out = crate::common::boggle()
        .arg("prove")
        .arg("--pack")
        .arg(&pack)
        .args(["--size", "2x2", "--threshold", "4", "--json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let j: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(j["complete"], true);
    assert_eq!(j["threshold"], 4);
    let boards = j["boards"].as_array().unwrap();
    // a, e, e, t: the e's side by side or corner to corner.
    assert_eq!(boards.len(), 2, "{j}");
    for b in boards {
        assert_eq!(b["score"], 4);
        assert_eq!(b["words"], 4);
        let mut letters: Vec<char> = b["board"].as_str().unwrap().chars().collect();
        letters.sort_unstable();
        assert_eq!(letters, ['a', 'e', 'e', 't']);
    }
    let text = crate::common::boggle()
        .arg("prove")
        .arg("--pack")
        .arg(&pack)
        .args(["--size", "2x2", "--threshold", "5"])
        .output()
        .unwrap();
    assert!(text.status.success());
    assert!(text.stdout.is_empty(), "no board scores 5");
    let said = String::from_utf8(text.stderr).unwrap();
    assert!(
        said.starts_with("0 boards of 2x2 scoring 5 or more (proven"),
        "{said}"
    );
}

/// With no --threshold, a short `best` run sets it to the best score it
/// finds, so the proof certifies the optimum.
#[test]
fn prove_without_a_threshold_proves_the_best_found() {
    let dir = tempfile::tempdir().unwrap();
    let pack = tiny_pack(dir.path());
    let out = crate::common::boggle()
        .arg("prove")
        .arg("--pack")
        .arg(&pack)
        .args(["--size", "2x2", "--search", "1s", "--json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let j: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(j["threshold"], 4, "{j}");
    assert_eq!(j["complete"], true);
    assert_eq!(j["boards"].as_array().unwrap().len(), 2);
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("threshold 4: the best score"), "{said}");
}

#[test]
fn prove_usage_errors_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let pack = tiny_pack(dir.path());
    for args in [
        &["--size", "2x2", "--search", "forever"][..],
        &["--size", "9x9", "--threshold", "1"],
        &["--size", "2x2", "--threshold", "1", "--scoring", "letters"],
        &[
            "--size",
            "2x2",
            "--threshold",
            "1",
            "--class-memory",
            "lots",
        ],
        &["--size", "2x2", "--threshold", "1", "--class-memory", "0.1"],
        // Past the most points the bound counts, in a run and a sample.
        &["--size", "2x2", "--threshold", "16777216"],
        &["--size", "2x2", "--threshold", "16777216", "--sample", "1"],
    ] {
        let out = crate::common::boggle()
            .arg("prove")
            .arg("--pack")
            .arg(&pack)
            .args(args)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}

/// Runs `boggle prove --pack PACK --size 2x2 --threshold 3 ARGS --json`;
/// (exit code, the JSON, standard error).
fn prove_json(pack: &std::path::Path, args: &[&str]) -> (i32, Value, String) {
    let out = crate::common::boggle()
        .arg("prove")
        .arg("--pack")
        .arg(pack)
        .args(["--size", "2x2", "--threshold", "3", "--json"])
        .args(args)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    let json = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
    (out.status.code().unwrap_or(-1), json, stderr)
}

/// A checkpoint that lost some finished parts resumes to the result of one
/// uninterrupted run; one from another run is refused.
#[test]
fn prove_resumes_from_a_checkpoint() {
    let dir = tempfile::tempdir().unwrap();
    let pack = tiny_pack(dir.path());
    let (code, full, err) = prove_json(&pack, &[]);
    assert_eq!(code, 0, "{err}");
    assert!(full["boards"].as_array().unwrap().len() > 2);
    let ck = dir.path().join("ck.json");
    let ck_s = ck.to_str().unwrap();
    let (code, first, err) = prove_json(&pack, &["--checkpoint", ck_s]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(first["boards"], full["boards"]);
    // As if killed: half the parts not recorded yet.
    let mut c: Value = serde_json::from_str(&std::fs::read_to_string(&ck).unwrap()).unwrap();
    let done = c["done"].as_array().unwrap().clone();
    assert_eq!(done.len() as u64, full["parts"].as_u64().unwrap());
    c["done"] = Value::Array(done[..done.len() / 2].to_vec());
    std::fs::write(&ck, c.to_string()).unwrap();
    let (code, resumed, err) = prove_json(&pack, &["--checkpoint", ck_s]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains(&format!("{} parts done", done.len() / 2)),
        "{err}"
    );
    assert_eq!(resumed["boards"], full["boards"]);
    assert_eq!(resumed["complete"], true);
    // Another threshold is another run.
    let out = crate::common::boggle()
        .arg("prove")
        .arg("--pack")
        .arg(&pack)
        .args(["--size", "2x2", "--threshold", "4", "--checkpoint", ck_s])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("checkpoint of another run"));
    // One written by an older boggle holds other classes: refused, unchanged.
    let mut old: Value = serde_json::from_str(&std::fs::read_to_string(&ck).unwrap()).unwrap();
    let version = old["checkpoint"].as_u64().unwrap();
    old["checkpoint"] = Value::from(version - 1);
    std::fs::write(&ck, old.to_string()).unwrap();
    let before = std::fs::read(&ck).unwrap();
    let (code, _, err) = prove_json(&pack, &["--checkpoint", ck_s]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(&format!("checkpoint version {}", version - 1)),
        "{err}"
    );
    assert_eq!(std::fs::read(&ck).unwrap(), before);
}

/// With no room for a class's paths, every class is split down to single
/// boards before its tree is built: the same boards as with the default
/// limit and with none (0).
#[test]
fn prove_in_little_memory_finds_the_same_boards() {
    let dir = tempfile::tempdir().unwrap();
    let pack = tiny_pack(dir.path());
    let (code, full, err) = prove_json(&pack, &[]);
    assert_eq!(code, 0, "{err}");
    let (code, unlimited, err) = prove_json(&pack, &["--class-memory", "0"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(unlimited["boards"], full["boards"]);
    assert_eq!(unlimited["classes"], full["classes"]);
    let (code, small, err) = prove_json(&pack, &["--class-memory", "1"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(small["boards"], full["boards"]);
    assert!(
        small["classes"].as_u64() > full["classes"].as_u64(),
        "{small} against {full}"
    );
}

/// A shard resumes from its own checkpoint, as a cluster's worker taking
/// over a lost one's shard does, and refuses another shard's.
#[test]
fn a_shard_resumes_from_its_checkpoint() {
    let dir = tempfile::tempdir().unwrap();
    let pack = tiny_pack(dir.path());
    let (code, fresh, err) = prove_json(&pack, &["--shard", "2/3"]);
    assert_eq!(code, 0, "{err}");
    let ck = dir.path().join("shard-2-of-3.json");
    let ck_s = ck.to_str().unwrap();
    let (code, _, err) = prove_json(&pack, &["--shard", "2/3", "--checkpoint", ck_s]);
    assert_eq!(code, 0, "{err}");
    // As if the worker was lost after its first parts.
    let mut c: Value = serde_json::from_str(&std::fs::read_to_string(&ck).unwrap()).unwrap();
    let done = c["done"].as_array().unwrap().clone();
    assert_eq!(done.len() as u64, fresh["parts"].as_u64().unwrap());
    assert!(done.len() >= 2, "{c}");
    c["done"] = Value::Array(done[..1].to_vec());
    std::fs::write(&ck, c.to_string()).unwrap();
    let (code, resumed, err) = prove_json(&pack, &["--shard", "2/3", "--checkpoint", ck_s]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("1 parts done"), "{err}");
    assert_eq!(resumed["boards"], fresh["boards"]);
    assert_eq!(
        (resumed["shard"].clone(), resumed["complete"].clone()),
        (Value::from("2/3"), Value::from(true))
    );
    // Shard 1's run given shard 2's file: refused, the file unchanged.
    let before = std::fs::read(&ck).unwrap();
    let (code, _, err) = prove_json(&pack, &["--shard", "1/3", "--checkpoint", ck_s]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("checkpoint of another run") && err.contains("shard 2/3"),
        "{err}"
    );
    assert_eq!(std::fs::read(&ck).unwrap(), before);
}

/// Shards merged give the result of one run; a missing shard leaves the
/// merge incomplete (exit 1, naming it), and shards of different runs do not merge.
#[test]
fn prove_shards_merge_into_one_result() {
    let dir = tempfile::tempdir().unwrap();
    let pack = tiny_pack(dir.path());
    let (_, full, _) = prove_json(&pack, &[]);
    let mut files = Vec::new();
    for k in 1..=3 {
        let (code, shard, err) = prove_json(&pack, &["--shard", &format!("{k}/3")]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(shard["shard"], format!("{k}/3"));
        let file = dir.path().join(format!("s{k}.json"));
        std::fs::write(&file, shard.to_string()).unwrap();
        files.push(file);
    }
    let merge = |files: &[std::path::PathBuf]| {
        let out = crate::common::boggle()
            .args(["prove", "--json", "--merge"])
            .args(files)
            .output()
            .unwrap();
        let json = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
        let err = String::from_utf8_lossy(&out.stderr).to_string();
        (out.status.code(), json, err)
    };
    let (code, merged, _) = merge(&files);
    assert_eq!(code, Some(0));
    assert_eq!(merged["boards"], full["boards"]);
    assert_eq!(merged["complete"], true);
    assert_eq!(merged["parts"], full["parts"]);
    // A missing shard is a failure (1), not an interruption (130), and
    // the summary names it.
    let (code, partial, err) = merge(&files[..2]);
    assert_eq!(code, Some(1), "{err}");
    assert_eq!(partial["complete"], false);
    assert!(err.contains("shard 3/3 missing"), "{err}");
    assert!(
        err.contains("not a proof: 1 shard is missing (3/3)"),
        "{err}"
    );
    // A shard of another threshold.
    let out = crate::common::boggle()
        .arg("prove")
        .arg("--pack")
        .arg(&pack)
        .args([
            "--size",
            "2x2",
            "--threshold",
            "4",
            "--shard",
            "3/3",
            "--json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let other: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(other["threshold"], 4);
    let odd = dir.path().join("odd.json");
    std::fs::write(&odd, other.to_string()).unwrap();
    let out = crate::common::boggle()
        .args(["prove", "--merge"])
        .args([&files[0], &files[1], &odd])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("is another run"));
    for bad in ["0/3", "4/3", "x"] {
        let out = crate::common::boggle()
            .arg("prove")
            .arg("--pack")
            .arg(&pack)
            .args(["--size", "2x2", "--threshold", "3", "--shard", bad])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "--shard {bad}");
    }
}

/// `--sample` says what the proof would cost in a unit a person reads at a
/// glance, with digits that are not all rounded away (a 3x3 proof is
/// seconds or minutes of CPU, which whole CPU-hours printed as `0`), and
/// its JSON carries the same projection.
#[test]
fn prove_sample_projects_the_cpu_time_readably() {
    let args: Vec<&str> = "prove --size 3x3 --threshold 683 --sample 8 --seed 1 -j 1"
        .split(' ')
        .collect();
    let out = crate::common::boggle().args(&args).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.starts_with("8 of "), "{text}");
    let (_, after) = text
        .split_once("the proof at 683 would take about ")
        .unwrap_or_else(|| panic!("{text}"));
    let mut words = after.split_whitespace();
    let figure = words.next().unwrap();
    let unit = words.next().unwrap();
    let value: f64 = figure.parse().unwrap();
    assert!(value > 0.0, "{text}");
    assert!(
        ["CPU-seconds", "CPU-minutes", "CPU-hours"].contains(&unit),
        "{text}"
    );
    if value < 10.0 {
        assert!(figure.contains('.'), "{text}");
    }

    let out = crate::common::boggle()
        .args(&args)
        .arg("--json")
        .output()
        .unwrap();
    assert!(out.status.success());
    let j: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(j["sample"], 8, "{j}");
    assert_eq!(j["class_seconds"].as_array().unwrap().len(), 8, "{j}");
    let cpu = j["class_cpu_seconds"].as_array().unwrap();
    assert_eq!(cpu.len(), 8, "{j}");
    // -j 1: one thread, its CPU time never more than the wall clock's.
    for (c, w) in cpu.iter().zip(j["class_seconds"].as_array().unwrap()) {
        assert!(c.as_f64().unwrap() <= w.as_f64().unwrap() + 1e-3, "{j}");
    }
    let (low, high, est) = (
        j["low_hours"].as_f64().unwrap(),
        j["high_hours"].as_f64().unwrap(),
        j["cpu_hours"].as_f64().unwrap(),
    );
    assert!(est > 0.0 && low <= est && est <= high, "{j}");
    let (t1, t5) = (j["tail_1"].as_f64().unwrap(), j["tail_5"].as_f64().unwrap());
    assert!(0.0 < t1 && t1 <= t5 && t5 <= 1.0, "{j}");
    assert!(
        text.contains("95% interval") && text.contains("the slowest 5%"),
        "{text}"
    );
}

/// `--sample N --until SHARE` grows the sample until its projection is
/// stable or it has N classes, and says which.
#[test]
fn prove_sample_until_says_whether_it_is_stable() {
    let dir = tempfile::tempdir().unwrap();
    let pack = tiny_pack(dir.path());
    let (code, j, err) = prove_json(&pack, &["--sample", "40", "--until", "100%", "--seed", "3"]);
    assert_eq!(code, 0, "{err}");
    let n = j["sample"].as_u64().unwrap();
    assert_eq!(j["until"], 1.0, "{j}");
    let stable = j["stable"].as_bool().unwrap_or_else(|| panic!("{j}"));
    // From min(100, 40) = 40 classes: one step, stable or at the cap.
    assert_eq!(n, 40, "{j}");
    let (low, high, est) = (
        j["low_hours"].as_f64().unwrap(),
        j["high_hours"].as_f64().unwrap(),
        j["cpu_hours"].as_f64().unwrap(),
    );
    let slowest = j["slowest_seconds"].as_f64().unwrap();
    let total: f64 = j["class_cpu_seconds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_f64().unwrap())
        .sum();
    assert_eq!(
        stable,
        (high - low) / 2.0 <= est && slowest <= 0.05 * total + 1e-12,
        "{j}"
    );
    // Without --until: no rule.
    let (_, plain, _) = prove_json(&pack, &["--sample", "4"]);
    assert_eq!(
        (plain["until"].clone(), plain["stable"].clone()),
        (Value::Null, Value::Null)
    );
    // --until: a share of more than 0 and at most 1, with --sample.
    for bad in [
        "--sample 9 --until 0",
        "--sample 9 --until 150%",
        "--sample 9 --until tight",
        "--until 10%",
    ] {
        let out = prove_text(&pack, bad);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{bad}: {err}");
        assert_eq!(err.lines().count(), 1, "{bad}: {err}");
    }
    // The text says which.
    let out = prove_text(&pack, "--sample 40 --until 100% --seed 3");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.lines().last().is_some_and(|l| l.starts_with("stable: ") || l.starts_with("not stable at 40 classes")), "{text}");
}

/// Runs `boggle prove --pack PACK --size 2x2 --threshold 3 ARGS` (spaced).
fn prove_text(pack: &std::path::Path, args: &str) -> std::process::Output {
    crate::common::boggle()
        .arg("prove")
        .arg("--pack")
        .arg(pack)
        .args(["--size", "2x2", "--threshold", "3"])
        .args(args.split(' '))
        .output()
        .unwrap()
}

/// `--slice K/N --seed S`: the N slices of a seed find the proof's boards
/// between them, their classes add up to the proof's, each says it is not
/// a proof; a slice's checkpoint is its own run; bad slices are refused.
#[test]
fn prove_slices_make_the_proof_between_them() {
    let dir = tempfile::tempdir().unwrap();
    let pack = tiny_pack(dir.path());
    let (code, full, err) = prove_json(&pack, &[]);
    assert_eq!(code, 0, "{err}");
    let whole = full["assigned"].as_u64().unwrap();
    assert!(whole > 3, "{full}");
    let mut boards = std::collections::BTreeSet::new();
    let mut assigned = 0;
    for k in 1..=3 {
        let slice = format!("{k}/3");
        let (code, j, err) = prove_json(&pack, &["--slice", &slice, "--seed", "2"]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(j["slice"]["k"], k, "{j}");
        assert_eq!(
            (j["slice"]["n"].clone(), j["slice"]["seed"].clone()),
            (Value::from(3), Value::from(2))
        );
        assert!(
            err.contains("not a proof") && err.contains(&format!("slice {k}/3 (seed 2): ")),
            "{err}"
        );
        assert!(j["cpu_seconds"].as_f64().unwrap() >= 0.0, "{j}");
        assigned += j["assigned"].as_u64().unwrap();
        for b in j["boards"].as_array().unwrap() {
            boards.insert(b["board"].as_str().unwrap().to_string());
        }
    }
    assert_eq!(assigned, whole);
    let all: std::collections::BTreeSet<String> = full["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["board"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(boards, all);
    // A slice's checkpoint resumes that slice only.
    let ck = dir.path().join("slice.json");
    let ck_s = ck.to_str().unwrap();
    let (code, _, err) = prove_json(&pack, &["--slice", "1/3", "--checkpoint", ck_s]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = prove_json(
        &pack,
        &["--slice", "1/3", "--seed", "5", "--checkpoint", ck_s],
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("checkpoint of another run"), "{err}");
    for bad in [
        "--slice 0/3",
        "--slice 4/3",
        "--slice half",
        "--seed 3",
        "--slice 1/2 --sample 3",
    ] {
        let out = prove_text(&pack, bad);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{bad}: {err}");
        assert_eq!(err.lines().count(), 1, "{bad}: {err}");
    }
}

/// `--sample --json` names each class by its cells' buckets, and `--class`
/// runs those classes alone, timed the same way; a class the proof does
/// not run is refused in words.
#[test]
fn prove_class_runs_a_sampled_class_alone() {
    let dir = tempfile::tempdir().unwrap();
    let pack = tiny_pack(dir.path());
    let (code, j, err) = prove_json(&pack, &["--sample", "3", "--seed", "4"]);
    assert_eq!(code, 0, "{err}");
    let names: Vec<String> = j["class_buckets"]
        .as_array()
        .unwrap_or_else(|| panic!("{j}"))
        .iter()
        .map(|b| b.as_str().unwrap().to_string())
        .collect();
    assert_eq!(names.len(), 3);
    let mut args = vec!["--class"];
    args.extend(names.iter().map(String::as_str));
    let (code, again, err) = prove_json(&pack, &args);
    assert_eq!(code, 0, "{err}");
    let ran = again["classes"].as_array().unwrap();
    let mut got: Vec<&str> = ran.iter().map(|c| c["buckets"].as_str().unwrap()).collect();
    let mut want: Vec<&str> = names.iter().map(String::as_str).collect();
    got.sort_unstable();
    want.sort_unstable();
    assert_eq!(got, want);
    for c in ran {
        assert!(c["cpu_seconds"].as_f64().unwrap() >= 0.0, "{c}");
        assert!(c["classes"].as_u64().unwrap() >= 1, "{c}");
    }
    // As text: one line a class.
    let out = prove_text(&pack, &format!("--class {}", names[0]));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(
        text.starts_with(&format!("{}: ", names[0])) && text.contains("CPU-seconds"),
        "{text}"
    );
    // Wrong classes: too short, a bucket the cell lacks, with --sample.
    for bad in ["01", "02/10", "01/10 --sample 2"] {
        let out = prove_text(&pack, &format!("--class {bad}"));
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{bad}: {err}");
        assert_eq!(err.lines().count(), 1, "{bad}: {err}");
    }
    // Of two mirror images, the proof runs one: the other is refused.
    let refused: Vec<String> = ["01/10", "10/01"]
        .iter()
        .map(|c| prove_text(&pack, &format!("--class {c}")))
        .filter(|o| !o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stderr).to_string())
        .collect();
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert!(refused[0].contains("rotation or reflection"), "{refused:?}");
}

/// A 3x4 sample is stratified by cells of the rarest consonants (bucket
/// 2, which its inner cells have): its JSON names each class's stratum,
/// and the strata's classes add up to the proof's.
#[test]
fn prove_sample_draws_each_stratum_in_proportion() {
    let dir = tempfile::tempdir().unwrap();
    let pack = tiny_pack(dir.path());
    let out = crate::common::boggle()
        .arg("prove")
        .arg("--pack")
        .arg(&pack)
        .args(["--size", "3x4", "--threshold", "5", "--sample", "12"])
        .args(["--seed", "2", "-j", "1", "--json"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    let j: Value = serde_json::from_slice(&out.stdout).unwrap();
    let strata = j["strata"].as_array().unwrap();
    assert!(strata.len() >= 2, "{j}");
    let field = |s: &Value, k: &str| s[k].as_f64().unwrap();
    let classes: f64 = strata.iter().map(|s| field(s, "classes")).sum();
    assert_eq!(classes, j["classes"].as_f64().unwrap(), "{j}");
    let drawn: f64 = strata.iter().map(|s| field(s, "sampled")).sum();
    assert_eq!(drawn, 12.0, "{j}");
    for s in strata {
        // Each stratum's draws within one of its share of the 12.
        let share = 12.0 * field(s, "classes") / classes;
        assert!(field(s, "sampled") >= 2.0, "{j}");
        assert!((field(s, "sampled") - share).abs() < 1.0, "{j}");
    }
    let buckets = j["class_buckets"].as_array().unwrap();
    let of = j["class_strata"].as_array().unwrap();
    assert_eq!((buckets.len(), of.len()), (12, 12), "{j}");
    for (b, h) in buckets.iter().zip(of) {
        let rarest = b.as_str().unwrap().matches('2').count() as f64;
        let s = &strata[h.as_u64().unwrap() as usize];
        assert!(
            field(s, "rarest_from") <= rarest && rarest <= field(s, "rarest_to"),
            "{b} in {s}"
        );
    }
    // The text says how it was parted.
    let out = crate::common::boggle()
        .arg("prove")
        .arg("--pack")
        .arg(&pack)
        .args(["--size", "3x4", "--threshold", "5", "--sample", "12"])
        .args(["--seed", "2", "-j", "1"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(&format!(
            "{} strata by cells of the rarest consonants",
            strata.len()
        )),
        "{text}"
    );
}
