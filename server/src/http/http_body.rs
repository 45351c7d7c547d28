//! The JSON bodies of the HTTP API's answers, typed like the WebSocket's `ServerMsg`: a
//! refusal (`{code, message}`), a created table and a table's status (docs/SERVER.md).

use std::collections::BTreeMap;

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;
use ts_rs::TS;

use crate::protocol::ErrorCode;

/// A refused HTTP request's body: the protocol's code and what went wrong.
#[derive(Serialize, TS)]
pub(crate) struct ApiError<'a> {
    /// The protocol's code.
    pub code: ErrorCode,
    /// What went wrong, in words.
    pub message: &'a str,
}

/// A refusal with `status`, its body `{code, message}`.
pub(crate) fn api_error(status: StatusCode, code: ErrorCode, message: impl AsRef<str>) -> Response {
    let body = ApiError {
        code,
        message: message.as_ref(),
    };
    (status, Json(body)).into_response()
}

/// The body of `201 Created`: the table's id and its tokens by viewer name.
#[derive(Serialize, TS)]
pub(crate) struct Created<'a> {
    /// The table's id.
    pub id: &'a str,
    /// Each viewer's token (`N` … `W`, `director`, `spectator`).
    #[ts(type = "Record<Viewer, string>")]
    pub tokens: &'a BTreeMap<String, String>,
}

/// A table's status, for the admin or its Director.
#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub(crate) struct TableStatus<'a> {
    /// The table's id.
    pub id: &'a str,
    /// Accepted actions.
    #[ts(type = "number")]
    pub actions: i64,
    /// The state hash after them.
    pub state_hash: &'a str,
    /// Why the table is not served, if it is not.
    pub broken: Option<&'a str>,
    /// Whether the board is over (or the table was closed unplayed).
    pub finished: bool,
    /// Whether the table was closed unplayed, idle.
    pub closed_idle: bool,
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use axum::http::StatusCode;
    use serde_json::{json, Value};

    use super::{api_error, Created, TableStatus};
    use crate::protocol::ErrorCode;

    #[tokio::test]
    async fn a_refusal_has_its_status_and_a_body_of_code_and_message() {
        let response = api_error(StatusCode::CONFLICT, ErrorCode::StorageFailed, "disk \"full\"");
        assert_eq!(response.status(), StatusCode::CONFLICT);
        let bytes = axum::body::to_bytes(response.into_body(), 1 << 16).await.unwrap();
        let body: Value = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(body, json!({ "code": "STORAGE_FAILED", "message": "disk \"full\"" }));
    }

    #[test]
    fn created_and_status_bodies_have_the_fields_of_the_api() {
        let tokens = BTreeMap::from([("N".to_string(), "tN".to_string())]);
        let created = serde_json::to_value(Created {
            id: "t1",
            tokens: &tokens,
        })
        .unwrap();
        assert_eq!(created, json!({ "id": "t1", "tokens": { "N": "tN" } }));
        let status = serde_json::to_value(TableStatus {
            id: "t1",
            actions: 3,
            state_hash: "h",
            broken: None,
            finished: true,
            closed_idle: false,
        })
        .unwrap();
        assert_eq!(
            status,
            json!({ "id": "t1", "actions": 3, "stateHash": "h", "broken": null,
                    "finished": true, "closedIdle": false })
        );
    }
}
