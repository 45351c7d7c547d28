//! Hands online: the server deals each table (or takes the admin's hands) and gives each
//! viewer only the hands he may see — a seat his own, dummy's once the opening lead is faced
//! (L41D), the Director all — in `joined`, `view` and a `hands` message when dummy is faced.
//! Against SQLite always and PostgreSQL when `BRIDGE_TEST_PG_URL` is set.

mod common;

use bridge_server::Running;
use common::{config, databases, http, serve, unique, Client};
use serde_json::{json, Value};

/// Every spade to North, heart to East, diamond to South, club to West.
fn deal() -> Value {
    let suit = |s: char| -> Vec<String> { "23456789TJQKA".chars().map(|r| format!("{s}{r}")).collect() };
    json!({ "N": suit('S'), "E": suit('H'), "S": suit('D'), "W": suit('C') })
}

async fn create(s: &Running, id: &str, deal: Option<Value>) -> (u16, Value) {
    let mut body = json!({ "id": id, "options": { "dealer": "N", "vulnerability": "None", "regulation": "online" } });
    if let Some(d) = deal {
        body["deal"] = d;
    }
    http(s.addr, "POST", "/api/tables", Some(body)).await
}

/// The seats of every `hands` object in the messages `c` received (joined, view, hands).
fn hands_seen(c: &Client) -> Vec<String> {
    let mut seats: Vec<String> = c
        .received
        .iter()
        .filter_map(|t| serde_json::from_str::<Value>(t).ok())
        .filter_map(|v| v["hands"].as_object().map(|h| h.keys().cloned().collect::<Vec<_>>()))
        .flatten()
        .collect();
    seats.sort();
    seats.dedup();
    seats
}

