//! Tables rebuilt from the store: at start, every live table this process serves, each
//! replayed and checked against its stored hashes; one that does not check is held only to
//! say it is not served.

use std::collections::HashMap;
use std::sync::Arc;

use bridge_laws::{Action, Outcome, Phase, Table, TableOptions};
use tokio::sync::Mutex;

use crate::config::Shard;
use crate::store::{Store, StoredTable};
use crate::tables::live::{self, Live, Slot};

/// The tables held at start, and the ids of those not served because their log did not check.
#[derive(Default)]
pub(crate) struct Restored {
    pub tables: HashMap<String, Slot>,
    pub broken: Vec<String>,
}

impl Restored {
    /// How many tables are served (those held, less those held only to say they are not).
    pub fn served(&self) -> usize {
        self.tables.len() - self.broken.len().min(self.tables.len())
    }
}

/// Loads the live tables `shard` serves and rebuilds each; a finished one stored before
/// boards were archived is archived now, not held.
pub(crate) async fn restore_all(store: &Store, shard: Shard) -> Result<Restored, String> {
    let stored = store.load(|id| shard.serves(id)).await.map_err(|e| e.to_string())?;
    let mut restored = Restored {
        tables: HashMap::new(),
        broken: Vec::new(),
    };
    for s in &stored {
        let (table, why) = match restore(s) {
            // Over, but stored before boards were archived: archived now, not held.
            Ok(t) if t.phase() == Phase::Ended => {
                let now = i64::try_from(live::now_ms()).unwrap_or(i64::MAX);
                store.finish(&s.id, now).await.map_err(|e| e.to_string())?;
                continue;
            }
            Ok(t) => (t, None),
            Err(why) => {
                eprintln!("table {}: not served: {why}", s.id);
                restored.broken.push(s.id.clone());
                match unserved(s) {
                    Some(t) => (t, Some(why)),
                    None => continue,
                }
            }
        };
        let live = Live::new(table, s.tokens.clone(), why);
        restored.tables.insert(s.id.clone(), Arc::new(Mutex::new(live)));
    }
    Ok(restored)
}

/// A table rebuilt from the store, its deal handed to it (`crate::tables::deal::options_of`),
/// checked against every stored hash. A table stored before the server handed its deal to
/// the table was hashed without it: if its log checks only so, it is served so, without hands.
pub(crate) fn restore(stored: &StoredTable) -> Result<Table, String> {
    let options = crate::tables::deal::options_of(stored)?;
    match replay(options.clone(), stored) {
        Err(why) if options.deal.is_some() => {
            let without = TableOptions { deal: None, ..options };
            let table = replay(without, stored).map_err(|_| why)?;
            eprintln!("table {}: hashed without its deal: served without hands", stored.id);
            Ok(table)
        }
        replayed => replayed,
    }
}

/// The table of `options` with the stored actions replayed, checked against every stored hash.
fn replay(options: TableOptions, stored: &StoredTable) -> Result<Table, String> {
    let mut table = Table::new(options).map_err(|e| e.to_string())?;
    if usize::try_from(stored.count).ok() != Some(stored.actions.len()) {
        return Err(format!(
            "{} actions stored, {} recorded",
            stored.actions.len(),
            stored.count
        ));
    }
    for (i, (text, hash)) in stored.actions.iter().enumerate() {
        let action = Action::from_json(text).map_err(|e| format!("action {i}: {e}"))?;
        if let Outcome::Rejected(r) = table.apply(action) {
            return Err(format!("action {i} refused on replay: {}", r.message()));
        }
        if table.state_hash() != *hash {
            return Err(format!(
                "action {i}: state hash {} differs from the stored {hash}",
                table.state_hash()
            ));
        }
    }
    if table.state_hash() != stored.state_hash {
        return Err(format!(
            "state hash {} differs from the stored {}",
            table.state_hash(),
            stored.state_hash
        ));
    }
    Ok(table)
}

/// The table of a stored table whose log does not check: not served (`Live::broken`), held
/// to say so; `None` if even its options do not read.
pub(crate) fn unserved(stored: &StoredTable) -> Option<Table> {
    crate::tables::deal::options_of(stored)
        .ok()
        .and_then(|o| Table::new(o).ok())
}

#[cfg(test)]
mod tests {
    use bridge_laws::{Action, Table, TableOptions};

    use super::restore;
    use crate::store::StoredTable;

    const OPTIONS: &str = r#"{"dealer":"N","vulnerability":"None","regulation":"online"}"#;

    /// Table `options` with North's 1C, stored as the server stores it, with `deal`.
    fn stored(options: TableOptions, deal: &bridge_laws::Deal) -> StoredTable {
        let mut t = Table::new(options).unwrap();
        let call = r#"{"seat":"N","type":"call","call":"1C"}"#;
        assert!(t.apply(Action::from_json(call).unwrap()).is_ok());
        StoredTable {
            options: OPTIONS.into(),
            actions: vec![(call.into(), t.state_hash())],
            count: 1,
            state_hash: t.state_hash(),
            deal: Some(crate::tables::deal::to_stored(deal)),
            ..StoredTable::default()
        }
    }

    #[test]
    fn a_restored_table_is_handed_its_stored_deal_and_replays_to_its_hashes() {
        let deal = crate::tables::deal::random();
        let options: TableOptions = serde_json::from_str(OPTIONS).unwrap();
        let dealt = TableOptions {
            deal: Some(deal.clone()),
            ..options
        };
        let table = restore(&stored(dealt, &deal)).expect("its hashes, the deal given");
        assert_eq!(table.snapshot().options.deal, Some(deal));
    }

    #[test]
    fn a_table_hashed_before_it_held_its_deal_is_restored_without_it_and_a_tampered_one_is_not() {
        let deal = crate::tables::deal::random();
        let options: TableOptions = serde_json::from_str(OPTIONS).unwrap();
        let mut older = stored(options, &deal);
        let table = restore(&older).expect("served, without hands");
        assert_eq!(table.snapshot().options.deal, None);
        older.state_hash = "tampered".into();
        assert!(restore(&older).unwrap_err().contains("differs"), "not served");
    }
}
