//! The projection, the stopping rule and sampled classes.

use super::*;

fn sampled(seconds: &[f64], drawn: u64, proof_classes: f64) -> Sampled {
    Sampled {
        assignments: proof_classes * 8.0,
        drawn,
        kept: seconds.len() as u64,
        proof_classes,
        classes: seconds
            .iter()
            .map(|&seconds| SampledClass {
                seconds: seconds * 2.0,
                cpu_seconds: seconds,
                classes: 1,
                solved: 0,
                split: 0,
                peak_bytes: 0,
                boards: Vec::new(),
                buckets: String::new(),
                stratum: 0,
            })
            .collect(),
        strata: Vec::new(),
    }
}

#[test]
fn projection_is_classes_times_the_mean() {
    // 500 classes in the proof; mean 2 s, sample variance 4/3, standard
    // error sqrt(4/3)/2.
    let p = sampled(&[1.0, 1.0, 3.0, 3.0], 8, 500.0)
        .projection()
        .unwrap();
    assert_eq!(p.classes, 500.0);
    assert_eq!(p.mean_seconds, 2.0);
    assert!((p.stderr_seconds - (4.0f64 / 3.0).sqrt() / 2.0).abs() < 1e-12);
    assert!((p.cpu_hours - 1000.0 / 3600.0).abs() < 1e-12);
    assert_eq!(sampled(&[], 3, 10.0).projection(), None);
    // Stopped after 2 of the 4 kept: the proof's classes are still 500.
    let mut stopped = sampled(&[1.0, 3.0], 8, 500.0);
    stopped.kept = 4;
    assert_eq!(stopped.projection().unwrap().classes, 500.0);
}

#[test]
fn the_interval_holds_the_estimate_and_the_tail_is_the_slowest_share() {
    // 99 classes of 1 s and one of 101 s: 200 s in all, the slowest
    // class (its 1%) 101 of them, and with four more of 1 s (5%) 105.
    let mut times = vec![1.0; 99];
    times.push(101.0);
    let p = sampled(&times, 100, 100.0).projection().unwrap();
    assert_eq!(p.mean_seconds, 2.0);
    assert_eq!(p.slowest_seconds, 101.0);
    assert!((p.tail_1 - 101.0 / 200.0).abs() < 1e-12, "{}", p.tail_1);
    assert!((p.tail_5 - 105.0 / 200.0).abs() < 1e-12, "{}", p.tail_5);
    assert!(
        p.low_hours <= p.cpu_hours && p.cpu_hours <= p.high_hours,
        "{p:?}"
    );
    // A resample without the slow class has a mean of 1 s: the
    // interval reaches down to about 1 s a class (a third of the
    // resamples miss it), and up past 3 s (those with it twice).
    assert!(p.low_hours * 3600.0 / p.classes <= 1.0 + 1e-9, "{p:?}");
    assert!(p.high_hours * 3600.0 / p.classes >= 3.0, "{p:?}");
    // The same sample, the same interval.
    assert_eq!(sampled(&times, 100, 100.0).projection(), Some(p));
    // Equal classes: no spread.
    let flat = sampled(&[2.0; 20], 20, 20.0).projection().unwrap();
    assert_eq!(
        (flat.low_hours, flat.high_hours),
        (flat.cpu_hours, flat.cpu_hours)
    );
}

#[test]
fn a_stopping_rule_asks_for_enough_classes_a_narrow_interval_and_no_dominant_class() {
    let rule = StoppingRule::default();
    let holds = |times: &[f64]| {
        let p = sampled(times, times.len() as u64, 1e6)
            .projection()
            .unwrap();
        rule.holds(&p, times.len())
    };
    assert!(holds(&[2.0; 100]), "100 equal classes are stable");
    assert!(!holds(&[2.0; 99]), "99 are too few");
    // One class of 101 s among 99 of 1 s holds half the time.
    let mut heavy = vec![1.0; 99];
    heavy.push(101.0);
    assert!(!holds(&heavy));
    // Half 0.1 s, half 10 s: no class over 2% of the time, but the
    // interval is about ±19% wide.
    let spread: Vec<f64> = (0..100)
        .map(|i| if i % 2 == 0 { 0.1 } else { 10.0 })
        .collect();
    assert!(!holds(&spread));
    let wide = StoppingRule {
        half_width: 0.25,
        ..rule
    };
    let p = sampled(&spread, 100, 1e6).projection().unwrap();
    assert!(wide.holds(&p, 100), "{p:?}");
}

