//! Per-address accounting: open WebSocket connections per client address, and the key an
//! address is counted under — an IPv4 address, or an IPv6 address's /64 prefix (what one
//! subscriber is usually given, so a client cannot step around a limit by changing the low
//! bits of its address).

use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr};
use std::sync::{Arc, Mutex, PoisonError};

/// The key an address is counted under: IPv4 as it is (an IPv4-mapped IPv6 address as its
/// IPv4), IPv6 by its /64 prefix.
pub(crate) fn key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(v4) => IpAddr::V4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
    }
}

/// Open connections per address key, at most `max` each; only keys with an open connection
/// are held (memory bounded by the open connections).
#[derive(Debug)]
pub(crate) struct PerIp {
    open: Mutex<HashMap<IpAddr, usize>>,
    max: usize,
}

impl PerIp {
    /// No connection open yet; at most `max` per address.
    pub fn new(max: usize) -> Arc<PerIp> {
        Arc::new(PerIp {
            open: Mutex::new(HashMap::new()),
            max,
        })
    }

    /// Takes a slot for a connection from `ip` unless its address already holds `max`; the
    /// slot frees itself when dropped.
    pub fn open(self: &Arc<Self>, ip: IpAddr) -> Option<IpSlot> {
        let key = key(ip);
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let n = open.entry(key).or_insert(0);
        if *n >= self.max {
            if *n == 0 {
                open.remove(&key);
            }
            return None;
        }
        *n += 1;
        Some(IpSlot {
            per_ip: self.clone(),
            key,
        })
    }

    /// Connections open from `ip`'s address key.
    #[cfg(test)]
    fn count(&self, ip: IpAddr) -> usize {
        let open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        open.get(&key(ip)).copied().unwrap_or(0)
    }
}

/// One connection's place in its address's count, held for the connection's life.
#[derive(Debug)]
pub(crate) struct IpSlot {
    per_ip: Arc<PerIp>,
    key: IpAddr,
}

impl Drop for IpSlot {
    fn drop(&mut self) {
        let mut open = self.per_ip.open.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(n) = open.get_mut(&self.key) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                open.remove(&self.key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_holds_at_most_its_limit_and_a_closed_slot_is_given_back() {
        let per_ip = PerIp::new(2);
        let a: IpAddr = "192.0.2.1".parse().unwrap();
        let b: IpAddr = "192.0.2.2".parse().unwrap();
        let first = per_ip.open(a).unwrap();
        let _second = per_ip.open(a).unwrap();
        assert!(per_ip.open(a).is_none(), "a third from one address");
        assert!(per_ip.open(b).is_some(), "another address has its own count");
        drop(first);
        assert_eq!(per_ip.count(a), 1);
        assert!(per_ip.open(a).is_some());
        assert_eq!(per_ip.count(b), 0, "a key with nothing open is not held");
    }

    #[test]
    fn ipv6_addresses_of_one_64_prefix_share_a_count_and_mapped_ipv4_is_ipv4() {
        let per_ip = PerIp::new(1);
        let _one = per_ip.open("2001:db8:1:2::1".parse().unwrap()).unwrap();
        assert!(per_ip.open("2001:db8:1:2:ffff::9".parse().unwrap()).is_none());
        assert!(per_ip.open("2001:db8:1:3::1".parse().unwrap()).is_some());
        let _v4 = per_ip.open("198.51.100.7".parse().unwrap()).unwrap();
        assert!(per_ip.open("::ffff:198.51.100.7".parse().unwrap()).is_none());
    }

    #[test]
    fn a_limit_of_zero_refuses_every_connection_and_holds_nothing() {
        let per_ip = PerIp::new(0);
        let a: IpAddr = "192.0.2.1".parse().unwrap();
        assert!(per_ip.open(a).is_none());
        assert_eq!(per_ip.open.lock().unwrap().len(), 0);
    }
}
