//! When the CPU is short, deliveries go first.
//!
//! A process that serves the API and delivers (ROLE=all) runs its API request threads at a
//! lower scheduling priority (a higher nice value, `API_NICE`) than its dispatcher's threads.
//! While there is CPU to spare the setting changes nothing. When there is not (a burst that
//! ingest can accept faster than the dispatcher can deliver), the kernel gives the dispatcher
//! the CPU first, so ingest slows to the pace of delivery instead of building a backlog whose
//! latency every later event pays (measured in docs/benchmarks.md; decision D45). A slow or
//! hanging endpoint uses no CPU, so it slows nobody's ingest this way.
//!
//! Threads the API threads start inherit their value (the embedded store's blocking threads,
//! the API pool's connection tasks run on the API threads themselves).

/// The nice value the API threads of a process in `role` get for the setting `api_nice`:
/// `None` (leave them be) unless the process also delivers and the setting is above 0.
pub fn api_thread_nice(role: crate::server::Role, api_nice: u8) -> Option<u8> {
    (role == crate::server::Role::All && api_nice > 0).then_some(api_nice)
}

/// Lowers the calling thread's scheduling priority to `nice` (Linux: `setpriority` on the
/// thread id, which any thread may do to itself without privileges). Elsewhere: unsupported.
pub fn lower_this_thread(nice: u8) -> std::io::Result<()> {
    #[cfg(target_os = "linux")]
    {
        rustix::process::setpriority_process(Some(rustix::thread::gettid()), i32::from(nice))
            .map_err(std::io::Error::from)
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = nice;
        Err(std::io::Error::new(std::io::ErrorKind::Unsupported, "thread priorities are set on Linux only"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::server::Role;

    #[test]
    fn only_a_process_that_also_delivers_lowers_its_api_threads() {
        assert_eq!(api_thread_nice(Role::All, 10), Some(10));
        // An API-only process has no dispatcher to give the CPU to.
        assert_eq!(api_thread_nice(Role::Api, 10), None);
        assert_eq!(api_thread_nice(Role::Worker, 10), None);
        // 0 switches it off.
        assert_eq!(api_thread_nice(Role::All, 0), None);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_thread_lowers_its_own_priority_and_no_other() {
        let nice_of_this_thread =
            || rustix::process::getpriority_process(Some(rustix::thread::gettid())).unwrap_or(-100);
        let before = nice_of_this_thread();
        let lowered = std::thread::spawn(move || lower_this_thread(7).map(|()| nice_of_this_thread()))
            .join()
            .map_err(|_| "thread panicked");
        assert!(matches!(lowered, Ok(Ok(7))), "{lowered:?}");
        assert_eq!(nice_of_this_thread(), before);
    }
}
