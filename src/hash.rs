//! The canonical state hash: XXH3-128 chained over the table's canonical data — the board,
//! the resolved regulation, then each accepted action in a fixed binary encoding (no English
//! text of the engine's, no floats). Updated once per accepted action, so reading it is O(1);
//! the same bytes natively and in wasm (integers are written little-endian at fixed width).
//! It lets clients that applied the same actions confirm they agree; it is not a seal against
//! forgery (nothing keyed could be, since every client computes it): docs/DECISIONS.md.

use xxhash_rust::xxh3::xxh3_128;

use crate::action::{Action, ActionKind, Actor, RulingValue};
use crate::board::{Board, Vulnerability};
use crate::call::Call;
use crate::card::Card;
use crate::regulation::Regulation;

/// Version tag of the encoding and the hash function: a change of either changes every hash.
const DOMAIN: &[u8] = b"bridge-laws/state-hash/2";

/// A chained hash of a table's canonical data: 128 bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StateHash([u8; 16]);

impl StateHash {
    /// The hash of a table before its first action.
    pub fn start(board: &Board, reg: &Regulation) -> StateHash {
        let mut w = Writer::new();
        w.bytes(DOMAIN);
        w.board(board);
        w.regulation(reg);
        w.finish()
    }

    /// The hash after `action` was accepted: of the previous hash and the action's encoding.
    pub fn then(&self, action: &Action) -> StateHash {
        let mut w = Writer::new();
        w.bytes(&self.0);
        w.action(action);
        w.finish()
    }

    /// The 16 bytes.
    pub const fn bytes(&self) -> &[u8; 16] {
        &self.0
    }

    /// Lower-case hex, 32 characters.
    pub fn to_hex(&self) -> String {
        const HEX: &[u8; 16] = b"0123456789abcdef";
        let mut s = String::with_capacity(32);
        for b in self.0 {
            s.push(char::from(HEX[usize::from(b >> 4)]));
            s.push(char::from(HEX[usize::from(b & 15)]));
        }
        s
    }
}

/// Bytes an action's encoding usually fits in (a call with a short explanation): kept on the
/// stack; a longer one moves to the heap.
const INLINE: usize = 96;

/// Gathers canonical values, then hashes them at once: fixed-width integers, length-prefixed
/// strings, a presence byte before each optional value. (`smallvec::SmallVec` in its place
/// measured a step at 89 ns instead of 31: its `extend_from_slice` is a general insert.)
struct Writer {
    inline: [u8; INLINE],
    len: usize,
    spilled: Option<Vec<u8>>,
}

impl Writer {
    const fn new() -> Writer {
        Writer {
            inline: [0; INLINE],
            len: 0,
            spilled: None,
        }
    }

    fn finish(&self) -> StateHash {
        let data = match &self.spilled {
            Some(v) => v.as_slice(),
            None => self.inline.get(..self.len).unwrap_or_default(),
        };
        StateHash(xxh3_128(data).to_le_bytes())
    }

    #[inline]
    fn bytes(&mut self, b: &[u8]) {
        if let Some(v) = &mut self.spilled {
            v.extend_from_slice(b);
        } else if let Some(slot) = self.inline.get_mut(self.len..self.len + b.len()) {
            slot.copy_from_slice(b);
            self.len += b.len();
        } else {
            self.spill(b);
        }
    }

    /// Moves the bytes gathered so far to the heap, then `b` after them.
    #[cold]
    fn spill(&mut self, b: &[u8]) {
        let mut v = Vec::with_capacity(self.len + b.len() + INLINE);
        v.extend_from_slice(self.inline.get(..self.len).unwrap_or_default());
        v.extend_from_slice(b);
        self.spilled = Some(v);
    }

    #[inline]
    fn u8(&mut self, v: u8) {
        self.bytes(&[v]);
    }

    #[inline]
    fn u32(&mut self, v: u32) {
        self.bytes(&v.to_le_bytes());
    }

    #[inline]
    fn u64(&mut self, v: u64) {
        self.bytes(&v.to_le_bytes());
    }

