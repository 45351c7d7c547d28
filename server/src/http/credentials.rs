//! Tokens: made from system randomness, stored only as SHA-256 digests, and compared digest
//! to digest in constant time (both sides hashed, so neither length nor content of a guess
//! shows in the time a comparison takes).

use std::collections::BTreeMap;

use axum::http::HeaderMap;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// The SHA-256 of `text`, in lower-case hex (the form stored in the database).
pub fn digest_hex(text: &str) -> String {
    hex::encode(Sha256::digest(text.as_bytes()))
}

/// A fresh token of 24 random bytes in hex, or `None` without system randomness (a
/// guessable token is never made).
pub fn new_token() -> Option<String> {
    let mut bytes = [0u8; 24];
    getrandom::fill(&mut bytes).ok()?;
    Some(hex::encode(bytes))
}

/// Whether `token` hashes to `digest` (hex), compared in constant time.
pub fn matches(token: &str, digest: &str) -> bool {
    bool::from(digest_hex(token).as_bytes().ct_eq(digest.as_bytes()))
}

/// The viewer whose token digest `token` matches, every digest compared (no early exit; the
/// token hashed once).
pub fn viewer_of<'a>(tokens: &'a BTreeMap<String, String>, token: &str) -> Option<&'a str> {
    let presented = digest_hex(token);
    let mut found = None;
    for (name, digest) in tokens {
        if bool::from(presented.as_bytes().ct_eq(digest.as_bytes())) {
            found = Some(name.as_str());
        }
    }
    found
}

/// The bearer token of an `Authorization: Bearer …` header, if any.
pub fn bearer(headers: &HeaderMap) -> Option<&str> {
    headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_matches_its_own_digest_and_no_other() {
        let a = new_token().unwrap();
        let b = new_token().unwrap();
        assert_ne!(a, b);
        assert!(matches(&a, &digest_hex(&a)));
        assert!(!matches(&b, &digest_hex(&a)));
        assert!(!matches("", &digest_hex(&a)));
        let tokens = BTreeMap::from([("N".to_string(), digest_hex(&a)), ("E".to_string(), digest_hex(&b))]);
        assert_eq!(viewer_of(&tokens, &b), Some("E"));
        assert_eq!(viewer_of(&tokens, "guess"), None);
    }
}
