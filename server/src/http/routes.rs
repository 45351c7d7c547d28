//! The server's routes: the WebSocket upgrade, the HTTP API behind its rate limit, the
//! per-address connection limit and trusted proxies, and the table page's files.

use std::sync::Arc;

use axum::routing::{get, post};
use axum::{middleware, Extension, Router};

use crate::config::Config;
use crate::http::admin;
use crate::limits::{client_addr, ip_limits, rate_limit};
use crate::tables::hub::Hub;
use crate::ws::upgrade::ws_upgrade;

/// Every route `hub` serves, as `config` sets them up.
pub(crate) fn router(hub: &Arc<Hub>, config: &Config) -> Router {
    let http_limiter = rate_limit::HttpLimiter::new(&config.limits, hub.admin_digest.clone());
    let api = Router::new()
        .route("/api/tables", post(admin::create_table))
        .route("/api/tables/{id}", get(admin::table_status))
        .route_layer(middleware::from_fn_with_state(http_limiter, rate_limit::limit));
    let app = Router::new()
        .route("/ws", get(ws_upgrade))
        .merge(api)
        .layer(Extension(ip_limits::PerIp::new(config.limits.connections_per_ip)))
        .layer(Extension(Arc::new(client_addr::TrustedProxies::new(
            config.trusted_proxies.clone(),
        ))))
        .with_state(hub.clone());
    match config.www.as_ref().filter(|d| d.is_dir()) {
        Some(dir) => app.fallback_service(tower_http::services::ServeDir::new(dir)),
        None => app,
    }
}
