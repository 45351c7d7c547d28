//! Shared by the server suites: databases to run against, HTTP and WebSocket clients.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use bridge_server::{start, Config, Limits, Running, Shard};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{connect_async_with_config, MaybeTlsStream, WebSocketStream};

/// A name no other run or test uses.
pub fn unique(prefix: &str) -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    static N: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    format!("{prefix}-{}-{nanos}-{n}", std::process::id())
}

/// The databases to run against: a fresh SQLite file always, and PostgreSQL when
/// `BRIDGE_TEST_PG_URL` is set (scripts/test-server.sh starts a throwaway cluster).
pub fn databases() -> Vec<(&'static str, String)> {
    let dir = std::env::temp_dir().join(unique("bridge-server-test"));
    std::fs::create_dir_all(&dir).unwrap();
    let mut dbs = vec![("sqlite", format!("sqlite:{}?mode=rwc", dir.join("tables.db").display()))];
    if let Ok(url) = std::env::var("BRIDGE_TEST_PG_URL") {
        if !url.is_empty() {
            dbs.push(("postgres", url));
        }
    }
    dbs
}

/// The admin token the suites start servers with.
pub const ADMIN: &str = "admin-token-of-the-test-suites";

/// A server's configuration as the suites start it: 127.0.0.1 on a free port, the database
/// at `db`, the suites' admin token, no demo, one shard, no leases, default limits, no proxy.
pub fn config(db: &str) -> Config {
    Config {
        listen: "127.0.0.1:0".parse().unwrap(),
        database: db.to_string(),
        www: None,
        admin_token: Some(ADMIN.into()),
        demo: false,
        shard: Shard::default(),
        cluster: None,
        limits: Limits::default(),
        trusted_proxies: Vec::new(),
    }
}

/// A server in process, started with `config`.
pub async fn serve(config: Config) -> Running {
    start(config).await.unwrap()
}

/// The real `bridge-server` binary, started with `args` on a free port of 127.0.0.1 (the
/// suites' admin token, no demo, no shard from the environment); the child and its address
/// once it serves, or what it wrote to stderr if it exited instead.
pub fn spawn_binary(args: &[&str]) -> Result<(Child, SocketAddr), String> {
    let errors = std::env::temp_dir().join(unique("bridge-server-stderr"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_bridge-server"))
        .args(["--listen", "127.0.0.1:0"])
        .args(args)
        .env("BRIDGE_ADMIN_TOKEN", ADMIN)
        .env_remove("BRIDGE_DEMO")
        .env_remove("BRIDGE_SHARD")
        .env_remove("BRIDGE_CLUSTER")
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(&errors).unwrap())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let Some(addr) = line.trim().strip_prefix("listening on http://") else {
        let status = child.wait().unwrap();
        let stderr = std::fs::read_to_string(&errors).unwrap_or_default();
        return Err(format!("{status}: {stderr}"));
    };
    Ok((child, addr.parse().unwrap()))
}

/// One HTTP/1.1 request as the admin; the status and the JSON body.
pub async fn http(addr: SocketAddr, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
    http_as(addr, method, path, body, Some(ADMIN)).await
}

/// One HTTP/1.1 request with `bearer` (if any) as its `Authorization`; the status and the
/// JSON body.
pub async fn http_as(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<Value>,
    bearer: Option<&str>,
) -> (u16, Value) {
    let mut s = TcpStream::connect(addr).await.unwrap();
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let auth = bearer
        .map(|t| format!("Authorization: Bearer {t}\r\n"))
        .unwrap_or_default();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\n{auth}Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).await.unwrap();
    let status = out.get(9..12).and_then(|c| c.parse().ok()).unwrap_or(0);
    let text = out.split_once("\r\n\r\n").map(|(_, b)| b).unwrap_or_default();
    (status, serde_json::from_str(text).unwrap_or(Value::Null))
}

/// Creates a table; its id and tokens.
pub async fn create_table(addr: SocketAddr, id: &str, preset: &str) -> Value {
    let (status, body) = http(
        addr,
        "POST",
        "/api/tables",
        Some(json!({ "id": id, "options": { "dealer": "N", "vulnerability": "None", "regulation": preset } })),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    body["tokens"].clone()
}

/// A WebSocket client that keeps every text it received.
pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// Every frame received, as text.
    pub received: Vec<String>,
}

impl Client {
    pub async fn connect(addr: SocketAddr) -> Client {
        // As a real client would: small frames sent at once (no Nagle delay), and a read
        // buffer the size of its messages (tungstenite zeroes the whole buffer, 128 KiB by
        // default, before every read).
        let config = WebSocketConfig::default().read_buffer_size(4096);
        let (ws, _) = connect_async_with_config(format!("ws://{addr}/ws"), Some(config), true)
            .await
            .unwrap();
        Client {
            ws,
            received: Vec::new(),
        }
    }

    /// A client whose socket takes at most `rcvbuf` bytes before the server's writes stall
    /// (a client that does not read fills it at once).
    pub async fn connect_small(addr: SocketAddr, rcvbuf: u32) -> Client {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.set_recv_buffer_size(rcvbuf).unwrap();
        let stream = socket.connect(addr).await.unwrap();
        let (ws, _) = tokio_tungstenite::client_async(format!("ws://{addr}/ws"), MaybeTlsStream::Plain(stream))
            .await
            .unwrap();
        Client {
            ws,
            received: Vec::new(),
        }
    }

