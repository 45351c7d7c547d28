//! A test vector for the canonical state hash: the same table must give the same hash
//! natively and in wasm (tests/roundtrip.rs and tests/js_api check it). A change of the
//! encoding in src/hash.rs changes it: tables on clients of different versions would then
//! disagree, so change it only with the encoding's version tag.

/// The table's options.
pub const OPTIONS: &str = r#"{"dealer":"E","vulnerability":"NS","regulation":"online","board":7}"#;

/// Its actions, each accepted.
pub const ACTIONS: [&str; 9] = [
    r#"{"seat":"E","type":"call","call":"1NT","alert":true,"explanation":"15-17 balanced","at":1000}"#,
    r#"{"seat":"S","type":"call","call":"P","at":2500}"#,
    r#"{"seat":"W","type":"call","call":"2C"}"#,
    r#"{"seat":"N","type":"ask","index":2}"#,
    r#"{"seat":"W","type":"explain","index":2,"text":"Stayman"}"#,
    r#"{"seat":"N","type":"call","call":"X"}"#,
    r#"{"seat":"E","type":"call","call":"2D"}"#,
    r#"{"seat":"S","type":"call","call":"P"}"#,
    r#"{"seat":"W","type":"call","call":"P"}"#,
];

/// The hash after the last action.
pub const HASH: &str = "69abceed7cbb23d75f0e25e317369371";
