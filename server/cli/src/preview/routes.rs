//! What the preview server answers, and what it refuses:
//!
//! | request | answer |
//! |---|---|
//! | not `GET` | 405 |
//! | more than one `Host` | 400 |
//! | a `Host` other than `127.0.0.1:PORT` / `localhost:PORT` (or none) | 403 |
//! | no `token`, or another | 403 |
//! | `/` | the page |
//! | `/favicon.ico` | nothing (204): the page has no icon, and says so |
//! | `/preview.js` | the page's script (`editors/preview/dist/preview.js`) |
//! | `/scene?params={…}` | the file's scene answer (as `rigls/scene` answers, docs/scene.md) |
//! | `/file?path=…` | an atlas or texture image a scene answered since the file last changed references, spelled as the scene spells it; any other path 403 |
//! | `/events` | server-sent events: `changed` when the file changes |
//! | anything else (`/..`, `/etc/passwd`…) | 404 |

use std::collections::HashSet;
use std::net::TcpStream;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::http::{self, Request, Response};
use super::watch::Changes;
use rigls_diagnostic::env::RealFs;
use rigls_diagnostic::{Target, Targets};
use rigls_ide::scene::{self, Scene, SceneContent, SceneError};
use rigls_ide::{Analysis, AnalysisOptions, FileKind};
use rigls_protocol::{SceneAnswer, SceneQuery};

/// The page's script, built from `editors/preview/src` (see `editors/preview/build.mjs`).
const SCRIPT: &str = include_str!(concat!(env!("OUT_DIR"), "/preview.js"));

/// How often an idle event stream says it is alive (so a dead page's connection is noticed).
const KEEPALIVE: Duration = Duration::from_secs(15);

pub struct Preview {
    pub file: PathBuf,
    pub port: u16,
    pub token: String,
    pub changes: Arc<Changes>,
    /// The targets the file is checked and drawn for (`--target`, else `rigls.toml`'s).
    targets: Targets,
    /// The last text analysed, the version of the files it was analysed with and its analysis
    /// (frames of one version share it).
    analysed: Mutex<Option<(String, u64, Arc<Analysis>)>>,
    /// The images the scenes answered reference, and the file version they are of.
    images: Mutex<(u64, HashSet<String>)>,
}

impl Preview {
    pub fn new(file: PathBuf, port: u16, token: String, targets: Targets) -> Preview {
        Preview {
            file,
            port,
            token,
            changes: Arc::default(),
            targets,
            analysed: Mutex::default(),
            images: Mutex::default(),
        }
    }

    fn host_allowed(&self, host: Option<&str>) -> bool {
        let Some(host) = host else { return false };
        let port = self.port.to_string();
        match host.rsplit_once(':') {
            Some((name, p)) => p == port && (name == "127.0.0.1" || name.eq_ignore_ascii_case("localhost")),
            None => false,
        }
    }

    fn token_matches(&self, given: Option<&str>) -> bool {
        // Compared in full whatever the first difference, so timing tells nothing.
        let given = given.unwrap_or("").as_bytes();
        let ours = self.token.as_bytes();
        given.len() == ours.len() && given.iter().zip(ours).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0
    }
}

/// Reads one request from `stream` and answers it.
pub fn answer(preview: &Preview, mut stream: TcpStream) {
    let Some(request) = http::read_request(&stream) else {
        let _ = http::write_response(&mut stream, &Response::text(400, "not an HTTP request"));
        return;
    };
    if let Some(refusal) = refusal(preview, &request) {
        let _ = http::write_response(&mut stream, &refusal);
        return;
    }
    let response = match request.path.as_deref() {
        Some("/") => Response::new(200, "text/html; charset=utf-8", page(preview)),
        Some("/preview.js") => Response::new(200, "text/javascript; charset=utf-8", SCRIPT),
        Some("/favicon.ico") => Response::new(204, "image/x-icon", Vec::new()),
        Some("/scene") => scene_response(preview, &request),
        Some("/file") => file_response(preview, request.param("path")),
        Some("/events") => return events(preview, stream),
        _ => Response::text(404, "not found"),
    };
    let _ = http::write_response(&mut stream, &response);
}

/// Why a request is refused before its path is looked at, if it is.
fn refusal(preview: &Preview, request: &Request) -> Option<Response> {
    if request.method != "GET" {
        return Some(Response::text(405, "only GET"));
    }
    if request.hosts > 1 {
        // Which one would count is what a proxy and this server could disagree on.
        return Some(Response::text(400, "more than one Host header"));
    }
    if !preview.host_allowed(request.host.as_deref()) {
        return Some(Response::text(403, format!("the Host must be 127.0.0.1:{0} or localhost:{0}", preview.port)));
    }
    if !preview.token_matches(request.param("token")) {
        return Some(Response::text(403, "a missing or wrong token: open the URL rigls preview printed"));
    }
    None
}

fn page(preview: &Preview) -> String {
    let name = preview.file.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let escaped = name.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;");
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"referrer\" \
         content=\"no-referrer\">\n<title>{escaped} — rigls preview</title>\n<link rel=\"icon\" \
         href=\"favicon.ico?token={0}\">\n</head>\n<body>\n<div id=\"rigls-preview\"></div>\n<script \
         src=\"preview.js?token={0}\"></script>\n</body>\n</html>\n",
        preview.token
    )
}

