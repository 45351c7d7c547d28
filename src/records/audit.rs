//! A director's audit of a record: the irregularities and suspicious procedure it shows,
//! board by board, and a summary over files.
//!
//! The calls are walked in the record's rotation against the calls in force
//! (`auction::check`, Laws 18–19 and 22): an insufficient bid (L27; marked `^I` or not), a
//! player skipped (L29A, PBN `^S`), a double or redouble Law 19 does not allow (L36), calls
//! after the auction ended (L39), an auction that never ends (truncated), an alerted call
//! with no explanation (L20F1). The record is also replayed at a table under
//! [`super::import_regulation`]; the first call the engine refuses is reported with its code.

use std::fmt::{self, Write};

use serde::Serialize;

use super::{Problem, Read, Record, Room};
use crate::auction::Contract;
use crate::auction::{self, Entry, Illegal, Status};
use crate::call::Seat;
use crate::card::Card;
use crate::deal::Deal;
use crate::play::winner;
use crate::procedure::hands::following;
use crate::procedure::lead_restriction::{lead_cards, lead_rule, opening_lead_restriction, LeadRule};
use crate::state::State;

/// What an audit finds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum FindingCode {
    /// L27: a bid that does not supersede the last bid, not marked accepted.
    InsufficientBid,
    /// L27A1: an insufficient bid the record marks accepted (`^I`).
    AcceptedInsufficientBid,
    /// L29A: the player due to call was skipped (`^S`).
    SkippedPlayer,
    /// L19A1/L36: a double Law 19 does not allow.
    InadmissibleDouble,
    /// L19B1/L36: a redouble Law 19 does not allow.
    InadmissibleRedouble,
    /// L22/L39: calls after the auction ended.
    CallAfterEnd,
    /// L22: the calls stop before the auction ends.
    TruncatedAuction,
    /// L20F1: an alerted call the record does not explain.
    AlertWithoutExplanation,
    /// The engine refused a call of the record (under rectification).
    Refused,
    /// The reader found a fault in the record.
    ReadProblem,
    /// The record has no auction at all.
    NoAuction,
    /// L44C, L61: with the deal and the play, a card that did not follow suit though its
    /// hand held the suit led — a possible revoke (with its trick).
    PossibleRevoke,
    /// L26B: with the play, an opening lead against the lead restriction the engine recorded
    /// for the auction (made before declarer's choice, which no record shows, or against it).
    RestrictedLead,
}

impl FindingCode {
    /// The code as text.
    pub const fn as_str(self) -> &'static str {
        match self {
            FindingCode::InsufficientBid => "insufficient_bid",
            FindingCode::AcceptedInsufficientBid => "accepted_insufficient_bid",
            FindingCode::SkippedPlayer => "skipped_player",
            FindingCode::InadmissibleDouble => "inadmissible_double",
            FindingCode::InadmissibleRedouble => "inadmissible_redouble",
            FindingCode::CallAfterEnd => "call_after_end",
            FindingCode::TruncatedAuction => "truncated_auction",
            FindingCode::AlertWithoutExplanation => "alert_without_explanation",
            FindingCode::Refused => "refused",
            FindingCode::ReadProblem => "read_problem",
            FindingCode::NoAuction => "no_auction",
            FindingCode::PossibleRevoke => "possible_revoke",
            FindingCode::RestrictedLead => "restricted_lead",
        }
    }

    /// Whether the finding makes the board irregular (a record with no auction, or an
    /// alert left unexplained, is noted but not counted irregular).
    pub const fn is_irregular(self) -> bool {
        !matches!(self, FindingCode::NoAuction | FindingCode::AlertWithoutExplanation)
    }
}

impl fmt::Display for FindingCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One finding on a board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// What.
    pub code: FindingCode,
    /// Position of the call among the record's calls, if one call is concerned.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub call: Option<usize>,
    /// The seat concerned.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seat: Option<Seat>,
    /// Byte offset in the file.
    pub offset: usize,
    /// Line in the file (from 1).
    pub line: usize,
    /// Human-readable detail.
    pub detail: String,
}

/// The audit of one board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardAudit {
    /// Ordinal of the record in its file (0-based).
    pub record: usize,
    /// Board number.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<u32>,
    /// Room.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub room: Option<Room>,
    /// Line of the record's start (from 1).
    pub line: usize,
    /// Calls recorded.
    pub calls: usize,
    /// Calls alerted.
    pub alerts: usize,
    /// Calls explained.
    pub explained: usize,
    /// The contract the replayed auction reached, if it ended with one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub contract: Option<String>,
    /// Whether the auction was passed out.
    pub passed_out: bool,
    /// What the audit found, in call order.
    pub findings: Vec<Finding>,
}

impl BoardAudit {
    /// Whether any finding makes the board irregular.
    pub fn is_irregular(&self) -> bool {
        self.findings.iter().any(|f| f.code.is_irregular())
    }
}

