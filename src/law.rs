//! The clauses of the Laws of Duplicate Bridge (2017) that the engine implements or cites.
//!
//! A [`Law`] is shown (and serialized) exactly as in the JSON the engine writes: the clause
//! without its "L" prefix, e.g. `"27B2"`. Grep a variant (`L27B2`) to find where the clause
//! is implemented. [`Law::NoClause`] (shown as `""`) marks malformed input or a limit of
//! this software: no clause of the Laws applies.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

macro_rules! laws {
    ($( $(#[$doc:meta])* $name:ident = $text:literal, )*) => {
        /// A clause of the Laws, shown without its "L" prefix (`Law::L27B2` is `"27B2"`).
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize)]
        #[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
        #[non_exhaustive]
        pub enum Law {
            /// No clause of the Laws: malformed input or a limit of this software (`""`).
            #[default]
            #[serde(rename = "")]
            NoClause,
            $( $(#[$doc])* #[serde(rename = $text)] $name, )*
        }

        impl Law {
            /// Every clause, in declaration order ([`Law::NoClause`] first).
            pub const ALL: &'static [Law] = &[Law::NoClause, $(Law::$name),*];

            /// The clause as shown in outputs, e.g. `"27B2"` (`""` for [`Law::NoClause`]).
            pub const fn as_str(self) -> &'static str {
                match self {
                    Law::NoClause => "",
                    $(Law::$name => $text,)*
                }
            }
        }
    };
}

laws! {
    /// L9B1a: attention is drawn to an irregularity; the Director is summoned.
    L9B1a = "9B1a",
    /// L10C1: after an irregularity the options are explained; only the entitled player chooses.
    L10C1 = "10C1",
    /// L16B1: extraneous information from partner (alerts, explanations, questions, tempo) is unauthorized.
    L16B1 = "16B1",
    /// L16C1: a withdrawn call is authorized information for the non-offending side.
    L16C1 = "16C1",
    /// L16C2: a withdrawn call is unauthorized information for the offending side.
    L16C2 = "16C2",
    /// L17: the duration of the auction.
    L17 = "17",
    /// L17C: calls are made in rotation, clockwise from the dealer.
    L17C = "17C",
    /// L17D2: the auction period ends when the hands are returned after a pass-out.
    L17D2 = "17D2",
    /// L17D3: a player skipped by an accepted call out of rotation is still to call; later passes are cancelled.
    L17D3 = "17D3",
    /// L19A1: when a player may double.
    L19A1 = "19A1",
    /// L19B1: when a player may redouble.
    L19B1 = "19B1",
    /// L20: review and explanation of calls.
    L20 = "20",
    /// L20B: a review of the auction at one's own turn during the auction period.
    L20B = "20B",
    /// L20C1: after the final pass a defender may ask whether it is his opening lead.
    L20C1 = "20C1",
    /// L20C2: a review of the auction after the opening lead, at one's own turn to play.
    L20C2 = "20C2",
    /// L20F: explanation of calls.
    L20F = "20F",
    /// L20F1: at his turn a player may ask the opponents to explain their auction.
    L20F1 = "20F1",
    /// L20F2: questions about a single call, and after the opening lead.
    L20F2 = "20F2",
    /// L20F3: a question about a single call may convey information to partner.
    L20F3 = "20F3",
    /// L20F4a: a player corrects his own mistaken explanation at once.
    L20F4a = "20F4a",
    /// L20F5a: a player may not correct partner's mistaken explanation during the auction.
    L20F5a = "20F5a",
    /// L20F5b: partner's mistaken explanation is corrected by declarer/dummy before the lead, by a defender after play.
    L20F5b = "20F5b",
    /// L21B1: a call made on misinformation may be changed until the end of the auction period.
    L21B1 = "21B1",
    /// L21B1a: a failure to alert is misinformation; a disclosure after a later call.
    L21B1a = "21B1a",
    /// L21B3: when a changed call came too late, the Director may award an adjusted score.
    L21B3 = "21B3",
    /// L23A: a comparable call (same or similar meaning, or a subset) replaces a withdrawn call.
    L23A = "23A",
    /// L25A: an unintended call may be replaced by the intended one.
    L25A = "25A",
    /// L25A1: the intended call replaces the unintended one and is subject to the appropriate law.
    L25A1 = "25A1",
    /// L25A4: no replacement after partner has called.
    L25A4 = "25A4",
    /// L25A5: no replacement after the auction period ends.
    L25A5 = "25A5",
    /// L25B: an attempted change of a call that was intended is void.
    L25B = "25B",
    /// L25B1: a change accepted by LHO stands (the original call is withdrawn).
    L25B1 = "25B1",
    /// L25B2: an attempted change not accepted: the original call stands.
    L25B2 = "25B2",
    /// L26B: after a withdrawn call, declarer may restrict the opening lead.
    L26B = "26B",
    /// L27: insufficient bid.
    L27 = "27",
    /// L27A: LHO may accept an insufficient bid.
    L27A = "27A",
    /// L27A1: an accepted insufficient bid stands; the auction continues.
    L27A1 = "27A1",
    /// L27B: an insufficient bid not accepted must be corrected.
    L27B = "27B",
    /// L27B1b: replaced by a comparable call: the auction continues without further rectification.
    L27B1b = "27B1b",
    /// L27B2: replaced by another sufficient bid or a pass (B1 does not apply); partner barred throughout.
    L27B2 = "27B2",
    /// L27B3: an attempt to replace it by a double or redouble (not comparable) is cancelled; partner barred throughout.
    L27B3 = "27B3",
    /// L27B4: an attempt to replace an insufficient bid by another insufficient bid.
    L27B4 = "27B4",
    /// L27C: an insufficient bid replaced before the Director ruled (and LHO decided).
    L27C = "27C",
    /// L28: calls considered to be in rotation.
    L28 = "28",
    /// L28B: a call by the player whose turn it was cancels the call out of rotation.
    L28B = "28B",
    /// L29: procedure after a call out of rotation.
    L29 = "29",
    /// L29A: LHO accepts a call out of rotation by calling over it.
    L29A = "29A",
    /// L29B: a call out of rotation not accepted is cancelled; the auction reverts.
    L29B = "29B",
    /// L29C: an artificial call out of rotation: Laws 30–32 apply to the denominations it specified.
    L29C = "29C",
    /// L30A: a pass out of rotation at RHO's turn: the offender passes at his next turn.
    L30A = "30A",
    /// L30B1b: a pass out of rotation at partner's turn or LHO's turn: the offender's next call is judged.
    L30B1b = "30B1b",
    /// L30C: an artificial pass out of rotation, or a pass of partner's artificial call: Law 31 applies.
    L30C = "30C",
    /// L31A: a bid out of rotation at RHO's turn: what RHO does decides.
    L31A = "31A",
    /// L31A1: RHO passed: the offender must repeat the bid; no further rectification.
    L31A1 = "31A1",
    /// L31A2: RHO called: the offender calls freely.
    L31A2 = "31A2",
    /// L31A2b: the offender's later call is not comparable: partner passes at his next turn.
    L31A2b = "31A2b",
    /// L31B: a bid out of rotation at partner's turn or LHO's turn.
    L31B = "31B",
    /// L31B2: the offender's later call is not comparable: partner passes at his next turn.
    L31B2 = "31B2",
    /// L32A: a double or redouble out of rotation at RHO's turn.
    L32A = "32A",
    /// L32A1: RHO passed: the offender must repeat the double or redouble.
    L32A1 = "32A1",
    /// L32A2: RHO called: the offender calls freely.
    L32A2 = "32A2",
    /// L32A2b: the offender's later call is not comparable: partner passes at his next turn.
    L32A2b = "32A2b",
    /// L32B: a double or redouble out of rotation at partner's turn or LHO's turn.
    L32B = "32B",
    /// L32B2: the offender's later call is not comparable: partner passes at his next turn.
    L32B2 = "32B2",
    /// L36: inadmissible doubles and redoubles.
    L36 = "36",
    /// L36A: a call by LHO over an inadmissible double or redouble is cancelled with it.
    L36A = "36A",
    /// L36B: an inadmissible double or redouble is cancelled and replaced.
    L36B = "36B",
    /// L36B1: the inadmissible call is cancelled.
    L36B1 = "36B1",
    /// L36B2: the offender makes a legal call; partner barred throughout.
    L36B2 = "36B2",
    /// L36B4: an inadmissible call made by a barred player: Law 37 applies too.
    L36B4 = "36B4",
    /// L37: action violating an obligation to pass.
    L37 = "37",
    /// L37A: a barred player's call: cancelled, the offender passes.
    L37A = "37A",
    /// L37B: a barred player's call: rectification.
    L37B = "37B",
    /// L37B1: the call of a player barred from calling is cancelled and replaced by a pass.
    L37B1 = "37B1",
    /// L37B2: the offending side must pass throughout; lead restrictions.
    L37B2 = "37B2",
    /// L39: calls after the final pass.
    L39 = "39",
    /// L39A: calls after the final pass are cancelled.
    L39A = "39A",
    /// L39C: a lead restriction after a call after the final pass.
    L39C = "39C",
    /// L41A: the opening lead is made by the defender on declarer's left.
    L41A = "41A",
    /// L41B: after the opening lead is faced, dummy may not ask; reviews lapse.
    L41B = "41B",
    /// L41C: the opening lead is faced; the play period begins; reviews at one's turn to play.
    L41C = "41C",
    /// L44: play proceeds clockwise; a card out of turn.
    L44 = "44",
    /// L44C: a player must follow suit if able.
    L44C = "44C",
    /// L45: card played; a card cannot be played twice.
    L45 = "45",
    /// L61: failure to follow suit in accordance with L44 is a revoke.
    L61 = "61",
    /// L72C: if the offender could have known the irregularity could damage the opponents, adjust.
    L72C = "72C",
    /// L75A: mistaken explanation or mistaken call: the Director decides which.
    L75A = "75A",
    /// L75B2: a mistaken explanation is corrected during the auction period.
    L75B2 = "75B2",
    /// L75B3: a mistaken explanation is corrected after the auction period.
    L75B3 = "75B3",
    /// L81: the Director's duties and powers: rulings.
    L81 = "81",
}

impl Law {
    /// L31A1, L32A1: the offender must repeat his cancelled call (RHO passed).
    pub const fn is_forced_repeat(self) -> bool {
        matches!(self, Law::L31A1 | Law::L32A1)
    }

    /// L31A, L32A: what RHO does next decides: the clause that applies if RHO passes
    /// (L31A1, L32A1: the offender repeats his call), or calls (L31A2, L32A2: he calls freely).
    /// Any other clause is returned unchanged.
    pub const fn after_rho(self, rho_passed: bool) -> Law {
        match (self, rho_passed) {
            (Law::L31A, true) => Law::L31A1,
            (Law::L31A, false) => Law::L31A2,
            (Law::L32A, true) => Law::L32A1,
            (Law::L32A, false) => Law::L32A2,
            (law, _) => law,
        }
    }

    /// The clause that bars the offender's partner once the offender's later call is
    /// presumed not comparable to his cancelled call out of rotation (L30B1b, L31A2b,
    /// L31B2, L32A2b, L32B2).
    pub const fn not_comparable(self) -> Law {
        match self {
            Law::L30B1b => Law::L30B1b,
            Law::L31B => Law::L31B2,
            Law::L32B => Law::L32B2,
            Law::L32A1 | Law::L32A2 => Law::L32A2b,
            _ => Law::L31A2b,
        }
    }
}

/// Written as its text (`as_str`): one table of names, where a derived `Serialize` writes
/// each variant by its own call (in the wasm module, kilobytes for a list of names).
impl Serialize for Law {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::call::fixed_name(s, self.as_str())
    }
}

