//! A table's deal: dealt by the server (a shuffle by a generator seeded from the system) or
//! given by the admin when the table is created, stored with the table (the `deal` column)
//! and handed to the table (`TableOptions.deal`) when it is made and whenever it is rebuilt
//! from the store. The card rules are the engine's alone: which hands each viewer is sent
//! (`view.hands`: his own, dummy's once the opening lead is faced, L41D, the Director all,
//! spectators as the regulation says), and which cards may be led or played
//! (`CARD_NOT_HELD`, `MUST_FOLLOW_SUIT`, `LEAD_REQUIRED`, the revoke recorded).

use bridge_laws::{Card, CardSet, Deal, Seat, TableOptions};
use rand::seq::SliceRandom;
use serde_json::Value;

use crate::store::StoredTable;

/// A shuffled deck dealt thirteen to each seat (L6).
pub fn random() -> Deal {
    let mut deck: Vec<Card> = "SHDC"
        .chars()
        .flat_map(|s| "23456789TJQKA".chars().map(move |r| format!("{s}{r}")))
        .filter_map(|c| c.parse().ok())
        .collect();
    deck.shuffle(&mut rand::rng());
    let mut hands = [CardSet::EMPTY; 4];
    for (hand, cards) in hands.iter_mut().zip(deck.chunks(13)) {
        *hand = cards.iter().copied().collect();
    }
    Deal::new(hands).expect("52 different cards, thirteen a hand")
}

/// The deal the admin gives (`"deal"` beside the options, or `options.deal`): a PBN deal
/// string or `{"N": [cards], …}`, read by the engine, of four whole hands (a table the server
/// serves is played with every card).
///
/// # Errors
/// Not a deal (the engine's words), or a hand of fewer than 13 cards.
pub fn given(value: &Value) -> Result<Deal, String> {
    let deal: Deal = serde_json::from_value(value.clone()).map_err(|e| e.to_string())?;
    whole(deal)
}

/// `deal`, if it gives each seat his 13 cards.
///
/// # Errors
/// The first seat given fewer.
pub fn whole(deal: Deal) -> Result<Deal, String> {
    match Seat::ALL.into_iter().find(|s| !deal.is_whole(*s)) {
        None => Ok(deal),
        Some(seat) => Err(format!("deal: {seat} holds {} cards, not 13", deal.hand(seat).len())),
    }
}

/// The deal as the `deal` column keeps it: JSON (the engine's PBN deal string).
pub fn to_stored(deal: &Deal) -> String {
    serde_json::to_string(deal).unwrap_or_default()
}

/// The options of a stored table, with its stored deal handed to the table. A deal stored
/// as `{"N": [cards], …}` (before the engine held the deal) reads as well.
///
/// # Errors
/// Options or a deal that do not read.
pub fn options_of(stored: &StoredTable) -> Result<TableOptions, String> {
    let mut options: TableOptions = serde_json::from_str(&stored.options).map_err(|e| format!("options: {e}"))?;
    if let (None, Some(text)) = (&options.deal, stored.deal.as_deref()) {
        options.deal = Some(serde_json::from_str(text).map_err(|e| format!("stored deal: {e}"))?);
    }
    Ok(options)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_random_deal_gives_thirteen_different_cards_to_each_seat_and_deals_differ() {
        let a = random();
        assert!(Seat::ALL.iter().all(|s| a.is_whole(*s)));
        let back: Deal = serde_json::from_str(&to_stored(&a)).expect("a stored deal reads back");
        assert_eq!(back, a);
        assert_ne!(random(), a, "two shuffles gave one deal");
    }

    #[test]
    fn hands_that_are_not_four_whole_hands_are_refused() {
        let suit = |s: char| -> Vec<String> { "23456789TJQKA".chars().map(|r| format!("{s}{r}")).collect() };
        let mut hands = json!({ "N": suit('S'), "E": suit('H'), "S": suit('D'), "W": suit('C') });
        assert!(given(&hands).is_ok());
        hands["E"][0] = json!("SA");
        assert!(given(&hands).unwrap_err().contains("twice"));
        assert!(given(&json!({ "N": ["SA"] })).unwrap_err().contains("N holds 1 cards"));
        assert!(given(&json!("N:AKQJT98765432... - - -"))
            .unwrap_err()
            .contains("not 13"));
        assert!(given(&json!("SA")).is_err());
    }

    #[test]
    fn a_stored_table_is_given_its_stored_deal_in_either_form() {
        let options = r#"{"dealer":"N","vulnerability":"None","regulation":"online"}"#;
        let deal = random();
        let stored = |text: Option<String>| StoredTable {
            options: options.into(),
            deal: text,
            ..StoredTable::default()
        };
        let read = options_of(&stored(Some(to_stored(&deal)))).unwrap();
        assert_eq!(read.deal.as_ref(), Some(&deal));
        let lists: serde_json::Map<String, Value> = Seat::ALL
            .iter()
            .map(|s| (s.to_string(), json!(deal.hand(*s))))
            .collect();
        let older = options_of(&stored(Some(Value::Object(lists).to_string()))).unwrap();
        assert_eq!(older.deal, Some(deal));
        assert_eq!(options_of(&stored(None)).unwrap().deal, None);
        assert!(options_of(&stored(Some("{".into()))).is_err());
    }
}
