//! Hands online: the server deals each table (or takes the admin's deal) and hands the deal
//! to the table; what each viewer is sent of the hands is the engine's view of them
//! (`view.hands` in `joined` and `view`, its changes in each push's patch) — a seat his own,
//! dummy's once the opening lead is faced (L41D), the Director all, a spectator all online
//! (`spectators_see_hands`) and dummy's alone face to face — and the engine refuses a card
//! not held. Against SQLite always and PostgreSQL when `BRIDGE_TEST_PG_URL` is set.

mod common;

use std::collections::BTreeSet;
use std::time::Duration;

use bridge_server::{Config, Limits, Running};
use common::{config, databases, http, nth_call, serve, unique, Client};
use serde_json::{json, Value};

/// Every viewer of a table, as tokens name them.
const VIEWERS: [&str; 6] = ["N", "E", "S", "W", "director", "spectator"];

/// Every spade to North, heart to East, diamond to South, club to West.
fn deal() -> Value {
    let suit = |s: char| -> Vec<String> { "AKQJT98765432".chars().map(|r| format!("{s}{r}")).collect() };
    json!({ "N": suit('S'), "E": suit('H'), "S": suit('D'), "W": suit('C') })
}

async fn create(s: &Running, id: &str, regulation: &str, deal: Option<Value>) -> (u16, Value) {
    let mut body = json!({ "id": id, "options": { "dealer": "N", "vulnerability": "None", "regulation": regulation } });
    if let Some(d) = deal {
        body["deal"] = d;
    }
    http(s.addr, "POST", "/api/tables", Some(body)).await
}

/// A server whose connections may queue 8 KiB of unsent bytes: a reply past 4 KiB (a view
/// after a long auction) is a catch-up in pages.
async fn small_budget_server(db: &str) -> Running {
    serve(Config {
        limits: Limits {
            unsent_bytes: 8 * 1024,
            rate_per_sec: 1e6,
            burst: 1e6,
            view_interval: Duration::ZERO,
            ..Limits::default()
        },
        ..config(db)
    })
    .await
}

/// The hands a message carries, by seat: its view's (`joined`, `view`) or its patch's
/// (`events`); `None` for a message that carries none.
fn hands_in(msg: &Value) -> Option<&serde_json::Map<String, Value>> {
    msg["view"]["hands"].as_object().or(msg["patch"]["hands"].as_object())
}

/// The seats whose cards any of `c`'s messages from the `from`-th on carried.
fn seats_sent(c: &Client, from: usize) -> BTreeSet<String> {
    c.received[from..]
        .iter()
        .filter_map(|t| serde_json::from_str::<Value>(t).ok())
        .filter_map(|m| hands_in(&m).map(|h| h.keys().cloned().collect::<Vec<_>>()))
        .flatten()
        .collect()
}

/// The hands `viewer` may see at a table under `regulation` (North declares, South is dummy):
/// his own; dummy's once the lead is faced (L41D); every hand for the Director, and for a
/// spectator online (`spectators_see_hands`).
fn may_see(viewer: &str, regulation: &str, faced: bool) -> BTreeSet<String> {
    let all = ["N", "E", "S", "W"];
    let mut seats: BTreeSet<String> = match viewer {
        "director" => all.iter().map(|s| s.to_string()).collect(),
        "spectator" if regulation == "online" => all.iter().map(|s| s.to_string()).collect(),
        "spectator" => BTreeSet::new(),
        seat => BTreeSet::from([seat.to_string()]),
    };
    if faced {
        seats.insert("S".into());
    }
    seats
}

/// Plays the auction on `seats` (N, E, S, W): 69 calls going up to North's 7NT, then three
/// passes: North declares, South is dummy, East leads. Long enough that every viewer's view
/// is past 4 KiB.
async fn bid_to_seven_notrump(seats: &mut [Client]) {
    let calls = (0..=68)
        .map(nth_call)
        .chain(["E", "S", "W"].map(|s| (s, "P".to_string())));
    for (seat, call) in calls {
        let k = ["N", "E", "S", "W"].iter().position(|s| *s == seat).unwrap();
        let ack = seats[k].act(json!({ "type": "call", "call": call })).await;
        assert_eq!(ack["ok"], true, "{seat} {call}: {ack}");
    }
}

