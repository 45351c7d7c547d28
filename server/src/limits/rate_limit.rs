//! The HTTP API's rate limit: a token bucket per client address (`governor`, keyed by
//! `ip_limits::key`), `http_rate_per_sec` on average and `http_burst` at once; behind a
//! trusted proxy the address is the client's it forwards (`client_addr`). A request past
//! it is answered `429 RATE_LIMITED` with `Retry-After` before any work is done (no database
//! read, no table lock). Requests carrying the admin token are not counted: the operator's
//! own tooling may create many tables at once, and a wrong token costs one hash to tell.

use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::Response;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use crate::config::Limits;
use crate::http::credentials::{self, bearer};
use crate::http::http_body::api_error;
use crate::limits::client_addr::ClientIp;
use crate::limits::ip_limits;
use crate::protocol::ErrorCode;

/// Checks between two sweeps of the buckets of addresses that have gone quiet.
const SWEEP_EVERY: u32 = 1024;

/// The HTTP API's buckets, one per address key.
pub(crate) struct HttpLimiter {
    /// `None`: no limit (`http_rate_per_sec` of 0, negative or not finite).
    buckets: Option<DefaultKeyedRateLimiter<IpAddr>>,
    clock: DefaultClock,
    checks: AtomicU32,
    /// SHA-256 of the admin token, if one is set.
    admin_digest: Option<String>,
}

impl HttpLimiter {
    /// Buckets as `limits` set them; requests with the admin token (digest) pass.
    pub fn new(limits: &Limits, admin_digest: Option<String>) -> Arc<HttpLimiter> {
        let period = (limits.http_rate_per_sec > 0.0)
            .then(|| Duration::try_from_secs_f64(1.0 / limits.http_rate_per_sec).ok())
            .flatten();
        let quota = period
            .and_then(Quota::with_period)
            .map(|q| q.allow_burst(NonZeroU32::new(limits.http_burst).unwrap_or(NonZeroU32::MIN)));
        Arc::new(HttpLimiter {
            buckets: quota.map(RateLimiter::keyed),
            clock: DefaultClock::default(),
            checks: AtomicU32::new(0),
            admin_digest,
        })
    }

    /// How long `ip` must wait before its next request, or `None` if it may go now (which
    /// takes a token from its bucket).
    fn wait(&self, ip: IpAddr) -> Option<Duration> {
        let buckets = self.buckets.as_ref()?;
        if self.checks.fetch_add(1, Ordering::Relaxed) % SWEEP_EVERY == SWEEP_EVERY - 1 {
            // Memory is bounded by the addresses seen lately: full buckets are forgotten.
            buckets.retain_recent();
            buckets.shrink_to_fit();
        }
        buckets
            .check_key(&ip_limits::key(ip))
            .err()
            .map(|not_until| not_until.wait_time_from(self.clock.now()))
    }
}

/// The middleware: the admin passes; anyone else takes a token from its address's bucket or
/// is answered `429 RATE_LIMITED`.
pub(crate) async fn limit(
    State(limiter): State<Arc<HttpLimiter>>,
    ClientIp(client): ClientIp,
    request: Request,
    next: Next,
) -> Response {
    let admin = match (&limiter.admin_digest, bearer(request.headers())) {
        (Some(digest), Some(got)) => credentials::matches(got, digest),
        _ => false,
    };
    if admin {
        return next.run(request).await;
    }
    let Some(wait) = limiter.wait(client) else {
        return next.run(request).await;
    };
    let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
    let message = format!("too many requests from this address: retry in {secs} s");
    let mut response = api_error(StatusCode::TOO_MANY_REQUESTS, ErrorCode::RateLimited, message);
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from(secs));
    response
}
