//! The real server binary killed with SIGKILL mid-board and started again: every table is
//! restored to the state hash it had, and no acknowledged action is lost. Runs against SQLite
//! always and PostgreSQL when `BRIDGE_TEST_PG_URL` is set.

mod common;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::process::Child;
use std::sync::{Arc, Mutex};

use common::{create_table, databases, http, nth_call, spawn_binary, unique, Client};
use serde_json::json;

/// Starts the binary over `db`; the child and its address.
fn spawn(db: &str) -> (Child, SocketAddr) {
    spawn_binary(&["--db", db]).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn kill_9_mid_board_then_restart_restores_every_table_and_loses_no_acknowledged_action() {
    for (name, db) in databases() {
        let (mut child, addr) = spawn(&db);
        let ids: Vec<String> = (0..3).map(|_| unique("kill")).collect();
        // Per table: the hash the Director was sent after each action, and the actions acked.
        let seen: Arc<Mutex<HashMap<String, HashMap<u64, String>>>> = Arc::default();
        let acked: Arc<Mutex<HashMap<String, u64>>> = Arc::default();
        let mut players = Vec::new();
        let mut directors = Vec::new();
        let mut all_tokens = Vec::new();
        for id in &ids {
            let tokens = create_table(addr, id, "online_tournament").await;
            all_tokens.push(tokens.clone());
            let (mut director, _) = Client::join(addr, id, &tokens["director"]).await;
            let seen = seen.clone();
            let table = id.clone();
            directors.push(tokio::spawn(async move {
                let mut n = 0;
                while let Some(v) = director.next().await {
                    if v["type"] == "events" {
                        n += 1;
                        let hash = v["stateHash"].as_str().unwrap_or_default().to_string();
                        seen.lock().unwrap().entry(table.clone()).or_default().insert(n, hash);
                    }
                }
            }));
            let mut seats = Vec::new();
            for s in ["N", "E", "S", "W"] {
                seats.push(Client::join(addr, id, &tokens[s]).await.0);
            }
            let (acked, table) = (acked.clone(), id.clone());
            // Each table's players call as fast as the server acknowledges, until it dies.
            players.push(tokio::spawn(async move {
                for i in 0..60 {
                    let (_, call) = nth_call(i);
                    seats[i % 4]
                        .send(json!({ "type": "act", "id": i, "action": { "type": "call", "call": call } }))
                        .await;
                    loop {
                        match seats[i % 4].next().await {
                            Some(v) if v["type"] == "ack" => {
                                assert_eq!(v["ok"], true, "{v}");
                                *acked.lock().unwrap().entry(table.clone()).or_default() += 1;
                                break;
                            }
                            Some(_) => {}
                            None => return,
                        }
                    }
                }
            }));
        }
        // Mid-board: once the first table has 12 acknowledged calls.
        loop {
            let first = acked.lock().unwrap().get(&ids[0]).copied().unwrap_or(0);
            if first >= 12 {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(2)).await;
        }
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        for p in players {
            let _ = p.await;
        }
        // The Director's connections end too: what was sent before the kill is read first.
        for d in directors {
            let _ = d.await;
        }
        let acked = acked.lock().unwrap().clone();
        let seen = seen.lock().unwrap().clone();

        let (mut child, addr) = spawn(&db);
        for id in &ids {
            let (status, body) = http(addr, "GET", &format!("/api/tables/{id}"), None).await;
            assert_eq!(status, 200, "{name}: {body}");
            let actions = body["actions"].as_u64().unwrap();
            let hash = body["stateHash"].as_str().unwrap();
            let ack = acked.get(id).copied().unwrap_or(0);
            // Every acknowledged action is there; at most the one in flight besides.
            assert!(
                actions == ack || actions == ack + 1,
                "{name}: {id}: {actions} restored, {ack} acked"
            );
            if let Some(want) = seen.get(id).and_then(|h| h.get(&actions)) {
                assert_eq!(hash, want, "{name}: {id}: restored to another state");
            }
            // The Director was sent every acknowledged action but, possibly, the last: its
            // events and its ack leave by different connections' writers, and the kill may
            // fall between them.
            assert!(
                ack <= 1 || seen.get(id).is_some_and(|h| h.contains_key(&(ack - 1))),
                "{name}: the Director missed an action"
            );
        }
        // Play goes on where it stopped.
        let first = &ids[0];
        let (status, body) = http(addr, "GET", &format!("/api/tables/{first}"), None).await;
        assert_eq!(status, 200);
        assert!(body["broken"].is_null(), "{name}: {body}");
        let next = usize::try_from(body["actions"].as_u64().unwrap()).unwrap();
        let (seat, call) = nth_call(next);
        let (mut player, joined) = Client::join(addr, first, &all_tokens[0][seat]).await;
        assert_eq!(joined["type"], "joined", "{name}: {joined}");
        let ack = player.act(json!({ "type": "call", "call": call })).await;
        assert_eq!(ack["ok"], true, "{name}: the next call after the restart: {ack}");
        child.kill().unwrap();
        child.wait().unwrap();
    }
}
