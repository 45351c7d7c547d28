//! The client's address, as the per-address limits count it: the socket's peer, unless the
//! peer is one of the operator's trusted proxies (`--trusted-proxy CIDR`); then the rightmost
//! hop of `Forwarded` (RFC 7239; or, without it, `X-Forwarded-For`) that is not itself a
//! trusted proxy. Hops are read from the right, where each trusted proxy appended the address
//! it was reached from, so the hops a client wrote himself (on the left) are never believed:
//! a client cannot choose the address he is counted under. From an untrusted peer the headers
//! are ignored.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode};
use forwarded_header_value::ForwardedStanza;
use ipnet::IpNet;

/// The proxies whose forwarding headers are believed.
#[derive(Clone, Debug, Default)]
pub struct TrustedProxies(Vec<IpNet>);

impl TrustedProxies {
    /// The proxies in `nets` (a single address is a /32 or /128 network).
    pub fn new(nets: Vec<IpNet>) -> TrustedProxies {
        TrustedProxies(nets)
    }

    /// Whether `ip` is one of them (an IPv4-mapped IPv6 address as its IPv4).
    pub fn trusts(&self, ip: IpAddr) -> bool {
        let ip = ip.to_canonical();
        self.0.iter().any(|net| net.contains(&ip))
    }

    /// The address a request from `peer` with `headers` is counted under.
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        if !self.trusts(peer) {
            return peer;
        }
        let hops = hops(headers);
        let mut nearest = peer;
        for hop in hops.iter().rev() {
            match hop {
                Some(ip) if self.trusts(*ip) => nearest = *ip,
                Some(ip) => return *ip,
                // Obfuscated, `unknown` or malformed: nothing left of it can be believed, so
                // the request counts under the last trusted address reached.
                None => return nearest,
            }
        }
        nearest
    }
}

/// The `for` hops of the forwarding headers, left to right (`None`: a hop without an IP
/// address); `Forwarded` if the request has one, else `X-Forwarded-For`. Several lines of a
/// header are one list, in order.
fn hops(headers: &HeaderMap) -> Vec<Option<IpAddr>> {
    let lines = |name: &str| -> Vec<String> {
        headers
            .get_all(name)
            .iter()
            .map(|v| v.to_str().map(str::to_string).unwrap_or_else(|_| ",".into()))
            .collect()
    };
    let forwarded = lines("forwarded");
    let (text, standard) = if forwarded.is_empty() {
        (lines("x-forwarded-for").join(","), false)
    } else {
        (forwarded.join(","), true)
    };
    text.split(',')
        .map(str::trim)
        .filter(|hop| !hop.is_empty())
        .map(|hop| {
            if standard {
                hop.parse::<ForwardedStanza>().ok().and_then(|s| s.forwarded_for_ip())
            } else {
                hop.parse::<IpAddr>()
                    .ok()
                    .or_else(|| hop.parse::<SocketAddr>().ok().map(|a| a.ip()))
            }
        })
        .collect()
}

/// The client's address, as an extractor: needs the connect info and an
/// `Extension<Arc<TrustedProxies>>`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ClientIp(pub IpAddr);

impl<S: Send + Sync> FromRequestParts<S> for ClientIp {
    type Rejection = StatusCode;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<ClientIp, StatusCode> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .ok_or(StatusCode::INTERNAL_SERVER_ERROR)?
            .0
            .ip();
        let trusted = parts.extensions.get::<Arc<TrustedProxies>>();
        Ok(ClientIp(trusted.map_or(peer, |t| t.client(peer, &parts.headers))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn proxies(nets: &[&str]) -> TrustedProxies {
        TrustedProxies::new(nets.iter().map(|n| n.parse().unwrap()).collect())
    }

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(*k, HeaderValue::from_str(v).unwrap());
        }
        h
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn an_untrusted_peer_is_counted_as_itself_whatever_it_forwards() {
        let t = proxies(&["10.0.0.0/8"]);
        let h = headers(&[("x-forwarded-for", "203.0.113.9"), ("forwarded", "for=203.0.113.9")]);
        assert_eq!(t.client(ip("198.51.100.1"), &h), ip("198.51.100.1"));
        assert_eq!(TrustedProxies::default().client(ip("10.0.0.1"), &h), ip("10.0.0.1"));
    }

    #[test]
    fn behind_trusted_proxies_the_rightmost_untrusted_hop_is_the_client() {
        let t = proxies(&["10.0.0.0/8", "192.0.2.7/32"]);
        // The client wrote "1.1.1.1" himself; the proxies appended the rest.
        let h = headers(&[("x-forwarded-for", "1.1.1.1, 203.0.113.9, 192.0.2.7")]);
        assert_eq!(t.client(ip("10.1.2.3"), &h), ip("203.0.113.9"));
        let h = headers(&[("forwarded", r#"for=1.1.1.1, for="[2001:db8::5]:4711";proto=https"#)]);
        assert_eq!(t.client(ip("::ffff:10.1.2.3"), &h), ip("2001:db8::5"));
        // Several lines are one list.
        let h = headers(&[("x-forwarded-for", "1.1.1.1"), ("x-forwarded-for", "203.0.113.8")]);
        assert_eq!(t.client(ip("10.1.2.3"), &h), ip("203.0.113.8"));
    }

    #[test]
    fn forwarded_wins_over_x_forwarded_for_and_an_unreadable_hop_stops_the_walk() {
        let t = proxies(&["10.0.0.0/8"]);
        let h = headers(&[("x-forwarded-for", "203.0.113.1"), ("forwarded", "for=203.0.113.2")]);
        assert_eq!(t.client(ip("10.0.0.1"), &h), ip("203.0.113.2"));
        let h = headers(&[("forwarded", "for=203.0.113.2, for=_hidden, for=10.0.0.9")]);
        assert_eq!(t.client(ip("10.0.0.1"), &h), ip("10.0.0.9"));
        let h = headers(&[("x-forwarded-for", "203.0.113.2, garbage")]);
        assert_eq!(t.client(ip("10.0.0.1"), &h), ip("10.0.0.1"));
        // No header at all: the proxy itself.
        assert_eq!(t.client(ip("10.0.0.1"), &HeaderMap::new()), ip("10.0.0.1"));
    }
}
