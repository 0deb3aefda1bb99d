//! `boggle prove --merge` of samples: the `--sample --json` outputs of one
//! proof, drawn with other seeds (on other machines, or one after another),
//! pooled into one projection, read by the estimator a single sample is
//! read by ([`prove::Projection::of`]).
//!
//! Samples of other sizes may be parted into other strata (a stratum holds
//! enough classes for two of its sample's draws). Each sample draws from
//! its strata in proportion to their classes, so within any run of strata
//! both samples are drawn in proportion too: the pool is parted by the
//! strata's common bounds, the coarsest parting every sample's strata
//! refine, and each pooled stratum's mean is over all the samples' classes
//! in it.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use boggle_cli::usage_msg;
use prove::{Projection, Stratum};

use super::timing::{show, SampleReport};

/// Pools `reports` (read from `paths`, in order) and prints the pool's
/// projection as a sample's; files that do not go together are a usage
/// error naming them.
pub(super) fn pool(paths: &[PathBuf], reports: Vec<SampleReport>, json: bool) -> Result<ExitCode> {
    let file = |i: usize| paths[i].display().to_string();
    let seeds = check(paths, &reports)?;
    // Every sample shares these (checked); the first's projection stands
    // until the pool's is worked out.
    let first = &reports[0];
    let (run, projection, assignments) = (first.run.clone(), first.projection, first.assignments);
    let proof_classes = projection.classes;
    let strata = common_strata(&reports).ok_or_else(|| {
        usage_msg(format!(
            "the samples' strata do not count the same classes as {}'s: not samples of one proof",
            file(0)
        ))
    })?;
    let mut pooled = SampleReport {
        run,
        seed: (seeds.len() == 1).then(|| seeds[0]),
        seeds,
        sample: 0,
        drawn: 0,
        kept: 0,
        assignments,
        projection,
        class_seconds: Vec::new(),
        class_cpu_seconds: Vec::new(),
        class_peak_bytes: Vec::new(),
        class_splits: Vec::new(),
        class_buckets: Vec::new(),
        strata: strata.clone(),
        class_strata: Vec::new(),
        boards: 0,
        until: None,
        stable: None,
    };
    for r in reports {
        pooled.sample += r.sample;
        pooled.drawn += r.drawn;
        pooled.kept += r.kept;
        pooled.boards += r.boards;
        for &h in &r.class_strata {
            let to = r.strata.get(h).map_or(usize::MAX, |s| s.rarest_to);
            let k = strata
                .iter()
                .position(|s| to <= s.rarest_to)
                .unwrap_or(strata.len().saturating_sub(1));
            pooled.class_strata.push(k);
            if let Some(s) = pooled.strata.get_mut(k) {
                s.sampled += 1;
            }
        }
        pooled.class_seconds.extend(r.class_seconds);
        pooled.class_cpu_seconds.extend(r.class_cpu_seconds);
        pooled.class_peak_bytes.extend(r.class_peak_bytes);
        pooled.class_splits.extend(r.class_splits);
        pooled.class_buckets.extend(r.class_buckets);
    }
    let classes: Vec<(usize, f64)> = pooled
        .class_strata
        .iter()
        .copied()
        .zip(pooled.class_cpu_seconds.iter().copied())
        .collect();
    pooled.projection = Projection::of(proof_classes, &pooled.strata, &classes)
        .ok_or_else(|| usage_msg("the samples hold no class".to_string()))?;
    show(&pooled, json)?;
    Ok(ExitCode::SUCCESS)
}

