//! What each client address may take: its open connections (counted from
//! accept to close) and, a minute at a time, the rooms it may create, the
//! joins it may make and the room codes it may get wrong. One client cannot
//! take every connection or every room, and a limit cannot be reset by
//! opening another connection.
//!
//! A client is its TCP peer's address or, when the peer is a proxy the
//! server trusts, the address the proxy names in `X-Forwarded-For` or
//! `Forwarded` (the last one in the chain that is not itself a trusted
//! proxy, since a client can write any address before it).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Instant;

use axum::http::{header, HeaderMap};
use ipnet::IpNet;

use crate::config::Limits;
use crate::rate::Bucket;

/// Clients remembered before the idle ones are forgotten.
const PRUNE_AT: usize = 4096;

/// Something a client does that its limits count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Act {
    /// Creates a room.
    Create,
    /// Takes a seat (or comes back to one).
    Join,
    /// Names a room code that no room has.
    Guess,
}

/// Why a connection is refused as it is accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Full {
    /// The server has its most connections.
    #[error("the server has its most connections")]
    Server,
    /// The client address has its share of them.
    #[error("this address has its most connections")]
    Client,
}

impl Full {
    /// The reason as the access log and the metrics name it.
    pub fn reason(self) -> &'static str {
        match self {
            Full::Server => "connections",
            Full::Client => "client_connections",
        }
    }
}

/// What one client address holds and has left.
#[derive(Debug)]
struct Client {
    open: usize,
    creates: Bucket,
    joins: Bucket,
    guesses: Bucket,
}

impl Client {
    fn new(limits: &Limits) -> Client {
        Client {
            open: 0,
            creates: Bucket::per_minute(limits.creates_per_minute),
            joins: Bucket::per_minute(limits.joins_per_minute),
            guesses: Bucket::per_minute(limits.guesses_per_minute),
        }
    }

    /// Whether forgetting it changes nothing: no connection open, and every
    /// limit back to full.
    fn forgettable(&self, now: Instant) -> bool {
        self.open == 0 && self.creates.full(now) && self.joins.full(now) && self.guesses.full(now)
    }
}

/// Every client's connections and limits.
#[derive(Debug)]
pub struct Clients {
    limits: Limits,
    trusted: Vec<IpNet>,
    open: AtomicUsize,
    by_addr: Mutex<HashMap<IpAddr, Client>>,
}

/// An open connection, counted until it is dropped.
#[derive(Debug)]
pub struct Open {
    clients: Arc<Clients>,
    peer: IpAddr,
    /// Whether it counts against its peer's share (a trusted proxy's do
    /// not).
    shared: bool,
}

impl Clients {
    /// No client yet; `trusted` are the proxies whose headers name clients.
    pub fn new(limits: Limits, trusted: Vec<IpNet>) -> Clients {
        Clients {
            limits,
            trusted,
            open: AtomicUsize::new(0),
            by_addr: Mutex::new(HashMap::new()),
        }
    }

    fn map(&self) -> MutexGuard<'_, HashMap<IpAddr, Client>> {
        self.by_addr.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Whether `addr` is a proxy the server trusts.
    pub fn trusted(&self, addr: IpAddr) -> bool {
        self.trusted.iter().any(|net| net.contains(&addr))
    }

    /// Counts a new connection from `peer`, or refuses it: past the
    /// server's limit, or past the peer's share (a trusted proxy has none).
    pub fn open(self: &Arc<Self>, peer: IpAddr) -> Result<Open, Full> {
        if self.open.fetch_add(1, Ordering::SeqCst) >= self.limits.max_connections {
            self.open.fetch_sub(1, Ordering::SeqCst);
            return Err(Full::Server);
        }
        let shared = !self.trusted(peer);
        if shared {
            let mut map = self.map();
            let client = map.entry(peer).or_insert_with(|| Client::new(&self.limits));
            if client.open >= self.limits.per_client {
                drop(map);
                self.open.fetch_sub(1, Ordering::SeqCst);
                return Err(Full::Client);
            }
            client.open += 1;
        }
        Ok(Open {
            clients: self.clone(),
            peer,
            shared,
        })
    }

