//! BBO LIN: `key|value|` pairs, read without copying.
//!
//! Accepted (keys in any case, whitespace and line breaks between pairs ignored):
//! - `qx|o12|` starts a board (room `o` open / `c` closed, board number after it); `md`
//!   also starts one when the current board already has a deal or calls, so files of one
//!   board per `md` and vugraph files of many boards both read.
//! - `md|3SAKQ…,…,…,…|`: dealer digit (1 S, 2 W, 3 N, 4 E) then the hands of South, West,
//!   North and East (an empty hand is unknown; a missing fourth hand is the rest of the pack).
//! - `sv|o|` vulnerability: `o`, `0` or `-` none, `n` NS, `e` EW, `b` both.
//! - `ah|Board 12|`: the board number when `qx` gave none.
//! - `mb|1C!|`: a call; a trailing `!` alerts it. `an|text|` explains the call before it;
//!   `!s !h !d !c` in the text are suit symbols (`♠ ♥ ♦ ♣`).
//! - `pc|SA|` a card played, `mc|10|` a claim of that many tricks.
//! - `nt|…|` is chat, never an explanation; every other key is ignored.
//!
//! A call that is not a call ends the board's auction where it stands (later calls would
//! sit in the wrong seats): it is reported, and the rest of the file is read.

use std::borrow::Cow;
use std::fmt::Write;

use super::{parse_call, parse_card, Deal, Format, ProblemCode, Read, Record, RecordedCall, Room};
use crate::board::Vulnerability;
use crate::call::{Call, Seat, Suit};
use crate::card::{parse_hand, HandStyle};

/// Seats in the order `md` lists the hands; the dealer digit `1`–`4` names them in the same
/// order.
const MD_ORDER: [Seat; 4] = [Seat::S, Seat::W, Seat::N, Seat::E];

/// A call as LIN writes it: `D` for double, `R` for redouble, else its canonical text.
fn lin_call(call: Call) -> &'static str {
    match call {
        Call::Double => "D",
        Call::Redouble => "R",
        c => c.as_str(),
    }
}

/// The suit of LIN's `!s !h !d !c` letter in an explanation.
fn lin_suit(c: char) -> Option<Suit> {
    u8::try_from(c).ok().and_then(Suit::from_letter)
}

struct Reader<'a> {
    out: Read<'a>,
    cur: Record<'a>,
    /// The auction met a call that is not a call: later calls are not read.
    broken: bool,
    /// Anything read into `cur`.
    started: bool,
}

impl<'a> Reader<'a> {
    fn problem(&mut self, offset: usize, code: ProblemCode, text: &'a str) {
        self.out.report(self.cur.board, offset, code, text);
    }

    fn finish(&mut self, next_offset: usize) {
        if self.started {
            let r = std::mem::replace(&mut self.cur, Record::new(Format::Lin, next_offset));
            self.out.records.push(r);
        } else {
            self.cur.offset = next_offset;
        }
        self.broken = false;
        self.started = false;
    }
}

/// Every board of a LIN text, and the faults found.
pub fn read(text: &str) -> Read<'_> {
    let mut r = Reader {
        out: Read::default(),
        cur: Record::new(Format::Lin, 0),
        broken: false,
        started: false,
    };
    let mut pos = 0usize;
    while let Some(bar) = text[pos..].find('|').map(|k| pos + k) {
        let raw_key = &text[pos..bar];
        let key_start = pos;
        let vstart = bar + 1;
        let Some(vend) = text[vstart..].find('|').map(|k| vstart + k) else {
            r.problem(key_start, ProblemCode::UnterminatedField, raw_key.trim());
            break;
        };
        let value = &text[vstart..vend];
        pos = vend + 1;
        // Junk before a key (text between boards): the key is the last word.
        let key = raw_key.trim();
        let key = key.rsplit(|c: char| !c.is_ascii_alphanumeric()).next().unwrap_or("");
        let key_offset = key_start + raw_key.len() - raw_key.trim_start().len();
        field(&mut r, key, value, key_offset, vstart);
    }
    r.finish(text.len());
    r.out
}

