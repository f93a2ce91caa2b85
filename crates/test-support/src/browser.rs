//! A real headless Chromium, driven over WebDriver (ChromeDriver), for the consoles' tests.
//!
//! `CHROMEDRIVER` and `CHROMIUM` name the programs (default: Debian's `/usr/bin/chromedriver`
//! and `/usr/bin/chromium`; `cargo xtask test` installs them when missing). Each [`Browser`]
//! runs its own ChromeDriver on a free port and a fresh profile, so tests share no cookies.

use anyhow::{bail, Context, Result};
use fantoccini::elements::Element;
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use std::path::PathBuf;
use std::process::Stdio;
use std::time::Duration;
use tokio::process::{Child, Command};

pub struct Browser {
    pub client: Client,
    _driver: Child,
    screenshots: PathBuf,
    /// Chromium's profile; dropped last, once the driver (and its browser) are gone.
    _profile: tempfile::TempDir,
}

impl std::fmt::Debug for Browser {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Browser").finish_non_exhaustive()
    }
}

fn free_port() -> Result<u16> {
    Ok(std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port())
}

impl Browser {
    /// Starts ChromeDriver and a headless Chromium session. Screenshots go to
    /// `<target>/console-screenshots/<dir>/`.
    pub async fn start(dir: &str) -> Result<Self> {
        Self::start_with(dir, true, &[]).await
    }

    /// A browser with JavaScript switched off: the pages must work as plain links and forms.
    pub async fn start_without_scripts(dir: &str) -> Result<Self> {
        Self::start_with(dir, false, &[]).await
    }

    /// A browser with these Chromium switches besides the usual ones (`--host-resolver-rules`
    /// to give loopback servers site names, `--ignore-certificate-errors-spki-list` to trust
    /// a test CA's certificate).
    pub async fn start_with_switches(dir: &str, switches: &[String]) -> Result<Self> {
        Self::start_with(dir, true, switches).await
    }

