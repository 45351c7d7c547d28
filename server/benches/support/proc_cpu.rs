//! A process's CPU time from /proc, for the server's benchmarks.

use std::time::Duration;

/// A process's CPU time so far (user + system, all its threads), from /proc.
pub fn cpu(pid: u32) -> Duration {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or("", |(_, r)| r)
        .split_whitespace()
        .collect();
    let ticks: u64 = fields.get(11).and_then(|f| f.parse().ok()).unwrap_or(0)
        + fields.get(12).and_then(|f| f.parse().ok()).unwrap_or(0);
    Duration::from_millis(ticks * 10) // USER_HZ = 100 on Linux
}
