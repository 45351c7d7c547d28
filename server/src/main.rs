//! `bridge-server [--listen ADDR] [--db URL] [--www DIR] [--shard K/N]`
//!
//! Environment: `BRIDGE_LISTEN`, `BRIDGE_DB`, `BRIDGE_WWW`, `BRIDGE_SHARD`,
//! `BRIDGE_ADMIN_TOKEN` (required by `POST /api/tables` when set). Prints
//! `listening on http://ADDR` once serving.

use std::io::Write;
use std::path::PathBuf;

use bridge_server::{start, Config, Limits, Shard};

fn usage() -> ! {
    eprintln!("usage: bridge-server [--listen 127.0.0.1:8080] [--db sqlite:bridge-tables.db?mode=rwc | postgres://…] [--www www/dist] [--shard K/N]");
    std::process::exit(2)
}

fn parse_shard(s: &str) -> Option<Shard> {
    let (k, n) = s.split_once('/')?;
    let (index, count) = (k.parse().ok()?, n.parse().ok()?);
    (index < count).then_some(Shard { index, count })
}

#[tokio::main]
async fn main() {
    let env = |k: &str| std::env::var(k).ok();
    let mut listen = env("BRIDGE_LISTEN").unwrap_or_else(|| "127.0.0.1:8080".into());
    let mut db = env("BRIDGE_DB").unwrap_or_else(|| "sqlite:bridge-tables.db?mode=rwc".into());
    let mut www = env("BRIDGE_WWW").map(PathBuf::from);
    let mut shard = env("BRIDGE_SHARD");
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| usage());
        match a.as_str() {
            "--listen" => listen = value(),
            "--db" => db = value(),
            "--www" => www = Some(PathBuf::from(value())),
            "--shard" => shard = Some(value()),
            _ => usage(),
        }
    }
    let www = www.or_else(|| Some(PathBuf::from("www/dist")).filter(|p| p.is_dir()));
    let shard = match shard {
        Some(s) => parse_shard(&s).unwrap_or_else(|| usage()),
        None => Shard::default(),
    };
    let Ok(listen) = listen.parse::<std::net::SocketAddr>() else {
        usage()
    };
    let config = Config {
        listen,
        database: db,
        www: www.clone(),
        admin_token: env("BRIDGE_ADMIN_TOKEN"),
        shard,
        limits: Limits::default(),
    };
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