#[tokio::test]
async fn a_seat_never_receives_another_seats_hand_before_it_may_and_dummys_reaches_everyone_once_the_lead_is_faced() {
    for (name, db) in databases() {
        let s = serve(config(&db)).await;
        let id = unique("hands");
        let (status, created) = create(&s, &id, Some(deal())).await;
        assert_eq!(status, 201, "{name}: {created}");
        let tokens = &created["tokens"];
        let mut seats = Vec::new();
        for seat in ["N", "E", "S", "W"] {
            let (c, joined) = Client::join(s.addr, &id, &tokens[seat]).await;
            assert_eq!(joined["hands"], json!({ seat: deal()[seat] }), "{name}: {seat} joined");
            seats.push(c);
        }
        let (mut director, joined) = Client::join(s.addr, &id, &tokens["director"]).await;
        assert_eq!(joined["hands"], deal(), "{name}: the Director sees every hand");
        let (mut spectator, joined) = Client::join(s.addr, &id, &tokens["spectator"]).await;
        assert_eq!(
            joined["hands"],
            json!({}),
            "{name}: a spectator sees no hand before dummy"
        );
        // 1C by North, three passes: North declares, South is dummy, East leads.
        for (i, call) in ["1C", "P", "P", "P"].into_iter().enumerate() {
            assert_eq!(
                seats[i].act(json!({ "type": "call", "call": call })).await["ok"],
                true,
                "{name}"
            );
        }
        assert_eq!(
            seats[1].act(json!({ "type": "lead", "card": "HK" })).await["ok"],
            true,
            "{name}"
        );
        for c in seats.iter_mut().chain([&mut director, &mut spectator]) {
            c.drain(100).await;
        }
        // Lead made face down: still nobody's hand but his own.
        for (c, seat) in seats.iter().zip(["N", "E", "S", "W"]) {
            assert_eq!(hands_seen(c), [seat], "{name}: {seat} before the lead is faced");
        }
        assert!(hands_seen(&spectator).is_empty(), "{name}");
        assert_eq!(seats[1].act(json!({ "type": "face_lead" })).await["ok"], true, "{name}");
        // Dummy's hand reaches those who did not hold it, once, after the push that faced it.
        for c in seats.iter_mut().chain([&mut director, &mut spectator]) {
            c.drain(200).await;
        }
        let who = [("N", &seats[0]), ("E", &seats[1]), ("S", &seats[2]), ("W", &seats[3])];
        for (seat, c) in who
            .into_iter()
            .chain([("director", &director), ("spectator", &spectator)])
        {
            let texts = &c.received;
            let pushed: Vec<usize> = (0..texts.len())
                .filter(|i| texts[*i].contains(r#""type":"hands""#))
                .collect();
            if seat == "S" || seat == "director" {
                assert!(pushed.is_empty(), "{name}: {seat} was sent a hand he sees already");
                continue;
            }
            assert_eq!(pushed.len(), 1, "{name}: {seat}: {texts:?}");
            let message: Value = serde_json::from_str(&texts[pushed[0]]).unwrap();
            assert_eq!(message["hands"], json!({ "S": deal()["S"] }), "{name}: to {seat}");
            let faced = texts.iter().position(|t| t.contains("lead_faced"));
            assert!(
                faced.is_some_and(|f| f < pushed[0]),
                "{name}: {seat} got dummy before the lead was faced"
            );
        }
        // Dummy is now everyone's: in a view, and to a viewer who joins late; the others' still not.
        seats[3].send(json!({ "type": "view" })).await;
        let view = seats[3].until("view").await;
        assert_eq!(view["hands"], json!({ "S": deal()["S"], "W": deal()["W"] }), "{name}");
        let (_, late) = Client::join(s.addr, &id, &tokens["spectator"]).await;
        assert_eq!(late["hands"], json!({ "S": deal()["S"] }), "{name}");
        for (c, seat) in seats.iter().zip(["N", "E", "S", "W"]) {
            let mut may = vec![seat, "S"];
            may.sort();
            may.dedup();
            assert_eq!(hands_seen(c), may, "{name}: {seat} over the board");
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
            let (status, created) = create(&s, &id, None).await;
            assert_eq!(status, 201, "{name}: {created}");
            let (_, joined) = Client::join(s.addr, &id, &created["tokens"]["N"]).await;
            let north = joined["hands"]["N"].as_array().cloned().unwrap_or_default();
            assert_eq!(north.len(), 13, "{name}: {joined}");
            norths.push(north);
        }
        assert_ne!(norths[0], norths[1], "{name}: two tables dealt alike");
        let mut twice = deal();
        twice["E"][0] = json!("SA");
        let short = json!({ "N": ["SA"], "E": [], "S": [], "W": [] });
        for (bad, why) in [(twice, "twice"), (short, "1 cards"), (json!("SA"), "")] {
            let id = unique("bad");
            let (status, body) = create(&s, &id, Some(bad)).await;
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
async fn a_restarted_server_gives_each_seat_the_hand_it_was_dealt() {
    let (_, db) = databases().remove(0);
    let s = serve(config(&db)).await;
    let id = unique("kept");
    let (_, created) = create(&s, &id, Some(deal())).await;
    s.task.abort();
    let _ = s.task.await;
    let again = serve(config(&db)).await;
    let (_, joined) = Client::join(again.addr, &id, &created["tokens"]["W"]).await;
    assert_eq!(joined["hands"], json!({ "W": deal()["W"] }), "{joined}");
    again.task.abort();
}

/// Sends `action` from `seats[who]` and asserts it is refused `CARD_NOT_HELD` to that
/// connection alone: no other connection hears anything.
async fn refused_not_held(seats: &mut [Client], who: usize, action: Value, name: &str) {
    let reply = seats[who].act(action.clone()).await;
    assert_eq!(reply["type"], "error", "{name}: {action} was not refused: {reply}");
    assert_eq!(reply["code"], "CARD_NOT_HELD", "{name}: {action}: {reply}");
    for (i, c) in seats.iter_mut().enumerate() {
        let heard = c.drain(100).await;
        assert!(heard.is_empty(), "{name}: after {action}, seat {i} heard {heard:?}");
    }
}

#[tokio::test]
async fn a_card_not_in_the_hand_it_comes_from_or_played_already_is_refused_to_its_sender_alone_and_a_held_card_is_accepted(
) {
    for (name, db) in databases() {
        let s = serve(config(&db)).await;
        let id = unique("held");
        let (status, created) = create(&s, &id, Some(deal())).await;
        assert_eq!(status, 201, "{name}: {created}");
        let tokens = &created["tokens"];
        let mut seats = Vec::new();
        for seat in ["N", "E", "S", "W"] {
            seats.push(Client::join(s.addr, &id, &tokens[seat]).await.0);
        }
        // 1C by North, three passes: North declares, South is dummy, East leads.
        for (i, call) in ["1C", "P", "P", "P"].into_iter().enumerate() {
            assert_eq!(
                seats[i].act(json!({ "type": "call", "call": call })).await["ok"],
                true,
                "{name}"
            );
        }
        for c in &mut seats {
            c.drain(100).await;
        }
        // East holds the hearts: a spade lead, face down or face up, is not his.
        refused_not_held(&mut seats, 1, json!({ "type": "lead", "card": "SA" }), name).await;
        refused_not_held(&mut seats, 1, json!({ "type": "play", "card": "C2" }), name).await;
        assert_eq!(
            seats[1].act(json!({ "type": "lead", "card": "HK" })).await["ok"],
            true,
            "{name}"
        );
        assert_eq!(seats[1].act(json!({ "type": "face_lead" })).await["ok"], true, "{name}");
        for c in &mut seats {
            c.drain(100).await;
        }
        // Dummy (South) is due: declarer plays dummy's diamonds, not his own spades.
        let from_dummy = |card: &str| json!({ "type": "play", "card": card, "from": "dummy" });
        refused_not_held(&mut seats, 0, from_dummy("SA"), name).await;
        assert_eq!(seats[0].act(from_dummy("D2")).await["ok"], true, "{name}");
        assert_eq!(
            seats[3].act(json!({ "type": "play", "card": "C2" })).await["ok"],
            true,
            "{name}"
        );
        assert_eq!(
            seats[0].act(json!({ "type": "play", "card": "S2" })).await["ok"],
            true,
            "{name}"
        );
        for c in &mut seats {
            c.drain(100).await;
        }
        // West ruffed and leads: the two of clubs is gone from his hand, the three is not.
        refused_not_held(&mut seats, 3, json!({ "type": "play", "card": "C2" }), name).await;
        assert_eq!(
            seats[3].act(json!({ "type": "play", "card": "C3" })).await["ok"],
            true,
            "{name}"
        );
        assert_eq!(
            seats[0].act(json!({ "type": "play", "card": "S3" })).await["ok"],
            true,
            "{name}"
        );
        for c in &mut seats {
            c.drain(100).await;
        }
        // East's lead, faced and in the first trick, is played already too.
        refused_not_held(&mut seats, 1, json!({ "type": "play", "card": "HK" }), name).await;
        assert_eq!(
            seats[1].act(json!({ "type": "play", "card": "H2" })).await["ok"],
            true,
            "{name}"
        );
        s.task.abort();
    }
}