/// A prover for 2x2 king boards of a pack of four words.
fn tiny() -> Prover {
    use prep::{Pack, PackBuilder, Recipe};
    let recipe = Recipe::builtin("enable").unwrap();
    let (bytes, _) = PackBuilder::new(recipe)
        .build_bytes(b"tea\neat\nate\ntee\n", "tiny.txt")
        .unwrap();
    let pack = Pack::from_vec(bytes, "tiny").unwrap();
    Prover::new(&pack, solve::Rules::for_pack(&pack), 2, 2).unwrap()
}

/// What a class's run found (not how long it took).
fn found(s: &Sampled) -> Vec<(u64, u64, u64, usize)> {
    s.classes
        .iter()
        .map(|c| (c.classes, c.solved, c.split, c.boards.len()))
        .collect()
}

#[test]
fn a_sample_grown_until_a_rule_holds_is_the_sample_of_its_size() {
    let prover = tiny();
    let options = ProveOptions {
        threshold: 4,
        ..ProveOptions::default()
    };
    // A rule that never holds: the sample grows by half to its cap.
    let never = StoppingRule {
        min_classes: 4,
        max_classes: 12,
        half_width: -1.0,
        slowest_share: 1.0,
    };
    let mut sizes = Vec::new();
    let grown = prover
        .sample_until(&never, 7, &options, &mut |n| sizes.push(n))
        .unwrap();
    assert_eq!(sizes, [4, 6, 9, 12]);
    let direct = prover.sample(12, 7, &options).unwrap();
    assert_eq!(found(&grown), found(&direct));
    assert_eq!((grown.drawn, grown.kept), (direct.drawn, direct.kept));
    assert_eq!(
        grown.projection().unwrap().classes,
        direct.projection().unwrap().classes
    );
    // A rule that holds at once stops at its fewest classes.
    let always = StoppingRule {
        half_width: f64::INFINITY,
        ..never
    };
    let first = prover
        .sample_until(&always, 7, &options, &mut |_| {})
        .unwrap();
    assert_eq!(
        found(&first),
        found(&prover.sample(4, 7, &options).unwrap())
    );
}

#[test]
fn a_sampled_class_says_its_cells_buckets_row_by_row() {
    let prover = tiny();
    let options = ProveOptions {
        threshold: 4,
        ..ProveOptions::default()
    };
    let sample = prover.sample(6, 3, &options).unwrap();
    for c in &sample.classes {
        let cells: Vec<char> = c.buckets.chars().collect();
        assert_eq!(cells.len(), 5, "{}", c.buckets);
        assert_eq!(cells[2], '/', "{}", c.buckets);
        assert!(cells.iter().all(|&x| "01/".contains(x)), "{}", c.buckets);
    }
    // Bucket 0 the vowels: a, e; 1 the rest (s, t).
    let (a, t) = (1u64 << 0, 1u64 << 19);
    let vowels = prover.buckets[0][0];
    assert!(vowels & a != 0 && vowels & t == 0);
    let consonants = prover.buckets[0][1];
    assert_eq!(
        prover.bucket_text(&[vowels, consonants, consonants, vowels]),
        "01/10"
    );
    assert_eq!(prover.bucket_text(&[a, t, t, a]), "01/10");
    // Read back: each sampled class, with or without the slash.
    for c in &sample.classes {
        let class = prover.class_of_text(&c.buckets).unwrap();
        assert_eq!(prover.bucket_text(&class), c.buckets);
        assert_eq!(
            prover.class_of_text(&c.buckets.replace('/', "")).unwrap(),
            class
        );
    }
    for bad in ["01/1", "012/0", "0/110", "02/10", "*1/10", "01/10/"] {
        assert!(prover.class_of_text(bad).is_err(), "{bad}");
    }
    // One the proof runs as its mirror image is refused.
    let mirrored = ["01/10", "10/01"]
        .iter()
        .filter(|t| prover.class_of_text(t).is_err())
        .count();
    assert_eq!(mirrored, 1);
    // Run alone, a class is timed as in a sample.
    let text = &sample.classes[0].buckets;
    let again = prover
        .run_classes(vec![prover.class_of_text(text).unwrap()], &options)
        .unwrap();
    assert_eq!(again[0].buckets, *text);
    assert_eq!(again[0].classes, sample.classes[0].classes);
}

