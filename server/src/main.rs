//! `bridge-server [--listen ADDR] [--db URL] [--www DIR] [--shard K/N | --cluster [--node ID]
//! [--advertise ws://HOST:PORT/ws] [--lease-ttl-ms MS]] [--trusted-proxy CIDR]… [--workers N]
//! [--demo]`
//!
//! `--cluster` (PostgreSQL): tables owned by lease, taken over from a process that died
//! (docs/SERVER.md, "Many processes"). `--workers N`: the threads that run its tasks (default:
//! one per core; docs/SERVER.md, "Configuration").
//!
//! Environment: `BRIDGE_LISTEN`, `BRIDGE_DB`, `BRIDGE_WWW`, `BRIDGE_SHARD`, `BRIDGE_CLUSTER=1`,
//! `BRIDGE_NODE`, `BRIDGE_ADVERTISE`, `BRIDGE_LEASE_TTL_MS`, `BRIDGE_WORKERS`,
//! `BRIDGE_TRUSTED_PROXIES` (CIDRs separated by commas, as `--trusted-proxy`: the reverse
//! proxies whose `Forwarded` / `X-Forwarded-For` give the client's address for the
//! per-address limits),
//! `BRIDGE_ADMIN_TOKEN` (creates tables and reads any table's status), `BRIDGE_DEMO=1` (as
//! `--demo`: anyone may create tables — a local demo only), `BRIDGE_REVIEW_GRACE_SECS` (how
//! long a finished board's tokens last), `BRIDGE_MAX_CONNECTIONS` and `BRIDGE_MAX_TABLES` (the
//! process's limits, default 1 024 and 10 000; raise `ulimit -n` with the first),
//! `BRIDGE_CONNECTIONS_PER_IP`, `BRIDGE_IDLE_TABLE_SECS`, `BRIDGE_HTTP_RATE` (requests a second
//! per address; 0: no limit), `BRIDGE_HTTP_BURST`. Prints `listening on http://ADDR` once
//! serving.

use std::io::Write;
use std::path::PathBuf;

use bridge_server::config::Workers;
use bridge_server::{start, Cluster, Config, IpNet, Limits, Shard};

/// mimalloc, not the system's allocator: the server allocates a few small buffers per
/// message on several threads (docs/ENGINEERING.md has the figures).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn usage() -> ! {
    eprintln!("usage: bridge-server [--listen 127.0.0.1:8080] [--db sqlite:bridge-tables.db?mode=rwc | postgres://…] [--www www/dist] [--shard K/N | --cluster [--node ID] [--advertise ws://HOST:PORT/ws] [--lease-ttl-ms 3000]] [--trusted-proxy 10.0.0.0/8]… [--workers N] [--demo]");
    std::process::exit(2)
}

/// A network (`10.0.0.0/8`) or a single address.
fn parse_net(s: &str) -> Option<IpNet> {
    let s = s.trim();
    s.parse()
        .ok()
        .or_else(|| s.parse::<std::net::IpAddr>().ok().map(IpNet::from))
}

fn parse_shard(s: &str) -> Option<Shard> {
    let (k, n) = s.split_once('/')?;
    let (index, count) = (k.parse().ok()?, n.parse().ok()?);
    (index < count).then_some(Shard { index, count })
}

/// Reads the options, then serves on a runtime of `--workers` threads.
fn main() {
    let (config, workers) = options();
    let mut runtime = tokio::runtime::Builder::new_multi_thread();
    if let Some(n) = workers {
        runtime.worker_threads(n.get());
    }
    match runtime.enable_all().build() {
        Ok(runtime) => runtime.block_on(serve(config)),
        Err(e) => {
            eprintln!("bridge-server: the runtime: {e}");
            std::process::exit(1);
        }
    }
}

/// The configuration from the command line and the environment, and the runtime's workers
/// (`None`: the runtime's default); exits with the usage on a bad option.
fn options() -> (Config, Option<Workers>) {
    let mut given = Given::from_env();
    given.read_args(std::env::args().skip(1));
    let trusted_proxies: Vec<IpNet> = given
        .proxies
        .iter()
        .map(|p| parse_net(p).unwrap_or_else(|| usage()))
        .collect();
    let workers = given.workers.map(|w| {
        w.parse::<Workers>().unwrap_or_else(|e| {
            eprintln!("{e}");
            usage()
        })
    });
    let www = given
        .www
        .or_else(|| Some(PathBuf::from("www/dist")).filter(|p| p.is_dir()));
    let shard = match given.shard {
        Some(s) => parse_shard(&s).unwrap_or_else(|| usage()),
        None => Shard::default(),
    };
    let cluster = given
        .cluster
        .then(|| cluster_of(given.node, given.advertise, given.ttl_ms));
    let Ok(listen) = given.listen.parse::<std::net::SocketAddr>() else {
        usage()
    };
    let limits = limits_from_env();
    let admin_token = env("BRIDGE_ADMIN_TOKEN").filter(|t| !t.is_empty());
    say_who_creates_tables(admin_token.is_some(), given.demo);
    let config = Config {
        listen,
        database: given.db,
        www,
        admin_token,
        demo: given.demo,
        shard,
        cluster,
        limits,
        trusted_proxies,
    };
    (config, workers)
}

/// An environment variable, if set.
fn env(k: &str) -> Option<String> {
    std::env::var(k).ok()
}

