//! PBN 2.1: tags and the auction section, read without copying.
//!
//! Accepted:
//! - Games separated by a blank line; `%` lines, `;` to the end of a line and `{…}` are
//!   comments. A tag is `[Name "value"]` (`\"` and `\\` escaped in the value); `#` as a
//!   value repeats the previous game's `Board`, `Dealer`, `Vulnerable`, `Deal` or `Room`.
//! - `[Board]`, `[Room "Open|Closed"]`, `[Dealer "N|E|S|W"]`, `[Vulnerable
//!   "None|Love|-|NS|EW|All|Both"]`, `[Deal "N:spades.hearts.diamonds.clubs …"]` (`-` an
//!   unknown hand).
//! - `[Auction "seat"]` then the calls, any case, any layout: `Pass`, `X`, `XX`, bids;
//!   `AP` (the passes that end the auction); `*` or `+` (the auction is incomplete);
//!   `-` (a call the record does not give: the auction is read up to it); `=n=` (a note:
//!   the call is alerted and `[Note "n:text"]` explains it); a suffix `!`, `?`, `!!`, `!?`,
//!   `?!`, `??` or a NAG `$n` (an annotation, never an alert); `^I` after a call (an
//!   insufficient bid, accepted); `^S` before a call (the player due to call was skipped).
//! - Every other tag ends the auction section; `[Note]` tags after it still explain it
//!   until a `[Play]` tag.
//! - `[Play "seat"]` (§3.6) then the cards, a trick a row: the first card of each row is the
//!   tag's seat's, the next his left-hand opponent's, and so on, whoever led; `-` a card the
//!   record does not give, `*` or `+` the end of what it gives. Marks on a card (`!`, `?`,
//!   `$n`, `=n=`, `^…`) are not read. The play is put in the order it was played, each
//!   trick led by the last one's winner under the contract the record's calls reach, up to
//!   the first card not given; at most 13 tricks are read (more is `bad_play`, as is a seat
//!   that is not the opening leader).

use std::borrow::Cow;
use std::fmt::Write;

use super::{clip, parse_call, parse_card, Deal, Format, Mark, ProblemCode, Read, Record, RecordedCall, Room};
use crate::auction::{self, Contract, Doubling, Entry, Illegal, Status};
use crate::board::Vulnerability;
use crate::call::{Call, Seat};
use crate::card::{parse_hand, Card, HandStyle};
use crate::play::winner;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Section {
    None,
    Auction,
    /// After the auction: notes still belong to it.
    AfterAuction,
    /// The play section (`[Play]`).
    Play,
    /// The play or any other section.
    Other,
}

/// What `#` repeats.
#[derive(Clone, Copy, Default)]
struct Previous {
    board: Option<u32>,
    room: Option<Room>,
    dealer: Option<Seat>,
    vulnerability: Option<Vulnerability>,
    deal: Option<Deal>,
}

struct Reader<'a> {
    text: &'a str,
    out: Read<'a>,
    cur: Record<'a>,
    started: bool,
    section: Section,
    /// The auction met a fault: later calls are not read.
    broken: bool,
    /// `^S` waiting for its call.
    skip: bool,
    /// Note numbers referred to, by call position.
    refs: Vec<(usize, u32, usize)>,
    notes: Vec<(u32, Cow<'a, str>)>,
    prev: Previous,
    auction_seat: Option<(Seat, usize)>,
    /// The play section's first seat (the `[Play]` tag's value) and where it is written.
    play_from: Option<(Seat, usize)>,
    /// Its cards as written, four a trick by seat from `play_from` (`None`: `-`).
    cells: Vec<Option<Card>>,
    /// `*` or `+` met, or a fault: the play's later tokens are not read.
    play_over: bool,
}

/// The most cards a play section holds: 13 tricks of four.
const MAX_CELLS: usize = 52;

