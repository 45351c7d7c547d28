//! What the engine tells the table, each with its law: public [`Code`]s and three kinds of
//! report.
//!
//! - [`InputError`] — *malformed input* (`BAD_INPUT`) or a limit of this software
//!   (`LIMIT_REACHED`): returned by parsing (`Action::from_json`, `Table::from_json`,
//!   options), by `Action::validate` and by the board's limits, before any law is asked.
//!   It cites no clause ([`Law::NoClause`](crate::law::Law::NoClause)).
//! - [`Refusal`] — *a well-formed action refused under a law*: the only error the
//!   procedures (`src/procedure/*`) return, built with [`refuse`], [`refuse_citing`] or [`Refusal::new`] and
//!   citing the clause that refuses (`.citing(Law::L25A5)`).
//! - [`Warning`] — *an accepted action reported under a law*: an irregularity, a caution,
//!   a reminder, with its severity and audience.
//!
//! Which kind a code belongs to follows from the code: [`Code::is_input`] codes are input
//! errors; refusals and warnings never carry them (checked by debug assertions).
//!
//! Outward, both errors are a [`Rejection`] — `Rejection::Input` or `Rejection::Refused`,
//! which `Table::submit` returns and `Table::apply` puts in `Outcome::Rejected`; JSON and
//! JavaScript show it as `{ok: false, rejection: {code, law, message}}` (`law` is `""` for
//! an input error).

mod code;
mod input_error;
mod refusal;
mod rejection;
mod warning;

pub use code::Code;
pub use input_error::InputError;
pub use refusal::{refuse, refuse_citing, Refusal};
pub use rejection::Rejection;
pub use warning::{Severity, Warning};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::law::Law;

    #[test]
    fn only_bad_input_and_limit_reached_are_input_codes() {
        let input: Vec<Code> = Code::ALL.iter().copied().filter(|c| c.is_input()).collect();
        assert_eq!(input, [Code::BadInput, Code::LimitReached]);
        assert!(input.iter().all(|c| c.law() == Law::NoClause));
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "not a refusal")]
    fn a_refusal_never_carries_an_input_code() {
        let _ = Refusal::new(Code::BadInput, "malformed");
    }
}
