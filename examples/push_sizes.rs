//! What a server pushes after a call on a long board: each viewer's push
//! (`ViewTracker`: his new entries and view patch) beside the whole view the older push
//! carried, after 300 reviews of an auction with two 480-character explanations, and what
//! making the pushes costs.
//!
//! `cargo run --release --example push_sizes`

use std::time::Instant;

use bridge_laws::{Table, ViewTracker, Viewer};

fn main() {
    let mut t = Table::from_options_json(r#"{"dealer":"N","vulnerability":"None","regulation":"face_to_face"}"#)
        .expect("options");
    let long = "x".repeat(480);
    let opening = [
        r#"{"seat":"N","type":"call","call":"1C"}"#.to_string(),
        format!(r#"{{"seat":"S","type":"alert","index":0,"explanation":"{long}"}}"#),
        r#"{"seat":"E","type":"call","call":"1H"}"#.to_string(),
        format!(r#"{{"seat":"W","type":"alert","index":1,"explanation":"{long}"}}"#),
    ];
    for a in &opening {
        assert!(t.apply_json(a).is_ok(), "{a}");
    }
    let mut tracker = ViewTracker::new(&t);
    let started = Instant::now();
    for _ in 0..300 {
        let out = t.apply_json(r#"{"seat":"S","type":"review"}"#);
        assert!(out.is_ok());
        let _ = tracker.pushes(&t, &out);
    }
    let per_review = started.elapsed() / 300;
    let out = t.apply_json(r#"{"seat":"S","type":"call","call":"1S"}"#);
    let pushes = tracker.pushes(&t, &out);
    for v in Viewer::ALL {
        let push = pushes
            .get(v)
            .map_or(0, |p| serde_json::to_string(p).map_or(0, |s| s.len()));
        let view = serde_json::to_string(&t.view(v)).map_or(0, |s| s.len());
        println!(
            "{:>9}: a call's push {push:>4} bytes; the whole view {view:>6} bytes",
            v.as_str()
        );
    }
    println!("apply + pushes for all six viewers: {per_review:?} per review");
}
