//! `rigls preview FILE [--port N]`: the live preview page (`editors/preview`, the bundle VS Code's
//! webview runs too) served on 127.0.0.1, showing the file as it is on disk and updating when it
//! changes.
//!
//! The server is a door into the user's disk, so it opens as little as it can ([`routes`]):
//! it listens on the loopback address only; every request must carry the random token printed in
//! the URL and a `Host` of `127.0.0.1:PORT` or `localhost:PORT` (a page of another site that
//! rebinds its name to 127.0.0.1 sends its own name); and it serves nothing but the page, the
//! file's scene and the atlas and texture images that scene references.

mod http;
mod routes;
mod watch;

use std::io::Write as _;
use std::net::{Ipv4Addr, TcpListener};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::{exit, input};
use rigls_diagnostic::{Target, Targets};

pub struct PreviewArgs<'a> {
    pub file: &'a Path,
    /// 0: any free port.
    pub port: u16,
    /// The runtime to draw the model as at first (the page's target picker changes it).
    pub target: Option<Target>,
}

/// Connections served at once at the most (the page needs a few; more are refused with 503).
const MAX_CONNECTIONS: usize = 32;

pub fn run(args: PreviewArgs<'_>) -> u8 {
    let file = match std::fs::canonicalize(args.file) {
        Ok(file) if file.is_file() => file,
        Ok(_) => {
            let directory = std::io::Error::from(std::io::ErrorKind::IsADirectory);
            eprintln!("error: {}", input::cannot_read(&args.file.display().to_string(), &directory));
            return exit::USAGE;
        }
        Err(error) => {
            eprintln!("error: {}", input::cannot_read(&args.file.display().to_string(), &error));
            return exit::USAGE;
        }
    };
    let listener = match TcpListener::bind((Ipv4Addr::LOCALHOST, args.port)) {
        Ok(listener) => listener,
        Err(error) => {
            eprintln!("error: cannot listen on 127.0.0.1:{}: {error}", args.port);
            return exit::USAGE;
        }
    };
    let port = match listener.local_addr() {
        Ok(addr) => addr.port(),
        Err(error) => {
            eprintln!("error: cannot listen on 127.0.0.1: {error}");
            return exit::USAGE;
        }
    };
    let explicit = args.target.map_or(Targets::NONE, |t| Targets::of(&[t]));
    let targets = crate::targets::from_config(&file).overridden_by(explicit);
    let preview = Arc::new(routes::Preview::new(file.clone(), port, token(), targets));
    // A file that is no model (an atlas, an image, other JSON) has nothing to show: refused as
    // `rigls pose` refuses it. A broken model is served: the page says what is wrong until it is
    // fixed.
    if let Some(why) = routes::not_a_model(&preview, args.target) {
        eprintln!("error: {}: {why}", file.display());
        return exit::USAGE;
    }
    watch::spawn(file.clone(), preview.changes.clone());
    // The URL alone on the first line of stdout: what scripts and editors read.
    println!("http://127.0.0.1:{port}/?token={}", preview.token);
    let _ = std::io::stdout().flush();
    eprintln!("rigls preview: showing {} (it updates when the file changes; Ctrl-C stops)", file.display());
    serve(listener, preview);
    exit::OK
}

fn serve(listener: TcpListener, preview: Arc<routes::Preview>) {
    let active = Arc::new(AtomicUsize::new(0));
    for stream in listener.incoming() {
        let Ok(mut stream) = stream else { continue };
        if active.fetch_add(1, Ordering::SeqCst) >= MAX_CONNECTIONS {
            active.fetch_sub(1, Ordering::SeqCst);
            let _ = http::write_response(&mut stream, &http::Response::text(503, "too many connections"));
            continue;
        }
        let (preview, active) = (preview.clone(), active.clone());
        std::thread::spawn(move || {
            let _ = stream.set_read_timeout(Some(http::READ_TIMEOUT));
            let _ = stream.set_write_timeout(Some(http::READ_TIMEOUT));
            routes::answer(&preview, stream);
            active.fetch_sub(1, Ordering::SeqCst);
        });
    }
}

/// 128 unpredictable bits as hex: the standard library's hasher keys come from the operating
/// system's random source.
fn token() -> String {
    use std::hash::{BuildHasher, Hasher};
    let word = |n: u64| {
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u64(n);
        h.write_u128(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos()));
        h.finish()
    };
    format!("{:016x}{:016x}", word(1), word(2))
}
