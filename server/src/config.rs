//! How a server runs: where it listens, its database, who may administer it, which tables it
//! serves and the limits it holds every client to.

use std::net::SocketAddr;
use std::num::NonZeroUsize;
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

pub use ipnet::IpNet;

/// Limits on clients (docs/SERVER.md lists them with their defaults).
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Longest message answered with `FRAME_TOO_LARGE` (longer ones than `hard_frame_bytes`
    /// close the connection).
    pub frame_bytes: usize,
    /// The WebSocket layer's own limit: a message past it closes the connection (1009).
    pub hard_frame_bytes: usize,
    /// Messages per second a connection may send on average.
    pub rate_per_sec: f64,
    /// Messages a connection may send at once.
    pub burst: f64,
    /// Bytes queued to one connection and not yet written to its socket — replies and pushes
    /// alike — past which it is closed as `TOO_SLOW`.
    pub unsent_bytes: usize,
    /// Open WebSocket connections per process; past it an upgrade is refused (HTTP 503).
    pub connections: usize,
    /// Connections joined to one table.
    pub connections_per_table: usize,
    /// Connections joined with one token (a seat's or the Director's second connection
    /// replaces the first, so this bounds the spectators' shared token).
    pub connections_per_token: usize,
    /// Tables held in memory per process; past it `POST /api/tables` is refused (HTTP 503).
    pub tables: usize,
    /// How long a connection may stay without joining a table.
    pub join_timeout: Duration,
    /// How long after its board is over a table's tokens still join (to review it, and for the
    /// corrections the Laws allow after play); then they expire.
    pub review_grace: Duration,
    /// Shortest time between two whole views sent to a connection on request (`view`): a
    /// client keeps its view from the pushes; a sooner request is refused `FLOOD`.
    pub view_interval: Duration,
    /// How often the server pings each connection (WebSocket ping frames).
    pub ping_interval: Duration,
    /// How long a connection may stay silent — no pong, no frame at all — before it is
    /// closed `UNRESPONSIVE` (a peer gone without closing its TCP connection).
    pub silence_timeout: Duration,
    /// Open WebSocket connections from one IP address; past it an upgrade is refused (HTTP
    /// 429 `TOO_MANY_CONNECTIONS`).
    pub connections_per_ip: usize,
    /// How long a table whose board is not over may go without an accepted action before it
    /// is closed: archived like a finished one, its tokens expired at once.
    pub idle_table: Duration,
    /// Requests per second one IP address may make to the HTTP API on average (requests
    /// carrying the admin token are not counted); past it `429 RATE_LIMITED`.
    pub http_rate_per_sec: f64,
    /// Requests one IP address may make to the HTTP API at once.
    pub http_burst: u32,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            frame_bytes: 16 * 1024,
            hard_frame_bytes: 1024 * 1024,
            rate_per_sec: 20.0,
            burst: 40.0,
            unsent_bytes: 1024 * 1024,
            connections: 1024,
            connections_per_table: 64,
            connections_per_token: 16,
            tables: 10_000,
            join_timeout: Duration::from_secs(10),
            review_grace: Duration::from_secs(3600),
            view_interval: Duration::from_secs(2),
            ping_interval: Duration::from_secs(20),
            silence_timeout: Duration::from_secs(45),
            connections_per_ip: 256,
            idle_table: Duration::from_secs(24 * 3600),
            http_rate_per_sec: 2.0,
            http_burst: 20,
        }
    }
}

/// Which tables this process serves: those whose id hashes to `index` mod `count`.
#[derive(Clone, Copy, Debug)]
pub struct Shard {
    /// This process's shard.
    pub index: u64,
    /// How many shards.
    pub count: u64,
}

impl Default for Shard {
    fn default() -> Shard {
        Shard { index: 0, count: 1 }
    }
}

impl Shard {
    /// Whether this shard serves table `id` (FNV-1a of the id, mod `count`).
    pub fn serves(&self, id: &str) -> bool {
        let h = id.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
        h % self.count.max(1) == self.index
    }
}

/// One process among several over one PostgreSQL database: it owns the tables it holds by a
/// lease in the database, renewed while it lives (docs/SERVER.md, "Many processes").
#[derive(Clone, Debug)]
pub struct Cluster {
    /// This process's identity in the lease table; unique per running process (the default
    /// is made at random when it starts).
    pub node: String,
    /// The address clients are sent to for the tables this process owns (`ws://host:port/ws`);
    /// `None`: `ws://` and the address it listens on.
    pub advertise: Option<String>,
    /// How long a lease lasts unless renewed (renewed every third of it): a killed process's
    /// tables are taken over after at most about this long.
    pub ttl: Duration,
}