/// Every game of a PBN text, and the faults found.
pub fn read(text: &str) -> Read<'_> {
    let mut r = Reader {
        text,
        out: Read::default(),
        cur: Record::new(Format::Pbn, 0),
        started: false,
        section: Section::None,
        broken: false,
        skip: false,
        refs: Vec::new(),
        notes: Vec::new(),
        prev: Previous::default(),
        auction_seat: None,
        play_from: None,
        cells: Vec::new(),
        play_over: false,
    };
    let b = text.as_bytes();
    let mut i = 0usize;
    let mut line_start = true;
    let mut line_blank = true;
    while i < b.len() {
        let c = b[i];
        match c {
            b'\n' => {
                if line_blank && r.started {
                    r.finish();
                }
                line_start = true;
                line_blank = true;
                i += 1;
                continue;
            }
            b' ' | b'\t' | b'\r' | 0x0c | 0x0b => {
                i += 1;
                continue;
            }
            b'%' if line_start => {
                i = line_end(b, i);
                continue;
            }
            b';' => {
                i = line_end(b, i);
                line_blank = false;
                continue;
            }
            b'{' => {
                line_blank = false;
                line_start = false;
                match text[i..].find('}') {
                    Some(k) => i += k + 1,
                    None => {
                        r.problem(i, ProblemCode::UnterminatedComment, &text[i..]);
                        i = b.len();
                    }
                }
                continue;
            }
            b'[' => {
                line_blank = false;
                line_start = false;
                i = r.tag(i);
                continue;
            }
            _ => {}
        }
        line_blank = false;
        line_start = false;
        if !matches!(r.section, Section::Auction | Section::Play) {
            // Tokens outside the auction and the play are not read: skip to what the loop must see next
            // (a comment, a tag or the line's end), a whole line at a time.
            i = skip_tokens(b, i);
            continue;
        }
        // A token: up to whitespace or a comment/tag opener.
        let start = i;
        while i < b.len() && !matches!(b[i], b' ' | b'\t' | b'\r' | b'\n' | b'{' | b'[' | b';' | 0x0c | 0x0b) {
            i += 1;
        }
        if r.section == Section::Play {
            r.play_token(&text[start..i], start);
        } else {
            r.auction_token(&text[start..i], start);
        }
    }
    r.finish();
    r.out
}

fn line_end(b: &[u8], i: usize) -> usize {
    b.get(i..)
        .and_then(|rest| memchr::memchr(b'\n', rest))
        .map_or(b.len(), |k| i + k)
}

/// Where the first comment or tag opener (`{`, `[`, `;`) after `i` on its line is, else the
/// line's end.
fn skip_tokens(b: &[u8], i: usize) -> usize {
    let eol = line_end(b, i);
    b.get(i..eol)
        .and_then(|line| memchr::memchr3(b'{', b'[', b';', line))
        .map_or(eol, |k| i + k)
}

fn is_annotation(t: &str) -> bool {
    matches!(t, "!" | "?" | "!!" | "??" | "!?" | "?!")
}

impl<'a> Reader<'a> {
    fn problem(&mut self, offset: usize, code: ProblemCode, text: &'a str) {
        self.out.report(self.cur.board, offset, code, text);
    }

    fn start(&mut self, offset: usize) {
        if !self.started {
            self.started = true;
            self.cur.offset = offset;
        }
    }

