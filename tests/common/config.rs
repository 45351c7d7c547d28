//! The property suites' run settings.

use proptest::test_runner::Config;

/// A property run of `cases` cases that keeps no failure file (the suites name their
/// regressions in code).
pub fn cases(cases: u32) -> Config {
    Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    }
}
