//! The client side of a stream, as a server's client receives it: through JSON text.

use bridge_laws::{SeatTable, Table, Update, Viewer};

/// What the server sends a viewer after an action, through JSON text as on a socket.
pub fn over_the_wire(update: &Update<'_>) -> Update<'static> {
    serde_json::from_str(&serde_json::to_string(update).unwrap()).unwrap()
}

/// `viewer`'s client table as it joins: built from his view, sent as JSON text.
pub fn joined(t: &Table, viewer: Viewer) -> SeatTable {
    let view = serde_json::from_str(&serde_json::to_string(&t.view(viewer)).unwrap()).unwrap();
    SeatTable::new(viewer, t.stream_version(viewer), view).unwrap()
}
