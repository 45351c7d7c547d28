//! `GET /ws`: a connection's upgrade, within the per-address and per-process limits.

use std::sync::Arc;

use axum::extract::ws::WebSocketUpgrade;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use axum::Extension;

use crate::http::http_body::api_error;
use crate::limits::client_addr::ClientIp;
use crate::limits::ip_limits;
use crate::protocol::ErrorCode;
use crate::tables::hub::Hub;
use crate::ws::connection;

/// `GET /ws`: the upgrade, refused `TOO_MANY_CONNECTIONS` with 429 when the client's address
/// (`client_addr`: behind a trusted proxy, the one it forwards) holds its limit of
/// connections, with 503 when the process holds its own.
pub(crate) async fn ws_upgrade(
    State(hub): State<Arc<Hub>>,
    ClientIp(client): ClientIp,
    Extension(per_ip): Extension<Arc<ip_limits::PerIp>>,
    ws: WebSocketUpgrade,
) -> Response {
    let limits = hub.limits;
    let Some(ip_slot) = per_ip.open(client) else {
        let message = format!("at most {} connections from one address", limits.connections_per_ip);
        return api_error(StatusCode::TOO_MANY_REQUESTS, ErrorCode::TooManyConnections, message);
    };
    let Some(slot) = hub.metrics.open_connection(limits.connections) else {
        let message = format!("this process serves at most {} connections", limits.connections);
        return api_error(StatusCode::SERVICE_UNAVAILABLE, ErrorCode::TooManyConnections, message);
    };
    ws.max_message_size(limits.hard_frame_bytes)
        .max_frame_size(limits.hard_frame_bytes)
        .read_buffer_size(connection::READ_BUFFER)
        .on_upgrade(move |socket| async move {
            connection::serve(hub, socket, slot).await;
            drop(ip_slot);
        })
}
