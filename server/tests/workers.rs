//! The binary's `--workers N`: the runtime runs on exactly N worker threads, and a count
//! outside 1–1 024 is refused with the usage before anything starts.

mod common;

use common::spawn_binary;

/// The threads of process `pid` that are the runtime's workers (tokio names them
/// `tokio-rt-worker`).
#[cfg(target_os = "linux")]
fn runtime_workers(pid: u32) -> usize {
    std::fs::read_dir(format!("/proc/{pid}/task"))
        .unwrap()
        .filter_map(|t| std::fs::read_to_string(t.ok()?.path().join("comm")).ok())
        .filter(|name| name.trim() == "tokio-rt-worker")
        .count()
}

#[cfg(target_os = "linux")]
#[test]
fn the_server_runs_on_as_many_worker_threads_as_workers_says() {
    for n in [1, 3] {
        let file = std::env::temp_dir().join(common::unique("workers"));
        let db = format!("sqlite:{}?mode=rwc", file.display());
        let (mut child, _) = spawn_binary(&["--db", &db, "--workers", &n.to_string()]).unwrap();
        let workers = runtime_workers(child.id());
        child.kill().unwrap();
        let _ = child.wait();
        for end in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{end}", file.display()));
        }
        assert_eq!(workers, n, "--workers {n}");
    }
}

#[test]
fn a_worker_count_of_zero_or_past_the_maximum_is_refused_before_serving() {
    for bad in ["0", "1025", "two"] {
        let Err(why) = spawn_binary(&["--db", "sqlite::memory:", "--workers", bad]) else {
            panic!("--workers {bad} served");
        };
        assert!(
            why.contains("exit status: 2") && why.contains("workers"),
            "--workers {bad}: {why}"
        );
    }
}