/// Line starts of a text, for line numbers in O(log n).
#[derive(Clone, Debug)]
pub struct Lines {
    starts: Vec<usize>,
}

impl Lines {
    /// The line starts of `text`.
    pub fn new(text: &str) -> Lines {
        let mut starts = vec![0];
        starts.extend(
            text.bytes()
                .enumerate()
                .filter(|(_, b)| *b == b'\n')
                .map(|(i, _)| i + 1),
        );
        Lines { starts }
    }

    /// The line (from 1) of byte `offset`.
    pub fn line(&self, offset: usize) -> usize {
        self.starts.partition_point(|&s| s <= offset).max(1)
    }
}

fn finding(
    text: &Lines,
    code: FindingCode,
    call: Option<usize>,
    seat: Option<Seat>,
    offset: usize,
    detail: String,
) -> Finding {
    Finding {
        code,
        call,
        seat,
        offset,
        line: text.line(offset),
        detail,
    }
}

/// Audits record `index` of a text (its [`Lines`], as read into `read`), with `replay`
/// telling whether to replay it at a table too.
pub fn audit(text: &Lines, read: &Read<'_>, index: usize, replay: bool) -> Option<BoardAudit> {
    let r = read.records.get(index)?;
    let mut findings = Vec::new();
    for p in read.problems.iter().filter(|p| p.record == index) {
        findings.push(problem_finding(text, p));
    }
    walk(text, r, &mut findings);
    let mut contract = None;
    let mut passed_out = false;
    if replay {
        let rp = r.replay();
        if let Some((i, rej)) = &rp.refused {
            let c = r.calls.get(*i);
            findings.push(finding(
                text,
                FindingCode::Refused,
                Some(*i),
                r.seats().nth(*i),
                c.map_or(r.offset, |c| c.offset),
                format!(
                    "{} {}: {}",
                    rej.code().as_str(),
                    c.map(|c| c.call.to_string()).unwrap_or_default(),
                    rej.message()
                ),
            ));
        }
        if let Some(t) = &rp.table {
            let deal = r.deal.and_then(|d| d.to_table_deal());
            if let (Some(c), Some(&lead)) = (t.contract(), r.play.first()) {
                restricted_lead(text, r, t.state(), c, deal.as_ref(), lead, &mut findings);
            }
            if let (Some(c), Some(deal)) = (t.contract(), deal.as_ref()) {
                revokes(text, r, c, deal, &mut findings);
            }
            contract = t.contract().map(|c| c.to_string());
            passed_out = t.phase() == crate::state::Phase::PassedOut;
        }
    }
    findings.sort_by_key(|f| (f.offset, f.code));
    Some(BoardAudit {
        record: index,
        board: r.board,
        room: r.room,
        line: text.line(r.offset),
        calls: r.calls.len(),
        alerts: r.calls.iter().filter(|c| c.alert).count(),
        explained: r.calls.iter().filter(|c| c.explanation.is_some()).count(),
        contract,
        passed_out,
        findings,
    })
}

/// L44C, L61: each card of the record's play that does not follow suit though its hand,
/// as the deal gives it whole, held a card of the suit led — a possible revoke, with its
/// trick. The engine's rule (`procedure::hands::following`); a card its hand does not hold
/// is the record's fault, not judged here.
fn revokes(text: &Lines, r: &Record<'_>, contract: Contract, deal: &Deal, out: &mut Vec<Finding>) {
    let mut held = Seat::ALL.map(|s| deal.hand(s));
    let mut trick: Vec<(Seat, Card)> = Vec::with_capacity(4);
    let mut next = contract.leader();
    let mut number = 1;
    for &card in &r.play {
        let seat = next;
        let h = held[seat.index()];
        let led = trick.first().map(|(_, c)| *c);
        if let Some(led) = led.filter(|_| deal.is_whole(seat) && h.contains(card)) {
            if !following(h, Some(led)).contains(card) {
                out.push(finding(
                    text,
                    FindingCode::PossibleRevoke,
                    None,
                    Some(seat),
                    r.offset,
                    format!(
                        "trick {number}: {seat} played {card} to a {s} lead holding a {s}: a revoke (Laws 44C, 61)",
                        s = led.suit.letter()
                    ),
                ));
            }
        }
        held[seat.index()] = h.without(card);
        trick.push((seat, card));
        if trick.len() == 4 {
            next = winner(&trick, contract);
            trick.clear();
            number += 1;
        } else {
            next = seat.lho();
        }
    }
}