    /// Connections open now (every one, whatever it carries).
    pub fn open_count(&self) -> usize {
        self.open.load(Ordering::SeqCst)
    }

    /// Takes one of `client`'s `act`s: `false` if it has none left this
    /// minute.
    pub fn take(&self, client: IpAddr, act: Act, now: Instant) -> bool {
        let mut map = self.map();
        if map.len() >= PRUNE_AT {
            map.retain(|_, c| !c.forgettable(now));
        }
        let c = map
            .entry(client)
            .or_insert_with(|| Client::new(&self.limits));
        match act {
            Act::Create => c.creates.take(now),
            Act::Join => c.joins.take(now),
            Act::Guess => c.guesses.take(now),
        }
    }

    /// Whether `client` has one of its `act`s left this minute (none is
    /// taken).
    pub fn allows(&self, client: IpAddr, act: Act, now: Instant) -> bool {
        let map = self.map();
        map.get(&client).map_or(true, |c| match act {
            Act::Create => c.creates.peek(now),
            Act::Join => c.joins.peek(now),
            Act::Guess => c.guesses.peek(now),
        })
    }

    /// The client a request from `peer` comes from: `peer` itself, or, if
    /// it is a trusted proxy, the last address its forwarding headers name
    /// that is not a trusted proxy too.
    pub fn client_of(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        if !self.trusted(peer) {
            return peer;
        }
        let mut chain: Vec<IpAddr> = Vec::new();
        for value in headers.get_all(header::FORWARDED) {
            let Ok(text) = value.to_str() else { continue };
            chain.extend(text.split(',').filter_map(forwarded_for));
        }
        if chain.is_empty() {
            for value in headers.get_all("x-forwarded-for") {
                let Ok(text) = value.to_str() else { continue };
                chain.extend(
                    text.split(',')
                        .filter_map(|a| a.trim().parse::<IpAddr>().ok()),
                );
            }
        }
        chain
            .into_iter()
            .rev()
            .find(|a| !self.trusted(*a))
            .unwrap_or(peer)
    }
}

impl Clients {
    /// The host the client asked for, as a trusted proxy `peer` names it
    /// (`Forwarded`'s `host=`, else `X-Forwarded-Host`): what a page's
    /// origin is checked against behind the proxy. `None` from any other
    /// peer, or if the proxy names none.
    pub fn forwarded_host(&self, peer: IpAddr, headers: &HeaderMap) -> Option<String> {
        if !self.trusted(peer) {
            return None;
        }
        let param = |element: &str, name: &str| {
            element.split(';').find_map(|pair| {
                let (key, value) = pair.split_once('=')?;
                key.trim()
                    .eq_ignore_ascii_case(name)
                    .then(|| value.trim().trim_matches('"').to_string())
            })
        };
        // The first proxy's view: what the client itself asked for.
        let forwarded = headers
            .get(header::FORWARDED)
            .and_then(|v| v.to_str().ok())
            .and_then(|text| text.split(',').next().and_then(|e| param(e, "host")));
        forwarded.or_else(|| {
            headers
                .get("x-forwarded-host")
                .and_then(|v| v.to_str().ok())
                .and_then(|text| text.split(',').next())
                .map(|h| h.trim().to_string())
        })
    }
}

/// The address of a `Forwarded` element's `for=` (RFC 7239): `for=192.0.2.60`,
/// `for="[2001:db8::1]:4711"`; none for an obfuscated or unknown one.
fn forwarded_for(element: &str) -> Option<IpAddr> {
    let value = element.split(';').find_map(|pair| {
        let (key, value) = pair.split_once('=')?;
        key.trim()
            .eq_ignore_ascii_case("for")
            .then_some(value.trim())
    })?;
    let value = value.trim_matches('"');
    if let Some(v6) = value.strip_prefix('[') {
        return v6.split(']').next()?.parse().ok();
    }
    // An IPv4 address, with or without a port.
    value.split(':').next()?.parse().ok()
}

impl Drop for Open {
    fn drop(&mut self) {
        self.clients.open.fetch_sub(1, Ordering::SeqCst);
        if self.shared {
            self.clients.release(self.peer);
        }
    }
}

