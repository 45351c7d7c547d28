//! The storage plumbing under the state, the log and the views: compact and journaled
//! lists, and the serializer adapters they need. No bridge here: the vocabulary is at the
//! crate's root, the state by parts in `state/`.

pub mod append_field;
pub mod clock;
pub mod counting;
pub mod journal;
pub mod rare_list;
pub mod seat_list;
pub mod seat_map;
