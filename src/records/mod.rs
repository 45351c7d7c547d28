//! Real records in and out: BBO LIN and PBN 2.1 readers and writers, the replay of a record
//! through the engine, and a director's audit of what a record shows.
//!
//! A file is read into [`Record`]s (one per board: board, dealer, vulnerability, deal, the
//! calls with alerts, explanations, annotations and marked irregularities, LIN's play and
//! claim) and a list of [`Problem`]s, each with the board's ordinal, its number and the byte
//! offset of the fault. A reader never panics and never stops at a broken board: it reports
//! the fault and reads on. Texts borrow from the input wherever the record holds them as
//! written (calls, tokens, explanations without escapes).
//!
//! [`Record::replay`] makes a [`Table`] from a record under [`import_regulation`] — face to
//! face, so irregular calls are recorded and rectified rather than refused, with the caller
//! disclosing his own call as the records do — and [`audit::audit`] lists the irregularities
//! and suspicious procedure the record shows. [`import::import`] is a replay that refuses a
//! board it cannot reproduce whole (the import of `Table.fromPbn` and `Table.fromLin`).
//!
//! The accepted syntax is written in [`lin`] and [`pbn`]; the decisions (how `^S` maps to
//! actions, what counts as a truncated auction) in docs/ENGINEERING.md, "Records (LIN and PBN)".

use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

use serde::Serialize;

use crate::action::{Action, ActionKind, Actor};
use crate::auction::{self, Entry, Illegal};
use crate::board::{Board, Vulnerability};
use crate::call::{Call, Seat};
use crate::card::{write_hand, Card, HandStyle};
use crate::deal::CardSet;
use crate::regulation::{Disclosure, Overrides, Preset, RegulationSpec, MAX_TEXT_CAP};
use crate::report::Rejection;
use crate::state::Status;
use crate::table::{Table, TableOptions};

pub mod audit;
pub mod import;
pub mod lin;
pub mod pbn;

/// The file formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    /// BBO LIN.
    Lin,
    /// Portable Bridge Notation 2.1.
    Pbn,
}

/// Which room of a teams match a record comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Room {
    /// Open room (LIN `qx|o…|`, PBN `[Room "Open"]`).
    Open,
    /// Closed room (LIN `qx|c…|`, PBN `[Room "Closed"]`).
    Closed,
}

/// An irregularity the record itself marks (PBN `^I`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Mark {
    /// `^I`: an insufficient bid, accepted by LHO (L27A1).
    AcceptedInsufficient,
}

/// One call as the record shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedCall<'a> {
    /// The call.
    pub call: Call,
    /// Alerted (LIN `!`; PBN: a note reference).
    pub alert: bool,
    /// The explanation (LIN `an`; PBN: the note's text), suit symbols as `♠♥♦♣`.
    pub explanation: Option<Cow<'a, str>>,
    /// An irregularity the record marks on this call.
    pub mark: Option<Mark>,
    /// PBN `^S` before this call: the player due to call was skipped, this call was made
    /// out of rotation and accepted.
    pub skipped: bool,
    /// PBN annotation: a suffix (`!`, `?`, `!?`…) or a NAG (`$13`); not an alert.
    pub annotation: Option<Cow<'a, str>>,
    /// Byte offset of the call in the file.
    pub offset: usize,
}

impl<'a> RecordedCall<'a> {
    /// A plain call at `offset`.
    pub const fn new(call: Call, offset: usize) -> RecordedCall<'a> {
        RecordedCall {
            call,
            alert: false,
            explanation: None,
            mark: None,
            skipped: false,
            annotation: None,
            offset,
        }
    }
}

/// The cards of the four hands, as bit sets (bit `suit × 13 + rank − 2`, clubs first).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Deal {
    /// Each seat's cards; `None` when the record does not give the hand.
    pub hands: [Option<u64>; 4],
}

const FULL_PACK: u64 = (1 << 52) - 1;