#[test]
fn a_class_is_timed_by_its_threads_cpu_clock() {
    let before = thread_cpu_seconds();
    // Busy for a while, then asleep: only the busy part counts.
    let mut x = 0u64;
    for i in 0..20_000_000u64 {
        x = x.wrapping_mul(31).wrapping_add(i);
    }
    std::hint::black_box(x);
    std::thread::sleep(std::time::Duration::from_millis(300));
    match (before, thread_cpu_seconds()) {
        (Some(a), Some(b)) => assert!(b > a && b - a < 0.3, "{a} → {b}"),
        // Only where there is no thread CPU clock.
        _ => assert_eq!(before, None, "Linux has a thread CPU clock"),
    }
    #[cfg(target_os = "linux")]
    assert!(before.is_some(), "Linux has a thread CPU clock");
}

use crate::prover::tests::tiny as sized;

#[test]
fn the_class_count_is_the_classes_the_symmetry_test_keeps() {
    // Every assignment of start buckets enumerated, the symmetry test
    // asked of each: the count must be Burnside's.
    for (rows, cols) in [(2, 2), (3, 3), (3, 4), (4, 3), (2, 5), (1, 4)] {
        let prover = sized(rows, cols);
        let kept = every_class(&prover).len();
        assert_eq!(prover.class_count(), kept as f64, "{rows}x{cols}");
        assert!(kept > 1, "{rows}x{cols}");
    }
    // 4x4, by hand, its corners whole: the identity leaves 3^12 = 531,441
    // unchanged; a quarter turn, two cycles of edges and one of the inner
    // cells, 3^2 x 3 = 27 (twice); the half turn and the two mirrors
    // through edges, four cycles of edges, two inner, 3^4 x 3^2 = 729
    // (three times); the two diagonal mirrors, four pairs of edges, two
    // inner cells fixed and a pair, 3^4 x 3^3 = 2,187 (twice): 538,056 / 8.
    assert_eq!(sized(4, 4).class_count(), 67_257.0);
}

/// Every class the proof runs on `prover`'s board, by enumerating every
/// assignment of start buckets and asking the symmetry test of each.
fn every_class(prover: &Prover) -> Vec<Vec<u64>> {
    let cells = prover.rows * prover.cols;
    let choices: Vec<&[u64]> = (0..cells).map(|c| prover.start_buckets(c)).collect();
    let mut digits = vec![0usize; cells];
    let mut classes = Vec::new();
    'all: loop {
        let class: Vec<u64> = (0..cells).map(|c| choices[c][digits[c]]).collect();
        if !prover.symmetric_duplicate(&class) {
            classes.push(class);
        }
        for c in 0..cells {
            digits[c] += 1;
            if digits[c] < choices[c].len() {
                continue 'all;
            }
            digits[c] = 0;
        }
        return classes;
    }
}

#[test]
fn each_count_of_rarest_cells_has_the_classes_the_symmetry_test_keeps() {
    for (rows, cols) in [(3, 4), (4, 3), (2, 5), (3, 3)] {
        let prover = sized(rows, cols);
        let mut by_rarest = vec![0.0; rows * cols + 1];
        for class in every_class(&prover) {
            by_rarest[prover.rarest_cells(&class)] += 1.0;
        }
        assert_eq!(prover.rarest_counts(), by_rarest, "{rows}x{cols}");
    }
    // 3x4's two inner cells have a third bucket; 3x3 and 2x5 none.
    assert!(sized(3, 4).rarest_counts()[1] > 0.0);
    assert_eq!(sized(3, 3).rarest_counts()[1], 0.0);
    // 4x4, by hand (cycles as in the class count's test): no edge or
    // inner cell rarest leaves each of them two buckets, 2^12 + 2 x 2^3 +
    // 3 x 2^6 + 2 x 2^7 = 4,560 over 8 symmetries; all twelve rarest
    // leaves one class, the corners whole.
    let counts = sized(4, 4).rarest_counts();
    assert_eq!((counts[0], counts[12]), (570.0, 1.0));
    assert!(counts[13..].iter().all(|&c| c == 0.0));
    assert_eq!(counts.iter().sum::<f64>(), sized(4, 4).class_count());
}

