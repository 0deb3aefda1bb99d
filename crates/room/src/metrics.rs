//! What `/metrics` reports, in the Prometheus text format: connections,
//! WebSockets, rooms, rounds, tries and how long judging them took, and
//! refusals by reason. Counters are atomics (a try costs two adds); the
//! refusals' names are a small fixed set, kept in a locked map.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

/// The judge latency histogram's upper bounds, in seconds.
const BOUNDS: [f64; 10] = [
    0.000_05, 0.000_1, 0.000_25, 0.000_5, 0.001, 0.002_5, 0.005, 0.01, 0.05, 0.25,
];

/// The server's counters.
#[derive(Debug, Default)]
pub struct Metrics {
    websockets: AtomicU64,
    websockets_total: AtomicU64,
    rounds: AtomicU64,
    tries: AtomicU64,
    judge_buckets: [AtomicU64; BOUNDS.len()],
    judge_count: AtomicU64,
    judge_nanos: AtomicU64,
    accept_errors: AtomicU64,
    arena_rounds: AtomicU64,
    arena_results: AtomicU64,
    arena_held: AtomicU64,
    refusals: Mutex<BTreeMap<String, u64>>,
}

/// The gauges the server reads when it is scraped.
#[derive(Clone, Copy, Debug)]
pub struct Gauges {
    /// Open TCP connections.
    pub connections: usize,
    /// Open rooms.
    pub rooms: usize,
}

impl Metrics {
    /// A WebSocket opened.
    pub fn websocket_opened(&self) {
        self.websockets.fetch_add(1, Ordering::Relaxed);
        self.websockets_total.fetch_add(1, Ordering::Relaxed);
    }

    /// A WebSocket closed.
    pub fn websocket_closed(&self) {
        self.websockets.fetch_sub(1, Ordering::Relaxed);
    }

    /// A round started.
    pub fn round_started(&self) {
        self.rounds.fetch_add(1, Ordering::Relaxed);
    }

    /// A try was judged in `took`.
    pub fn judged(&self, took: Duration) {
        self.tries.fetch_add(1, Ordering::Relaxed);
        let seconds = took.as_secs_f64();
        if let Some(i) = BOUNDS.iter().position(|&b| seconds <= b) {
            self.judge_buckets[i].fetch_add(1, Ordering::Relaxed);
        }
        self.judge_count.fetch_add(1, Ordering::Relaxed);
        let nanos = u64::try_from(took.as_nanos()).unwrap_or(u64::MAX);
        self.judge_nanos.fetch_add(nanos, Ordering::Relaxed);
    }

    /// An arena round ended with `results` players' results, `held` of
    /// them held out of the leaderboards for their pace.
    pub fn arena_round(&self, results: usize, held: usize) {
        self.arena_rounds.fetch_add(1, Ordering::Relaxed);
        self.arena_results
            .fetch_add(results as u64, Ordering::Relaxed);
        self.arena_held.fetch_add(held as u64, Ordering::Relaxed);
    }

    /// An accept failed.
    pub fn accept_error(&self) {
        self.accept_errors.fetch_add(1, Ordering::Relaxed);
    }

    /// Something was refused (a connection, a request), for `reason`.
    pub fn refused(&self, reason: &str) {
        let mut map = self.refusals.lock().unwrap_or_else(PoisonError::into_inner);
        match map.get_mut(reason) {
            Some(n) => *n += 1,
            None => {
                map.insert(reason.to_string(), 1);
            }
        }
    }

