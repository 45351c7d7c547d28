//! The tables a process holds: the hub and each live table, a table rebuilt from the store,
//! an action's path to the database and to every connection, the deal, group commit, and
//! when a table's tokens end.

pub(crate) mod act;
pub mod commit;
pub mod deal;
pub(crate) mod expiry;
pub(crate) mod hub;
pub(crate) mod idle_tables;
pub(crate) mod live;
pub(crate) mod restore;