impl Cluster {
    /// A process with a random identity, the default address and a 3 s lease.
    pub fn new() -> Cluster {
        let node = crate::http::credentials::new_token()
            .and_then(|t| t.get(..12).map(str::to_string))
            .unwrap_or_else(|| format!("pid-{}", std::process::id()));
        Cluster {
            node,
            advertise: None,
            ttl: Duration::from_secs(3),
        }
    }
}

impl Default for Cluster {
    fn default() -> Cluster {
        Cluster::new()
    }
}

/// How many threads run the server's tasks (`--workers N`, `BRIDGE_WORKERS`): the async
/// runtime's worker threads, 1 to [`Workers::MAX`]. Without it the runtime's default: one per
/// core (or `TOKIO_WORKER_THREADS`). The binary reads it before the runtime starts, so it is
/// not part of [`Config`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Workers(NonZeroUsize);

impl Workers {
    /// The most threads a process may ask for.
    pub const MAX: usize = 1024;

    /// The number of worker threads.
    pub fn get(self) -> usize {
        self.0.get()
    }
}

impl FromStr for Workers {
    type Err = String;

    /// A whole number from 1 to [`Workers::MAX`].
    fn from_str(s: &str) -> Result<Workers, String> {
        s.trim()
            .parse::<NonZeroUsize>()
            .ok()
            .filter(|n| n.get() <= Workers::MAX)
            .map(Workers)
            .ok_or_else(|| format!("workers: a whole number from 1 to {}, not {s:?}", Workers::MAX))
    }
}

/// How to run a server.
#[derive(Clone, Debug)]
pub struct Config {
    /// Address to listen on (port 0: any free port).
    pub listen: SocketAddr,
    /// Database URL.
    pub database: String,
    /// Static files to serve at `/` (the table page), if any.
    pub www: Option<PathBuf>,
    /// The administrator's bearer token: it creates tables and reads any table's status.
    /// Without it (and without `demo`) nobody can create tables.
    pub admin_token: Option<String>,
    /// Demo mode (`--demo`): anyone may create tables. Never on a public address.
    pub demo: bool,
    /// Which tables this process serves (`--shard K/N`; with `cluster`, the default: any).
    pub shard: Shard,
    /// Many processes over one PostgreSQL database owning tables by lease (`--cluster`); `None`:
    /// this process serves every table of its shard.
    pub cluster: Option<Cluster>,
    /// Limits on clients.
    pub limits: Limits,
    /// Reverse proxies whose `Forwarded` / `X-Forwarded-For` is believed
    /// (`--trusted-proxy CIDR`): a request from one of them is counted under the client
    /// address it forwards (`client_addr`); from anyone else the headers are ignored.
    pub trusted_proxies: Vec<IpNet>,
}

#[cfg(test)]
mod tests {
    use super::{Shard, Workers};

    #[test]
    fn workers_accept_one_to_the_maximum_and_refuse_anything_else() {
        assert_eq!("1".parse::<Workers>().map(Workers::get), Ok(1));
        assert_eq!(" 2 ".parse::<Workers>().map(Workers::get), Ok(2));
        assert_eq!(
            Workers::MAX.to_string().parse::<Workers>().map(Workers::get),
            Ok(Workers::MAX)
        );
        for bad in ["0", "", "-1", "two", "1.5", "1025", "99999999999999999999999"] {
            assert!(bad.parse::<Workers>().is_err(), "{bad:?} accepted");
        }
    }

    #[test]
    fn every_table_id_belongs_to_exactly_one_shard_and_shards_share_the_tables() {
        for count in 1..6u64 {
            let mut per_shard = vec![0; count as usize];
            for i in 0..400 {
                let id = format!("table-{i}");
                let owners: Vec<u64> = (0..count).filter(|k| Shard { index: *k, count }.serves(&id)).collect();
                assert_eq!(owners.len(), 1, "{id} with {count} shards: {owners:?}");
                per_shard[owners[0] as usize] += 1;
            }
            assert!(per_shard.iter().all(|n| *n > 400 / count as usize / 2), "{per_shard:?}");
        }
    }
}