impl fmt::Display for Law {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The text is not a clause this engine knows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLaw;

impl fmt::Display for UnknownLaw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a clause this engine knows")
    }
}

impl std::error::Error for UnknownLaw {}

impl FromStr for Law {
    type Err = UnknownLaw;

    /// Parses the clause as shown (`"27B2"`, `""` for [`Law::NoClause`]); an "L" prefix is accepted.
    fn from_str(s: &str) -> Result<Law, UnknownLaw> {
        let s = s.strip_prefix('L').unwrap_or(s);
        Law::ALL.iter().copied().find(|l| l.as_str() == s).ok_or(UnknownLaw)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_clause_reads_back_from_its_text_and_its_json() {
        for &law in Law::ALL {
            assert_eq!(law.to_string().parse::<Law>(), Ok(law));
            let json = serde_json::to_string(&law).expect("a law serializes");
            assert_eq!(json, format!("\"{}\"", law.as_str()));
            assert_eq!(serde_json::from_str::<Law>(&json).ok(), Some(law));
        }
    }

    #[test]
    fn every_variant_is_named_after_its_clause() {
        for &law in &Law::ALL[1..] {
            assert_eq!(format!("{law:?}"), format!("L{law}"));
        }
        assert_eq!("L27B2".parse::<Law>(), Ok(Law::L27B2));
        assert!("27Z".parse::<Law>().is_err());
    }

    #[test]
    fn a_cancelled_call_out_of_rotation_at_rho_turns_on_what_rho_does() {
        assert_eq!(Law::L31A.after_rho(true), Law::L31A1);
        assert_eq!(Law::L32A.after_rho(false), Law::L32A2);
        assert!(Law::L32A1.is_forced_repeat() && !Law::L31A2.is_forced_repeat());
        assert_eq!(Law::L32A1.not_comparable(), Law::L32A2b);
        assert_eq!(Law::L31B.not_comparable(), Law::L31B2);
    }
}