impl Deal {
    /// Completes a deal with one hand missing: the missing hand holds the rest of the pack
    /// when the other three hold 13 different cards each.
    pub fn complete_fourth(&mut self) {
        let missing: Vec<usize> = (0..4).filter(|&i| self.hands[i].is_none()).collect();
        if let [m] = missing[..] {
            let known: Vec<u64> = self.hands.iter().flatten().copied().collect();
            let all = known.iter().fold(0u64, |a, h| a | h);
            if known.iter().all(|h| h.count_ones() == 13) && all.count_ones() == 39 {
                self.hands[m] = Some(FULL_PACK & !all);
            }
        }
    }

    /// Whether each known hand has 13 cards and no card is held twice.
    pub fn is_consistent(&self) -> bool {
        let mut seen = 0u64;
        for h in self.hands.iter().flatten() {
            if h.count_ones() != 13 || seen & h != 0 {
                return false;
            }
            seen |= h;
        }
        true
    }

    /// The deal a table is given (`TableOptions.deal`): the hands the record gives, a hand it
    /// does not give unknown; `None` when a hand has more than 13 cards or a card is in two.
    pub fn to_table_deal(&self) -> Option<crate::deal::Deal> {
        let hands = Seat::ALL.map(|s| CardSet::from_bits(self.hands[s.index()].unwrap_or(0)));
        crate::deal::Deal::new(hands).ok()
    }

    /// The hands of a table's deal, a hand of which no card is known left unknown.
    pub fn of_table(deal: &crate::deal::Deal) -> Deal {
        Deal {
            hands: Seat::ALL.map(|s| Some(deal.hand(s).bits()).filter(|h| *h != 0)),
        }
    }

    /// One hand in PBN form (`AKQ.JT9.8765.432`), or `-`.
    pub fn pbn_hand(&self, seat: Seat) -> String {
        self.hands[seat.index()].map_or_else(|| "-".into(), |h| write_hand(h, HandStyle::Dots))
    }

    /// One hand in LIN form (`SAKQHJT9D8765C432`), empty when unknown.
    pub fn lin_hand(&self, seat: Seat) -> String {
        self.hands[seat.index()].map_or_else(String::new, |h| write_hand(h, HandStyle::Letters))
    }
}

/// A call written as in records: any spelling [`Call`]'s `FromStr` reads (`P`, `Pass`, `X`,
/// `D`, `Dbl`, `XX`, `R`, `Rdbl`, levels 1–7 with `C D H S N NT` or a suit symbol, in any
/// case).
pub fn parse_call(text: &str) -> Option<Call> {
    text.parse().ok()
}

/// A card written `SA`, `h10`, `DT`, `♠A` (suit first), as [`Card`]'s `FromStr` reads it.
pub fn parse_card(text: &str) -> Option<Card> {
    text.parse().ok()
}

/// A board as a record shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record<'a> {
    /// The format it was read from (or is meant for).
    pub format: Format,
    /// Byte offset of the record's start in its file.
    pub offset: usize,
    /// Board number.
    pub board: Option<u32>,
    /// Room of a teams match.
    pub room: Option<Room>,
    /// Dealer.
    pub dealer: Option<Seat>,
    /// Vulnerability.
    pub vulnerability: Option<Vulnerability>,
    /// The hands, if given.
    pub deal: Option<Deal>,
    /// The calls, in the order made.
    pub calls: Vec<RecordedCall<'a>>,
    /// The record says its auction is incomplete (PBN `*` or `+`).
    pub incomplete: bool,
    /// Cards played, in the order played (LIN `pc`, PBN `[Play]`).
    pub play: Vec<Card>,
    /// Tricks claimed by declarer (LIN `mc`).
    pub claim: Option<u8>,
}