    /// Ends the current game: notes resolved, record kept, `#` values remembered.
    fn finish(&mut self) {
        if !self.started {
            return;
        }
        let refs = std::mem::take(&mut self.refs);
        for (call, n, offset) in refs {
            let text = self.notes.iter().find(|(k, _)| *k == n).map(|(_, t)| t.clone());
            match text {
                Some(t) => {
                    if let Some(c) = self.cur.calls.get_mut(call) {
                        c.explanation = if t.is_empty() { None } else { Some(t) };
                    }
                }
                None => {
                    let token = self.text.get(offset..).unwrap_or("");
                    let token = token.split_whitespace().next().unwrap_or("");
                    self.problem(offset, ProblemCode::NoteMissing, token);
                }
            }
        }
        if let (Some((seat, offset)), Some(dealer)) = (self.auction_seat, self.cur.dealer) {
            if seat != dealer {
                let t = self.text.get(offset..).map_or("", |t| clip(t, 20));
                self.problem(offset, ProblemCode::BadAuctionSeat, t);
            }
        } else if let (Some((seat, _)), None) = (self.auction_seat, self.cur.dealer) {
            self.cur.dealer = Some(seat);
        }
        self.finish_play();
        self.prev = Previous {
            board: self.cur.board,
            room: self.cur.room,
            dealer: self.cur.dealer,
            vulnerability: self.cur.vulnerability,
            deal: self.cur.deal,
        };
        let next = Record::new(Format::Pbn, 0);
        let r = std::mem::replace(&mut self.cur, next);
        self.out.records.push(r);
        self.notes.clear();
        self.started = false;
        self.section = Section::None;
        self.broken = false;
        self.skip = false;
        self.auction_seat = None;
        self.play_from = None;
        self.play_over = false;
    }

    /// A token of the play section: a card (marks after it not read), `-`, `*` or `+`.
    fn play_token(&mut self, tok: &'a str, at: usize) {
        if self.play_over {
            return;
        }
        let card = match tok {
            "*" | "+" => {
                self.play_over = true;
                return;
            }
            "-" => None,
            _ => {
                let end = tok.find(['!', '?', '=', '$', '^']).unwrap_or(tok.len());
                if end == 0 {
                    return; // a mark alone: commentary on the last card
                }
                match parse_card(&tok[..end]) {
                    Some(c) => Some(c),
                    None => {
                        self.problem(at, ProblemCode::BadCard, tok);
                        self.play_over = true;
                        return;
                    }
                }
            }
        };
        if self.cells.len() == MAX_CELLS {
            self.problem(at, ProblemCode::BadPlay, tok);
            self.play_over = true;
            return;
        }
        self.cells.push(card);
    }

    /// The play section as `Record::play`: in the order played, from the opening leader,
    /// each trick led by the last one's winner (the contract the record's calls reach gives
    /// the trumps), up to the first card not given. A section whose seat is not the
    /// opening leader is `bad_play`, and not read.
    fn finish_play(&mut self) {
        let cells = std::mem::take(&mut self.cells);
        let Some((first, at)) = self.play_from else { return };
        let Some(contract) = contract_of(&self.cur) else { return };
        if first != contract.leader() {
            let t = self.text.get(at..).map_or("", |t| clip(t, 20));
            self.problem(at, ProblemCode::BadPlay, t);
            return;
        }
        let mut leader = first;
        let mut trick: Vec<(Seat, Card)> = Vec::with_capacity(4);
        for row in cells.chunks(4) {
            trick.clear();
            for k in 0..4 {
                let seat = Seat::from_index((leader.index() + k) % 4);
                let column = (seat.index() + 4 - first.index()) % 4;
                let Some(Some(card)) = row.get(column) else { return };
                self.cur.play.push(*card);
                trick.push((seat, *card));
            }
            leader = winner(&trick, contract);
        }
    }