/// The options as given, in the environment and then on the command line (which wins), not
/// yet read.
struct Given {
    listen: String,
    db: String,
    www: Option<PathBuf>,
    shard: Option<String>,
    demo: bool,
    cluster: bool,
    node: Option<String>,
    advertise: Option<String>,
    ttl_ms: Option<String>,
    workers: Option<String>,
    proxies: Vec<String>,
}

impl Given {
    /// The options the environment gives, with their defaults.
    fn from_env() -> Given {
        Given {
            listen: env("BRIDGE_LISTEN").unwrap_or_else(|| "127.0.0.1:8080".into()),
            db: env("BRIDGE_DB").unwrap_or_else(|| "sqlite:bridge-tables.db?mode=rwc".into()),
            www: env("BRIDGE_WWW").map(PathBuf::from),
            shard: env("BRIDGE_SHARD"),
            demo: env("BRIDGE_DEMO").is_some_and(|v| v == "1" || v == "true"),
            cluster: env("BRIDGE_CLUSTER").is_some_and(|v| v == "1" || v == "true"),
            node: env("BRIDGE_NODE"),
            advertise: env("BRIDGE_ADVERTISE"),
            ttl_ms: env("BRIDGE_LEASE_TTL_MS"),
            workers: env("BRIDGE_WORKERS"),
            proxies: env("BRIDGE_TRUSTED_PROXIES")
                .map(|v| {
                    v.split(',')
                        .filter(|p| !p.trim().is_empty())
                        .map(str::to_string)
                        .collect()
                })
                .unwrap_or_default(),
        }
    }

    /// The command line's options over the environment's; exits with the usage on an unknown
    /// option or one without its value.
    fn read_args(&mut self, mut args: impl Iterator<Item = String>) {
        while let Some(a) = args.next() {
            let mut value = || args.next().unwrap_or_else(|| usage());
            match a.as_str() {
                "--listen" => self.listen = value(),
                "--db" => self.db = value(),
                "--www" => self.www = Some(PathBuf::from(value())),
                "--shard" => self.shard = Some(value()),
                "--demo" => self.demo = true,
                "--cluster" => self.cluster = true,
                "--node" => self.node = Some(value()),
                "--advertise" => self.advertise = Some(value()),
                "--lease-ttl-ms" => self.ttl_ms = Some(value()),
                "--trusted-proxy" => self.proxies.push(value()),
                "--workers" => self.workers = Some(value()),
                _ => usage(),
            }
        }
    }
}

/// `--cluster`'s settings: this node's id, the address it advertises and its leases' life.
fn cluster_of(node: Option<String>, advertise: Option<String>, ttl_ms: Option<String>) -> Cluster {
    let mut c = Cluster::new();
    c.node = node.unwrap_or(c.node);
    c.advertise = advertise;
    if let Some(ms) = ttl_ms {
        let Some(ms) = ms.parse::<u64>().ok().filter(|ms| *ms > 0) else {
            usage()
        };
        c.ttl = std::time::Duration::from_millis(ms);
    }
    c
}

/// The limits, the defaults but for those the environment sets.
fn limits_from_env() -> Limits {
    let mut limits = Limits::default();
    if let Some(secs) = env("BRIDGE_REVIEW_GRACE_SECS") {
        let Ok(secs) = secs.parse::<u64>() else { usage() };
        limits.review_grace = std::time::Duration::from_secs(secs);
    }
    if let Some(n) = env("BRIDGE_MAX_CONNECTIONS") {
        limits.connections = n.parse().unwrap_or_else(|_| usage());
    }
    if let Some(n) = env("BRIDGE_MAX_TABLES") {
        limits.tables = n.parse().unwrap_or_else(|_| usage());
    }
    let number = |k: &str| env(k).map(|v| v.parse::<f64>().ok().filter(|n| *n >= 0.0).unwrap_or_else(|| usage()));
    if let Some(n) = number("BRIDGE_CONNECTIONS_PER_IP") {
        limits.connections_per_ip = n as usize;
    }
    if let Some(secs) = number("BRIDGE_IDLE_TABLE_SECS") {
        limits.idle_table = std::time::Duration::from_secs_f64(secs);
    }
    if let Some(n) = number("BRIDGE_HTTP_RATE") {
        limits.http_rate_per_sec = n;
    }
    if let Some(n) = number("BRIDGE_HTTP_BURST") {
        limits.http_burst = n as u32;
    }
    limits
}

/// Warns when nobody can create tables, and when anyone can.
fn say_who_creates_tables(admin_token: bool, demo: bool) {
    if !admin_token && !demo {
        eprintln!("no BRIDGE_ADMIN_TOKEN and no --demo: nobody can create tables");
    }
    if demo {
        eprintln!("demo mode: anyone who reaches this server may create tables");
    }
}

/// Serves until the process is stopped.
async fn serve(config: Config) {
    let www = config.www.clone();
    let running = match start(config).await {
        Ok(r) => r,
        Err(e) => {
            eprintln!("bridge-server: {e}");
            std::process::exit(1);
        }
    };
    if !running.broken.is_empty() {
        eprintln!("tables not served (stored log does not check): {:?}", running.broken);
    }
    eprintln!(
        "{} tables restored; table page: {}",
        running.restored,
        www.as_ref()
            .map_or("none (build www/dist)".into(), |p| p.display().to_string())
    );
    println!("listening on http://{}", running.addr);
    let _ = std::io::stdout().flush();
    tokio::select! {
        _ = running.task => {}
        _ = tokio::signal::ctrl_c() => {}
    }
}
