//! The HTTP API: its endpoints, the JSON bodies of its answers, and the tokens that
//! authorize requests.

pub(crate) mod admin;
pub mod credentials;
pub(crate) mod http_body;
pub(crate) mod routes;