impl<'a> Record<'a> {
    /// An empty record of `format` starting at `offset`.
    pub const fn new(format: Format, offset: usize) -> Record<'a> {
        Record {
            format,
            offset,
            board: None,
            room: None,
            dealer: None,
            vulnerability: None,
            deal: None,
            calls: Vec::new(),
            incomplete: false,
            play: Vec::new(),
            claim: None,
        }
    }

    /// The record with every byte offset set to zero: what two readings of different
    /// texts of one board share.
    pub fn without_offsets(&self) -> Record<'a> {
        let mut r = self.clone();
        r.offset = 0;
        for c in &mut r.calls {
            c.offset = 0;
        }
        r
    }

    /// The record owning its texts.
    pub fn into_owned(self) -> Record<'static> {
        Record {
            format: self.format,
            offset: self.offset,
            board: self.board,
            room: self.room,
            dealer: self.dealer,
            vulnerability: self.vulnerability,
            deal: self.deal,
            calls: self
                .calls
                .into_iter()
                .map(|c| RecordedCall {
                    call: c.call,
                    alert: c.alert,
                    explanation: c.explanation.map(|e| Cow::Owned(e.into_owned())),
                    mark: c.mark,
                    skipped: c.skipped,
                    annotation: c.annotation.map(|a| Cow::Owned(a.into_owned())),
                    offset: c.offset,
                })
                .collect(),
            incomplete: self.incomplete,
            play: self.play,
            claim: self.claim,
        }
    }

    /// The board the record designates: its dealer and vulnerability, else those of the
    /// board number under the standard rotation, else North and none vulnerable.
    pub fn board_info(&self) -> Board {
        let standard = self.board.map(Board::standard);
        Board {
            dealer: self.dealer.or(standard.as_ref().map(|b| b.dealer)).unwrap_or(Seat::N),
            vulnerability: self
                .vulnerability
                .or(standard.map(|b| b.vulnerability))
                .unwrap_or(Vulnerability::None),
            number: self.board,
            deal: self.deal.and_then(|d| d.to_table_deal()),
        }
    }

    /// The seat of each call: rotation from the dealer, one more seat on for a call after
    /// a skipped player (`^S`).
    pub fn seats(&self) -> impl Iterator<Item = Seat> + '_ {
        let mut next = self.board_info().dealer;
        self.calls.iter().map(move |c| {
            if c.skipped {
                next = next.lho();
            }
            let s = next;
            next = next.lho();
            s
        })
    }

    /// The table options an import uses: this board under [`import_regulation`].
    pub fn options(&self) -> TableOptions {
        let b = self.board_info();
        TableOptions {
            dealer: b.dealer,
            vulnerability: b.vulnerability,
            regulation: import_regulation(),
            board: b.number,
            deal: b.deal,
        }
    }

    /// The actions that make this record's auction at a table, one call action per call
    /// (the caller alerts and explains his own call, as the records show it).
    pub fn actions(&self) -> impl Iterator<Item = Action> + '_ {
        self.calls.iter().zip(self.seats()).map(|(c, seat)| Action {
            seat: Actor::Seat(seat),
            kind: ActionKind::Call {
                call: c.call,
                alert: c.alert,
                explanation: c.explanation.as_deref().map(Arc::from),
                intent: None,
            },
            at: None,
        })
    }

    /// The record replayed at a table under [`import_regulation`]: every call until the
    /// engine refuses one. The table's log is the import's action log; `Table::replay`
    /// with [`Record::options`] accepts it.
    pub fn replay(&self) -> Replayed {
        let mut table = match Table::new(self.options()) {
            Ok(t) => t,
            Err(e) => {
                // The import regulation is within every limit; kept total for safety.
                let t = Table::new(TableOptions {
                    regulation: RegulationSpec::Preset(Preset::FaceToFace),
                    ..self.options()
                });
                return Replayed {
                    table: t.ok(),
                    refused: Some((0, e.into())),
                };
            }
        };
        table.reserve(self.calls.len());
        for (i, a) in self.actions().enumerate() {
            // `submit`: what each call produced stays in the table's feed, uncopied.
            if let Err(r) = table.submit(a) {
                return Replayed {
                    table: Some(table),
                    refused: Some((i, r)),
                };
            }
        }
        Replayed {
            table: Some(table),
            refused: None,
        }
    }

    /// The record of a table: its board and every call made at it (withdrawn and cancelled
    /// calls too), with the caller's or partner's alert and latest explanation; an
    /// insufficient bid put in force is marked accepted, a call accepted out of rotation
    /// marks the skipped player.
    pub fn from_table(table: &Table) -> Record<'static> {
        let board = table.board();
        let state = table.state();
        let mut r = Record::new(Format::Lin, 0);
        r.board = board.number;
        r.dealer = Some(board.dealer);
        r.vulnerability = Some(board.vulnerability);
        r.deal = board.deal.as_ref().map(Deal::of_table);
        let mut in_force: Vec<Entry> = Vec::new();
        for (id, c) in state.auction().calls_with_ids() {
            if c.auto {
                continue;
            }
            let mut rc = RecordedCall::new(c.call, 0);
            for d in state
                .extra()
                .disclosures()
                .iter()
                .filter(|d| d.call == id && !d.superseded)
            {
                rc.alert |= d.alert;
                if let Some(t) = &d.text {
                    rc.explanation = Some(Cow::Owned(t.to_string()));
                }
            }
            rc.skipped = c.skipped_from.is_some();
            if c.status == Status::InForce {
                if auction::check(&in_force, c.seat, c.call) == Err(Illegal::Insufficient) {
                    rc.mark = Some(Mark::AcceptedInsufficient);
                }
                in_force.push(Entry {
                    seat: c.seat,
                    call: c.call,
                });
            }
            r.calls.push(rc);
        }
        r
    }
}