/// A connection a trusted proxy forwards for a client, counted against
/// that client's share until it is dropped.
#[derive(Debug)]
pub struct Share {
    clients: Arc<Clients>,
    client: IpAddr,
}

impl Clients {
    /// Counts a connection a trusted proxy forwards for `client` against
    /// that client's share, as [`Clients::open`] counts a direct one (the
    /// proxy's own connections count against no share), or refuses it.
    pub fn share(self: &Arc<Self>, client: IpAddr) -> Result<Share, Full> {
        let mut map = self.map();
        let c = map
            .entry(client)
            .or_insert_with(|| Client::new(&self.limits));
        if c.open >= self.limits.per_client {
            return Err(Full::Client);
        }
        c.open += 1;
        Ok(Share {
            clients: self.clone(),
            client,
        })
    }

    /// One connection of `addr` fewer.
    fn release(&self, addr: IpAddr) {
        let mut map = self.map();
        if let Some(c) = map.get_mut(&addr) {
            c.open = c.open.saturating_sub(1);
            if c.forgettable(Instant::now()) {
                map.remove(&addr);
            }
        }
    }
}

impl Drop for Share {
    fn drop(&mut self) {
        self.clients.release(self.client);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clients(trusted: &[&str]) -> Arc<Clients> {
        let limits = Limits {
            max_connections: 4,
            per_client: 2,
            creates_per_minute: 2,
            ..Limits::default()
        };
        let trusted = trusted.iter().map(|t| t.parse().unwrap()).collect();
        Arc::new(Clients::new(limits, trusted))
    }

    #[test]
    fn each_address_has_its_share_and_the_server_its_total() {
        let c = clients(&["10.0.0.0/8"]);
        let (a, b) = ("192.0.2.1".parse().unwrap(), "192.0.2.2".parse().unwrap());
        let a1 = c.open(a).unwrap();
        let _a2 = c.open(a).unwrap();
        assert_eq!(c.open(a).unwrap_err(), Full::Client);
        let _b1 = c.open(b).unwrap();
        drop(a1);
        let _a3 = c.open(a).unwrap();
        // A trusted proxy has no share, but the total holds.
        let proxy = "10.1.2.3".parse().unwrap();
        let _p = c.open(proxy).unwrap();
        assert_eq!(c.open(proxy).unwrap_err(), Full::Server);
        assert_eq!(c.open_count(), 4);
    }

    #[test]
    fn a_minutes_creates_and_the_refill() {
        let c = clients(&[]);
        let a = "192.0.2.1".parse().unwrap();
        let t = Instant::now();
        assert!(c.take(a, Act::Create, t) && c.take(a, Act::Create, t));
        assert!(!c.take(a, Act::Create, t));
        assert!(c.take(a, Act::Join, t));
        assert!(c.take(a, Act::Create, t + std::time::Duration::from_secs(31)));
    }

    #[test]
    fn only_a_trusted_proxy_names_the_client() {
        let c = clients(&["10.0.0.0/8", "::1/128"]);
        let mut h = HeaderMap::new();
        h.append(
            "x-forwarded-for",
            "6.6.6.6, 198.51.100.7, 10.0.0.2".parse().unwrap(),
        );
        let proxy: IpAddr = "10.0.0.1".parse().unwrap();
        let stranger: IpAddr = "203.0.113.9".parse().unwrap();
        // The last untrusted address: what the client wrote before it is not believed.
        assert_eq!(
            c.client_of(proxy, &h),
            "198.51.100.7".parse::<IpAddr>().unwrap()
        );
        assert_eq!(c.client_of(stranger, &h), stranger);
        let mut f = HeaderMap::new();
        f.append(
            header::FORWARDED,
            "for=192.0.2.43, for=\"[2001:db8:cafe::17]:4711\";proto=https"
                .parse()
                .unwrap(),
        );
        assert_eq!(
            c.client_of("::1".parse().unwrap(), &f),
            "2001:db8:cafe::17".parse::<IpAddr>().unwrap()
        );
        assert_eq!(c.client_of(proxy, &HeaderMap::new()), proxy);
    }
}
