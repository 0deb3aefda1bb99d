//! `boggle prove --merge` of samples: the `--sample --json` outputs of one
//! proof drawn with other seeds pooled into one projection, checked against
//! the stratified estimate worked out here from the pool's own lists, and
//! against each sample read alone; files that do not go together refused.

use std::path::{Path, PathBuf};

use serde_json::Value;

/// A 3x4 proof of a small pack: its inner cells have three buckets, so a
/// sample of it is parted into strata by cells of the rarest consonants.
pub(crate) fn pack(dir: &Path) -> PathBuf {
    let path = dir.join("small.pack");
    let words = [
        "tea", "eat", "ate", "tee", "seat", "east", "rest", "tears", "stare", "rates", "nest",
        "tents", "mist", "list", "slit", "tins", "snit", "zest", "jinx", "quiz",
    ];
    std::fs::write(&path, crate::common::tiny_pack_bytes(&words, false)).unwrap();
    path
}

/// `boggle prove --pack PACK --size 3x4 --threshold T --json ARGS`.
fn prove(pack: &Path, threshold: u32, args: &[&str]) -> Value {
    let out = crate::common::boggle()
        .arg("prove")
        .arg("--pack")
        .arg(pack)
        .args([
            "--size",
            "3x4",
            "--threshold",
            &threshold.to_string(),
            "--json",
            "-j",
            "2",
        ])
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// `boggle prove --merge FILES… [--json]`: exit code, standard output and
/// standard error.
fn merge(files: &[&Path], json: bool) -> (Option<i32>, String, String) {
    let mut cmd = crate::common::boggle();
    cmd.arg("prove");
    if json {
        cmd.arg("--json");
    }
    let out = cmd.arg("--merge").args(files).output().unwrap();
    let text = |b: &[u8]| String::from_utf8_lossy(b).to_string();
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

fn floats(v: &Value) -> Vec<f64> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect()
}

/// The stratified estimate of a sample's JSON, from its lists: each
/// stratum's mean CPU seconds weighed by its share of the classes, times
/// the classes, in hours.
fn estimate(j: &Value) -> f64 {
    let strata = j["strata"].as_array().unwrap();
    let cpu = floats(&j["class_cpu_seconds"]);
    let of: Vec<usize> = j["class_strata"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h.as_u64().unwrap() as usize)
        .collect();
    let total: f64 = strata.iter().map(|s| s["classes"].as_f64().unwrap()).sum();
    let mut mean = 0.0;
    for (h, s) in strata.iter().enumerate() {
        let times: Vec<f64> = (0..cpu.len())
            .filter(|&i| of[i] == h)
            .map(|i| cpu[i])
            .collect();
        assert!(!times.is_empty(), "stratum {h} holds no class: {j}");
        mean +=
            s["classes"].as_f64().unwrap() / total * times.iter().sum::<f64>() / times.len() as f64;
    }
    j["classes"].as_f64().unwrap() * mean / 3600.0
}

#[test]
fn samples_of_other_seeds_pool_into_one_projection() {
    let dir = tempfile::tempdir().unwrap();
    let pack = pack(dir.path());
    let mut files = Vec::new();
    let mut samples = Vec::new();
    // Two samples of 24 and one of 8: the small one is parted into fewer,
    // wider strata.
    for (seed, n) in [(1, 24), (2, 24), (3, 8)] {
        let j = prove(
            &pack,
            100,
            &["--sample", &n.to_string(), "--seed", &seed.to_string()],
        );
        assert_eq!(j["sample"], n, "{j}");
        assert_eq!(j["seeds"], serde_json::json!([seed]), "{j}");
        let file = dir.path().join(format!("seed{seed}.json"));
        std::fs::write(&file, j.to_string()).unwrap();
        files.push(file);
        samples.push(j);
    }
    let parts = |j: &Value| j["strata"].as_array().unwrap().len();
    assert!(
        parts(&samples[0]) > parts(&samples[2]) && parts(&samples[2]) >= 2,
        "{samples:?}"
    );

    // One sample alone reads as it did.
    let (code, out, err) = merge(&[&files[0]], true);
    assert_eq!(code, Some(0), "{err}");
    let alone: Value = serde_json::from_str(&out).unwrap();
    for key in [
        "cpu_hours",
        "low_hours",
        "high_hours",
        "tail_1",
        "tail_5",
        "mean_seconds",
    ] {
        let (a, b) = (
            alone[key].as_f64().unwrap(),
            samples[0][key].as_f64().unwrap(),
        );
        assert!(
            (a - b).abs() <= 1e-9 * b.abs().max(1e-12),
            "{key}: {a} against {b}"
        );
    }

    // The three pooled: every class once, the estimate over all of them.
    let all: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
    let (code, out, err) = merge(&all, true);
    assert_eq!(code, Some(0), "{err}");
    let pooled: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(pooled["sample"], 56, "{pooled}");
    assert_eq!(pooled["seeds"], serde_json::json!([1, 2, 3]));
    assert_eq!(pooled["seed"], Value::Null);
    let cpu: Vec<f64> = samples
        .iter()
        .flat_map(|s| floats(&s["class_cpu_seconds"]))
        .collect();
    assert_eq!(floats(&pooled["class_cpu_seconds"]), cpu);
    let drawn: u64 = samples.iter().map(|s| s["drawn"].as_u64().unwrap()).sum();
    assert_eq!(pooled["drawn"], drawn);
    // Its strata are bounded where every sample's are, and count the
    // proof's classes between them.
    let strata = pooled["strata"].as_array().unwrap();
    assert_eq!(strata.len(), parts(&samples[2]), "{pooled}");
    let sampled: u64 = strata.iter().map(|s| s["sampled"].as_u64().unwrap()).sum();
    assert_eq!(sampled, 56);
    let classes: f64 = strata.iter().map(|s| s["classes"].as_f64().unwrap()).sum();
    assert_eq!(classes, pooled["classes"].as_f64().unwrap());
    for s in strata {
        let to = &s["rarest_to"];
        for j in &samples {
            assert!(
                j["strata"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|t| &t["rarest_to"] == to),
                "{s} in {j}"
            );
        }
    }
    let (est, low, high) = (
        pooled["cpu_hours"].as_f64().unwrap(),
        pooled["low_hours"].as_f64().unwrap(),
        pooled["high_hours"].as_f64().unwrap(),
    );
    let expected = estimate(&pooled);
    assert!(
        (est - expected).abs() <= 1e-9 * expected,
        "{est} against {expected}"
    );
    assert!(low <= est && est <= high, "{pooled}");

    // The text names the seeds.
    let (code, text, _) = merge(&all, false);
    assert_eq!(code, Some(0));
    assert!(text.starts_with("56 of "), "{text}");
    assert!(text.contains("seeds 1, 2, 3"), "{text}");

    // A pool is a sample too: pooled again with another seed.
    let pool_file = dir.path().join("pool.json");
    std::fs::write(&pool_file, &out).unwrap();
    let j = prove(&pack, 100, &["--sample", "8", "--seed", "4"]);
    let four = dir.path().join("seed4.json");
    std::fs::write(&four, j.to_string()).unwrap();
    let (code, out, err) = merge(&[&pool_file, &four], true);
    assert_eq!(code, Some(0), "{err}");
    let again: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(again["seeds"], serde_json::json!([1, 2, 3, 4]));
    assert_eq!(again["sample"], 64);
}

#[test]
fn samples_that_do_not_go_together_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let pack = pack(dir.path());
    let write = |name: &str, j: &Value| {
        let file = dir.path().join(name);
        std::fs::write(&file, j.to_string()).unwrap();
        file
    };
    let one = prove(&pack, 100, &["--sample", "8", "--seed", "1"]);
    let a = write("a.json", &one);
    let b = write("b.json", &one);
    let other = write(
        "other.json",
        &prove(&pack, 101, &["--sample", "8", "--seed", "2"]),
    );
    let proof = write("proof.json", &prove(&pack, 100, &["--shard", "1/4"]));
    let mut cut = one.clone();
    cut["class_cpu_seconds"].as_array_mut().unwrap().pop();
    let cut = write("cut.json", &cut);
    let cases: [(&[&Path], &str); 4] = [
        (&[&a, &b], "both drew seed 1"),
        (&[&a, &other], "is another run than"),
        (&[&a, &proof], "is a sample's output and"),
        (&[&cut], "not all 8 long"),
    ];
    for (files, says) in cases {
        let (code, out, err) = merge(files, true);
        assert_eq!(code, Some(2), "{files:?}: {err}");
        assert!(out.is_empty(), "{files:?}: {out}");
        assert_eq!(err.lines().count(), 1, "{files:?}: {err}");
        assert!(err.contains(says), "{files:?}: {err}");
        let named = files.last().unwrap().file_name().unwrap().to_str().unwrap();
        assert!(err.contains(named), "{files:?}: {err}");
    }
}