fn scene_response(preview: &Preview, request: &Request) -> Response {
    let query: SceneQuery = match serde_json::from_str(request.param("params").unwrap_or("")) {
        Ok(query) => query,
        Err(error) => return Response::text(400, format!("params: {error}")),
    };
    let ask = match query.request() {
        Ok(ask) => ask,
        Err(why) => return Response::text(400, why),
    };
    let version = preview.changes.version();
    let text = match read(preview) {
        Ok(text) => text,
        Err(error) => {
            return Response::text(500, crate::input::cannot_read(&preview.file.display().to_string(), &error));
        }
    };
    let built = catch_unwind(AssertUnwindSafe(|| {
        let analysis = analysis_of(preview, text, version);
        let mut built = scene::scenes_at(&analysis, &ask.request, &ask.times);
        if let Ok(scenes) = &mut built {
            scene::note_missing_files(scenes, &RealFs);
        }
        built
    }));
    let Ok(built) = built else {
        return Response::text(500, "the scene could not be built (a bug in rigls: please report it)");
    };
    if let Ok(scenes) = &built {
        remember_images(preview, version, scenes);
    }
    // The page works in bytes: its elements have no positions.
    let answer = SceneAnswer::new(version as i64, ask, built, None);
    match serde_json::to_vec(&answer) {
        Ok(body) => Response::new(200, "application/json", body),
        Err(error) => Response::text(500, format!("the scene could not be written: {error}")),
    }
}

/// The previewed file's text (bytes that are not UTF-8 replaced: an image is no model).
fn read(preview: &Preview) -> std::io::Result<String> {
    Ok(String::from_utf8_lossy(&std::fs::read(&preview.file)?).into_owned())
}

/// Why the file has no scene at all, when it is no model (an atlas, an image, other JSON).
pub fn not_a_model(preview: &Preview, target: Option<Target>) -> Option<String> {
    let analysis = analysis_of(preview, read(preview).ok()?, preview.changes.version());
    if matches!(analysis.kind(), FileKind::Elem | FileKind::DragonBonesSkeleton) {
        let config = crate::targets::config_of(&preview.file);
        return crate::targets::for_one_file(&preview.file, &analysis, target, config.as_ref()).err();
    }
    match scene::scene(&analysis, &Default::default()) {
        Err(SceneError::NoPose(why)) => Some(why),
        _ => None,
    }
}

/// The analysis of `text` with the other files as they were at `version`: the last one when
/// neither changed.
fn analysis_of(preview: &Preview, text: String, version: u64) -> Arc<Analysis> {
    let mut analysed = preview.analysed.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((last, of, analysis)) = analysed.as_ref()
        && *last == text
        && *of == version
    {
        return analysis.clone();
    }
    let options = AnalysisOptions { targets: preview.targets, ..AnalysisOptions::default() };
    let analysis = Arc::new(Analysis::with_options(Some(&preview.file), text.clone(), &RealFs, options));
    *analysed = Some((text, version, analysis.clone()));
    analysis
}

/// Notes the atlas and texture images `scenes` reference: the only files `/file` serves. These
/// and the atlases the scenes were read with are watched: a change to any is a change.
fn remember_images(preview: &Preview, version: u64, scenes: &[Scene]) {
    let mut images = preview.images.lock().unwrap_or_else(|e| e.into_inner());
    if images.0 != version {
        *images = (version, HashSet::new());
    }
    let mut read = Vec::new();
    for s in scenes {
        match &s.content {
            SceneContent::Flat(flat) => {
                images.1.extend(flat.textures.iter().filter_map(|t| t.image.clone()));
                read.extend(flat.atlases.iter().cloned());
            }
            SceneContent::Solid(solid) => {
                images.1.extend(solid.materials.iter().filter_map(|m| m.texture_path.clone()))
            }
        }
    }
    read.extend(images.1.iter().cloned());
    preview.changes.watch(read.into_iter().map(PathBuf::from));
}

fn file_response(preview: &Preview, path: Option<&str>) -> Response {
    let Some(path) = path else { return Response::text(400, "which file? (path=…)") };
    let allowed = preview.images.lock().unwrap_or_else(|e| e.into_inner()).1.contains(path);
    if !allowed {
        return Response::text(403, "not an image the previewed file references");
    }
    let lower = path.to_ascii_lowercase();
    let content_type = if lower.ends_with(".png") {
        "image/png"
    } else if lower.ends_with(".jpg") || lower.ends_with(".jpeg") {
        "image/jpeg"
    } else if lower.ends_with(".webp") {
        "image/webp"
    } else if lower.ends_with(".bmp") {
        "image/bmp"
    } else {
        "application/octet-stream"
    };
    match std::fs::read(path) {
        Ok(bytes) => Response::new(200, content_type, bytes),
        Err(_) => Response::text(404, "the image cannot be read"),
    }
}

/// Server-sent events: `changed` (with the new version) each time the file changes.
fn events(preview: &Preview, mut stream: TcpStream) {
    use std::io::Write as _;
    if http::write_event_stream_head(&mut stream).is_err() || stream.write_all(b"retry: 1000\n\n").is_err() {
        return;
    }
    let mut seen = preview.changes.version();
    loop {
        let now = preview.changes.wait_past(seen, KEEPALIVE);
        let message = if now != seen { format!("event: changed\ndata: {now}\n\n") } else { ": alive\n\n".to_owned() };
        seen = now;
        if stream.write_all(message.as_bytes()).and_then(|()| stream.flush()).is_err() {
            return;
        }
    }
}