#[test]
fn strata_part_the_rarest_counts_and_draw_in_proportion_to_their_classes() {
    let prover = sized(4, 4);
    for first in [48, 1000] {
        let design = prover.design(first);
        let strata = &design.strata;
        assert!(strata.len() >= 3, "{strata:?}");
        assert_eq!(strata[0].rarest_from, 0);
        assert_eq!(strata.last().unwrap().rarest_to, 16);
        for pair in strata.windows(2) {
            assert_eq!(pair[0].rarest_to + 1, pair[1].rarest_from, "{strata:?}");
        }
        let total: f64 = strata.iter().map(|s| s.classes).sum();
        assert_eq!(total, prover.class_count());
        for (h, s) in strata.iter().enumerate() {
            for j in s.rarest_from..=s.rarest_to {
                assert_eq!(design.stratum(j), h);
            }
        }
        let quota = design.allocate(first);
        assert_eq!(quota.iter().sum::<usize>(), first, "{quota:?}");
        for (s, &q) in strata.iter().zip(&quota) {
            // Two at least, and within one of the stratum's share.
            let share = first as f64 * s.classes / total;
            assert!(q >= 2 && (q as f64 - share).abs() < 1.0, "{s:?}: {q}");
        }
        for step in [first / 2, 17, 5, 1] {
            assert_eq!(design.allocate(step).iter().sum::<usize>(), step);
        }
    }
    // A larger sample parts finer: 8,548 classes with no rarest cell are
    // a stratum of their own in 1,000 draws (8 of them), not in 48.
    assert_eq!(prover.design(1000).strata[0].rarest_to, 0);
    assert!(prover.design(48).strata[0].rarest_to > 0);
    // Too small a sample for strata, or no rarest bucket: one stratum.
    assert_eq!(prover.design(3).strata.len(), 1);
    assert_eq!(sized(3, 3).design(48).strata.len(), 1);
}

#[test]
fn a_stratified_projection_weighs_each_stratum_by_its_classes() {
    // Stratum 0: 100 of the 1,000 classes, both drawn take 10 s; stratum
    // 1: 900, drawn 1 s and 3 s. Mean 0.1 x 10 + 0.9 x 2 = 2.8 s, standard
    // error sqrt(0.81 x 2 / 2) = 0.9.
    let mut s = sampled(&[10.0, 1.0, 10.0, 3.0], 4, 1000.0);
    for (c, h) in s.classes.iter_mut().zip([0, 1, 0, 1]) {
        c.stratum = h;
    }
    let stratum = |classes: f64, from: usize| Stratum {
        rarest_from: from,
        rarest_to: from,
        classes,
        sampled: 2,
    };
    s.strata = vec![stratum(100.0, 0), stratum(900.0, 1)];
    let p = s.projection().unwrap();
    assert!((p.mean_seconds - 2.8).abs() < 1e-12, "{p:?}");
    assert!((p.stderr_seconds - 0.9).abs() < 1e-12, "{p:?}");
    // Each 10 s class stands for 5% of the classes: the slowest 1% is
    // one of them, 0.5 s of the 2.8; the slowest 5% the same.
    assert!((p.tail_1 - 0.5 / 2.8).abs() < 1e-12, "{p:?}");
    assert!((p.tail_5 - 0.5 / 2.8).abs() < 1e-12, "{p:?}");
    assert_eq!(p.slowest_seconds, 10.0);
    // The bootstrap draws within strata: stratum 0 never varies, so the
    // interval is 0.1 x 10 + 0.9 x (1 to 3).
    assert!((p.low_hours * 3600.0 / 1000.0 - 1.9).abs() < 1e-9, "{p:?}");
    assert!((p.high_hours * 3600.0 / 1000.0 - 3.7).abs() < 1e-9, "{p:?}");
    // A stratum a cancel left empty: the others' shares are renormalised.
    s.classes.retain(|c| c.stratum == 1);
    assert!((s.projection().unwrap().mean_seconds - 2.0).abs() < 1e-12);
}