/// Asserts that every message `clients` received from `from[i]` on carried only hands
/// `VIEWERS[i]` may see (before or after the lead is `faced`).
fn assert_only_allowed(clients: &[Client], from: &[usize], regulation: &str, faced: bool, when: &str) {
    for ((c, viewer), from) in clients.iter().zip(VIEWERS).zip(from) {
        let sent = seats_sent(c, *from);
        let may = may_see(viewer, regulation, faced);
        assert!(
            sent.is_subset(&may),
            "{regulation}, {when}: {viewer} was sent {sent:?}, may see {may:?}"
        );
    }
}

/// Joins `viewer` again from version 0 (replacing his connection): the reply is a catch-up in
/// pages; the hands its head carries, and every page's.
async fn rejoin_in_pages(s: &Running, id: &str, token: &Value, viewer: &str) -> (Value, BTreeSet<String>) {
    let (mut c, head) = Client::join(s.addr, id, token).await;
    assert_eq!(head["type"], "joined", "{viewer}: {head}");
    assert!(head["until"].is_u64(), "{viewer}: not in pages: {head}");
    c.drain(200).await;
    (head, seats_sent(&c, 1))
}

#[tokio::test]
async fn every_viewer_is_sent_only_the_hands_he_may_see_through_joins_pushes_views_and_catch_up_pages() {
    for (name, db) in databases() {
        let s = small_budget_server(&db).await;
        for regulation in ["online", "face_to_face"] {
            let id = unique("audience");
            let (status, created) = create(&s, &id, regulation, Some(deal())).await;
            assert_eq!(status, 201, "{name}: {created}");
            let tokens = &created["tokens"];
            let mut clients = Vec::new();
            for viewer in VIEWERS {
                let (c, joined) = Client::join(s.addr, &id, &tokens[viewer]).await;
                let seen = hands_in(&joined).cloned().unwrap_or_default();
                let seats: BTreeSet<String> = seen.keys().cloned().collect();
                assert_eq!(seats, may_see(viewer, regulation, false), "{name}: {viewer} joined");
                for (seat, cards) in &seen {
                    assert_eq!(
                        *cards,
                        deal()[seat.as_str()],
                        "{name}: {viewer} is sent {seat}'s cards as dealt"
                    );
                }
                clients.push(c);
            }
            bid_to_seven_notrump(&mut clients[..4]).await;
            assert_eq!(
                clients[1].act(json!({ "type": "lead", "card": "HA" })).await["ok"],
                true,
                "{name}"
            );
            for c in &mut clients {
                c.drain(100).await;
            }
            // Through the auction and the lead made face down: nobody's hand but his own.
            assert_only_allowed(&clients, &[0; 6], regulation, false, "before the lead is faced");
            let faced_at: Vec<usize> = clients.iter().map(|c| c.received.len()).collect();
            assert_eq!(
                clients[1].act(json!({ "type": "face_lead" })).await["ok"],
                true,
                "{name}"
            );
            let from_dummy = json!({ "type": "play", "card": "D2", "from": "dummy" });
            assert_eq!(clients[0].act(from_dummy).await["ok"], true, "{name}");
            for c in &mut clients {
                c.drain(100).await;
            }
            assert_only_allowed(&clients, &faced_at, regulation, true, "after the lead is faced");
            // Dummy's hand reaches, by the push that faced the lead, each viewer who did not see it.
            for ((c, viewer), from) in clients.iter().zip(VIEWERS).zip(&faced_at) {
                if !may_see(viewer, regulation, false).contains("S") {
                    assert!(
                        seats_sent(c, *from).contains("S"),
                        "{name}, {regulation}: {viewer} was not sent dummy's hand"
                    );
                }
            }
            // A whole view on request, in pages (past 4 KiB): what he may see now.
            for (c, viewer) in clients.iter_mut().zip(VIEWERS) {
                let from = c.received.len();
                c.send(json!({ "type": "view" })).await;
                let head = c.until("view").await;
                assert!(head["until"].is_u64(), "{name}: {viewer}'s view not in pages");
                let seats: BTreeSet<String> = hands_in(&head).map(|h| h.keys().cloned().collect()).unwrap_or_default();
                assert_eq!(seats, may_see(viewer, regulation, true), "{name}: {viewer}'s view");
                c.drain(100).await;
                assert!(
                    seats_sent(c, from).is_subset(&may_see(viewer, regulation, true)),
                    "{name}: {viewer}"
                );
            }
            // Each joins again from the start: a catch-up in pages, the head with what he may see.
            drop(clients);
            for viewer in VIEWERS {
                let (head, paged) = rejoin_in_pages(&s, &id, &tokens[viewer], viewer).await;
                let may = may_see(viewer, regulation, true);
                let seats: BTreeSet<String> = hands_in(&head).map(|h| h.keys().cloned().collect()).unwrap_or_default();
                assert_eq!(seats, may, "{name}, {regulation}: {viewer} rejoined");
                assert!(
                    paged.is_subset(&may),
                    "{name}, {regulation}: {viewer}'s pages carried {paged:?}"
                );
                let played = head["view"]["hands"]["S"].as_array().map(|h| h.contains(&json!("D2")));
                assert_eq!(played, Some(false), "{name}: dummy's card played has left his hand");
            }
        }
        s.task.abort();
    }
}

