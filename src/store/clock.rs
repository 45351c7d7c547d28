//! A client clock kept in one word: whole milliseconds, or below zero for none.

use serde::ser::{Serialize, Serializer};

/// A client clock, or none, in 8 bytes (`Option<f64>` takes 16): a clock is never
/// negative (`Action::validate`), so a negative value stands for none.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Clock(f64);

impl Clock {
    /// No clock.
    pub(crate) const NONE: Clock = Clock(-1.0);

    /// `at`, kept.
    pub(crate) const fn of(at: Option<f64>) -> Clock {
        match at {
            Some(t) => Clock(t),
            None => Clock::NONE,
        }
    }

    /// The clock, if any.
    pub(crate) const fn get(self) -> Option<f64> {
        if self.0 < 0.0 {
            None
        } else {
            Some(self.0)
        }
    }

    /// Keeps `at`; returns the clock it replaces.
    pub(crate) fn replace(&mut self, at: f64) -> Option<f64> {
        std::mem::replace(self, Clock::of(Some(at))).get()
    }
}

/// Written as the `Option<f64>` it stands for.
impl Serialize for Clock {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.get().serialize(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clock_reads_back_as_it_was_kept_and_none_as_none() {
        assert_eq!(Clock::of(Some(0.0)).get(), Some(0.0));
        assert_eq!(Clock::of(Some(1_700_000_000_000.0)).get(), Some(1_700_000_000_000.0));
        assert_eq!(Clock::of(None).get(), None);
        assert_eq!(std::mem::size_of::<Clock>(), 8);
    }

    #[test]
    fn replacing_a_clock_returns_the_one_before() {
        let mut c = Clock::NONE;
        assert_eq!(c.replace(5.0), None);
        assert_eq!(c.replace(9.0), Some(5.0));
        assert_eq!(c.get(), Some(9.0));
    }
}