    /// Reads the tag at `i` (a `[`); returns the position after it.
    fn tag(&mut self, i: usize) -> usize {
        let text = self.text;
        let b = text.as_bytes();
        let eol = line_end(b, i);
        let mut j = i + 1;
        while j < eol && b[j].is_ascii_whitespace() {
            j += 1;
        }
        let name_start = j;
        while j < eol && !b[j].is_ascii_whitespace() && b[j] != b'"' && b[j] != b']' {
            j += 1;
        }
        let name = &text[name_start..j];
        while j < eol && b[j].is_ascii_whitespace() {
            j += 1;
        }
        if j >= eol || b[j] != b'"' {
            self.start(i);
            self.problem(i, ProblemCode::UnterminatedTag, &text[i..eol]);
            return eol;
        }
        let vstart = j + 1;
        let mut k = vstart;
        let mut escaped = false;
        while k < b.len() && b[k] != b'"' {
            if b[k] == b'\\' {
                escaped = true;
                k += 1;
            }
            k += 1;
        }
        if k >= b.len() {
            self.start(i);
            self.problem(i, ProblemCode::UnterminatedTag, &text[i..eol]);
            return b.len();
        }
        let raw = &text[vstart..k];
        let close = text[k..].find(']').map_or(eol.max(k + 1), |c| k + c + 1);
        let value: Cow<'a, str> = if escaped {
            Cow::Owned(unescape(raw))
        } else {
            Cow::Borrowed(raw)
        };
        self.start(i);
        self.apply_tag(name, value, vstart);
        close
    }

    fn apply_tag(&mut self, name: &str, value: Cow<'a, str>, at: usize) {
        let v = value.trim();
        let same = v == "#";
        let raw: &'a str = match &value {
            Cow::Borrowed(s) => s,
            Cow::Owned(_) => "",
        };
        if name.eq_ignore_ascii_case("Note") {
            if matches!(self.section, Section::Auction | Section::AfterAuction) {
                self.section = Section::AfterAuction;
                let (n, t) = match value.split_once(':') {
                    Some((n, _)) => (n.trim().parse::<u32>().ok(), value.find(':').map(|k| k + 1)),
                    None => (None, None),
                };
                if let (Some(n), Some(k)) = (n, t) {
                    let text = match value {
                        Cow::Borrowed(s) => Cow::Borrowed(&s[k..]),
                        Cow::Owned(s) => Cow::Owned(s[k..].to_string()),
                    };
                    self.notes.push((n, text));
                }
            }
            return;
        }
        if self.section == Section::Auction {
            self.section = Section::AfterAuction;
        }
        if name.eq_ignore_ascii_case("Board") {
            self.cur.board = if same {
                self.prev.board
            } else if v.is_empty() || v == "?" {
                // PBN 2.1 §3.1: `?` is an unknown value.
                None
            } else {
                match v.parse() {
                    Ok(n) => Some(n),
                    Err(_) => {
                        self.problem(at, ProblemCode::BadBoard, raw);
                        None
                    }
                }
            };
        } else if name.eq_ignore_ascii_case("Room") {
            self.cur.room = if same {
                self.prev.room
            } else if v.eq_ignore_ascii_case("open") {
                Some(Room::Open)
            } else if v.eq_ignore_ascii_case("closed") {
                Some(Room::Closed)
            } else {
                None
            };
        } else if name.eq_ignore_ascii_case("Dealer") {
            self.cur.dealer = if same {
                self.prev.dealer
            } else {
                match seat(v) {
                    Some(s) => Some(s),
                    None => {
                        if !v.is_empty() && v != "?" {
                            self.problem(at, ProblemCode::BadDealer, raw);
                        }
                        None
                    }
                }
            };
        } else if name.eq_ignore_ascii_case("Vulnerable") {
            self.cur.vulnerability = if same {
                self.prev.vulnerability
            } else {
                let e = |w: &str| v.eq_ignore_ascii_case(w);
                if e("None") || e("Love") || e("-") {
                    Some(Vulnerability::None)
                } else if e("NS") {
                    Some(Vulnerability::NS)
                } else if e("EW") {
                    Some(Vulnerability::EW)
                } else if e("All") || e("Both") {
                    Some(Vulnerability::All)
                } else {
                    if !v.is_empty() && v != "?" {
                        self.problem(at, ProblemCode::BadVulnerability, raw);
                    }
                    None
                }
            };
        } else if name.eq_ignore_ascii_case("Deal") {
            self.cur.deal = if same { self.prev.deal } else { self.deal(v, at, raw) };
        } else if name.eq_ignore_ascii_case("Play") {
            self.section = Section::Play;
            self.cells.clear();
            self.play_over = false;
            self.play_from = seat(v).map(|s| (s, at));
            if self.play_from.is_none() && !v.is_empty() && v != "?" {
                self.problem(at, ProblemCode::BadPlay, raw);
            }
        } else if name.eq_ignore_ascii_case("Auction") {
            self.section = Section::Auction;
            self.broken = false;
            match seat(v) {
                Some(s) => self.auction_seat = Some((s, at)),
                None => self.problem(at, ProblemCode::BadAuctionSeat, raw),
            }
        } else {
            self.section = Section::Other;
        }
    }

    fn deal(&mut self, v: &str, at: usize, raw: &'a str) -> Option<Deal> {
        if v.is_empty() {
            return None;
        }
        let (first, hands) = match v.split_once(':') {
            Some((s, h)) => (seat(s.trim()), h),
            None => (None, v),
        };
        let Some(first) = first else {
            self.problem(at, ProblemCode::BadDeal, raw);
            return None;
        };
        let mut d = Deal::default();
        let mut bad = false;
        let mut seat = first;
        let mut count = 0;
        for h in hands.split_whitespace() {
            count += 1;
            if count > 4 {
                bad = true;
                break;
            }
            if h != "-" {
                match parse_hand(h, HandStyle::Dots) {
                    Some(cards) => d.hands[seat.index()] = Some(cards),
                    None => bad = true,
                }
            }
            seat = seat.lho();
        }
        d.complete_fourth();
        if bad || !d.is_consistent() {
            self.problem(at, ProblemCode::BadDeal, raw);
        }
        d.hands.iter().any(Option::is_some).then_some(d)
    }

    fn auction_token(&mut self, tok: &'a str, at: usize) {
        if self.broken {
            return;
        }
        if tok.eq_ignore_ascii_case("AP") {
            self.all_pass(at);
            return;
        }
        match tok {
            "*" | "+" => {
                self.cur.incomplete = true;
                return;
            }
            "-" => {
                self.problem(at, ProblemCode::MissingCall, tok);
                self.broken = true;
                return;
            }
            _ => {}
        }
        if tok.starts_with("^S") || tok.starts_with("^s") {
            self.skip = true;
            let rest = &tok[2..];
            if !rest.is_empty() {
                self.auction_token(rest, at + 2);
            }
            return;
        }
        // Marks after a call, alone or attached: `=n=`, `$n`, annotations, `^I`.
        if self.suffix(tok, at) {
            return;
        }
        // A call, perhaps with marks attached.
        let end = tok.find(['!', '?', '=', '$', '^']).unwrap_or(tok.len());
        let (body, rest) = tok.split_at(end);
        match parse_call(body) {
            Some(call) => {
                let mut c = RecordedCall::new(call, at);
                c.skipped = std::mem::take(&mut self.skip);
                self.cur.calls.push(c);
                if !rest.is_empty() && !self.suffix(rest, at + end) {
                    self.problem(at, ProblemCode::UnknownToken, tok);
                }
            }
            None => {
                self.problem(at, ProblemCode::UnknownToken, tok);
                self.broken = true;
            }
        }
    }

    /// Reads marks (`=n=`, `$n`, `!`/`?` annotations, `^I`) on the last call; false when
    /// `tok` is not made of marks.
    fn suffix(&mut self, tok: &'a str, at: usize) -> bool {
        let mut rest = tok;
        let mut pos = at;
        let mut any = false;
        while !rest.is_empty() {
            let (len, kind) = if let Some(r) = rest.strip_prefix('=') {
                match r.find('=') {
                    Some(k) if k > 0 && r[..k].bytes().all(|c| c.is_ascii_digit()) => (k + 2, 0),
                    _ => return false,
                }
            } else if let Some(r) = rest.strip_prefix('$') {
                let k = r.bytes().take_while(u8::is_ascii_digit).count();
                if k == 0 {
                    return false;
                }
                (k + 1, 1)
            } else if rest.starts_with(['!', '?']) {
                let k = rest.bytes().take_while(|c| matches!(c, b'!' | b'?')).count();
                if !is_annotation(&rest[..k]) {
                    return false;
                }
                (k, 1)
            } else if rest.starts_with("^I") || rest.starts_with("^i") {
                (2, 2)
            } else if rest.starts_with("^S") || rest.starts_with("^s") {
                // `^S` written after the call it concerns.
                (2, 3)
            } else {
                return false;
            };
            let piece = &rest[..len];
            let Some(last) = self.cur.calls.len().checked_sub(1) else {
                self.problem(pos, ProblemCode::StrayMark, piece);
                return true;
            };
            match kind {
                0 => {
                    let n = piece[1..piece.len() - 1].parse::<u32>().unwrap_or(0);
                    if let Some(c) = self.cur.calls.get_mut(last) {
                        c.alert = true;
                    }
                    self.refs.push((last, n, pos));
                }
                1 => {
                    if let Some(c) = self.cur.calls.get_mut(last) {
                        if c.annotation.is_none() {
                            c.annotation = Some(Cow::Borrowed(piece));
                        }
                    }
                }
                2 => {
                    if let Some(c) = self.cur.calls.get_mut(last) {
                        c.mark = Some(super::Mark::AcceptedInsufficient);
                    }
                }
                _ => {
                    if let Some(c) = self.cur.calls.get_mut(last) {
                        c.skipped = true;
                    }
                }
            }
            any = true;
            rest = &rest[len..];
            pos += len;
        }
        any
    }

    /// `AP`: passes until the auction ends (three after a bid, four without one).
    fn all_pass(&mut self, at: usize) {
        let any_bid = self.cur.calls.iter().any(|c| c.call.bid().is_some());
        let trailing = self.cur.calls.iter().rev().take_while(|c| c.call.is_pass()).count();
        let need = if any_bid {
            3usize.saturating_sub(trailing)
        } else {
            4usize.saturating_sub(trailing)
        };
        for _ in 0..need {
            let mut c = RecordedCall::new(Call::Pass, at);
            c.skipped = std::mem::take(&mut self.skip);
            self.cur.calls.push(c);
        }
    }
}

