//! The HTTP endpoints: creating a table (the admin, or anyone in demo mode) and a table's
//! status (the admin, or that table's Director).

use std::collections::BTreeMap;
use std::sync::atomic::Ordering;
use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use bridge_laws::{Deal, Table};
use serde_json::Value;
use tokio::sync::Mutex;

use crate::http::credentials::{self, bearer};
use crate::http::http_body::{api_error, Created, TableStatus};
use crate::protocol::ErrorCode;
use crate::store::NewTable;
use crate::tables::deal;
use crate::tables::hub::Hub;
use crate::tables::live::{review_over, Live};

/// Viewers a table has tokens for.
const VIEWER_NAMES: [&str; 6] = ["N", "E", "S", "W", "director", "spectator"];

/// Whether the request carries the admin token.
fn is_admin(hub: &Hub, headers: &HeaderMap) -> bool {
    match (&hub.admin_digest, bearer(headers)) {
        (Some(digest), Some(got)) => credentials::matches(got, digest),
        _ => false,
    }
}

fn unauthorized(hub: &Hub, who: &str) -> Response {
    let message = if hub.admin_digest.is_some() || hub.demo {
        format!("{who} required: Authorization: Bearer …")
    } else {
        format!(
            "{who} required (this server has no admin token: set BRIDGE_ADMIN_TOKEN, or run a local demo with --demo)"
        )
    };
    api_error(StatusCode::UNAUTHORIZED, ErrorCode::BadToken, message)
}

