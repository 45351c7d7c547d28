//! Many processes over one PostgreSQL database: table leases, their rows, and which kind of
//! process serves the database.

pub mod lease;
pub mod lease_presence;
pub(crate) mod lease_rows;