    async fn start_with(dir: &str, scripts: bool, switches: &[String]) -> Result<Self> {
        let driver_bin = std::env::var("CHROMEDRIVER").unwrap_or_else(|_| "/usr/bin/chromedriver".to_owned());
        let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".to_owned());
        if !std::path::Path::new(&driver_bin).exists() {
            bail!(
                "{driver_bin} is missing: `cargo xtask test` installs chromium and chromium-driver (apt-get)"
            );
        }
        let port = free_port()?;
        // A profile of our own, removed with the browser: without one, Chromium leaves a profile
        // of a few MB in /tmp per session, which filled a small /tmp over a few test runs.
        let profile = tempfile::tempdir()?;
        let mut driver = Command::new(&driver_bin)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .with_context(|| format!("starting {driver_bin}"))?;
        let mut args: Vec<String> = [
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--window-size=1400,900",
            "--no-first-run",
            "--disable-extensions",
        ]
        .map(str::to_owned)
        .into();
        args.push(format!("--user-data-dir={}", profile.path().display()));
        args.extend_from_slice(switches);
        let caps = serde_json::json!({
            "goog:chromeOptions": {
                "binary": chromium,
                "args": args,
                "prefs": { "profile.managed_default_content_settings.javascript": if scripts { 1 } else { 2 } },
            },
        });
        let caps = match caps {
            serde_json::Value::Object(m) => m,
            _ => unreachable!(),
        };
        // ChromeDriver listens a moment after it starts: connecting is retried until it does
        // (or the driver exits), with a deadline.
        let url = format!("http://127.0.0.1:{port}");
        let deadline = tokio::time::Instant::now() + crate::WAIT;
        let client = loop {
            match ClientBuilder::new(HttpConnector::new()).capabilities(caps.clone()).connect(&url).await {
                Ok(c) => break c,
                Err(e) => {
                    if let Some(status) = driver.try_wait()? {
                        bail!("chromedriver exited ({status}) before accepting a session: {e}");
                    }
                    if tokio::time::Instant::now() > deadline {
                        bail!("chromedriver did not accept a session: {e}");
                    }
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            }
        };
        let screenshots = screenshot_dir().join(dir);
        std::fs::create_dir_all(&screenshots)?;
        Ok(Self { client, _driver: driver, screenshots, _profile: profile })
    }

    pub async fn goto(&self, url: &str) -> Result<()> {
        Ok(self.client.goto(url).await?)
    }

    /// The element matching `css`, waiting for it to appear.
    pub async fn find(&self, css: &str) -> Result<Element> {
        Ok(self.client.wait().at_most(crate::WAIT).for_element(Locator::Css(css)).await?)
    }

    /// Every element matching `css` now.
    pub async fn all(&self, css: &str) -> Result<Vec<Element>> {
        Ok(self.client.find_all(Locator::Css(css)).await?)
    }

    pub async fn text(&self, css: &str) -> Result<String> {
        Ok(self.find(css).await?.text().await?)
    }

    pub async fn click(&self, css: &str) -> Result<()> {
        Ok(self.find(css).await?.click().await?)
    }

    /// Clicks a form's submit button and waits until the browser has replaced the page with the
    /// answer: an element read right after a bare click may still be the old page's (ChromeDriver
    /// does not always wait for the navigation a click starts), and it goes stale under the reader.
    pub async fn submit(&self, css: &str) -> Result<()> {
        let old = self.find("html").await?;
        self.click(css).await?;
        let deadline = tokio::time::Instant::now() + crate::WAIT;
        loop {
            match old.tag_name().await {
                // Stale (ChromeDriver says so inside a frame as "does not belong to the document").
                Err(e)
                    if ["stale element", "does not belong to the document"]
                        .iter()
                        .any(|m| e.to_string().contains(m)) =>
                {
                    return Ok(())
                }
                Err(e) => return Err(e.into()),
                Ok(_) if tokio::time::Instant::now() > deadline => {
                    bail!("clicking {css} did not load a new page")
                }
                Ok(_) => tokio::time::sleep(Duration::from_millis(50)).await,
            }
        }
    }

    pub async fn fill(&self, css: &str, value: &str) -> Result<()> {
        let e = self.find(css).await?;
        e.clear().await?;
        Ok(e.send_keys(value).await?)
    }

    pub async fn path(&self) -> Result<String> {
        let url = self.client.current_url().await?;
        Ok(match url.query() {
            Some(q) => format!("{}?{q}", url.path()),
            None => url.path().to_owned(),
        })
    }

    /// Waits until `done` holds for the text of `css` (an element a page updates by itself).
    pub async fn wait_for_text(&self, css: &str, what: &str, done: impl Fn(&str) -> bool) -> Result<String> {
        let deadline = tokio::time::Instant::now() + crate::WAIT;
        loop {
            let text = match self.client.find(Locator::Css(css)).await {
                Ok(e) => e.text().await.unwrap_or_default(),
                Err(_) => String::new(),
            };
            if done(&text) {
                return Ok(text);
            }
            if tokio::time::Instant::now() > deadline {
                bail!("timed out waiting for {what}; {css} shows {text:?}");
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Saves a PNG of the page for a reviewer.
    pub async fn screenshot(&self, name: &str) -> Result<PathBuf> {
        let png = self.client.screenshot().await?;
        let path = self.screenshots.join(format!("{name}.png"));
        std::fs::write(&path, png)?;
        Ok(path)
    }

    /// Whether a script ran that the page did not put there: `window.__injected` is what the
    /// hostile inputs of the tests try to set.
    pub async fn injected(&self) -> Result<bool> {
        let v = self.client.execute("return window.__injected === true;", vec![]).await?;
        Ok(v.as_bool().unwrap_or(false))
    }

    /// Whether the console's script ran on this page (it marks `<html>` with class `js`).
    pub async fn scripted(&self) -> Result<bool> {
        Ok(self.find("html").await?.attr("class").await?.is_some_and(|c| c.split(' ').any(|c| c == "js")))
    }

    /// The console session cookie of the current page's host, as `name=value` (each service
    /// names its own: `workflow-api-session`, `campaign-api-session`).
    pub async fn session_cookie(&self) -> Result<String> {
        let cookies = self.client.get_all_cookies().await?;
        let session = cookies.iter().find(|c| c.name().ends_with("-session"));
        let session = session.ok_or_else(|| anyhow::anyhow!("no console session cookie"))?;
        Ok(format!("{}={}", session.name(), session.value()))
    }

    /// Reloads the page (a form's answer is a 303 to a page, so this repeats a GET, never the POST).
    pub async fn reload(&self) -> Result<()> {
        Ok(self.client.refresh().await?)
    }

    /// Deliveries in the delivery log now.
    pub async fn log_rows(&self) -> Result<usize> {
        Ok(self.all("#log-rows tr[data-delivery]").await?.len())
    }

    pub async fn close(self) -> Result<()> {
        Ok(self.client.close().await?)
    }
}

/// `<target>/console-screenshots`, from the test binary's own path.
fn screenshot_dir() -> PathBuf {
    let exe = std::env::current_exe().unwrap_or_default();
    // <target>/debug/deps/<test>
    exe.ancestors().nth(3).map_or_else(|| PathBuf::from("target"), PathBuf::from).join("console-screenshots")
}

/// A form post the way a cross-site page would send it: the session cookie (`name=value`, as
/// [`Browser::session_cookie`] gives it) and `body` (no CSRF token unless the body has one).
/// Answers the status.
pub async fn post_form(base: &str, path: &str, session_cookie: &str, body: &str) -> u16 {
    crate::ApiClient::new(base)
        .raw(
            "POST",
            path,
            Some((body.as_bytes(), "application/x-www-form-urlencoded")),
            &[("cookie", session_cookie)],
        )
        .await
        .status
}
