//! A TCP relay between a service and its database that a test can freeze: while frozen it
//! reads and writes nothing and closes nothing, so the bytes a client sends sit in buffers and
//! no answer comes, as in a network partition (or a proxy stopped with SIGSTOP). Thawed, it
//! carries on where it stopped.

use std::net::SocketAddr;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

#[derive(Debug)]
pub struct TcpRelay {
    addr: SocketAddr,
    frozen: watch::Sender<bool>,
    task: tokio::task::JoinHandle<()>,
}

impl TcpRelay {
    /// Listens on a free loopback port and relays every connection to `target`.
    pub async fn start(target: SocketAddr) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a free port");
        let addr = listener.local_addr().expect("its address");
        let (frozen, _) = watch::channel(false);
        let gate = frozen.clone();
        let task = tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                let gate = gate.subscribe();
                tokio::spawn(async move {
                    if let Ok(server) = TcpStream::connect(target).await {
                        relay(client, server, gate).await;
                    }
                });
            }
        });
        Self { addr, frozen, task }
    }

    pub fn port(&self) -> u16 {
        self.addr.port()
    }

    /// Stops carrying bytes, closing nothing.
    pub fn freeze(&self) {
        self.frozen.send_replace(true);
    }

    pub fn thaw(&self) {
        self.frozen.send_replace(false);
    }
}

/// A TLS front for a plain-HTTP service, as a TLS-terminating proxy is: it completes the
/// handshake with `config`'s certificate and relays the decrypted bytes to `target` unchanged
/// (it adds no `X-Forwarded-*` header).
#[derive(Debug)]
pub struct TlsRelay {
    addr: SocketAddr,
    task: tokio::task::JoinHandle<()>,
}

impl TlsRelay {
    pub async fn start(config: std::sync::Arc<rustls::ServerConfig>, target: SocketAddr) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a free port");
        let addr = listener.local_addr().expect("its address");
        let acceptor = tokio_rustls::TlsAcceptor::from(config);
        let task = tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                let acceptor = acceptor.clone();
                tokio::spawn(async move {
                    let (Ok(mut client), Ok(mut server)) =
                        (acceptor.accept(client).await, TcpStream::connect(target).await)
                    else {
                        return;
                    };
                    let _ = tokio::io::copy_bidirectional(&mut client, &mut server).await;
                });
            }
        });
        Self { addr, task }
    }

    pub fn port(&self) -> u16 {
        self.addr.port()
    }
}

impl Drop for TlsRelay {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl Drop for TcpRelay {
    fn drop(&mut self) {
        self.task.abort();
    }
}

async fn relay(client: TcpStream, server: TcpStream, gate: watch::Receiver<bool>) {
    let (client_read, client_write) = client.into_split();
    let (server_read, server_write) = server.into_split();
    tokio::select! {
        () = copy(client_read, server_write, gate.clone()) => {}
        () = copy(server_read, client_write, gate) => {}
    }
}

/// Copies until either side closes, waiting whenever the relay is frozen.
async fn copy(
    mut from: tokio::net::tcp::OwnedReadHalf,
    mut to: tokio::net::tcp::OwnedWriteHalf,
    mut gate: watch::Receiver<bool>,
) {
    let mut buf = vec![0u8; 16 * 1024];
    loop {
        if gate.wait_for(|frozen| !frozen).await.is_err() {
            return;
        }
        let n = match from.read(&mut buf).await {
            Ok(0) | Err(_) => return,
            Ok(n) => n,
        };
        if gate.wait_for(|frozen| !frozen).await.is_err() || to.write_all(&buf[..n]).await.is_err() {
            return;
        }
    }
}
