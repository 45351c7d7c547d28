//! A contract as a view names it (`contract`, `scoring_contract`): typed in Rust, the same
//! text in JSON ("3NT", "4SX", "2HXX"), and its parts for a site (`contract_parts`).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::auction::{Contract, Doubling};
use crate::call::{from_text, Bid, Call, ParseError};

/// A contract without its declarer: the last bid and its doubling, written as the text a
/// view has always carried (`"3NT"`, `"4SX"`, `"2HXX"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ContractName {
    /// The last bid.
    pub bid: Bid,
    /// Its doubling.
    pub doubling: Doubling,
}

impl From<Contract> for ContractName {
    fn from(c: Contract) -> ContractName {
        ContractName {
            bid: c.bid,
            doubling: c.doubling,
        }
    }
}

impl fmt::Display for ContractName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::auction::write_contract(f, self.bid, self.doubling)
    }
}

impl FromStr for ContractName {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<ContractName, ParseError> {
        let (bid, doubling) = if let Some(b) = s.strip_suffix("XX") {
            (b, Doubling::Redoubled)
        } else if let Some(b) = s.strip_suffix('X') {
            (b, Doubling::Doubled)
        } else {
            (s, Doubling::Undoubled)
        };
        let bid = bid.parse::<Call>().ok().and_then(Call::bid);
        bid.map(|bid| ContractName { bid, doubling })
            .ok_or_else(|| ParseError::new("contract", s))
    }
}

impl Serialize for ContractName {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for ContractName {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<ContractName, D::Error> {
        from_text(d)
    }
}

/// A contract's parts, for a site that shows the bid and the doubling apart (no parsing
/// of `contract` back).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct ContractParts {
    /// The last bid.
    pub bid: Call,
    /// Its doubling.
    pub doubling: Doubling,
}

impl From<ContractName> for ContractParts {
    fn from(c: ContractName) -> ContractParts {
        ContractParts {
            bid: Call::Bid(c.bid),
            doubling: c.doubling,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_contract_name_reads_back_the_text_it_writes() {
        for text in ["1C", "3NT", "4SX", "7NTXX", "2HXX"] {
            let name: ContractName = text.parse().expect(text);
            assert_eq!(name.to_string(), text);
        }
        for bad in ["", "X", "8NT", "3NTXXX", "P", "3NTx"] {
            assert!(bad.parse::<ContractName>().is_err(), "{bad}");
        }
    }
}