/// The contract the record's calls reach, read as the audit's walk reads them (an
/// insufficient bid stands, a double or redouble Law 19 does not allow does not, calls
/// after the end are not read); `None` without a bid.
fn contract_of(r: &Record<'_>) -> Option<Contract> {
    let mut in_force: Vec<Entry> = Vec::with_capacity(r.calls.len());
    for (c, seat) in r.calls.iter().zip(r.seats()) {
        if matches!(
            auction::check(&in_force, seat, c.call),
            Ok(()) | Err(Illegal::Insufficient)
        ) {
            in_force.push(Entry { seat, call: c.call });
        }
        if auction::status(&in_force) != Status::Open {
            break;
        }
    }
    let (_, by, bid) = auction::last_bid(&in_force)?;
    let side = by.seat.side();
    let declarer = in_force
        .iter()
        .find(|e| e.seat.side() == side && e.call.bid().is_some_and(|b| b.strain == bid.strain))
        .map_or(by.seat, |e| e.seat);
    Some(Contract {
        bid,
        doubling: Doubling::Undoubled,
        declarer,
    })
}

/// A seat letter in either case.
fn seat(v: &str) -> Option<Seat> {
    match v.as_bytes() {
        [c] => Seat::from_letter(c.to_ascii_uppercase()),
        _ => None,
    }
}

