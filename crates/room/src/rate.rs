//! A token bucket: how many messages a connection may still send, or how
//! many rooms, joins and code guesses a client address has left.

use std::time::Instant;

/// `rate` messages a second on average, `burst` more at once.
#[derive(Debug)]
pub(crate) struct Bucket {
    tokens: f64,
    rate: f64,
    cap: f64,
    at: Instant,
}

impl Bucket {
    pub(crate) fn new(rate: u32, burst: u32) -> Bucket {
        let cap = f64::from(burst.max(1));
        Bucket {
            tokens: cap,
            rate: f64::from(rate),
            cap,
            at: Instant::now(),
        }
    }

    /// `count` a minute, all of them at once if none was used for a minute.
    pub(crate) fn per_minute(count: u32) -> Bucket {
        let cap = f64::from(count.max(1));
        Bucket {
            tokens: cap,
            rate: cap / 60.0,
            cap,
            at: Instant::now(),
        }
    }

    /// Whether the bucket would be full at `now`: nothing it counts was
    /// taken lately, so forgetting it changes nothing.
    pub(crate) fn full(&self, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.at).as_secs_f64();
        self.tokens + elapsed * self.rate >= self.cap
    }

    /// Whether a token is left at `now` (none is taken).
    pub(crate) fn peek(&self, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.at).as_secs_f64();
        (self.tokens + elapsed * self.rate).min(self.cap) >= 1.0
    }

    /// Takes one token; `false` if none is left.
    pub(crate) fn take(&mut self, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.at).as_secs_f64();
        self.at = now;
        self.tokens = (self.tokens + elapsed * self.rate).min(self.cap);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_burst_then_the_rate() {
        let t = Instant::now();
        let mut b = Bucket::new(10, 5);
        assert!((0..5).all(|_| b.take(t)));
        assert!(!b.take(t));
        assert!(b.take(t + Duration::from_millis(100)));
        assert!(!b.take(t + Duration::from_millis(100)));
    }
}