#[tokio::test]
async fn a_table_is_dealt_at_random_unless_the_admin_gives_a_deal_and_hands_that_are_not_one_are_refused() {
    for (name, db) in databases() {
        let s = serve(config(&db)).await;
        let mut norths = Vec::new();
        for _ in 0..2 {
            let id = unique("random");
            let (status, created) = create(&s, &id, "online", None).await;
            assert_eq!(status, 201, "{name}: {created}");
            let (_, joined) = Client::join(s.addr, &id, &created["tokens"]["N"]).await;
            let north = joined["view"]["hands"]["N"].as_array().cloned().unwrap_or_default();
            assert_eq!(north.len(), 13, "{name}: {joined}");
            norths.push(north);
        }
        assert_ne!(norths[0], norths[1], "{name}: two tables dealt alike");
        // A PBN deal string is a deal too.
        let pbn = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432";
        let id = unique("pbn");
        let (status, created) = create(&s, &id, "online", Some(json!(pbn))).await;
        assert_eq!(status, 201, "{name}: {created}");
        let (_, joined) = Client::join(s.addr, &id, &created["tokens"]["W"]).await;
        assert_eq!(joined["view"]["hands"], json!({ "W": deal()["W"] }), "{name}");
        let mut twice = deal();
        twice["E"][0] = json!("SA");
        let short = json!({ "N": ["SA"], "E": [], "S": [], "W": [] });
        for (bad, why) in [(twice, "twice"), (short, "1 cards"), (json!("SA"), "PBN")] {
            let id = unique("bad");
            let (status, body) = create(&s, &id, "online", Some(bad)).await;
            assert_eq!(
                (status, body["code"].as_str()),
                (400, Some("BAD_MESSAGE")),
                "{name}: {body}"
            );
            assert!(body["message"].as_str().unwrap_or_default().contains(why), "{body}");
            let (status, _) = http(s.addr, "GET", &format!("/api/tables/{id}"), None).await;
            assert_eq!(status, 404, "{name}: a table was made from a bad deal");
        }
        s.task.abort();
    }
}

#[tokio::test]
async fn a_restarted_server_hands_each_table_its_stored_deal_and_each_seat_is_sent_the_hand_it_was_dealt() {
    let (_, db) = databases().remove(0);
    let s = serve(config(&db)).await;
    let id = unique("kept");
    let (_, created) = create(&s, &id, "online", Some(deal())).await;
    let (mut north, _) = Client::join(s.addr, &id, &created["tokens"]["N"]).await;
    assert_eq!(north.act(json!({ "type": "call", "call": "1C" })).await["ok"], true);
    s.task.abort();
    let _ = s.task.await;
    let again = serve(config(&db)).await;
    assert!(
        again.broken.is_empty(),
        "the stored log replays to its hashes, the deal given"
    );
    let (_, joined) = Client::join(again.addr, &id, &created["tokens"]["W"]).await;
    assert_eq!(joined["view"]["hands"], json!({ "W": deal()["W"] }), "{joined}");
    again.task.abort();
}