fn is(key: &str, k: &str) -> bool {
    key.eq_ignore_ascii_case(k)
}

fn field<'a>(r: &mut Reader<'a>, key: &str, value: &'a str, key_offset: usize, at: usize) {
    if is(key, "qx") {
        r.finish(key_offset);
        r.started = true;
        let v = value.trim();
        r.cur.room = match v.as_bytes().first().map(u8::to_ascii_lowercase) {
            Some(b'o') => Some(Room::Open),
            Some(b'c') => Some(Room::Closed),
            _ => None,
        };
        let digits = v.trim_start_matches(|c: char| !c.is_ascii_digit());
        if !digits.is_empty() {
            match digits.parse::<u32>() {
                Ok(n) => r.cur.board = Some(n),
                Err(_) => r.problem(at, ProblemCode::BadBoard, value),
            }
        }
    } else if is(key, "md") {
        if r.cur.deal.is_some() || !r.cur.calls.is_empty() || r.cur.dealer.is_some() {
            r.finish(key_offset);
        }
        r.started = true;
        deal(r, value, at);
    } else if is(key, "sv") {
        r.started = true;
        r.cur.vulnerability = match value.trim().to_ascii_lowercase_byte() {
            Some(b'o' | b'0' | b'-') => Some(Vulnerability::None),
            Some(b'n') => Some(Vulnerability::NS),
            Some(b'e') => Some(Vulnerability::EW),
            Some(b'b') => Some(Vulnerability::All),
            _ => {
                r.problem(at, ProblemCode::BadVulnerability, value);
                None
            }
        };
    } else if is(key, "ah") {
        if r.cur.board.is_none() {
            let digits: &str = value.trim_start_matches(|c: char| !c.is_ascii_digit());
            let end = digits.find(|c: char| !c.is_ascii_digit()).unwrap_or(digits.len());
            r.cur.board = digits[..end].parse().ok();
        }
    } else if is(key, "mb") {
        r.started = true;
        if r.broken {
            return;
        }
        let v = value.trim();
        let alert = v.ends_with('!');
        let body = v.trim_end_matches('!');
        match parse_call(body) {
            Some(call) => {
                let mut c = RecordedCall::new(call, at);
                c.alert = alert;
                r.cur.calls.push(c);
            }
            None => {
                r.problem(at, ProblemCode::BadCall, value);
                r.broken = true;
            }
        }
    } else if is(key, "an") {
        if r.broken {
            return;
        }
        match r.cur.calls.last_mut() {
            Some(c) => c.explanation = explanation(value),
            None => r.problem(at, ProblemCode::ExplanationWithoutCall, value),
        }
    } else if is(key, "pc") {
        match parse_card(value) {
            Some(card) => r.cur.play.push(card),
            None => r.problem(at, ProblemCode::BadCard, value),
        }
    } else if is(key, "mc") {
        match value.trim().parse::<u8>() {
            Ok(n) if n <= 13 => r.cur.claim = Some(n),
            _ => r.problem(at, ProblemCode::BadClaim, value),
        }
    }
}

trait FirstByte {
    fn to_ascii_lowercase_byte(&self) -> Option<u8>;
}

impl FirstByte for str {
    fn to_ascii_lowercase_byte(&self) -> Option<u8> {
        self.as_bytes().first().map(u8::to_ascii_lowercase)
    }
}

fn deal<'a>(r: &mut Reader<'a>, value: &'a str, at: usize) {
    let v = value.trim();
    let hands = match v.as_bytes().first() {
        Some(d @ b'0'..=b'9') => {
            r.cur.dealer = usize::from(d - b'0')
                .checked_sub(1)
                .and_then(|k| MD_ORDER.get(k))
                .copied();
            if r.cur.dealer.is_none() {
                r.problem(at, ProblemCode::BadDealer, value);
            }
            &v[1..]
        }
        _ => v,
    };
    let mut d = Deal::default();
    let mut bad = false;
    for (k, h) in hands.split(',').enumerate() {
        let h = h.trim();
        match MD_ORDER.get(k) {
            Some(seat) if !h.is_empty() => match parse_hand(h, HandStyle::Letters) {
                Some(cards) => d.hands[seat.index()] = Some(cards),
                None => bad = true,
            },
            Some(_) => {}
            None => bad |= !h.is_empty(),
        }
    }
    d.complete_fourth();
    if bad || !d.is_consistent() {
        r.problem(at, ProblemCode::BadDeal, value);
    }
    if d.hands.iter().any(Option::is_some) {
        r.cur.deal = Some(d);
    }
}

