//! A private PostgreSQL server for tests that stop and start the database. It runs as the
//! `postgres` system user from the machine's PostgreSQL binaries, on a port of its own, so
//! taking it down disturbs no other test.

use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};
use std::process::Command;

#[derive(Debug)]
pub struct PrivatePostgres {
    dir: PathBuf,
    bin: PathBuf,
    port: u16,
}

pub(crate) fn bin_dir() -> Result<PathBuf> {
    let mut versions: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .context("no /usr/lib/postgresql: PostgreSQL server binaries are needed")?
        .flatten()
        .map(|e| e.path().join("bin"))
        .filter(|p| p.join("initdb").exists())
        .collect();
    versions.sort();
    versions.pop().context("no initdb under /usr/lib/postgresql/*/bin")
}

fn as_postgres(program: &Path, args: &[&str]) -> Result<()> {
    let is_root = Command::new("id").arg("-u").output().map(|o| o.stdout.starts_with(b"0")).unwrap_or(false);
    let mut cmd = if is_root {
        let mut c = Command::new("runuser");
        c.args(["-u", "postgres", "--"]).arg(program);
        c
    } else {
        Command::new(program)
    };
    let out = cmd.args(args).output().with_context(|| format!("running {}", program.display()))?;
    if !out.status.success() {
        bail!("{} {args:?}: {}", program.display(), String::from_utf8_lossy(&out.stderr));
    }
    Ok(())
}

impl PrivatePostgres {
    pub fn start() -> Result<Self> {
        let bin = bin_dir()?;
        let port = {
            let l = std::net::TcpListener::bind("127.0.0.1:0")?;
            l.local_addr()?.port()
        };
        let dir = std::env::temp_dir().join(format!("wh-pg-{}", uuid::Uuid::new_v4().simple()));
        std::fs::create_dir_all(&dir)?;
        Command::new("chown").args(["postgres:postgres", &dir.display().to_string()]).status().ok();
        let data = dir.join("data");
        as_postgres(
            &bin.join("initdb"),
            &["-D", &data.display().to_string(), "-A", "trust", "-U", "postgres"],
        )?;
        let pg = Self { dir, bin, port };
        pg.up()?;
        Ok(pg)
    }

    /// [`PrivatePostgres::start`] with `ssl = on` and `ca`'s loopback certificate (for
    /// `localhost`, `127.0.0.1` and `::1`): clients may connect with TLS or without.
    pub fn start_with_tls(ca: &crate::TestCa) -> Result<Self> {
        let pg = Self::start()?;
        let data = pg.dir.join("data");
        ca.write_server_files(&data)?;
        std::fs::rename(data.join("localhost.pem"), data.join("server.crt"))?;
        std::fs::rename(data.join("localhost.key"), data.join("server.key"))?;
        for file in ["server.crt", "server.key"] {
            let path = data.join(file).display().to_string();
            Command::new("chown").args(["postgres:postgres", &path]).status().ok();
            Command::new("chmod").args(["600", &path]).status().ok();
        }
        let mut conf = std::fs::OpenOptions::new().append(true).open(data.join("postgresql.conf"))?;
        std::io::Write::write_all(
            &mut conf,
            b"\nssl = on\nssl_cert_file = 'server.crt'\nssl_key_file = 'server.key'\n",
        )?;
        pg.down()?;
        pg.up()?;
        Ok(pg)
    }

    pub fn url(&self, database: &str) -> String {
        format!("postgres://postgres@127.0.0.1:{}/{database}", self.port)
    }

    /// Starts the server (again) and waits until it accepts connections.
    pub fn up(&self) -> Result<()> {
        let data = self.dir.join("data").display().to_string();
        let log = self.dir.join("log").display().to_string();
        let opts = format!("-p {} -k {} -c listen_addresses=127.0.0.1", self.port, self.dir.display());
        as_postgres(&self.bin.join("pg_ctl"), &["-D", &data, "-l", &log, "-o", &opts, "-w", "start"])
    }

    /// Stops the server at once (`immediate`: connections are cut, as in a crash).
    pub fn down(&self) -> Result<()> {
        let data = self.dir.join("data").display().to_string();
        as_postgres(&self.bin.join("pg_ctl"), &["-D", &data, "-m", "immediate", "-w", "stop"])
    }

    pub fn create_database(&self, name: &str) -> Result<()> {
        as_postgres(
            &self.bin.join("createdb"),
            &["-h", "127.0.0.1", "-p", &self.port.to_string(), "-U", "postgres", name],
        )
    }
}

impl Drop for PrivatePostgres {
    fn drop(&mut self) {
        let _ = self.down();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