#[test]
fn a_stratified_draw_estimates_what_every_class_would_add_up_to() {
    // A made-up cost known for every class (heavier with fewer rarest
    // cells, spread within them by the vowels): the stratified estimate
    // from the prover's own draws must find the brute-force mean.
    let prover = sized(3, 4);
    let cost = |class: &[u64]| {
        let vowels = class.iter().filter(|&&s| s == prover.buckets[4][0]).count();
        (1 + vowels * vowels) as f64 * 5f64.powi(2 - prover.rarest_cells(class) as i32)
    };
    let all = every_class(&prover);
    let exact = all.iter().map(|c| cost(c)).sum::<f64>() / all.len() as f64;
    let design = prover.design(400);
    assert!(design.strata.len() >= 2, "{:?}", design.strata);
    let mut estimates = Vec::new();
    for seed in 0..20 {
        let mut s = prover.empty_sample(&design);
        let drawn = prover.draw(&mut Rng::new(seed), &design.allocate(400), &design, &mut s);
        assert_eq!(drawn.len(), 400);
        for (class, h) in drawn {
            assert_eq!(design.stratum(prover.rarest_cells(&class)), h);
            s.classes.push(SampledClass {
                seconds: 0.0,
                cpu_seconds: cost(&class),
                classes: 1,
                solved: 0,
                split: 0,
                peak_bytes: 0,
                boards: Vec::new(),
                buckets: String::new(),
                stratum: h,
            });
        }
        let quota = design.allocate(400);
        assert!(s.strata.iter().zip(&quota).all(|(st, &q)| st.sampled == q));
        let p = s.projection().unwrap();
        estimates.push((p.mean_seconds, p.stderr_seconds));
    }
    // The mean of 20 estimates within four of its standard errors.
    let mean = estimates.iter().map(|e| e.0).sum::<f64>() / 20.0;
    let se = (estimates.iter().map(|e| e.1 * e.1).sum::<f64>() / 20.0).sqrt() / 20f64.sqrt();
    assert!(
        (mean - exact).abs() < 4.0 * se,
        "{mean} vs {exact} (se {se})"
    );
}

#[test]
fn a_stratified_sample_grows_in_its_first_strata() {
    let prover = sized(3, 4);
    let options = ProveOptions {
        threshold: 100,
        ..ProveOptions::default()
    };
    let never = StoppingRule {
        min_classes: 8,
        max_classes: 18,
        half_width: -1.0,
        slowest_share: 1.0,
    };
    let mut sizes = Vec::new();
    let grown = prover
        .sample_until(&never, 5, &options, &mut |n| sizes.push(n))
        .unwrap();
    assert_eq!(sizes, [8, 12, 18]);
    let design = prover.design(8);
    assert!(design.strata.len() >= 2, "{:?}", design.strata);
    assert_eq!(
        grown.strata.iter().map(|s| s.classes).collect::<Vec<_>>(),
        design.strata.iter().map(|s| s.classes).collect::<Vec<_>>()
    );
    // Each step's draws spread as a sample of its size spreads them.
    let quota: Vec<usize> = [8, 4, 6]
        .iter()
        .map(|&step| design.allocate(step))
        .fold(vec![0; design.strata.len()], |acc, q| {
            acc.iter().zip(&q).map(|(a, b)| a + b).collect()
        });
    let sampled: Vec<usize> = grown.strata.iter().map(|s| s.sampled).collect();
    assert_eq!(sampled, quota);
    for c in &grown.classes {
        let class = prover.class_of_text(&c.buckets).unwrap();
        assert_eq!(design.stratum(prover.rarest_cells(&class)), c.stratum);
        assert_eq!(
            grown
                .classes
                .iter()
                .filter(|d| d.stratum == c.stratum)
                .count(),
            sampled[c.stratum]
        );
    }
}