/// An `an` text with `!s !h !d !c` as suit symbols; borrowed when it has none; empty is
/// no explanation.
fn explanation(text: &str) -> Option<Cow<'_, str>> {
    if text.is_empty() {
        return None;
    }
    let b = text.as_bytes();
    let has = b.windows(2).any(|w| w[0] == b'!' && Suit::from_letter(w[1]).is_some());
    if !has {
        return Some(Cow::Borrowed(text));
    }
    let mut out = String::with_capacity(text.len() + 8);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let suit = if c == '!' {
            chars.peek().copied().and_then(lin_suit)
        } else {
            None
        };
        match suit {
            Some(suit) => {
                out.push_str(suit.symbol());
                chars.next();
            }
            None => out.push(c),
        }
    }
    Some(Cow::Owned(out))
}

/// An explanation as LIN text: suit symbols as `!s !h !d !c`, `|` (which would end the
/// field) as `/`.
fn lin_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        let mut buf = [0u8; 4];
        match Suit::from_symbol(c.encode_utf8(&mut buf)) {
            Some(suit) => {
                out.push('!');
                out.push(suit.letter().to_ascii_lowercase());
            }
            None if c == '|' => out.push('/'),
            None => out.push(c),
        }
    }
    out
}

/// One board as canonical LIN: `qx` (room and board number, either may be absent), `md`, `sv`, the calls with
/// `!` alerts and `an` explanations, the play and the claim, on one line. PBN-only marks
/// (annotations, `^I`, `^S`, an incomplete auction) are not written.
pub fn write(r: &Record<'_>) -> String {
    let mut s = String::with_capacity(64 + 12 * r.calls.len() + 6 * r.play.len());
    let room = match r.room {
        Some(Room::Open) => "o",
        Some(Room::Closed) => "c",
        None => "",
    };
    let _ = write!(s, "qx|{room}{}|", r.board.map(|n| n.to_string()).unwrap_or_default());
    if r.dealer.is_some() || r.deal.is_some() {
        s.push_str("md|");
        if let Some(d) = r.dealer {
            let k = MD_ORDER.iter().position(|s| *s == d).unwrap_or_default();
            s.push(char::from(b'1' + k as u8));
        }
        if let Some(d) = &r.deal {
            for (k, seat) in MD_ORDER.iter().enumerate() {
                if k > 0 {
                    s.push(',');
                }
                s.push_str(&d.lin_hand(*seat));
            }
        }
        s.push('|');
    }
    if let Some(v) = r.vulnerability {
        s.push_str(match v {
            Vulnerability::None => "sv|o|",
            Vulnerability::NS => "sv|n|",
            Vulnerability::EW => "sv|e|",
            Vulnerability::All => "sv|b|",
        });
    }
    for c in &r.calls {
        let _ = write!(s, "mb|{}{}|", lin_call(c.call), if c.alert { "!" } else { "" });
        if let Some(e) = &c.explanation {
            let _ = write!(s, "an|{}|", lin_text(e));
        }
    }
    for card in &r.play {
        let _ = write!(s, "pc|{card}|");
    }
    if let Some(n) = r.claim {
        let _ = write!(s, "mc|{n}|");
    }
    s.push('\n');
    s
}

/// Every record as canonical LIN, one board per line.
pub fn write_all<'r>(records: impl IntoIterator<Item = &'r Record<'r>>) -> String {
    records.into_iter().map(write).collect()
}
