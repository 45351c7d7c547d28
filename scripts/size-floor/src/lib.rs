//! The engine with no boundary: every kind of action, a view, the bidding box, the state
//! hash and a replay, reached from plain numbers (`scripts/size-floor.sh`).
//!
//! Nothing crosses as a JS value: no serde code is instantiated, no text is read from JS,
//! no event or view is written out. What this module weighs is what the laws of the auction
//! and clarification periods weigh in wasm before any boundary is added.

use bridge_laws::action::{Hand, Intent, RulingOn, RulingValue};
use bridge_laws::{
    Action, ActionKind, Actor, Bid, Call, Card, Level, Outcome, Preset, RegulationSpec, Seat, Strain, Suit, Table,
    TableOptions, Viewer, Vulnerability,
};
use std::hint::black_box;
use std::sync::Arc;

/// A seat from its index.
fn seat(i: u32) -> Seat {
    Seat::from_index((i & 3) as usize)
}

/// One of the 38 calls from its index.
fn call(i: u32) -> Call {
    match i % 38 {
        0 => Call::Pass,
        1 => Call::Double,
        2 => Call::Redouble,
        n => {
            let level = Level::new(((n - 3) / 5 + 1) as u8).unwrap_or(Level::ALL[0]);
            Call::Bid(Bid::new(level, Strain::ALL[((n - 3) % 5) as usize]))
        }
    }
}

/// One of the 52 cards from its index.
fn card(i: u32) -> Card {
    let suit = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades][(i & 3) as usize];
    Card {
        suit,
        rank: (2 + (i >> 2) % 13) as u8,
    }
}

/// A text when the low bit says so.
fn text(bits: u32) -> Option<Arc<str>> {
    (bits & 1 != 0).then(|| Arc::from("weak two"))
}

/// An intent from the low bit.
fn intent(bits: u32) -> Intent {
    if bits & 1 == 0 {
        Intent::Accept
    } else {
        Intent::OwnTurn
    }
}

/// A strain from its index.
fn strain(i: u32) -> Strain {
    Strain::ALL[(i % 5) as usize]
}

/// A new table under one of the presets; null when refused.
#[no_mangle]
pub extern "C" fn floor_new(dealer: u32, vulnerability: u32, preset: u32) -> *mut Table {
    let vulnerabilities = [
        Vulnerability::None,
        Vulnerability::NS,
        Vulnerability::EW,
        Vulnerability::All,
    ];
    let presets = [
        Preset::Online,
        Preset::OnlineTournament,
        Preset::FaceToFace,
        Preset::Screens,
    ];
    let options = TableOptions {
        dealer: seat(dealer),
        vulnerability: vulnerabilities[(vulnerability & 3) as usize],
        regulation: RegulationSpec::Preset(presets[(preset & 3) as usize]),
        board: None,
        deal: None,
    };
    match Table::new(options) {
        Ok(t) => Box::into_raw(Box::new(t)),
        Err(_) => std::ptr::null_mut(),
    }
}

