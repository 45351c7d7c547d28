//! Why a call was withdrawn or cancelled: the reasons the procedure gives, as an enum kept
//! in the record (one byte), and their English text, which events and views show.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Why a call was withdrawn or cancelled (its law is kept beside it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Withdrawal {
    /// L21B1: the player changed it after misinformation.
    ChangedAfterMisinformation,
    /// L25A1: an unintended call replaced.
    UnintendedReplaced,
    /// L25B: the attempted change was accepted.
    ChangeAccepted,
    /// L25B: the attempted change was void; it is the change that goes.
    ChangeVoid,
    /// L21B1, L25A: a later call, cancelled with the call changed before it.
    EarlierCallChanged,
    /// L17D3: the pass out of rotation that cost a player his turn.
    PassCostTurn,
    /// L17D3: a call after a pass out of rotation whose skipped player had not called.
    SkippedPlayerHadNotCalled,
    /// L27B: an insufficient bid not accepted.
    InsufficientNotAccepted,
    /// L27B3: a double or redouble replacing an insufficient bid.
    DoubleReplacingInsufficient,
    /// L27C: a replacement made before LHO decided, cancelled as he accepted the
    /// insufficient bid.
    PrematureReplacementCancelled,
    /// L28B: a call out of rotation cancelled by the call of the player whose turn it was.
    TurnPlayerCalled,
    /// L29B: a call out of rotation not accepted.
    OutOfRotationCancelled,
    /// L36A: LHO's call over an inadmissible call.
    FollowedInadmissible,
    /// L36A: an inadmissible call cancelled as if it had not been made.
    InadmissibleAsIfNotMade,
    /// L36B1: an inadmissible call cancelled.
    InadmissibleCancelled,
    /// L36B4: an inadmissible double or redouble out of turn.
    InadmissibleOutOfTurn,
    /// L37B1: a barred player's call.
    BarredCall,
    /// L39A: a call after the final pass.
    AfterFinalPass,
}

impl Withdrawal {
    /// Every reason.
    pub const ALL: [Withdrawal; 18] = [
        Withdrawal::ChangedAfterMisinformation,
        Withdrawal::UnintendedReplaced,
        Withdrawal::ChangeAccepted,
        Withdrawal::ChangeVoid,
        Withdrawal::EarlierCallChanged,
        Withdrawal::PassCostTurn,
        Withdrawal::SkippedPlayerHadNotCalled,
        Withdrawal::InsufficientNotAccepted,
        Withdrawal::DoubleReplacingInsufficient,
        Withdrawal::PrematureReplacementCancelled,
        Withdrawal::TurnPlayerCalled,
        Withdrawal::OutOfRotationCancelled,
        Withdrawal::FollowedInadmissible,
        Withdrawal::InadmissibleAsIfNotMade,
        Withdrawal::InadmissibleCancelled,
        Withdrawal::InadmissibleOutOfTurn,
        Withdrawal::BarredCall,
        Withdrawal::AfterFinalPass,
    ];

    /// The reason in English, as events and views show it.
    pub const fn text(self) -> &'static str {
        match self {
            Withdrawal::ChangedAfterMisinformation => "changed after misinformation",
            Withdrawal::UnintendedReplaced => "unintended call replaced",
            Withdrawal::ChangeAccepted => "changed; the change was accepted",
            Withdrawal::ChangeVoid => "attempted change of call void: the original call stands",
            Withdrawal::EarlierCallChanged => "cancelled: a call before it was changed",
            Withdrawal::PassCostTurn => "cancelled: pass out of rotation that cost a player his turn",
            Withdrawal::SkippedPlayerHadNotCalled => {
                "cancelled: a player skipped by a pass out of rotation had not called"
            }
            Withdrawal::InsufficientNotAccepted => "insufficient bid not accepted: the offender must replace it",
            Withdrawal::DoubleReplacingInsufficient => {
                "double or redouble replacing an insufficient bid: not comparable"
            }
            Withdrawal::PrematureReplacementCancelled => {
                "replacement made too soon cancelled: the insufficient bid was accepted"
            }
            Withdrawal::TurnPlayerCalled => "cancelled: the player whose turn it was called",
            Withdrawal::OutOfRotationCancelled => "call out of rotation cancelled",
            Withdrawal::FollowedInadmissible => "cancelled with the inadmissible call it followed",
            Withdrawal::InadmissibleAsIfNotMade => {
                "inadmissible call cancelled: the auction resumes as if it had not been made"
            }
            Withdrawal::InadmissibleCancelled => "inadmissible call cancelled",
            Withdrawal::InadmissibleOutOfTurn => "inadmissible double or redouble out of turn cancelled",
            Withdrawal::BarredCall => "a barred player's call cancelled; a pass is substituted",
            Withdrawal::AfterFinalPass => "call after the final pass cancelled",
        }
    }
}

impl std::str::FromStr for Withdrawal {
    type Err = crate::call::ParseError;
    /// The reason whose English text this is.
    fn from_str(s: &str) -> Result<Withdrawal, Self::Err> {
        Withdrawal::ALL
            .into_iter()
            .find(|w| w.text() == s)
            .ok_or_else(|| crate::call::ParseError::new("withdrawal reason", s))
    }
}

impl<'de> Deserialize<'de> for Withdrawal {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Withdrawal, D::Error> {
        crate::call::from_text(d)
    }
}

impl Serialize for Withdrawal {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::call::fixed_name(s, self.text())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_reason_reads_back_from_its_text_and_no_two_share_one() {
        for w in Withdrawal::ALL {
            assert_eq!(w.text().parse::<Withdrawal>(), Ok(w));
        }
        let mut texts: Vec<&str> = Withdrawal::ALL.iter().map(|w| w.text()).collect();
        texts.sort_unstable();
        texts.dedup();
        assert_eq!(texts.len(), Withdrawal::ALL.len());
        assert!("cancelled".parse::<Withdrawal>().is_err());
    }
}