    fn index(&mut self, v: usize) {
        self.u64(v as u64);
    }

    fn bool(&mut self, v: bool) {
        self.u8(u8::from(v));
    }

    fn str(&mut self, s: &str) {
        self.index(s.len());
        self.bytes(s.as_bytes());
    }

    fn opt<T>(&mut self, v: Option<T>, mut write: impl FnMut(&mut Self, T)) {
        match v {
            None => self.u8(0),
            Some(x) => {
                self.u8(1);
                write(self, x);
            }
        }
    }

    fn call(&mut self, c: Call) {
        self.u8(c.order_key());
    }

    fn card(&mut self, c: Card) {
        self.u8(c.suit as u8);
        self.u8(c.rank);
    }

    fn board(&mut self, b: &Board) {
        self.u8(b.dealer.index() as u8);
        self.u8(match b.vulnerability {
            Vulnerability::None => 0,
            Vulnerability::NS => 1,
            Vulnerability::EW => 2,
            Vulnerability::All => 3,
        });
        self.opt(b.number, Self::u32);
    }

    fn regulation(&mut self, r: &Regulation) {
        self.u8(r.preset as u8);
        self.u8(r.disclosure as u8);
        self.u8(r.irregularities as u8);
        self.u8(r.questions as u8);
        self.u8(r.undo as u8);
        self.bool(r.auto_pass_barred);
        self.u8(r.lead_restriction as u8);
        self.bool(r.spectators_see_disclosures);
        self.u32(r.max_text);
        self.opt(r.tempo_threshold_ms, Self::u32);
        self.u8(r.screenmates as u8);
        self.u32(r.max_actions);
        self.u32(r.max_total_text);
    }

    fn action(&mut self, a: &Action) {
        self.u8(match a.seat {
            Actor::Seat(s) => s.index() as u8,
            Actor::Director => 4,
        });
        // The table keeps whole milliseconds up to 2^53 (`Table::apply` rounds and checks).
        self.opt(a.at, |w, t| w.u64(t as u64));
        self.kind(&a.kind);
    }

