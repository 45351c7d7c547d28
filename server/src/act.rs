//! `act`: an action from a joined connection, as its own seat (or the Director), stamped on
//! the server's clock, committed to the database before anyone hears of it, then pushed to
//! every joined connection and acknowledged — all under the table's lock, in that order.

use bridge_laws::{Action, Actor, Outcome, Table, ViewTracker, Viewer};
use serde_json::Value;

use crate::commit::CommitError;
use crate::hub::{now_ms, Hub, Joined};
use crate::outbox::Outbox;
use crate::protocol::ErrorCode;
use crate::push;
use crate::server_msg::{Ack, ServerMsg};
use crate::store::Appended;

/// The viewer's name as tokens and actions spell it.
fn viewer_name(v: Viewer) -> String {
    match v {
        Viewer::Seat(s) => s.to_string(),
        Viewer::Director => "director".into(),
        Viewer::Spectator => "spectator".into(),
    }
}

/// Applies `action` for connection `j`; the reply (an `ack` or an `error`) goes to `out`.
pub(crate) async fn act(hub: &Hub, j: &Joined, out: &Outbox, id: Option<u64>, mut action: Value) {
    let refuse = |code: ErrorCode, message: String| {
        out.send(ServerMsg::error(code, &message, id).to_text());
    };
    let actor = match j.viewer {
        Viewer::Seat(s) => Actor::Seat(s),
        Viewer::Director => Actor::Director,
        Viewer::Spectator => return refuse(ErrorCode::WrongSeat, "spectators do not act".into()),
    };
    let own = viewer_name(j.viewer);
    if let Some(o) = action.as_object_mut() {
        match o.get("seat") {
            None => {
                o.insert("seat".into(), own.clone().into());
            }
            Some(Value::String(s)) if *s == own => {}
            Some(other) => {
                return refuse(
                    ErrorCode::WrongSeat,
                    format!("this connection acts as {own}, not {other}"),
                );
            }
        }
    }
    let action = match Action::from_json(&action.to_string()) {
        Ok(a) if a.seat == actor => a,
        Ok(_) => return refuse(ErrorCode::WrongSeat, format!("this connection acts as {own}")),
        Err(e) => return refuse(ErrorCode::BadAction, e.message),
    };
    let mut live = j.slot.lock().await;
    if let Some(why) = &live.broken {
        return refuse(ErrorCode::TableUnavailable, why.clone());
    }
    if live.evicted {
        // Let go (its lease taken) while this message was read: its copy must not write.
        return refuse(ErrorCode::NotOwner, "this table moved: join again".into());
    }
    if live.expired() {
        return refuse(
            ErrorCode::TokenExpired,
            "this board is over and its review period has passed".into(),
        );
    }
    let outcome = live.table.apply_on_server_clock(action, now_ms() as f64);
    if let Outcome::Rejected(r) = &outcome {
        out.send(Ack::rejected(id, r).to_text());
        return;
    }
    // Written before anyone hears of it (with the end of the board, if this action ended it).
    let n = live.table.log().len();
    let stored = live
        .table
        .log()
        .last()
        .map(|last| serde_json::to_string(&last).unwrap_or_default())
        .unwrap_or_default();
    let finished = live
        .just_finished()
        .then(|| i64::try_from(now_ms()).unwrap_or(i64::MAX));
    let row = Appended {
        table: j.id.clone(),
        seq: i64::try_from(n - 1).unwrap_or(i64::MAX),
        action: stored,
        state_hash: live.table.state_hash(),
        finished_at: finished,
    };
    if let Err(e) = hub.committer.append(row).await {
        // Not stored: not accepted. Rebuild the table without it.
        let mut snapshot = live.table.snapshot();
        snapshot.actions.pop();
        match Table::from_snapshot(snapshot) {
            Ok(t) => {
                live.tracker = ViewTracker::watching(&t, live.subs.iter().map(|s| s.viewer));
                live.table = t;
            }
            Err(r) => live.broken = Some(r.message().to_owned()),
        }
        refuse(e.code(), format!("not accepted: {e}"));
        if e == CommitError::Fenced {
            // Another process took the table: it leaves this one, its connections told so.
            drop(live);
            let owner = hub.store.owner(&j.id).await.ok().flatten();
            hub.lost_to(&j.id, &j.slot, owner).await;
        }
        return;
    }
    if let Some(at) = finished {
        live.finish(at, hub.limits.review_grace);
    }
    let table_id = j.id.as_str();
    push::deliver(&mut live, table_id, &outcome);
    let version = live.table.stream_version(j.viewer);
    let hash = (j.viewer == Viewer::Director).then(|| live.table.state_hash());
    out.send(Ack::accepted(id, version, hash.as_deref()).to_text());
}