#[test]
fn a_resumed_sample_takes_the_classes_held_and_runs_the_rest() {
    use std::collections::BTreeMap;
    use std::sync::Mutex;
    let prover = sized(3, 4);
    let threshold = 100;
    let kept = Mutex::new(BTreeMap::new());
    let record = |place: usize, c: &SampledClass| {
        kept.lock().unwrap().insert(place, c.clone());
    };
    let options = ProveOptions {
        threshold,
        on_sampled: Some(&record),
        ..ProveOptions::default()
    };
    let first = prover.sample(10, 5, &options).unwrap();
    let kept = kept.into_inner().unwrap();
    assert_eq!(
        kept.keys().copied().collect::<Vec<_>>(),
        (0..10).collect::<Vec<_>>()
    );
    assert_eq!(kept.values().cloned().collect::<Vec<_>>(), first.classes);
    // As if cut short with every other class finished: those are taken
    // as they were, times and all, and only the rest run.
    let held: BTreeMap<usize, SampledClass> = kept
        .iter()
        .filter(|(place, _)| *place % 2 == 0)
        .map(|(place, c)| (*place, c.clone()))
        .collect();
    let at = |place: usize| held.get(&place).cloned();
    let ran = Mutex::new(Vec::new());
    let tell = |place: usize, _: &SampledClass| ran.lock().unwrap().push(place);
    let resumed = prover
        .sample(
            10,
            5,
            &ProveOptions {
                threshold,
                sampled: Some(&at),
                on_sampled: Some(&tell),
                ..ProveOptions::default()
            },
        )
        .unwrap();
    let mut ran = ran.into_inner().unwrap();
    ran.sort_unstable();
    assert_eq!(ran, [1, 3, 5, 7, 9]);
    assert_eq!(found(&resumed), found(&first));
    assert_eq!((resumed.drawn, resumed.kept), (first.drawn, first.kept));
    for (place, c) in resumed.classes.iter().enumerate() {
        assert_eq!(c.buckets, first.classes[place].buckets);
        if place % 2 == 0 {
            assert_eq!(c, &first.classes[place]);
        }
    }
    // A held class that is not the one drawn at its place: refused.
    let mut wrong = first.classes[3].clone();
    wrong.buckets = "?".into();
    let other = |place: usize| (place == 3).then(|| wrong.clone());
    let refused = prover.sample(
        10,
        5,
        &ProveOptions {
            threshold,
            sampled: Some(&other),
            ..ProveOptions::default()
        },
    );
    assert!(
        matches!(refused, Err(ProveError::SampleCheckpoint { place: 3, .. })),
        "{refused:?}"
    );
}

#[test]
fn a_grown_sample_numbers_its_classes_across_its_steps() {
    use std::collections::BTreeMap;
    use std::sync::Mutex;
    let prover = sized(3, 4);
    let never = StoppingRule {
        min_classes: 4,
        max_classes: 9,
        half_width: -1.0,
        slowest_share: 1.0,
    };
    let kept = Mutex::new(BTreeMap::new());
    let record = |place: usize, c: &SampledClass| {
        kept.lock().unwrap().insert(place, c.clone());
    };
    let options = ProveOptions {
        threshold: 100,
        on_sampled: Some(&record),
        ..ProveOptions::default()
    };
    let grown = prover
        .sample_until(&never, 2, &options, &mut |_| {})
        .unwrap();
    let kept = kept.into_inner().unwrap();
    assert_eq!(kept.values().cloned().collect::<Vec<_>>(), grown.classes);
    assert_eq!(
        kept.keys().copied().collect::<Vec<_>>(),
        (0..9).collect::<Vec<_>>()
    );
    // Every class held: nothing runs, and the sample is the same.
    let at = |place: usize| kept.get(&place).cloned();
    let ran = Mutex::new(0);
    let tell = |_: usize, _: &SampledClass| *ran.lock().unwrap() += 1;
    let again = prover
        .sample_until(
            &never,
            2,
            &ProveOptions {
                threshold: 100,
                sampled: Some(&at),
                on_sampled: Some(&tell),
                ..ProveOptions::default()
            },
            &mut |_| {},
        )
        .unwrap();
    assert_eq!(*ran.lock().unwrap(), 0);
    assert_eq!(again, grown);
}