/// L26B: the record's opening lead `lead` against the restriction the engine recorded for the
/// auction (`opening_lead_restriction`: a call withdrawn or cancelled by the opening
/// leader's partner, who became a defender), by the engine's rule (`lead_rule`,
/// `lead_cards`). No record shows declarer's choice: a lead under a restriction came before
/// it (the engine's `IRREG_LEAD_BEFORE_RESTRICTION`). A requirement whose leader's hand the
/// deal does not give is not judged (a lead of another suit states that he is void).
fn restricted_lead(
    text: &Lines,
    r: &Record<'_>,
    st: &State,
    contract: Contract,
    deal: Option<&Deal>,
    lead: Card,
    out: &mut Vec<Finding>,
) {
    let Some(restriction) = opening_lead_restriction(st) else {
        return;
    };
    let leader = contract.leader();
    let declarer = contract.declarer;
    let law = restriction.law;
    let held = deal.filter(|d| d.is_whole(leader)).map(|d| d.hand(leader));
    let rule = lead_rule(st, leader);
    let detail = match (rule, held) {
        (LeadRule::Free, _) | (LeadRule::Require(_), None) => return,
        (LeadRule::Due, _) => format!(
            "trick 1: {leader} led {lead} before declarer ({declarer}) chose whether to restrict the lead (Law 26B, after Law {law})"
        ),
        (LeadRule::Prohibit(s) | LeadRule::Require(s), h) => {
            let allowed = match h {
                Some(h) => lead_cards(st, leader, h).contains(lead),
                None => s.suit() != Some(lead.suit),
            };
            if allowed {
                return;
            }
            let how = if matches!(rule, LeadRule::Require(_)) { "required" } else { "forbade" };
            let suit = s.suit().map(|x| x.letter()).unwrap_or_default();
            format!("trick 1: {leader} led {lead}; declarer ({declarer}) {how} {suit} (Law 26B, after Law {law})")
        }
    };
    out.push(finding(
        text,
        FindingCode::RestrictedLead,
        None,
        Some(leader),
        r.offset,
        detail,
    ));
}

fn problem_finding(text: &Lines, p: &Problem<'_>) -> Finding {
    finding(
        text,
        FindingCode::ReadProblem,
        None,
        None,
        p.offset,
        format!("{} {:?}", p.code, p.text),
    )
}

/// The walk over the calls in the record's rotation.
fn walk(text: &Lines, r: &Record<'_>, out: &mut Vec<Finding>) {
    if r.calls.is_empty() {
        let detail = if r.incomplete {
            "auction marked incomplete, no call recorded"
        } else {
            "no call recorded"
        };
        out.push(finding(
            text,
            FindingCode::NoAuction,
            None,
            None,
            r.offset,
            detail.into(),
        ));
        return;
    }
    let mut in_force: Vec<Entry> = Vec::with_capacity(r.calls.len());
    let mut ended_at = None;
    for (i, (c, seat)) in r.calls.iter().zip(r.seats()).enumerate() {
        let one = |code, detail: String| finding(text, code, Some(i), Some(seat), c.offset, detail);
        if let Some(end) = ended_at {
            let extra = r.calls.len() - i;
            let list: Vec<String> = r.calls[i..].iter().take(8).map(|c| c.call.to_string()).collect();
            out.push(one(
                FindingCode::CallAfterEnd,
                format!(
                    "{extra} call(s) after the auction ended at call {}: {}{}",
                    end + 1,
                    list.join(" "),
                    if extra > 8 { " …" } else { "" }
                ),
            ));
            break;
        }
        if c.skipped {
            out.push(one(
                FindingCode::SkippedPlayer,
                format!("{} skipped; {seat} called {}", seat.rho(), c.call),
            ));
        }
        match auction::check(&in_force, seat, c.call) {
            Err(Illegal::Insufficient) => {
                let last = auction::last_bid(&in_force)
                    .map(|(_, _, b)| b.to_string())
                    .unwrap_or_default();
                let (code, how) = match c.mark {
                    Some(_) => (FindingCode::AcceptedInsufficientBid, "accepted (^I)"),
                    None => (FindingCode::InsufficientBid, "not marked"),
                };
                out.push(one(code, format!("{seat} {} over {last}, {how}", c.call)));
                in_force.push(Entry { seat, call: c.call });
            }
            Err(Illegal::Double) => out.push(one(
                FindingCode::InadmissibleDouble,
                format!("{seat} X not allowed here"),
            )),
            Err(Illegal::Redouble) => out.push(one(
                FindingCode::InadmissibleRedouble,
                format!("{seat} XX not allowed here"),
            )),
            Ok(()) => in_force.push(Entry { seat, call: c.call }),
        }
        if c.alert && c.explanation.is_none() {
            out.push(one(
                FindingCode::AlertWithoutExplanation,
                format!("{seat} {} alerted, no explanation", c.call),
            ));
        }
        if auction::status(&in_force) != Status::Open {
            ended_at = Some(i);
        }
    }
    if ended_at.is_none() {
        let last = r.calls.last().map_or(r.offset, |c| c.offset);
        let how = if r.incomplete {
            " (the record marks it incomplete)"
        } else {
            ""
        };
        out.push(finding(
            text,
            FindingCode::TruncatedAuction,
            None,
            None,
            last,
            format!("{} call(s), the auction has not ended{how}", r.calls.len()),
        ));
    }
}

