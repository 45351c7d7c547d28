//! Clients behind a reverse proxy (`--trusted-proxy`): the per-address limits count the client
//! address a trusted proxy forwards, and nobody else's forwarding headers — a client cannot
//! choose the address he is counted under.

mod common;

use std::net::SocketAddr;
use std::time::Duration;

use bridge_server::{Config, Limits, Running};
use common::{config, databases, serve};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// A server whose HTTP API allows 2 requests per address (refilled once a quarter hour) and
/// one connection per address, trusting `proxies`.
async fn server(proxies: &[&str]) -> Running {
    let limits = Limits {
        http_rate_per_sec: 0.001,
        http_burst: 2,
        connections_per_ip: 1,
        ..Limits::default()
    };
    serve(Config {
        limits,
        trusted_proxies: proxies.iter().map(|p| p.parse().unwrap()).collect(),
        ..config(&databases()[0].1)
    })
    .await
}

/// Sends `request` (the start line) with `headers`; the socket, still open, and the status.
async fn send(addr: SocketAddr, request: &str, headers: &[(&str, &str)]) -> (TcpStream, u16) {
    let mut tcp = TcpStream::connect(addr).await.unwrap();
    let extra: String = headers.iter().map(|(k, v)| format!("{k}: {v}\r\n")).collect();
    let text = format!("{request}\r\nHost: {addr}\r\n{extra}\r\n");
    tcp.write_all(text.as_bytes()).await.unwrap();
    let mut reply = vec![0; 4096];
    let n = tokio::time::timeout(Duration::from_secs(5), tcp.read(&mut reply))
        .await
        .unwrap()
        .unwrap();
    let status = String::from_utf8_lossy(&reply[..n])
        .get(9..12)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (tcp, status)
}

/// A status request for an unknown table (401 to anyone not refused first).
async fn probe(addr: SocketAddr, headers: &[(&str, &str)]) -> u16 {
    send(addr, "GET /api/tables/none HTTP/1.1\r\nConnection: close", headers)
        .await
        .1
}

/// A WebSocket upgrade, kept open: the socket and the status (101 when upgraded).
async fn upgrade(addr: SocketAddr, headers: &[(&str, &str)]) -> (TcpStream, u16) {
    let start = "GET /ws HTTP/1.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
                 Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13";
    send(addr, start, headers).await
}

#[tokio::test]
async fn a_client_not_behind_a_trusted_proxy_cannot_choose_his_address_with_forwarding_headers() {
    // No proxy trusted, and one trusted that is not this peer (every test client is 127.0.0.1).
    for proxies in [&[][..], &["10.0.0.0/8", "::1/128"][..]] {
        let s = server(proxies).await;
        let spoofs = [
            ("X-Forwarded-For", "203.0.113.1"),
            ("Forwarded", "for=203.0.113.2"),
            ("X-Forwarded-For", "203.0.113.3"),
        ];
        let statuses = [
            probe(s.addr, &spoofs[..1]).await,
            probe(s.addr, &spoofs[1..2]).await,
            probe(s.addr, &spoofs[2..]).await,
        ];
        assert_eq!(
            statuses,
            [401, 401, 429],
            "{proxies:?}: counted under 127.0.0.1 all along"
        );
        let (_held, first) = upgrade(s.addr, &spoofs[..1]).await;
        let (_, second) = upgrade(s.addr, &spoofs[1..2]).await;
        assert_eq!((first, second), (101, 429), "{proxies:?}");
        s.task.abort();
    }
}

#[tokio::test]
async fn behind_a_trusted_proxy_each_forwarded_client_has_its_own_limits_and_the_hops_he_wrote_are_ignored() {
    let s = server(&["127.0.0.0/8"]).await;
    let a = [("X-Forwarded-For", "203.0.113.1")];
    assert_eq!([probe(s.addr, &a).await, probe(s.addr, &a).await], [401, 401]);
    assert_eq!(probe(s.addr, &a).await, 429, "a's bucket is empty");
    // Client a writes another address himself; the proxy appends the one it was reached from.
    let spoofed = [("X-Forwarded-For", "198.51.100.77, 203.0.113.1")];
    assert_eq!(probe(s.addr, &spoofed).await, 429, "the hop a wrote was believed");
    let spoofed = [("Forwarded", "for=198.51.100.77, for=203.0.113.1")];
    assert_eq!(
        probe(s.addr, &spoofed).await,
        429,
        "the hop a wrote was believed (Forwarded)"
    );
    // Another client behind the same proxy is counted apart, by either header.
    let b = [("Forwarded", r#"for="[2001:db8::1]:4711";proto=https"#)];
    assert_eq!(probe(s.addr, &b).await, 401, "b shares a's bucket");
    let c = [("X-Forwarded-For", "203.0.113.3")];
    assert_eq!(probe(s.addr, &c).await, 401);
    // Connections too: one per forwarded client.
    let (_a_socket, first) = upgrade(s.addr, &a).await;
    let (_, again) = upgrade(s.addr, &a).await;
    let (_c_socket, other) = upgrade(s.addr, &c).await;
    assert_eq!((first, again, other), (101, 429, 101));
    // Without a forwarded address, the proxy's own (one more connection from 127.0.0.1).
    let (_p_socket, proxy) = upgrade(s.addr, &[]).await;
    let (_, proxy_again) = upgrade(s.addr, &[]).await;
    assert_eq!((proxy, proxy_again), (101, 429));
    s.task.abort();
}