/// Sends `action` from `seats[who]` and asserts the engine refuses it with `code` to that
/// connection alone: no other connection hears anything.
async fn refused(seats: &mut [Client], who: usize, action: Value, code: &str, name: &str) {
    let reply = seats[who].act(action.clone()).await;
    assert_eq!(reply["ok"], false, "{name}: {action} was not refused: {reply}");
    assert_eq!(reply["rejection"]["code"], code, "{name}: {action}: {reply}");
    for (i, c) in seats.iter_mut().enumerate() {
        let heard = c.drain(100).await;
        assert!(heard.is_empty(), "{name}: after {action}, seat {i} heard {heard:?}");
    }
}

/// Sends `action` from `seats[who]` and asserts it is accepted.
async fn accepted(seats: &mut [Client], who: usize, action: Value, name: &str) {
    let reply = seats[who].act(action.clone()).await;
    assert_eq!(reply["ok"], true, "{name}: {action} was refused: {reply}");
}

/// Reads what every seat was sent, so that the next refusal starts from silence.
async fn drain_all(seats: &mut [Client]) {
    for c in seats {
        c.drain(100).await;
    }
}

/// A card played from the player's own hand.
fn play(card: &str) -> Value {
    json!({ "type": "play", "card": card })
}

#[tokio::test]
async fn the_engine_refuses_a_card_not_held_or_played_already_to_its_sender_alone_and_accepts_a_held_one() {
    for (name, db) in databases() {
        let s = serve(config(&db)).await;
        let id = unique("held");
        let (status, created) = create(&s, &id, "online", Some(deal())).await;
        assert_eq!(status, 201, "{name}: {created}");
        let tokens = &created["tokens"];
        let mut seats = Vec::new();
        for seat in ["N", "E", "S", "W"] {
            seats.push(Client::join(s.addr, &id, &tokens[seat]).await.0);
        }
        // 1C by North, three passes: North declares, South is dummy, East leads.
        for (i, call) in ["1C", "P", "P", "P"].into_iter().enumerate() {
            accepted(&mut seats, i, json!({ "type": "call", "call": call }), name).await;
        }
        drain_all(&mut seats).await;
        // East holds the hearts: a spade lead, face down or face up, is not his.
        refused(
            &mut seats,
            1,
            json!({ "type": "lead", "card": "SA" }),
            "CARD_NOT_HELD",
            name,
        )
        .await;
        refused(&mut seats, 1, play("C2"), "CARD_NOT_HELD", name).await;
        accepted(&mut seats, 1, json!({ "type": "lead", "card": "HK" }), name).await;
        accepted(&mut seats, 1, json!({ "type": "face_lead" }), name).await;
        drain_all(&mut seats).await;
        // Dummy (South) is due: declarer plays dummy's diamonds, not his own spades.
        let from_dummy = |card: &str| json!({ "type": "play", "card": card, "from": "dummy" });
        refused(&mut seats, 0, from_dummy("SA"), "CARD_NOT_HELD", name).await;
        accepted(&mut seats, 0, from_dummy("D2"), name).await;
        accepted(&mut seats, 3, play("C2"), name).await;
        accepted(&mut seats, 0, play("S2"), name).await;
        drain_all(&mut seats).await;
        // West ruffed and leads: the two of clubs is gone from his hand, the three is not.
        refused(&mut seats, 3, play("C2"), "CARD_ALREADY_PLAYED", name).await;
        accepted(&mut seats, 3, play("C3"), name).await;
        accepted(&mut seats, 0, play("S3"), name).await;
        drain_all(&mut seats).await;
        // East's lead, faced and in the first trick, is played already too.
        refused(&mut seats, 1, play("HK"), "CARD_ALREADY_PLAYED", name).await;
        accepted(&mut seats, 1, play("H2"), name).await;
        s.task.abort();
    }
}
