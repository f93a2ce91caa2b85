//! When the CPU is short, deliveries go first.
//!
//! A process that serves the API and delivers (ROLE=all) runs its API request threads
//! `API_NICE` nice steps below the priority of the rest, its dispatcher's runtime included.
//! While there is CPU to spare the setting changes nothing. When there is not (a burst that
//! ingest can accept faster than the dispatcher can deliver), the kernel gives the dispatcher
//! the CPU first, so ingest slows to the pace of delivery instead of building a backlog whose
//! latency every later event pays (measured in docs/benchmarks.md; decision D45). A slow or
//! hanging endpoint uses no CPU once connected, so it slows nobody's ingest this way.
//!
//! Threads an API thread starts inherit its priority (the embedded store's blocking threads of
//! its runtime); the API pool's connection tasks run on the API threads themselves.

/// How many nice steps the API threads of a process in `role` go below the process's own
/// priority for the setting `api_nice`: `None` (leave them be) unless the process also
/// delivers and the setting is above 0.
pub fn api_thread_lowering(role: crate::cli::Role, api_nice: u8) -> Option<u8> {
    (role == crate::cli::Role::All && api_nice > 0).then_some(api_nice)
}

/// Lowers the calling thread's scheduling priority by `steps` nice steps (to at most 19, the
/// lowest), relative to what it has, so a process started at a nice value of its own keeps the
/// gap. Linux: `setpriority` on the thread id, which any thread may do to itself without
/// privileges. Elsewhere: unsupported.
pub fn lower_this_thread_by(steps: u8) -> std::io::Result<()> {
    #[cfg(target_os = "linux")]
    {
        let this = Some(rustix::thread::gettid());
        let now = rustix::process::getpriority_process(this)?;
        rustix::process::setpriority_process(this, lowered(now, steps)).map_err(std::io::Error::from)
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = steps;
        Err(std::io::Error::new(std::io::ErrorKind::Unsupported, "thread priorities are set on Linux only"))
    }
}

/// The nice value `steps` below `nice`, at most 19.
fn lowered(nice: i32, steps: u8) -> i32 {
    nice.saturating_add(i32::from(steps)).min(19)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::Role;

    #[test]
    fn only_a_process_that_also_delivers_lowers_its_api_threads() {
        assert_eq!(api_thread_lowering(Role::All, 5), Some(5));
        // An API-only process has no dispatcher to give the CPU to.
        assert_eq!(api_thread_lowering(Role::Api, 5), None);
        assert_eq!(api_thread_lowering(Role::Worker, 5), None);
        // 0 switches it off.
        assert_eq!(api_thread_lowering(Role::All, 0), None);
    }

    #[test]
    fn lowering_is_relative_and_stops_at_the_lowest_priority() {
        assert_eq!(lowered(0, 5), 5);
        assert_eq!(lowered(10, 5), 15);
        assert_eq!(lowered(-5, 5), 0);
        assert_eq!(lowered(17, 5), 19);
        assert_eq!(lowered(19, 19), 19);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_thread_lowers_its_own_priority_and_no_other() {
        let nice_of_this_thread =
            || rustix::process::getpriority_process(Some(rustix::thread::gettid())).unwrap_or(-100);
        let before = nice_of_this_thread();
        let lowered_to = std::thread::spawn(move || lower_this_thread_by(3).map(|()| nice_of_this_thread()))
            .join()
            .map_err(|_| "thread panicked");
        assert!(matches!(lowered_to, Ok(Ok(n)) if n == lowered(before, 3)), "{lowered_to:?}");
        assert_eq!(nice_of_this_thread(), before);
    }
}