/// The seeds of `reports` (read from `paths`), in order, once each
/// shares the first's run and count of classes, its lists go together, and
/// no seed is drawn twice; else a usage error naming the files.
fn check(paths: &[PathBuf], reports: &[SampleReport]) -> Result<Vec<u64>> {
    let file = |i: usize| paths[i].display().to_string();
    let Some(first) = reports.first() else {
        return Err(usage_msg("no files to merge".to_string()));
    };
    let mut seen: Vec<(u64, usize)> = Vec::new();
    for (i, r) in reports.iter().enumerate() {
        check_lists(r).map_err(|why| {
            usage_msg(format!("{}: not a sample's --json output: {why}", file(i)))
        })?;
        if r.run != first.run {
            return Err(usage_msg(format!(
                "{} is another run than {} (pack, size, rules or threshold differ)",
                file(i),
                file(0)
            )));
        }
        if r.projection.classes != first.projection.classes {
            return Err(usage_msg(format!(
                "{} counts {} classes in the proof and {} counts {}: not samples of one proof",
                file(i),
                r.projection.classes,
                file(0),
                first.projection.classes
            )));
        }
        for seed in seeds(r) {
            if let Some(&(_, j)) = seen.iter().find(|(s, _)| *s == seed) {
                return Err(usage_msg(if i == j {
                    format!("{} holds seed {seed} twice", file(i))
                } else {
                    format!(
                        "{} and {} both drew seed {seed}: pool samples of other seeds",
                        file(j),
                        file(i)
                    )
                }));
            }
            seen.push((seed, i));
        }
    }
    Ok(seen.into_iter().map(|(s, _)| s).collect())
}

/// A sample's seeds: its list, or the one seed of a report from before
/// pools had one.
fn seeds(r: &SampleReport) -> Vec<u64> {
    if r.seeds.is_empty() {
        r.seed.into_iter().collect()
    } else {
        r.seeds.clone()
    }
}

/// Why a report's lists of classes do not go together, if they do not: one
/// entry a class in each, each class's stratum one of its strata.
fn check_lists(r: &SampleReport) -> std::result::Result<(), String> {
    let n = r.sample;
    let lens = [
        r.class_seconds.len(),
        r.class_cpu_seconds.len(),
        r.class_peak_bytes.len(),
        r.class_splits.len(),
        r.class_buckets.len(),
        r.class_strata.len(),
    ];
    if lens.iter().any(|&l| l != n) {
        return Err(format!("its lists of classes are not all {n} long"));
    }
    let parts = r.strata.len().max(1);
    if let Some(h) = r.class_strata.iter().find(|&&h| h >= parts) {
        return Err(format!("a class of stratum {h}, of {parts}"));
    }
    if seeds(r).is_empty() {
        return Err("it names no seed".to_string());
    }
    Ok(())
}

/// The strata every report's strata refine: parted only where every
/// report's strata are (after a count of rarest cells that ends a stratum
/// of each), each with the classes of the strata it joins, none sampled
/// yet; `None` when the reports count another number of classes there (a
/// report of no strata is one of every class).
fn common_strata(reports: &[SampleReport]) -> Option<Vec<Stratum>> {
    let ends = |r: &SampleReport| -> Vec<usize> { r.strata.iter().map(|s| s.rarest_to).collect() };
    let last = reports
        .iter()
        .flat_map(|r| r.strata.iter().map(|s| s.rarest_to))
        .max();
    let Some(last) = last else {
        return Some(Vec::new());
    };
    if reports.iter().any(|r| r.strata.is_empty()) {
        // One of every class: nothing to part by.
        let total = reports[0].projection.classes;
        return Some(vec![Stratum {
            rarest_from: 0,
            rarest_to: last,
            classes: total,
            sampled: 0,
        }]);
    }
    let mut common: Vec<usize> = ends(&reports[0])
        .into_iter()
        .filter(|e| reports.iter().all(|r| ends(r).contains(e)))
        .collect();
    if common.last() != Some(&last) {
        common.push(last);
    }
    let mut strata = Vec::new();
    let mut from = 0;
    for &to in &common {
        let within = |r: &SampleReport| -> f64 {
            r.strata
                .iter()
                .filter(|s| s.rarest_from >= from && s.rarest_to <= to)
                .map(|s| s.classes)
                .sum()
        };
        let classes = within(&reports[0]);
        if reports.iter().any(|r| within(r) != classes) {
            return None;
        }
        strata.push(Stratum {
            rarest_from: from,
            rarest_to: to,
            classes,
            sampled: 0,
        });
        from = to + 1;
    }
    Some(strata)
}