/// A record replayed at a table.
#[derive(Debug)]
pub struct Replayed {
    /// The table after every accepted call (`None` only if no table could be made).
    pub table: Option<Table>,
    /// The first call the engine refused: its position among the record's calls, and why.
    pub refused: Option<(usize, Rejection)>,
}

/// The regulation of an import: face to face (irregular calls rectified, so recorded
/// irregularities stay visible), each caller disclosing his own call (as LIN and PBN record
/// alerts), explanations up to the longest text a table accepts.
pub fn import_regulation() -> RegulationSpec {
    RegulationSpec::Custom(Box::new(Overrides {
        preset: Some(Preset::FaceToFace),
        disclosure: Some(Disclosure::SelfAlert),
        max_text: Some(MAX_TEXT_CAP),
        max_total_text: Some(u32::MAX),
        ..Overrides::default()
    }))
}

/// What is wrong in a file, as a reader finds it.
/// (Serialized as [`ProblemCode::as_str`]; TypeScript: `ImportNote["code"]` is a string.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ProblemCode {
    /// A call that is not a call (`1SHNT`, `8NT`).
    BadCall,
    /// A card that is not a card.
    BadCard,
    /// A dealer that is not a seat (LIN digit 1–4, PBN `N E S W`).
    BadDealer,
    /// A vulnerability that is not one.
    BadVulnerability,
    /// A deal that is not four hands of 13 different cards.
    BadDeal,
    /// A board number that is not a number.
    BadBoard,
    /// A claim that is not 0–13 tricks.
    BadClaim,
    /// LIN: a field without its closing `|`.
    UnterminatedField,
    /// LIN: an explanation (`an`) before any call.
    ExplanationWithoutCall,
    /// PBN: a tag without its closing `"]`.
    UnterminatedTag,
    /// PBN: a comment `{` without `}`.
    UnterminatedComment,
    /// PBN: a token in the auction section that is no call, mark or annotation.
    UnknownToken,
    /// PBN: a note reference `=n=` with no `[Note "n:…"]`.
    NoteMissing,
    /// PBN: `[Auction "seat"]` with a seat that is not a seat, or not the dealer.
    BadAuctionSeat,
    /// PBN: a `-` in the auction: a call the record does not give.
    MissingCall,
    /// A mark (`^I`, `^S`, annotation, note) with no call to attach to.
    StrayMark,
    /// The engine refused a call of the record (its code in the message).
    Refused,
    /// PBN: a play section that is not one: its seat not a seat or not the opening leader,
    /// or more than 13 tricks.
    BadPlay,
}

