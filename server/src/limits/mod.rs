//! What a client may take: its address as the limits count it, connections per address, and
//! the HTTP API's rate limit.

pub mod client_addr;
pub(crate) mod ip_limits;
pub(crate) mod rate_limit;