    /// The text `/metrics` answers, with the `gauges` read now.
    pub fn render(&self, gauges: Gauges) -> String {
        let get = |a: &AtomicU64| a.load(Ordering::Relaxed);
        let mut out = String::new();
        let mut metric = |name: &str, kind: &str, help: &str, lines: &[(String, f64)]| {
            let _ = writeln!(out, "# HELP boggle_room_{name} {help}");
            let _ = writeln!(out, "# TYPE boggle_room_{name} {kind}");
            for (labels, value) in lines {
                let _ = writeln!(out, "boggle_room_{name}{labels} {value}");
            }
        };
        let one = |v: u64| vec![(String::new(), v as f64)];
        metric(
            "connections",
            "gauge",
            "Open TCP connections, WebSockets among them.",
            &one(gauges.connections as u64),
        );
        metric(
            "websockets",
            "gauge",
            "Open WebSockets.",
            &one(get(&self.websockets)),
        );
        metric(
            "websockets_total",
            "counter",
            "WebSockets opened.",
            &one(get(&self.websockets_total)),
        );
        metric("rooms", "gauge", "Open rooms.", &one(gauges.rooms as u64));
        metric(
            "rounds_total",
            "counter",
            "Rounds started.",
            &one(get(&self.rounds)),
        );
        metric(
            "tries_total",
            "counter",
            "Tries judged.",
            &one(get(&self.tries)),
        );
        metric(
            "arena_rounds_total",
            "counter",
            "Arena rounds ended.",
            &one(get(&self.arena_rounds)),
        );
        metric(
            "arena_results_total",
            "counter",
            "Players' results of arena rounds.",
            &one(get(&self.arena_results)),
        );
        metric(
            "arena_held_total",
            "counter",
            "Arena results held out of the leaderboards: a pace no person reaches.",
            &one(get(&self.arena_held)),
        );
        let mut cumulative = 0;
        let mut lines = Vec::new();
        for (bound, bucket) in BOUNDS.iter().zip(&self.judge_buckets) {
            cumulative += get(bucket);
            lines.push((format!("_bucket{{le=\"{bound}\"}}"), cumulative as f64));
        }
        let count = get(&self.judge_count);
        lines.push(("_bucket{le=\"+Inf\"}".into(), count as f64));
        lines.push(("_sum".into(), get(&self.judge_nanos) as f64 / 1e9));
        lines.push(("_count".into(), count as f64));
        // A histogram's series carry their suffix before the labels.
        let _ = writeln!(
            out,
            "# HELP boggle_room_judge_seconds How long judging a try took."
        );
        let _ = writeln!(out, "# TYPE boggle_room_judge_seconds histogram");
        for (suffix, value) in lines {
            let _ = writeln!(out, "boggle_room_judge_seconds{suffix} {value}");
        }
        let refusals = self.refusals.lock().unwrap_or_else(PoisonError::into_inner);
        let lines: Vec<(String, f64)> = refusals
            .iter()
            .map(|(reason, n)| (format!("{{reason=\"{reason}\"}}"), *n as f64))
            .collect();
        drop(refusals);
        let _ = writeln!(
            out,
            "# HELP boggle_room_refusals_total Connections and requests refused, by reason."
        );
        let _ = writeln!(out, "# TYPE boggle_room_refusals_total counter");
        for (labels, value) in lines {
            let _ = writeln!(out, "boggle_room_refusals_total{labels} {value}");
        }
        let _ = writeln!(
            out,
            "# HELP boggle_room_accept_errors_total Failed accepts (out of file descriptors)."
        );
        let _ = writeln!(out, "# TYPE boggle_room_accept_errors_total counter");
        let _ = writeln!(
            out,
            "boggle_room_accept_errors_total {}",
            get(&self.accept_errors)
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_format_counts_and_buckets() {
        let m = Metrics::default();
        m.judged(Duration::from_micros(80));
        m.judged(Duration::from_millis(3));
        m.refused("rate");
        m.refused("rate");
        m.websocket_opened();
        let text = m.render(Gauges {
            connections: 3,
            rooms: 1,
        });
        for line in [
            "boggle_room_connections 3",
            "boggle_room_websockets 1",
            "boggle_room_rooms 1",
            "boggle_room_tries_total 2",
            "boggle_room_judge_seconds_bucket{le=\"0.00005\"} 0",
            "boggle_room_judge_seconds_bucket{le=\"0.0001\"} 1",
            "boggle_room_judge_seconds_bucket{le=\"0.005\"} 2",
            "boggle_room_judge_seconds_bucket{le=\"+Inf\"} 2",
            "boggle_room_judge_seconds_count 2",
            "boggle_room_refusals_total{reason=\"rate\"} 2",
        ] {
            assert!(text.lines().any(|l| l == line), "{line} missing:\n{text}");
        }
    }
}
