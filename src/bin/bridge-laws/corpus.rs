//! Replays the real-auction corpus (one JSON deal per line) through the engine under the
//! `online` regulation: every auction the record marks sound must be legal call by call
//! and complete; every auction marked broken for an auction reason must be flagged.

use serde::Deserialize;

use bridge_laws::{Call, Phase, Seat, Table, TableOptions, Vulnerability};

#[derive(Deserialize)]
struct Deal {
    id: String,
    dealer: String,
    vul: String,
    calls: Vec<String>,
    raw_ok: bool,
    #[serde(default)]
    problems: Vec<String>,
}

/// What the engine made of one deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every call legal and the auction complete at the last call.
    Sound,
    /// A call was refused or unparseable, or calls followed the end, or it never ended.
    Flagged(String),
}

/// Counts over a corpus.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Deals read.
    pub deals: usize,
    /// Calls applied.
    pub calls: usize,
    /// Deals marked sound and found sound.
    pub sound_agreed: usize,
    /// Deals marked broken (for an auction reason) and flagged.
    pub broken_agreed: usize,
    /// Disagreements: id and what the engine said.
    pub disagreements: Vec<(String, String)>,
    /// Lines that are not deals.
    pub unreadable: usize,
}

/// Judges one auction.
pub fn judge(dealer: Seat, vul: Vulnerability, calls: &[String]) -> (Verdict, usize) {
    let Ok(mut t) = Table::new(TableOptions {
        dealer,
        vulnerability: vul,
        regulation: Default::default(),
        board: None,
        deal: None,
    }) else {
        return (Verdict::Flagged("no table".into()), 0);
    };
    let mut applied = 0;
    for (i, text) in calls.iter().enumerate() {
        let Ok(call) = text.parse::<Call>() else {
            return (Verdict::Flagged(format!("call {i} {text:?} unparseable")), applied);
        };
        let Some(seat) = t.turn() else {
            return (Verdict::Flagged(format!("call {i} after the auction ended")), applied);
        };
        if t.phase() != Phase::Auction {
            return (Verdict::Flagged(format!("call {i} after the auction ended")), applied);
        }
        let json = format!(r#"{{"seat":"{seat}","type":"call","call":"{call}"}}"#);
        if let Some(r) = t.apply_json(&json).rejection() {
            return (Verdict::Flagged(format!("call {i} {call}: {}", r.code())), applied);
        }
        applied += 1;
    }
    if t.phase() == Phase::Auction {
        return (Verdict::Flagged("auction not ended".into()), applied);
    }
    (Verdict::Sound, applied)
}

/// Whether a corpus problem concerns the auction itself (not notes or deals).
fn auction_problem(p: &str) -> bool {
    let kind = p.split(':').next().unwrap_or("");
    !matches!(kind, "note_missing" | "bad_deal")
}

/// Replays every line of `text`.
pub fn replay(text: &str) -> Summary {
    let mut s = Summary::default();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let Ok(d) = serde_json::from_str::<Deal>(line) else {
            s.unreadable += 1;
            continue;
        };
        let (Ok(dealer), Ok(vul)) = (
            d.dealer.parse::<Seat>(),
            serde_json::from_value::<Vulnerability>(d.vul.clone().into()),
        ) else {
            s.unreadable += 1;
            continue;
        };
        s.deals += 1;
        let (verdict, n) = judge(dealer, vul, &d.calls);
        s.calls += n;
        let expect_sound = d.raw_ok || !d.problems.iter().any(|p| auction_problem(p));
        match (expect_sound, verdict) {
            (true, Verdict::Sound) => s.sound_agreed += 1,
            (false, Verdict::Flagged(_)) => s.broken_agreed += 1,
            (true, Verdict::Flagged(why)) => s.disagreements.push((d.id, why)),
            (false, Verdict::Sound) => s
                .disagreements
                .push((d.id, format!("marked {:?}, engine found it sound", d.problems))),
        }
    }
    s
}
