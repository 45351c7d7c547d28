//! `act`: an action from a joined connection, as its own seat (or the Director), stamped on
//! the server's clock, committed to the database before anyone hears of it, then pushed to
//! every joined connection and acknowledged — all under the table's lock, in that order.

use bridge_laws::{Action, Actor, Outcome, Table, ViewTracker, Viewer};
use serde_json::Value;

use crate::protocol::ErrorCode;
use crate::store::Appended;
use crate::tables::commit::CommitError;
use crate::tables::hub::{Hub, Joined};
use crate::tables::live::{now_ms, Live};
use crate::ws::outbox::Outbox;
use crate::ws::push;
use crate::ws::server_msg::{Ack, ServerMsg};

/// A refusal before the engine sees the action: its code and words.
type Refused = (ErrorCode, String);

/// Applies `action` for connection `j`; the reply (an `ack` or an `error`) goes to `out`.
pub(crate) async fn act(hub: &Hub, j: &Joined, out: &Outbox, id: Option<u64>, action: Value) {
    let refuse = |(code, message): Refused| {
        out.send(ServerMsg::error(code, &message, id).to_text());
    };
    let action = match own_action(j.viewer, action) {
        Ok(a) => a,
        Err(refused) => return refuse(refused),
    };
    let mut live = j.slot.lock().await;
    if let Some(refused) = unavailable(&live) {
        return refuse(refused);
    }
    let outcome = live.table.apply_on_server_clock(action, now_ms() as f64);
    if let Outcome::Rejected(r) = &outcome {
        out.send(Ack::rejected(id, r).to_text());
        return;
    }
    // Written before anyone hears of it (with the end of the board, if this action ended it).
    let finished = live
        .just_finished()
        .then(|| i64::try_from(now_ms()).unwrap_or(i64::MAX));
    let written = match appended(&live, &j.id, finished) {
        Ok(row) => hub.committer.append(row).await,
        Err(why) => Err(why),
    };
    if let Err(e) = written {
        // Not stored: not accepted. The table is rebuilt without it.
        undo_last(&mut live);
        refuse((e.code(), format!("not accepted: {e}")));
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
    push::deliver(&mut live, &j.id, &outcome);
    let version = live.table.stream_version(j.viewer);
    let hash = (j.viewer == Viewer::Director).then(|| live.table.state_hash());
    out.send(Ack::accepted(id, version, hash.as_deref()).to_text());
}

/// The action `viewer`'s connection sent, read once, as his own: its `seat` left out (it is
/// the connection's) or his. Spectators do not act.
fn own_action(viewer: Viewer, mut action: Value) -> Result<Action, Refused> {
    let actor = match viewer {
        Viewer::Seat(s) => Actor::Seat(s),
        Viewer::Director => Actor::Director,
        Viewer::Spectator => return Err((ErrorCode::WrongSeat, "spectators do not act".into())),
    };
    let own = viewer.as_str();
    if let Some(o) = action.as_object_mut() {
        match o.get("seat") {
            None => {
                o.insert("seat".into(), own.into());
            }
            Some(Value::String(s)) if s == own => {}
            Some(other) => {
                let why = format!("this connection acts as {own}, not {other}");
                return Err((ErrorCode::WrongSeat, why));
            }
        }
    }
    // From the message already read: no second parse of text (the engine's check of string
    // sizes before parsing has nothing to refuse in a frame, far under its limit).
    match serde_json::from_value::<Action>(action) {
        Ok(a) if a.seat == actor => Ok(a),
        Ok(_) => Err((ErrorCode::WrongSeat, format!("this connection acts as {own}"))),
        Err(e) => Err((ErrorCode::BadAction, e.to_string())),
    }
}

/// Why the table in `live` takes no action now, if it does not.
fn unavailable(live: &Live) -> Option<Refused> {
    if let Some(why) = &live.broken {
        return Some((ErrorCode::TableUnavailable, why.clone()));
    }
    if live.evicted {
        // Let go (its lease taken) while this message was read: its copy must not write.
        return Some((ErrorCode::NotOwner, "this table moved: join again".into()));
    }
    live.expired().then(|| {
        let why = "this board is over and its review period has passed";
        (ErrorCode::TokenExpired, why.into())
    })
}

/// The row of the action the table in `live` (table `id`) just accepted, with the end of
/// the board if it `finished` it.
///
/// # Errors
/// `STORAGE_FAILED` (`CommitError::Storage`) if there is none or it cannot be written as
/// JSON: not stored, so not accepted — never an empty row.
fn appended(live: &Live, id: &str, finished: Option<i64>) -> Result<Appended, CommitError> {
    let unwritable = |why: String| CommitError::Storage(format!("the action is not written: {why}"));
    let log = live.table.log();
    let last = log.last().ok_or_else(|| unwritable("no action".into()))?;
    let action = serde_json::to_string(&last).map_err(|e| unwritable(e.to_string()))?;
    Ok(Appended {
        table: id.to_owned(),
        seq: i64::try_from(log.len() - 1).unwrap_or(i64::MAX),
        action,
        state_hash: live.table.state_hash(),
        finished_at: finished,
    })
}

/// Rebuilds the table in `live` without its last action (accepted, not stored); not served
/// (`broken`) if it does not replay.
fn undo_last(live: &mut Live) {
    let mut snapshot = live.table.snapshot();
    snapshot.actions.pop();
    match Table::from_snapshot(snapshot) {
        Ok(t) => {
            live.tracker = ViewTracker::watching(&t, live.subs.iter().map(|s| s.viewer));
            live.table = t;
        }
        Err(r) => live.broken = Some(r.message().to_owned()),
    }
}