/// The audit of one file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FileAudit {
    /// The file's name as given.
    pub file: String,
    /// Its format.
    pub format: super::Format,
    /// Bytes read.
    pub bytes: usize,
    /// Every board.
    pub boards: Vec<BoardAudit>,
}

/// Reads and audits a whole file (replaying each board at a table).
pub fn audit_file(name: &str, text: &str) -> FileAudit {
    let (format, read) = super::read(text);
    let lines = Lines::new(text);
    let boards = (0..read.records.len())
        .filter_map(|i| audit(&lines, &read, i, true))
        .collect();
    FileAudit {
        file: name.to_string(),
        format,
        bytes: text.len(),
        boards,
    }
}

/// Reads and audits many files (`(name, text)`), each as [`audit_file`], on every core of
/// the machine (one at a time in wasm); the audits come back in the order of the files.
pub fn audit_files<N: AsRef<str> + Sync, T: AsRef<str> + Sync>(files: &[(N, T)]) -> Vec<FileAudit> {
    let one = |(name, text): &(N, T)| audit_file(name.as_ref(), text.as_ref());
    #[cfg(not(target_arch = "wasm32"))]
    {
        use rayon::prelude::*;
        files.par_iter().map(one).collect()
    }
    #[cfg(target_arch = "wasm32")]
    {
        files.iter().map(one).collect()
    }
}

/// Counts over audited files.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// Files audited.
    pub files: usize,
    /// Bytes read.
    pub bytes: usize,
    /// Boards (deals) read.
    pub boards: usize,
    /// Calls recorded.
    pub calls: usize,
    /// Calls alerted.
    pub alerts: usize,
    /// Calls explained.
    pub explained: usize,
    /// Boards with an irregular finding.
    pub irregular: usize,
    /// Findings by code, in code order.
    pub by_code: Vec<(FindingCode, usize)>,
}

impl Summary {
    /// Adds one file.
    pub fn add(&mut self, f: &FileAudit) {
        self.files += 1;
        self.bytes += f.bytes;
        for b in &f.boards {
            self.boards += 1;
            self.calls += b.calls;
            self.alerts += b.alerts;
            self.explained += b.explained;
            self.irregular += usize::from(b.is_irregular());
            for x in &b.findings {
                match self.by_code.iter_mut().find(|(c, _)| *c == x.code) {
                    Some((_, n)) => *n += 1,
                    None => self.by_code.push((x.code, 1)),
                }
            }
        }
        self.by_code.sort();
    }

    /// How many findings of `code`.
    pub fn count(&self, code: FindingCode) -> usize {
        self.by_code.iter().find(|(c, _)| *c == code).map_or(0, |(_, n)| *n)
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} files, {} boards, {} calls, {} alerts ({} explained); {} boards irregular",
            self.files, self.boards, self.calls, self.alerts, self.explained, self.irregular
        )?;
        if !self.by_code.is_empty() {
            let parts: Vec<String> = self.by_code.iter().map(|(c, n)| format!("{c} {n}")).collect();
            write!(f, " — {}", parts.join(", "))?;
        }
        Ok(())
    }
}

/// A file's audit as readable text: one line per board with findings (`--all`: every
/// board), each finding indented below it.
pub fn render(f: &FileAudit, all: bool) -> String {
    let mut s = String::new();
    let flagged = f.boards.iter().filter(|b| !b.findings.is_empty()).count();
    let _ = writeln!(
        s,
        "{} ({:?}, {} boards, {} with findings)",
        f.file,
        f.format,
        f.boards.len(),
        flagged
    );
    for b in &f.boards {
        if b.findings.is_empty() && !all {
            continue;
        }
        let board = b.board.map_or("board ?".to_string(), |n| format!("board {n}"));
        let room = match b.room {
            Some(Room::Open) => " open",
            Some(Room::Closed) => " closed",
            None => "",
        };
        let end = match (&b.contract, b.passed_out) {
            (Some(c), _) => format!(", {c}"),
            (None, true) => ", passed out".to_string(),
            _ => String::new(),
        };
        let _ = writeln!(
            s,
            "  {board}{room} (record {}, line {}): {} calls, {} alerts{end}",
            b.record + 1,
            b.line,
            b.calls,
            b.alerts
        );
        for x in &b.findings {
            let at = x.call.map_or(String::new(), |i| format!(" call {}", i + 1));
            let _ = writeln!(s, "    line {}{at}: {} — {}", x.line, x.code, x.detail);
        }
    }
    s
}
