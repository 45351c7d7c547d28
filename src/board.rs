//! The board: dealer, vulnerability and number (Law 17B), and the deal when the table is
//! given it.

use serde::{Deserialize, Serialize};

use crate::call::Seat;
use crate::deal::Deal;

/// Which sides are vulnerable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub enum Vulnerability {
    /// Neither side.
    None,
    /// North-South.
    NS,
    /// East-West.
    EW,
    /// Both sides.
    All,
}

/// What the board designates before the auction.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Board {
    /// The dealer, who calls first (L17B).
    pub dealer: Seat,
    /// Vulnerability.
    pub vulnerability: Vulnerability,
    /// Board number, if known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<u32>,
    /// The cards each seat holds, as far as the table is told (`TableOptions.deal`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deal: Option<Deal>,
}

impl Board {
    /// The dealer and vulnerability of board `n` under the standard duplicate rotation.
    pub fn standard(n: u32) -> Board {
        use Vulnerability::*;
        const VUL: [Vulnerability; 16] = [
            None, NS, EW, All, NS, EW, All, None, EW, All, None, NS, All, None, NS, EW,
        ];
        let i = (n.max(1) - 1) as usize;
        Board {
            dealer: Seat::from_index(i),
            vulnerability: VUL[i % 16],
            number: Some(n),
            deal: Option::None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_seventeen_repeats_board_one() {
        let (a, b) = (Board::standard(1), Board::standard(17));
        assert_eq!((a.dealer, a.vulnerability), (b.dealer, b.vulnerability));
        assert_eq!(Board::standard(4).vulnerability, Vulnerability::All);
        assert_eq!(Board::standard(4).dealer, Seat::W);
    }
}