/// Applies an action of any kind (`kind` 0–21, in `ActionKind`'s order; `actor` 4 is the
/// Director); 0 when accepted, 1 when refused, 2 without a table.
///
/// # Safety
/// `t` is null or a table from `floor_new` or `floor_replay`, not yet dropped.
#[no_mangle]
pub unsafe extern "C" fn floor_apply(t: *mut Table, actor: u32, kind: u32, a: u32, b: u32) -> u32 {
    let Some(t) = (unsafe { t.as_mut() }) else { return 2 };
    let index = a as usize;
    let kind = match kind {
        0 => ActionKind::Call {
            call: call(a),
            alert: b & 2 != 0,
            explanation: text(b),
            intent: (b & 4 != 0).then(|| intent(b >> 3)),
        },
        1 => ActionKind::Alert {
            index,
            explanation: text(b),
        },
        2 => ActionKind::Explain {
            index,
            text: Arc::from("natural"),
        },
        3 => ActionKind::Ask {
            index: (b & 1 != 0).then_some(index),
        },
        4 => ActionKind::Review,
        5 => ActionKind::AskLead,
        6 => ActionKind::AskContract,
        7 => ActionKind::CorrectExplanation {
            index,
            text: Arc::from("forcing"),
        },
        8 => ActionKind::NotePartnerMistake { index },
        9 => ActionKind::ReplaceCall { call: call(a) },
        10 => ActionKind::ChangeCall { call: call(a) },
        11 => ActionKind::Respond { accept: b & 1 != 0 },
        12 => ActionKind::Accept,
        13 => ActionKind::Decline,
        14 => ActionKind::Director { reason: text(b) },
        15 => ActionKind::Ruling {
            on: [
                RulingOn::Unintended,
                RulingOn::Comparable,
                RulingOn::Misinformation,
                RulingOn::Intent,
                RulingOn::Artificial,
            ][(b % 5) as usize],
            value: match (b >> 3) % 3 {
                0 => None,
                1 => Some(RulingValue::Yes(b & 64 != 0)),
                _ => Some(RulingValue::Intent(intent(b >> 7))),
            },
            specified: (b & 256 != 0).then(|| vec![strain(a)].into_boxed_slice()),
            index: (b & 512 != 0).then_some(index),
        },
        16 => ActionKind::RestrictLead {
            suit: (b & 1 != 0).then(|| strain(a)),
            require: b & 2 != 0,
        },
        17 => ActionKind::Lead { card: card(a) },
        18 => ActionKind::FaceLead,
        19 => ActionKind::Play {
            card: card(a),
            from: (b & 1 != 0).then_some(Hand::Dummy),
        },
        20 => ActionKind::EndPlay,
        _ => ActionKind::ReturnHands,
    };
    let seat = if actor >= 4 {
        Actor::Director
    } else {
        Actor::Seat(seat(actor))
    };
    let outcome = t.apply(Action { seat, kind, at: None });
    let refused = matches!(outcome, Outcome::Rejected(_));
    black_box(&outcome);
    u32::from(refused)
}

/// Builds what a viewer (0–3 a seat, 4 the Director, 5 a spectator) sees.
///
/// # Safety
/// As `floor_apply`.
#[no_mangle]
pub unsafe extern "C" fn floor_view(t: *const Table, viewer: u32) {
    let Some(t) = (unsafe { t.as_ref() }) else { return };
    let viewer = match viewer {
        0..=3 => Viewer::Seat(seat(viewer)),
        4 => Viewer::Director,
        _ => Viewer::Spectator,
    };
    black_box(&t.view(viewer));
}

/// A seat's bidding box, and whether one call is legal for it.
///
/// # Safety
/// As `floor_apply`.
#[no_mangle]
pub unsafe extern "C" fn floor_legal(t: *const Table, s: u32, c: u32) -> u32 {
    let Some(t) = (unsafe { t.as_ref() }) else { return 0 };
    black_box(t.legal_calls(seat(s)));
    u32::from(t.is_legal(seat(s), call(c)))
}

/// The state hash, as bytes and as hex.
///
/// # Safety
/// As `floor_apply`.
#[no_mangle]
pub unsafe extern "C" fn floor_hash(t: *const Table) -> u32 {
    let Some(t) = (unsafe { t.as_ref() }) else { return 0 };
    black_box(t.hash());
    t.state_hash().len() as u32
}

/// The table replayed from its options and log; null when refused.
///
/// # Safety
/// As `floor_apply`.
#[no_mangle]
pub unsafe extern "C" fn floor_replay(t: *const Table) -> *mut Table {
    let Some(t) = (unsafe { t.as_ref() }) else {
        return std::ptr::null_mut();
    };
    match Table::replay(t.snapshot().options, t.log().iter()) {
        Ok(t) => Box::into_raw(Box::new(t)),
        Err(_) => std::ptr::null_mut(),
    }
}

/// Drops a table.
///
/// # Safety
/// As `floor_apply`; the table is not used again.
#[no_mangle]
pub unsafe extern "C" fn floor_drop(t: *mut Table) {
    if !t.is_null() {
        drop(unsafe { Box::from_raw(t) });
    }
}
