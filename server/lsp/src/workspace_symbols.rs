//! `workspace/symbol`: what the open documents (a binary's view among them) and the models and
//! JSON skeletons under the workspace folders define, matching the query
//! ([`rigls_ide::workspace_symbols`]).
//!
//! A file that is not open is analysed once and its symbols kept until its size or modification
//! time changes, so typing a query reads nothing twice. Open documents answer from their current
//! analysis (an unsaved edit is found as typed).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::SystemTime;

use tower_lsp_server::jsonrpc;
use tower_lsp_server::ls_types as lsp;
use tower_lsp_server::ls_types::Uri;

use super::convert::{Converter, symbol_information};
use super::state::{State, file_path};
use rigls_diagnostic::env::FileSystem;
use rigls_ide::Analysis;
use rigls_text::PositionEncoding;

/// Answers stop at this many symbols (a query of one letter in a large project).
const MOST_SYMBOLS: usize = 2_000;
/// Files searched under the workspace folders, at most; larger files are passed over.
const MOST_FILES: usize = 5_000;
const LARGEST_FILE: u64 = 64 << 20;

/// The workspace folders and the symbols of the files under them.
#[derive(Default)]
pub struct WorkspaceIndex {
    roots: Mutex<Vec<PathBuf>>,
    files: Mutex<HashMap<PathBuf, IndexedFile>>,
}

/// A file's symbols (all of them: queries filter) as of its size and modification time.
struct IndexedFile {
    stamp: (u64, Option<SystemTime>),
    symbols: Vec<lsp::SymbolInformation>,
}

impl WorkspaceIndex {
    /// The folders of `initialize` (`workspaceFolders`, else `rootUri`).
    pub fn set_roots(&self, params: &lsp::InitializeParams) {
        #[allow(deprecated)] // `rootUri` is what older clients send.
        let folders: Vec<&Uri> = match &params.workspace_folders {
            Some(folders) => folders.iter().map(|f| &f.uri).collect(),
            None => params.root_uri.iter().collect(),
        };
        *self.roots.lock().unwrap_or_else(|e| e.into_inner()) = folders.into_iter().filter_map(file_path).collect();
    }

    /// The symbols of the files under the folders that are not `open`, matching `query`.
    fn closed_files(
        &self,
        open: &[PathBuf],
        query: &str,
        encoding: PositionEncoding,
        fs: &dyn FileSystem,
    ) -> Vec<lsp::SymbolInformation> {
        let roots = self.roots.lock().unwrap_or_else(|e| e.into_inner()).clone();
        let mut found = Vec::new();
        for path in files_under(&roots) {
            if open.contains(&path) {
                continue;
            }
            let Ok(meta) = std::fs::metadata(&path) else { continue };
            let stamp = (meta.len(), meta.modified().ok());
            if meta.len() > LARGEST_FILE {
                continue;
            }
            let mut files = self.files.lock().unwrap_or_else(|e| e.into_inner());
            if files.get(&path).is_none_or(|f| f.stamp != stamp) {
                drop(files);
                let symbols = symbols_of_file(&path, encoding, fs);
                files = self.files.lock().unwrap_or_else(|e| e.into_inner());
                files.insert(path.clone(), IndexedFile { stamp, symbols });
            }
            let matching = files[&path].symbols.iter().filter(|s| rigls_ide::symbol_matches(&s.name, query));
            found.extend(matching.take(MOST_SYMBOLS - found.len()).cloned());
            if found.len() >= MOST_SYMBOLS {
                break;
            }
        }
        found
    }
}

/// The models and skeletons under `roots` (by extension: `.elem`, `.json`), honouring
/// `.gitignore`, in a stable order. Binaries are left to their open views: a position in a
/// binary's JSON view means nothing in the file an editor would open from a `file:` URI.
fn files_under(roots: &[PathBuf]) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for root in roots {
        files.extend(rigls_ide::project_files(root, &["elem", "json"]).take(MOST_FILES - files.len()));
    }
    files
}

/// Every symbol of the file at `path` (none when it is not a model or a JSON skeleton).
fn symbols_of_file(path: &Path, encoding: PositionEncoding, fs: &dyn FileSystem) -> Vec<lsp::SymbolInformation> {
    let Ok(bytes) = std::fs::read(path) else { return Vec::new() };
    if rigls_ide::is_binary(Some(path), &bytes) {
        return Vec::new();
    }
    let Ok(analysis) = Analysis::of_file(Some(path), bytes, fs) else { return Vec::new() };
    let Some(uri) = Uri::from_file_path(path) else { return Vec::new() };
    let conv = Converter::new(&analysis, &uri, 0, encoding, fs);
    rigls_ide::workspace_symbols(&analysis, "").iter().map(|s| symbol_information(&conv, s)).collect()
}

impl State {
    /// `workspace/symbol`: the open documents' symbols first, then those of the other files.
    pub async fn workspace_symbols(
        &self,
        params: lsp::WorkspaceSymbolParams,
    ) -> jsonrpc::Result<Option<lsp::WorkspaceSymbolResponse>> {
        let query = params.query;
        let mut found = Vec::new();
        let mut open = Vec::new();
        for uri in self.docs.with(|docs| docs.keys().cloned().collect::<Vec<_>>()) {
            let Some(snapshot) = self.snapshot(&uri) else { continue };
            let Ok(analysis) = snapshot.task.get().await else { continue };
            open.extend(analysis.path.clone());
            let conv = Converter::new(&analysis, &uri, snapshot.version, self.caps().encoding, &self.fs);
            let symbols = rigls_ide::workspace_symbols(&analysis, &query);
            found.extend(
                symbols.iter().take(MOST_SYMBOLS.saturating_sub(found.len())).map(|s| symbol_information(&conv, s)),
            );
        }
        if found.len() < MOST_SYMBOLS {
            let (index, fs, encoding) = (self.workspace.clone(), self.fs.clone(), self.caps().encoding);
            let closed = tokio::task::spawn_blocking(move || index.closed_files(&open, &query, encoding, &fs))
                .await
                .unwrap_or_default();
            found.extend(closed.into_iter().take(MOST_SYMBOLS - found.len()));
        }
        Ok(Some(lsp::WorkspaceSymbolResponse::Flat(found)))
    }
}