impl ProblemCode {
    /// The code as text.
    pub fn as_str(self) -> &'static str {
        match self {
            ProblemCode::BadCall => "bad_call",
            ProblemCode::BadCard => "bad_card",
            ProblemCode::BadDealer => "bad_dealer",
            ProblemCode::BadVulnerability => "bad_vulnerability",
            ProblemCode::BadDeal => "bad_deal",
            ProblemCode::BadBoard => "bad_board",
            ProblemCode::BadClaim => "bad_claim",
            ProblemCode::UnterminatedField => "unterminated_field",
            ProblemCode::ExplanationWithoutCall => "explanation_without_call",
            ProblemCode::UnterminatedTag => "unterminated_tag",
            ProblemCode::UnterminatedComment => "unterminated_comment",
            ProblemCode::UnknownToken => "unknown_token",
            ProblemCode::NoteMissing => "note_missing",
            ProblemCode::BadAuctionSeat => "bad_auction_seat",
            ProblemCode::MissingCall => "missing_call",
            ProblemCode::StrayMark => "stray_mark",
            ProblemCode::Refused => "refused",
            ProblemCode::BadPlay => "bad_play",
        }
    }
}

impl Serialize for ProblemCode {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::call::fixed_name(s, self.as_str())
    }
}

impl fmt::Display for ProblemCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A fault in a file: which board (ordinal in the file, and number if known), where (byte
/// offset) and what, with the offending text (at most 40 bytes of it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Problem<'a> {
    /// Ordinal of the record in the file (0-based).
    pub record: usize,
    /// Board number, if known when the fault was found.
    pub board: Option<u32>,
    /// Byte offset in the file.
    pub offset: usize,
    /// What is wrong.
    pub code: ProblemCode,
    /// The offending text.
    pub text: &'a str,
}

/// At most `n` bytes of `s`, cut at a character boundary.
pub(crate) fn clip(s: &str, n: usize) -> &str {
    if s.len() <= n {
        return s;
    }
    let mut k = n;
    while !s.is_char_boundary(k) {
        k -= 1;
    }
    &s[..k]
}

/// A file read: its records and the faults found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Read<'a> {
    /// Every board, in file order.
    pub records: Vec<Record<'a>>,
    /// Every fault, in file order.
    pub problems: Vec<Problem<'a>>,
}

impl<'a> Read<'a> {
    /// Records a fault at `offset` of the record being read (the next in `records`, of
    /// board `board`), its text clipped to 40 characters.
    fn report(&mut self, board: Option<u32>, offset: usize, code: ProblemCode, text: &'a str) {
        self.problems.push(Problem {
            record: self.records.len(),
            board,
            offset,
            code,
            text: clip(text, 40),
        });
    }
}

/// Line and column (both from 1, column in characters) of byte `offset` in `text`.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let mut k = offset.min(text.len());
    while !text.is_char_boundary(k) {
        k -= 1;
    }
    let before = &text[..k];
    let line = before.bytes().filter(|&b| b == b'\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// Reads a file whose format is guessed from its text: PBN when its first non-blank
/// character opens a tag, comment or `%` line, LIN otherwise.
pub fn read(text: &str) -> (Format, Read<'_>) {
    match guess(text) {
        Format::Pbn => (Format::Pbn, pbn::read(text)),
        Format::Lin => (Format::Lin, lin::read(text)),
    }
}

/// The format of a text: PBN when its first non-blank character is `[`, `{`, `%` or `;`.
pub fn guess(text: &str) -> Format {
    let t = text.trim_start_matches('\u{feff}').trim_start();
    match t.as_bytes().first() {
        Some(b'[' | b'{' | b'%' | b';') => Format::Pbn,
        _ => Format::Lin,
    }
}