fn valid_id(id: &str) -> bool {
    (1..=64).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// `POST /api/tables` `{"id"?: "…", "options": TableOptions, "deal"?: "N:…" | {"N": [card…], …}}`
/// → `201 {"id", "tokens"}`: one token per seat, the Director's and the spectators'. Only their
/// hashes are stored. The deal is the one given (`deal`, or `options.deal`), or dealt at
/// random, and handed to the table. Needs the admin token, unless the server runs in demo
/// mode.
pub(crate) async fn create_table(State(hub): State<Arc<Hub>>, headers: HeaderMap, body: String) -> Response {
    if !hub.demo && !is_admin(&hub, &headers) {
        return unauthorized(&hub, "the admin token");
    }
    let Ok(Value::Object(mut req)) = serde_json::from_str::<Value>(&body) else {
        return api_error(
            StatusCode::BAD_REQUEST,
            ErrorCode::BadMessage,
            "expected {\"options\": …}",
        );
    };
    let id = match new_table_id(&hub, &mut req) {
        Ok(id) => id,
        Err(refused) => return *refused,
    };
    let options_text = req.get("options").map(Value::to_string).unwrap_or_default();
    let (table, deal) = match dealt_table(&options_text, req.get("deal")) {
        Ok(dealt) => dealt,
        Err(why) => return api_error(StatusCode::BAD_REQUEST, ErrorCode::BadMessage, why),
    };
    let Some(tokens) = new_tokens() else {
        return api_error(
            StatusCode::INTERNAL_SERVER_ERROR,
            ErrorCode::StorageFailed,
            "no system randomness",
        );
    };
    let hashed: BTreeMap<String, String> = tokens
        .iter()
        .map(|(k, v)| (k.clone(), credentials::digest_hex(v)))
        .collect();
    let row = NewTable::new(&id, &options_text, &hashed, &table.state_hash()).dealt(&deal::to_stored(&deal));
    if let Err(refused) = store_and_hold(&hub, &id, row, Live::new(table, hashed, None)).await {
        return *refused;
    }
    (
        StatusCode::CREATED,
        Json(Created {
            id: &id,
            tokens: &tokens,
        }),
    )
        .into_response()
}

/// The new table's id — the one asked for, or a random one — if it is well formed and this
/// shard's.
fn new_table_id(hub: &Hub, req: &mut serde_json::Map<String, Value>) -> Result<String, Box<Response>> {
    let id = match req.remove("id") {
        Some(Value::String(id)) => id,
        None => credentials::new_token()
            .and_then(|t| t.get(..16).map(str::to_string))
            .unwrap_or_default(),
        Some(_) => {
            return Err(Box::new(api_error(
                StatusCode::BAD_REQUEST,
                ErrorCode::BadMessage,
                "id must be a string",
            )))
        }
    };
    if !valid_id(&id) {
        return Err(Box::new(api_error(
            StatusCode::BAD_REQUEST,
            ErrorCode::BadMessage,
            "id: 1 to 64 of A-Z a-z 0-9 - _",
        )));
    }
    if !hub.shard.serves(&id) {
        return Err(Box::new(api_error(
            StatusCode::MISDIRECTED_REQUEST,
            ErrorCode::WrongShard,
            "table id of another shard",
        )));
    }
    Ok(id)
}

/// A fresh token for each viewer; none without system randomness.
fn new_tokens() -> Option<BTreeMap<String, String>> {
    VIEWER_NAMES
        .iter()
        .map(|v| credentials::new_token().map(|t| ((*v).to_string(), t)))
        .collect()
}

/// Writes the new table `row` through the group commit, then holds `live` as table `id`;
/// refused when the process holds its limit of tables or the id is taken.
async fn store_and_hold(hub: &Hub, id: &str, row: NewTable, live: Live) -> Result<(), Box<Response>> {
    // Written through the group commit, the map's lock not held meanwhile; the tables being
    // written count against the limit.
    let slots = hub.tables.read().await;
    let held = slots.len() + hub.creating.fetch_add(1, Ordering::SeqCst);
    let taken = slots.contains_key(id);
    drop(slots);
    let created = if held >= hub.limits.tables {
        Err(api_error(
            StatusCode::SERVICE_UNAVAILABLE,
            ErrorCode::TooManyTables,
            format!("this process holds {held} tables, its limit"),
        ))
    } else if taken {
        Err(api_error(
            StatusCode::CONFLICT,
            ErrorCode::BadMessage,
            "a table with that id exists",
        ))
    } else {
        match hub.committer.create(row).await {
            Ok(()) => {
                hub.tables
                    .write()
                    .await
                    .insert(id.to_string(), Arc::new(Mutex::new(live)));
                Ok(())
            }
            Err(e) => Err(api_error(StatusCode::CONFLICT, e.code(), e.to_string())),
        }
    };
    hub.creating.fetch_sub(1, Ordering::SeqCst);
    created.map_err(Box::new)
}

/// The table of the options in `options_text`, given its deal — `options.deal`, or `deal`
/// beside the options, or (neither given) dealt at random (L6: the cards are shuffled and
/// dealt) — and that deal, to store. The deal must give each seat 13 cards.
fn dealt_table(options_text: &str, deal: Option<&Value>) -> Result<(Table, Deal), String> {
    let mut options = Table::from_options_json(options_text)
        .map_err(|e| e.message)?
        .snapshot()
        .options;
    let deal = match (options.deal.take(), deal) {
        (Some(_), Some(_)) => return Err("the deal is given twice: in the options and beside them".into()),
        (Some(d), None) => deal::whole(d)?,
        (None, Some(hands)) => deal::given(hands)?,
        (None, None) => deal::random(),
    };
    options.deal = Some(deal.clone());
    let table = Table::new(options).map_err(|e| e.message)?;
    Ok((table, deal))
}

/// `GET /api/tables/{id}` (the admin token, or the table's Director's): the number of
/// accepted actions, the state hash, whether the board is over — from memory, or from the
/// database for a table that has left it.
pub(crate) async fn table_status(State(hub): State<Arc<Hub>>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    let admin = is_admin(&hub, &headers);
    let refused = || unauthorized(&hub, "the admin token or the table's Director's");
    if !admin && bearer(&headers).is_none() {
        return refused();
    }
    let resident = hub.tables.read().await.get(&id).cloned();
    let (tokens, actions, hash, broken, finished_at) = match resident {
        Some(slot) => {
            let live = slot.lock().await;
            (
                live.tokens.clone(),
                live.table.log().len() as i64,
                live.table.state_hash(),
                live.broken.clone(),
                live.finished_at,
            )
        }
        None => match hub.store.row(&id).await {
            Ok(Some(row)) if hub.shard.serves(&id) => (row.tokens, row.count, row.state_hash, None, row.finished_at),
            // Only the admin learns whether a table exists.
            Ok(_) if !admin => return refused(),
            Ok(_) => return api_error(StatusCode::NOT_FOUND, ErrorCode::UnknownTable, "no such table"),
            Err(e) => {
                return api_error(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    ErrorCode::StorageFailed,
                    e.to_string(),
                )
            }
        },
    };
    if !admin {
        let director = tokens.get("director").map(String::as_str).unwrap_or_default();
        if !bearer(&headers).is_some_and(|t| credentials::matches(t, director)) {
            return refused();
        }
        if finished_at.is_some_and(|at| review_over(at, hub.limits.review_grace)) {
            return api_error(
                StatusCode::UNAUTHORIZED,
                ErrorCode::TokenExpired,
                crate::tables::expiry::expired_message(finished_at.unwrap_or_default()),
            );
        }
    }
    Json(TableStatus {
        id: &id,
        actions,
        state_hash: &hash,
        broken: broken.as_deref(),
        finished: finished_at.is_some(),
        closed_idle: finished_at == Some(crate::tables::expiry::CLOSED_IDLE_AT),
    })
    .into_response()
}