    /// Sends a frame, telling whether the socket took it.
    pub async fn try_send(&mut self, v: Value) -> bool {
        self.ws.send(Message::Text(v.to_string().into())).await.is_ok()
    }

    /// Reads (keeping texts in `received`) until the server's close frame: its code and
    /// reason, or `None` if the socket ended without one. Panics after 10 s.
    pub async fn close_frame(&mut self) -> Option<(u16, String)> {
        loop {
            let msg = tokio::time::timeout(Duration::from_secs(10), self.ws.next())
                .await
                .expect("no close within 10 s");
            match msg {
                Some(Ok(Message::Text(t))) => self.received.push(t.to_string()),
                Some(Ok(Message::Close(frame))) => {
                    return frame.map(|f| (u16::from(f.code), f.reason.to_string()));
                }
                None | Some(Err(_)) => return None,
                Some(Ok(_)) => {}
            }
        }
    }

    /// The last `error` received (after `close_frame`, the reason the server gave).
    pub fn last_error(&self) -> Option<Value> {
        self.received
            .iter()
            .rev()
            .filter_map(|t| serde_json::from_str::<Value>(t).ok())
            .find(|v| v["type"] == "error")
    }

    pub async fn send(&mut self, v: Value) {
        self.ws.send(Message::Text(v.to_string().into())).await.unwrap();
    }

    pub async fn send_text(&mut self, t: String) {
        self.ws.send(Message::Text(t.into())).await.unwrap();
    }

    /// The next message (panics after 10 s without one), or None when the socket closed.
    pub async fn next(&mut self) -> Option<Value> {
        let text = self.next_text().await?;
        serde_json::from_str(&text).ok()
    }

    /// The next text message, kept in `received` (panics after 10 s without one), or None
    /// when the socket closed.
    async fn next_text(&mut self) -> Option<String> {
        loop {
            let msg = tokio::time::timeout(Duration::from_secs(10), self.ws.next())
                .await
                .expect("no message within 10 s");
            match msg {
                Some(Ok(Message::Text(t))) => {
                    let text = t.to_string();
                    self.received.push(text.clone());
                    return Some(text);
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return None,
                Some(Ok(_)) => {}
            }
        }
    }

    /// Reads until a message of `kind` (keeping the others in `received`).
    pub async fn until(&mut self, kind: &str) -> Value {
        loop {
            let v = self
                .next()
                .await
                .unwrap_or_else(|| panic!("closed while waiting for {kind}"));
            if v["type"] == kind {
                return v;
            }
        }
    }

    /// Messages already queued, read for up to `ms` milliseconds of quiet.
    pub async fn drain(&mut self, ms: u64) -> Vec<Value> {
        let mut out = Vec::new();
        while let Ok(Some(Ok(m))) = tokio::time::timeout(Duration::from_millis(ms), self.ws.next()).await {
            if let Message::Text(t) = m {
                self.received.push(t.to_string());
                out.extend(serde_json::from_str::<Value>(&t).ok());
            }
        }
        out
    }

    /// Reads until a message of `kind`, as `until`, parsing of the others their type alone
    /// (the load benchmark's clients share the machine with the server).
    pub async fn until_kind(&mut self, kind: &str) -> Value {
        #[derive(serde::Deserialize)]
        struct Kind {
            #[serde(rename = "type")]
            kind: String,
        }
        loop {
            let text = self
                .next_text()
                .await
                .unwrap_or_else(|| panic!("closed while waiting for {kind}"));
            if serde_json::from_str::<Kind>(&text).is_ok_and(|k| k.kind == kind) {
                return serde_json::from_str(&text).unwrap_or(Value::Null);
            }
        }
    }

    /// Messages already queued, kept in `received` unparsed, read for up to `ms` milliseconds
    /// of quiet (as `drain`, without parsing them).
    pub async fn drain_texts(&mut self, ms: u64) {
        while let Ok(Some(Ok(m))) = tokio::time::timeout(Duration::from_millis(ms), self.ws.next()).await {
            if let Message::Text(t) = m {
                self.received.push(t.to_string());
            }
        }
    }

    pub async fn join(addr: SocketAddr, table: &str, token: &Value) -> (Client, Value) {
        let mut c = Client::connect(addr).await;
        c.send(json!({ "type": "join", "table": table, "token": token })).await;
        let joined = c.next().await.unwrap();
        (c, joined)
    }

    /// Sends an action and returns its ack (or error).
    pub async fn act(&mut self, action: Value) -> Value {
        self.send(json!({ "type": "act", "id": 1, "action": action })).await;
        loop {
            let v = self.next().await.expect("closed while waiting for an ack");
            if v["type"] == "ack" || v["type"] == "error" {
                return v;
            }
        }
    }
}

/// The i-th call of a long legal auction dealt by N: bids going up, each answered by a pass.
pub fn nth_call(i: usize) -> (&'static str, String) {
    const SEATS: [&str; 4] = ["N", "E", "S", "W"];
    const STRAINS: [&str; 5] = ["C", "D", "H", "S", "NT"];
    let seat = SEATS[i % 4];
    if i % 2 == 1 {
        return (seat, "P".into());
    }
    let k = i / 2;
    (seat, format!("{}{}", 1 + k / 5, STRAINS[k % 5]))
}