    fn kind(&mut self, k: &ActionKind) {
        match k {
            ActionKind::Call {
                call,
                alert,
                explanation,
                intent,
            } => {
                self.u8(0);
                self.call(*call);
                self.bool(*alert);
                self.opt(explanation.as_deref(), Self::str);
                self.opt(*intent, |w, i| w.u8(i as u8));
            }
            ActionKind::Alert { index, explanation } => {
                self.u8(1);
                self.index(*index);
                self.opt(explanation.as_deref(), Self::str);
            }
            ActionKind::Explain { index, text } => {
                self.u8(2);
                self.index(*index);
                self.str(text);
            }
            ActionKind::Ask { index } => {
                self.u8(3);
                self.opt(*index, Self::index);
            }
            ActionKind::Review => self.u8(4),
            ActionKind::AskLead => self.u8(5),
            ActionKind::AskContract => self.u8(6),
            ActionKind::CorrectExplanation { index, text } => {
                self.u8(7);
                self.index(*index);
                self.str(text);
            }
            ActionKind::NotePartnerMistake { index } => {
                self.u8(8);
                self.index(*index);
            }
            ActionKind::ReplaceCall { call } => {
                self.u8(9);
                self.call(*call);
            }
            ActionKind::ChangeCall { call } => {
                self.u8(10);
                self.call(*call);
            }
            ActionKind::Respond { accept } => {
                self.u8(11);
                self.bool(*accept);
            }
            ActionKind::Accept => self.u8(12),
            ActionKind::Decline => self.u8(13),
            ActionKind::Director { reason } => {
                self.u8(14);
                self.opt(reason.as_deref(), Self::str);
            }
            ActionKind::Ruling {
                on,
                value,
                specified,
                index,
            } => {
                self.u8(15);
                self.u8(*on as u8);
                self.opt(*value, |w, v| match v {
                    RulingValue::Yes(b) => {
                        w.u8(0);
                        w.bool(b);
                    }
                    RulingValue::Intent(i) => {
                        w.u8(1);
                        w.u8(i as u8);
                    }
                });
                self.opt(specified.as_deref(), |w, strains| {
                    w.index(strains.len());
                    for s in strains {
                        w.u8(s.0 as u8);
                    }
                });
                // Only `artificial` rulings carry an index: the hashes of the others stay.
                if *on == crate::action::RulingOn::Artificial {
                    self.opt(*index, Self::index);
                }
            }
            ActionKind::RestrictLead { suit, require } => {
                self.u8(16);
                self.opt(*suit, |w, s| w.u8(s.0 as u8));
                self.bool(*require);
            }
            ActionKind::Lead { card } => {
                self.u8(17);
                self.card(*card);
            }
            ActionKind::FaceLead => self.u8(18),
            ActionKind::Play { card, from } => {
                self.u8(19);
                self.card(*card);
                self.bool(from.is_some());
            }
            ActionKind::EndPlay => self.u8(20),
            ActionKind::ReturnHands => self.u8(21),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::call::Seat;
    use crate::regulation::{Preset, Regulation};

    fn call(seat: Seat, text: &str, explanation: Option<&str>) -> Action {
        Action {
            seat: Actor::Seat(seat),
            kind: ActionKind::Call {
                call: text.parse().expect("a call"),
                alert: false,
                explanation: explanation.map(String::from),
                intent: None,
            },
            at: None,
        }
    }

    fn start() -> StateHash {
        StateHash::start(&Board::standard(1), &Regulation::preset(Preset::Online))
    }

    #[test]
    fn the_same_actions_give_the_same_hash() {
        let a = start().then(&call(Seat::N, "1NT", None));
        let b = start().then(&call(Seat::N, "1NT", None));
        assert_eq!(a, b);
        assert_eq!(a.to_hex().len(), 32);
    }

    #[test]
    fn a_different_call_seat_or_text_changes_the_hash() {
        let base = start().then(&call(Seat::N, "1NT", None));
        assert_ne!(base, start().then(&call(Seat::N, "1S", None)));
        assert_ne!(base, start().then(&call(Seat::E, "1NT", None)));
        assert_ne!(base, start().then(&call(Seat::N, "1NT", Some(""))));
    }

    #[test]
    fn an_absent_text_and_an_adjacent_field_do_not_collide() {
        // Presence bytes and length prefixes keep field boundaries apart.
        let a = start().then(&call(Seat::N, "1NT", Some("ab")));
        let b = start().then(&call(Seat::N, "1NT", Some("a")));
        assert_ne!(a, b);
    }

    #[test]
    fn a_text_longer_than_the_inline_buffer_is_hashed_whole() {
        let long = "x".repeat(INLINE * 2);
        let other = format!("{}y", &long[1..]);
        let a = start().then(&call(Seat::N, "1NT", Some(&long)));
        assert_ne!(a, start().then(&call(Seat::N, "1NT", Some(&other))));
        assert_eq!(a, start().then(&call(Seat::N, "1NT", Some(&long))));
        // Crossing the boundary in the middle of a field changes nothing but the bytes.
        let edge = "z".repeat(INLINE - 20);
        assert_ne!(
            start().then(&call(Seat::N, "1NT", Some(&edge))),
            start().then(&call(Seat::N, "1NT", Some(&format!("{edge}z"))))
        );
    }

    #[test]
    fn the_board_and_the_regulation_start_the_chain() {
        assert_ne!(
            start(),
            StateHash::start(&Board::standard(2), &Regulation::preset(Preset::Online))
        );
        assert_ne!(
            start(),
            StateHash::start(&Board::standard(1), &Regulation::preset(Preset::FaceToFace))
        );
    }

    #[test]
    fn the_order_of_actions_matters() {
        let a = start().then(&call(Seat::N, "P", None)).then(&call(Seat::E, "1C", None));
        let b = start().then(&call(Seat::E, "1C", None)).then(&call(Seat::N, "P", None));
        assert_ne!(a, b);
    }
}