/// A call as PBN writes it: `Pass` for a pass, else its canonical text (`X`, `XX`, `1NT`).
fn pbn_call(call: Call) -> &'static str {
    match call {
        Call::Pass => "Pass",
        c => c.as_str(),
    }
}

fn unescape(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(n) = chars.next() {
                out.push(n);
            }
        } else {
            out.push(c);
        }
    }
    out
}

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// How many closing passes `AP` stands for: the most `m` (up to 4) such that the last `m`
/// calls are plain passes and reading `AP` after the others gives back exactly `m`.
fn all_pass_tail(r: &Record<'_>) -> usize {
    let plain = r
        .calls
        .iter()
        .rev()
        .take_while(|c| c.call.is_pass() && c.is_plain())
        .count();
    (1..=plain.min(4))
        .rev()
        .find(|&m| {
            let head = &r.calls[..r.calls.len() - m];
            let any_bid = head.iter().any(|c| c.call.bid().is_some());
            let trailing = head.iter().rev().take_while(|c| c.call.is_pass()).count();
            let need = if any_bid {
                3usize.saturating_sub(trailing)
            } else {
                4usize.saturating_sub(trailing)
            };
            need == m
        })
        .unwrap_or(0)
}

/// One game as canonical PBN: `Board`, `Room`, `Dealer`, `Vulnerable`, `Deal`, then
/// `[Auction]` with four calls a line (`^S` before a call, an annotation attached, `^I`
/// and `=n=` after it), `AP` for the closing passes, `*` when incomplete, and a
/// `[Note]` for each alerted call (empty text when the record has none). The play is not
/// written.
pub fn write(r: &Record<'_>) -> String {
    let mut s = String::with_capacity(160 + 10 * r.calls.len());
    if let Some(n) = r.board {
        let _ = writeln!(s, "[Board \"{n}\"]");
    }
    if let Some(room) = r.room {
        let _ = writeln!(s, "[Room \"{}\"]", if room == Room::Open { "Open" } else { "Closed" });
    }
    // The auction's first seat is the dealer: a record with an auction names him, so that
    // reading the export back finds the dealer it wrote (a canonical export is stable).
    let has_auction = !r.calls.is_empty() || r.incomplete;
    if let Some(d) = r.dealer.or(has_auction.then(|| r.board_info().dealer)) {
        let _ = writeln!(s, "[Dealer \"{d}\"]");
    }
    if let Some(v) = r.vulnerability {
        let v = match v {
            Vulnerability::None => "None",
            Vulnerability::NS => "NS",
            Vulnerability::EW => "EW",
            Vulnerability::All => "All",
        };
        let _ = writeln!(s, "[Vulnerable \"{v}\"]");
    }
    if let Some(d) = &r.deal {
        s.push_str("[Deal \"N:");
        for seat in Seat::ALL {
            s.push_str(&d.pbn_hand(seat));
            s.push_str(if seat == Seat::W { "\"]\n" } else { " " });
        }
    }
    if has_auction {
        let _ = writeln!(s, "[Auction \"{}\"]", r.board_info().dealer);
        let tail = all_pass_tail(r);
        let n = r.calls.len() - tail;
        let ap = tail > 0;
        let mut notes: Vec<&str> = Vec::new();
        let mut tokens: Vec<String> = Vec::with_capacity(n + 2);
        for c in &r.calls[..n] {
            let mut t = String::with_capacity(12);
            if c.skipped {
                t.push_str("^S ");
            }
            t.push_str(pbn_call(c.call));
            match c.annotation.as_deref() {
                Some(a) if a.starts_with('$') => {
                    let _ = write!(t, " {a}");
                }
                Some(a) => t.push_str(a),
                None => {}
            }
            if c.mark == Some(Mark::AcceptedInsufficient) {
                t.push_str(" ^I");
            }
            if c.alert || c.explanation.is_some() {
                notes.push(c.explanation.as_deref().unwrap_or(""));
                let _ = write!(t, " ={}=", notes.len());
            }
            tokens.push(t);
        }
        if ap {
            tokens.push("AP".into());
        }
        if r.incomplete {
            tokens.push("*".into());
        }
        for (k, token) in tokens.iter().enumerate() {
            s.push_str(token);
            s.push(if k % 4 == 3 || k + 1 == tokens.len() { '\n' } else { ' ' });
        }
        for (k, text) in notes.iter().enumerate() {
            let _ = writeln!(s, "[Note \"{}:{}\"]", k + 1, escape(text));
        }
    }
    s.push('\n');
    s
}

/// Every record as canonical PBN, games separated by a blank line.
pub fn write_all<'r>(records: impl IntoIterator<Item = &'r Record<'r>>) -> String {
    records.into_iter().map(write).collect()
}

impl RecordedCall<'_> {
    /// Nothing but the call: no alert, explanation, mark, skip or annotation.
    pub fn is_plain(&self) -> bool {
        !self.alert && self.explanation.is_none() && self.mark.is_none() && !self.skipped && self.annotation.is_none()
    }
}
