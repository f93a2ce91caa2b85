//! A real, small filesystem for the full-disk tests: a size-limited tmpfs mounted on a fresh
//! directory, and a ballast file that fills it. Mounting needs root (CI and `cargo xtask test`
//! run as root, as they install PostgreSQL with apt-get).

use anyhow::{ensure, Context, Result};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A tmpfs of a given size, unmounted when dropped.
#[derive(Debug)]
pub struct SmallDisk {
    dir: tempfile::TempDir,
}

impl SmallDisk {
    /// Mounts a tmpfs of `bytes` on a new directory.
    pub fn mount(bytes: u64) -> Result<Self> {
        let dir = tempfile::tempdir()?;
        let status = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={bytes},mode=0700"), "tmpfs"])
            .arg(dir.path())
            .status()
            .context("running mount")?;
        ensure!(status.success(), "mounting a tmpfs failed (the full-disk tests need root): {status}");
        Ok(Self { dir })
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    fn ballast(&self) -> PathBuf {
        self.dir.path().join("ballast")
    }

    /// Writes a ballast file until the filesystem has no byte left.
    pub fn fill(&self) -> Result<()> {
        let mut file = std::fs::File::create(self.ballast())?;
        let chunk = vec![0_u8; 4096];
        loop {
            match file.write(&chunk) {
                Ok(0) => return Ok(()),
                Ok(_) => {}
                Err(e) if e.raw_os_error() == Some(28) => return Ok(()), // ENOSPC
                Err(e) => return Err(e.into()),
            }
        }
    }

    /// Removes the ballast: the space comes back.
    pub fn free(&self) -> Result<()> {
        std::fs::remove_file(self.ballast())?;
        Ok(())
    }

    /// Bytes free now.
    pub fn free_bytes(&self) -> Result<u64> {
        let out = Command::new("df").args(["--output=avail", "-B1"]).arg(self.path()).output()?;
        let text = String::from_utf8(out.stdout)?;
        text.lines().nth(1).context("df printed no figure")?.trim().parse().context("df's figure")
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        // Lazily: a process killed a moment ago may still hold a file open.
        let _ = Command::new("umount").arg("-l").arg(self.dir.path()).status();
    }
}

/// Panics unless `res` is `507 storage_full` with a detail that says what happened and a
/// `Retry-After`.
pub fn assert_storage_full(res: &crate::ApiResponse) {
    assert_eq!(res.status, 507, "{}", String::from_utf8_lossy(&res.body));
    let body = res.json();
    assert_eq!(body["code"], "storage_full");
    assert!(body["detail"].as_str().is_some_and(|d| d.contains("disk space")), "{body}");
    assert_eq!(res.headers.get("retry-after").map(|v| v.as_bytes()), Some(&b"60"[..]));
}

/// Calls `write` until the store has refused three writes (each `Err`, checked to be
/// `507 storage_full`), at most 500 times; the ids of the writes it took meanwhile.
pub async fn write_until_refused<F, Fut>(mut write: F) -> Vec<String>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = std::result::Result<String, crate::ApiResponse>>,
{
    let (mut taken, mut refused) = (Vec::new(), 0);
    for _ in 0..500 {
        match write().await {
            Ok(id) => taken.push(id),
            Err(res) => {
                assert_storage_full(&res);
                refused += 1;
                if refused == 3 {
                    return taken;
                }
            }
        }
    }
    panic!("a full disk never refused three writes");
}

/// `webhook_store_free_bytes` of `service`, read from its `/metrics`.
pub async fn store_free_bytes(api: &crate::ApiClient, service: &str) -> f64 {
    let text = String::from_utf8(api.call("GET", "/metrics", None).await.body.to_vec()).unwrap_or_default();
    let prefix = format!("webhook_store_free_bytes{{service=\"{service}\"}} ");
    let value = text.lines().find_map(|l| l.strip_prefix(&prefix));
    value.and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("no {prefix}in:\n{text}"))
}
