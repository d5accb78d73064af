//! One analysed version of one document: its parse (one format's, or none), line index and
//! diagnostics.

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use super::elem::scene::Scenery;
use rigls_diagnostic::env::FileSystem;
use rigls_diagnostic::{self as diagnostic, Diagnostic, FileFormat, Targets};
use rigls_dragonbones::model::DocKind;
use rigls_dragonbones::{DragonBonesFile, PreviousFile};
use rigls_elem::ElemFile;
use rigls_text::{LineIndex, TextChange, TextRange};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// An Elfreina model (`.elem`).
    Elem,
    /// A DragonBones skeleton (`*_ske.json`): a JSON object with `armature`.
    DragonBonesSkeleton,
    /// A DragonBones texture atlas (`*_tex.json`): a JSON object with `SubTexture`.
    DragonBonesAtlas,
    /// Neither format: rigls has nothing to say about it.
    Other,
}

impl FileKind {
    pub fn is_dragonbones(self) -> bool {
        matches!(self, FileKind::DragonBonesSkeleton | FileKind::DragonBonesAtlas)
    }

    /// The format the catalogue states severities for (`None` for other files).
    pub fn format(self) -> Option<FileFormat> {
        match self {
            FileKind::Elem => Some(FileFormat::Elem),
            FileKind::DragonBonesSkeleton | FileKind::DragonBonesAtlas => Some(FileFormat::DragonBones),
            FileKind::Other => None,
        }
    }
}

/// Decides what a document is, from its name first and its content second. JSON is DragonBones
/// data only when its root object says so (see [`DragonBonesFile::parse`]).
pub fn detect(path: Option<&Path>, text: &str) -> FileKind {
    classify(path, text).0
}

/// Whether a file's name says it holds a binary skeleton: `.dbbin`, or Unity's `.bytes` (a
/// `TextAsset`, `*_ske.bytes` in DragonBones' Unity exports). An open document of either name
/// is the JSON view of the file, never its bytes.
pub fn is_binary_path(path: Option<&Path>) -> bool {
    named(path, "dbbin") || named(path, "bytes")
}

/// Whether a file is a binary skeleton: named `.dbbin`, or bytes that start with `DBDT` (a
/// `.bytes` file may hold anything: its content decides).
pub fn is_binary(path: Option<&Path>, bytes: &[u8]) -> bool {
    named(path, "dbbin") || rigls_dragonbones::binary::is_binary(bytes)
}

/// Whether `path` has the extension `extension` (any case).
fn named(path: Option<&Path>, extension: &str) -> bool {
    path.and_then(Path::extension).is_some_and(|e| e.eq_ignore_ascii_case(extension))
}

/// The kind, and for DragonBones data the parse it took to tell (so it is parsed once).
fn classify(path: Option<&Path>, text: &str) -> (FileKind, Option<Box<DragonBonesFile>>) {
    match syntax_of(path, text) {
        Syntax::Elem => (FileKind::Elem, None),
        Syntax::Json => dragonbones(path, text),
        Syntax::Other => (FileKind::Other, None),
    }
}

/// What a document is written in, from its name first and its content second.
enum Syntax {
    Elem,
    /// JSON: DragonBones data or not, as its root says.
    Json,
    Other,
}

fn syntax_of(path: Option<&Path>, text: &str) -> Syntax {
    let extension = path.and_then(Path::extension).and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
    let content = text.trim_start_matches(rigls_text::BOM).trim_start();
    match extension.as_deref() {
        Some("elem") => Syntax::Elem,
        _ if content.starts_with("Elfreina Extension Model File") => Syntax::Elem,
        Some("json") => Syntax::Json,
        // Unnamed or oddly named input (stdin): JSON by its first character.
        _ if content.starts_with('{') => Syntax::Json,
        _ => Syntax::Other,
    }
}

fn dragonbones(path: Option<&Path>, text: &str) -> (FileKind, Option<Box<DragonBonesFile>>) {
    let tree = rigls_dragonbones::parser::parse(text);
    dragonbones_file(DragonBonesFile::of_tree_named(text, tree, named_skeleton(path)))
}

/// Whether the file's name says it is a skeleton (`*_ske.json`, any case).
fn named_skeleton(path: Option<&Path>) -> bool {
    let name = path.and_then(Path::file_name).and_then(|n| n.to_str()).map(str::to_ascii_lowercase);
    name.is_some_and(|n| n.ends_with("_ske.json"))
}

fn dragonbones_file(file: Option<DragonBonesFile>) -> (FileKind, Option<Box<DragonBonesFile>>) {
    match file {
        Some(file) => {
            let kind = match file.doc() {
                DocKind::Skeleton => FileKind::DragonBonesSkeleton,
                DocKind::Atlas => FileKind::DragonBonesAtlas,
            };
            (kind, Some(Box::new(file)))
        }
        None => (FileKind::Other, None),
    }
}

/// What was parsed before the kind's analysis starts: DragonBones data (parsed to tell its kind),
/// or an `.elem` tree reparsed from the previous version's.
struct Preparsed<'a> {
    dragonbones: Option<Box<DragonBonesFile>>,
    elem: Option<rigls_elem::syntax::SyntaxTree>,
    /// The previous version of a reparsed `.elem` file, for the findings it lets the rules reuse.
    elem_previous: Option<rigls_elem::ElemPrevious<'a>>,
}

impl Preparsed<'_> {
    /// Nothing reparsed: DragonBones data parsed to tell the kind, if any.
    fn fresh(dragonbones: Option<Box<DragonBonesFile>>) -> Preparsed<'static> {
        Preparsed { dragonbones, elem: None, elem_previous: None }
    }
}

/// What a document was parsed as: one format's parse (with its model), or nothing.
#[derive(Debug)]
pub enum ParsedFile {
    /// An Elfreina model.
    Elem(ElemFile),
    /// A DragonBones skeleton or atlas (which, [`DragonBonesFile::doc`] says). Boxed: a
    /// DragonBones model is large.
    DragonBones(Box<DragonBonesFile>),
    /// Neither format: rigls has nothing to say about it.
    Other,
}

/// A text an analysis keeps, shared with whoever else holds it (the server's copy of a document,
/// which need not be copied for its analysis).
pub type SharedText = Arc<String>;

#[derive(Debug)]
pub struct Analysis {
    /// Unique among the analyses of this process: what a version built on another names it by.
    pub id: u64,
    pub path: Option<PathBuf>,
    pub text: SharedText,
    pub lines: LineIndex,
    pub parsed: ParsedFile,
    /// Sorted into reading order.
    pub diagnostics: Vec<Diagnostic>,
    /// The targets the document is checked for (`docs/targets.md`): their rules run, and hovers
    /// say what they drop.
    pub targets: Targets,
    /// What was taken from the previous version's analysis ([`Analysis::reanalyse`]).
    pub reuse: Reuse,
    /// An `.elem` model's scenes' shared part, read when first asked for (boxed: most analyses
    /// never need one).
    pub(crate) scenery: OnceLock<Option<Box<Scenery>>>,
}

/// A version's text, when nothing else holds it, goes to the next version
/// ([`rigls_text::spare`]).
impl Drop for Analysis {
    fn drop(&mut self) {
        if let Some(text) = Arc::get_mut(&mut self.text) {
            rigls_text::spare::TEXTS.give(std::mem::take(text));
        }
    }
}

/// Frees the buffers kept for the next version of a document ([`rigls_text::spare`]).
pub fn release_spares() {
    rigls_text::spare::TEXTS.release();
    rigls_dragonbones::syntax::SPARE_NODES.release();
}

/// What an analysis took from the previous version's, for benchmarks, logs and tests (the
/// results are the same either way).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reuse {
    /// The part of the text parsed again, when not all of it was (the rest of the syntax tree
    /// is the previous version's).
    pub reparsed: Option<TextRange>,
    /// DragonBones armatures whose findings of the rules that read one armature were taken from
    /// the previous version.
    pub armatures_checked: usize,
    /// DragonBones armatures the runtime rules evaluated, and those whose findings they took from
    /// the previous version (a file evaluated whole counts neither).
    pub armatures_evaluated: usize,
    pub armatures_reused: usize,
    /// Animations the evaluated armatures posed, and those whose poses they took from the
    /// previous version (an edit inside one animation poses that one alone).
    pub animations_posed: usize,
    pub animations_reused: usize,
    /// What was parsed again and what it replaced, when the semantic tokens outside it are the
    /// previous version's (see [`super::token_splice`]).
    pub tokens_outside: Option<super::token_splice::Replaced>,
    /// The bytes of the previous version this one changed (whatever was parsed again), for a
    /// client's positions that move with the text (the scene elements a preview holds).
    pub edit: Option<super::token_splice::Replaced>,
}

/// What an analysis found before the runtime's rules were evaluated (see
/// [`Analysis::with_options_in_steps`]), for a front end to show meanwhile.
pub struct FirstStep<'a> {
    pub path: Option<&'a Path>,
    pub text: &'a str,
    pub lines: &'a LineIndex,
    /// In reading order: every diagnostic but the runtime rules', and the previous version's
    /// runtime findings on the armatures and animations the edit left alone (moved with it).
    pub diagnostics: Vec<Diagnostic>,
}

/// Given an analysis's [`FirstStep`], on the thread that found it.
pub type Early<'a> = &'a (dyn Fn(FirstStep<'_>) + Sync);

/// How to analyse a document, besides its text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The kind, when the caller decides it (see [`Analysis::with_kind`]).
    pub kind: Option<FileKind>,
    /// The targets to check the document for.
    pub targets: Targets,
    /// Read an `.elem` model's [`Scenery`] beside the rules (see [`Analysis::new_for_preview`]).
    pub preview: bool,
}

impl Analysis {
    /// The analysis of a document's text. A binary skeleton (`.dbbin`) is read from `fs`
    /// instead ([`Analysis::of_binary`]) when `text` is its bytes or its JSON view (what an
    /// editor shows of it): the analysis is the binary's, its text that view. Otherwise (the file
    /// cannot be read, or changed since the editor took its view) `text` is analysed as the JSON
    /// it shows, so that positions are always the editor's.
    pub fn new(path: Option<&Path>, text: impl Into<SharedText>, fs: &dyn FileSystem) -> Analysis {
        Analysis::with_options(path, text, fs, Options::default())
    }

    /// The binary's analysis when `path` is a binary skeleton whose bytes or view `text` is (see
    /// [`Analysis::new`]).
    fn of_binary_shown_as(path: Option<&Path>, text: &str, fs: &dyn FileSystem, targets: Targets) -> Option<Analysis> {
        let path = path.filter(|p| is_binary_path(Some(p)))?;
        let bytes = fs.read_head(path, usize::MAX).filter(|bytes| is_binary(Some(path), bytes))?;
        let binary = Analysis::of_binary_for(Some(path), &bytes, fs, targets);
        (*binary.text == text || rigls_dragonbones::binary::is_binary(text.as_bytes())).then_some(binary)
    }

    /// The analysis of a binary skeleton: its text is the JSON view of its content (what
    /// `rigls convert` writes), positions are in that view, and poses are the binary's.
    pub fn of_binary(path: Option<&Path>, bytes: &[u8], fs: &dyn FileSystem) -> Analysis {
        Analysis::of_binary_for(path, bytes, fs, Targets::NONE)
    }

    /// [`Analysis::of_binary`], checked for `targets` (on the JSON view).
    pub fn of_binary_for(path: Option<&Path>, bytes: &[u8], fs: &dyn FileSystem, targets: Targets) -> Analysis {
        let (view, file) = DragonBonesFile::of_binary(bytes);
        let text: SharedText = Arc::new(view);
        let lines = LineIndex::new(&text);
        let parse = Preparsed::fresh(Some(Box::new(file)));
        let options = Options { targets, ..Options::default() };
        Analysis::finish(path, text, lines, fs, FileKind::DragonBonesSkeleton, parse, None, options, None)
    }

    /// The analysis of a file's bytes: a binary skeleton ([`is_binary`]) or UTF-8 text (`Err`
    /// with the bytes when they are neither).
    pub fn of_file(
        path: Option<&Path>,
        bytes: Vec<u8>,
        fs: &dyn FileSystem,
    ) -> Result<Analysis, std::string::FromUtf8Error> {
        Analysis::of_file_for(path, bytes, fs, Targets::NONE)
    }

    /// [`Analysis::of_file`], checked for `targets`.
    pub fn of_file_for(
        path: Option<&Path>,
        bytes: Vec<u8>,
        fs: &dyn FileSystem,
        targets: Targets,
    ) -> Result<Analysis, std::string::FromUtf8Error> {
        if is_binary(path, &bytes) {
            return Ok(Analysis::of_binary_for(path, &bytes, fs, targets));
        }
        let options = Options { targets, ..Options::default() };
        Ok(Analysis::with_options(path, String::from_utf8(bytes)?, fs, options))
    }

    /// The folder of the document's file, which the files it names are relative to (`None` for
    /// a document without a path).
    pub fn folder(&self) -> Option<&Path> {
        self.path.as_deref().and_then(Path::parent)
    }

    /// Whether the document is a binary skeleton shown as JSON (read-only: nothing edits it).
    pub fn is_binary(&self) -> bool {
        self.dragonbones().is_some_and(|f| f.binary.is_some())
    }

    /// Like [`Analysis::new`], but with the kind decided by the caller (e.g. a file named on the
    /// command line whose extension says nothing). A DragonBones kind still needs DragonBones
    /// content: other JSON is `Other`.
    pub fn with_kind(
        path: Option<&Path>,
        text: impl Into<SharedText>,
        fs: &dyn FileSystem,
        kind: Option<FileKind>,
    ) -> Analysis {
        Analysis::with_options(path, text, fs, Options { kind, ..Options::default() })
    }

    /// [`Analysis::new`] for a document a preview shows: an `.elem` model's [`Scenery`] is read
    /// on another thread while the rules run (the same analysis, ready sooner for its scenes).
    pub fn new_for_preview(path: Option<&Path>, text: impl Into<SharedText>, fs: &dyn FileSystem) -> Analysis {
        Analysis::with_options(path, text, fs, Options { preview: true, ..Options::default() })
    }

    /// The analysis of `text` as `options` say (a binary skeleton's as [`Analysis::new`] says).
    pub fn with_options(
        path: Option<&Path>,
        text: impl Into<SharedText>,
        fs: &dyn FileSystem,
        options: Options,
    ) -> Analysis {
        Analysis::with_options_in_steps(path, text, fs, options, None)
    }

    /// [`Analysis::with_options`] in two steps when `early` is given and the document is a
    /// DragonBones skeleton (not a binary): `early` is given what the rules but the runtime's
    /// found ([`FirstStep`]) as soon as they have, while the runtime's rules are evaluated, which
    /// can take longer on a large skeleton. The analysis returned is the same either way.
    pub fn with_options_in_steps(
        path: Option<&Path>,
        text: impl Into<SharedText>,
        fs: &dyn FileSystem,
        options: Options,
        early: Option<Early<'_>>,
    ) -> Analysis {
        let text = text.into();
        if options.kind.is_none_or(|k| k == FileKind::DragonBonesSkeleton)
            && let Some(binary) = Analysis::of_binary_shown_as(path, &text, fs, options.targets)
        {
            return binary;
        }
        let (kind, parse, lines) = Analysis::first_parse(path, &text, options.kind);
        Analysis::finish(path, text, lines, fs, kind, parse, None, options, early)
    }

    /// The kind of a text analysed afresh, its parse and its line index; a large text's line
    /// index is made on another thread meanwhile: beside an `.elem` parse, or beside a JSON
    /// file's model (its parse has two threads of its own, and a third thread then slowed it
    /// by more than the index's time: the scheduler left two of them sharing a core).
    fn first_parse(
        path: Option<&Path>,
        text: &str,
        kind: Option<FileKind>,
    ) -> (FileKind, Preparsed<'static>, LineIndex) {
        let large = text.len() >= rigls_text::parallel::PARALLEL_ABOVE;
        let json = match kind {
            None => matches!(syntax_of(path, text), Syntax::Json),
            Some(k) => k.is_dragonbones(),
        };
        if large && json {
            let tree = rigls_dragonbones::parser::parse(text);
            let (lines, file) = rigls_text::parallel::join(
                || LineIndex::new(text),
                || DragonBonesFile::of_tree_named(text, tree, named_skeleton(path)),
            );
            let (kind, dragonbones) = dragonbones_file(file);
            return (kind, Preparsed::fresh(dragonbones), lines);
        }
        let parse = || {
            let (kind, dragonbones) = match kind {
                None => classify(path, text),
                Some(k) if k.is_dragonbones() => dragonbones(path, text),
                Some(k) => (k, None),
            };
            let mut parse = Preparsed::fresh(dragonbones);
            if large && kind == FileKind::Elem {
                parse.elem = Some(rigls_elem::parser::parse(text));
            }
            (kind, parse)
        };
        if !large {
            let (kind, parse) = parse();
            return (kind, parse, LineIndex::new(text));
        }
        let (lines, (kind, parse)) = rigls_text::parallel::join(|| LineIndex::new(text), parse);
        (kind, parse, lines)
    }

    /// [`Analysis::reanalyse`], with the scenery read as [`Analysis::new_for_preview`] does.
    pub fn reanalyse_for_preview(previous: &Analysis, text: impl Into<SharedText>, fs: &dyn FileSystem) -> Analysis {
        Analysis::reanalyse_in_steps(previous, text, fs, true, None)
    }

    /// The analysis of `text`, a later version of `previous`'s document: equal in every respect
    /// to `Analysis::new(previous.path, text, fs)`, computed from what the edits left unchanged
    /// (DragonBones: the syntax tree outside the innermost object or array that holds every
    /// change, see [`rigls_dragonbones::reparse`], and the findings on the armatures outside it;
    /// `.elem`: the syntax tree outside the innermost brace scope that holds every change, see
    /// [`rigls_elem::reparse`]).
    pub fn reanalyse(previous: &Analysis, text: impl Into<SharedText>, fs: &dyn FileSystem) -> Analysis {
        Analysis::reanalyse_in_steps(previous, text, fs, false, None)
    }

    /// [`Analysis::reanalyse`] (`scenery`: [`Analysis::reanalyse_for_preview`]) in two steps when
    /// `early` is given, as [`Analysis::with_options_in_steps`] says; the first step's runtime
    /// findings are the previous version's on what the edit left alone.
    pub fn reanalyse_in_steps(
        before: &Analysis,
        text: impl Into<SharedText>,
        fs: &dyn FileSystem,
        scenery: bool,
        early: Option<Early<'_>>,
    ) -> Analysis {
        let text: SharedText = text.into();
        // A binary is read again whole: its view is no text the editor changes.
        if is_binary_path(before.path.as_deref()) {
            let options = Options { kind: None, targets: before.targets, preview: scenery };
            return Analysis::with_options_in_steps(before.path.as_deref(), text, fs, options, early);
        }
        let previous = before;
        let path = previous.path.as_deref();
        let change = TextChange::between(&previous.text, &text);
        let mut reparsed = None;
        let mut spliced = None;
        let mut elem_tree = None;
        let mut elem_previous = None;
        let (kind, dragonbones) = match (syntax_of(path, &text), &previous.parsed) {
            (Syntax::Json, ParsedFile::DragonBones(old)) => {
                match rigls_dragonbones::reparse::reparse(&old.tree, &previous.text, &text, change) {
                    Some(done) => {
                        reparsed = Some(done.region);
                        spliced = Some(done.old_region);
                        let after = Some((&**old, done.region, change));
                        dragonbones_file(DragonBonesFile::of_tree_after(&text, done.tree, named_skeleton(path), after))
                    }
                    None => dragonbones(path, &text),
                }
            }
            (Syntax::Json, _) => dragonbones(path, &text),
            (Syntax::Elem, ParsedFile::Elem(old)) => {
                if let Some(done) = rigls_elem::reparse::reparse(&old.tree, &text, change) {
                    reparsed = Some(done.region);
                    spliced = Some(done.old_region);
                    elem_tree = Some(done.tree);
                    elem_previous =
                        Some(rigls_elem::ElemPrevious { file: old, old: done.old_region, new: done.region });
                }
                (FileKind::Elem, None)
            }
            (Syntax::Elem, _) => (FileKind::Elem, None),
            (Syntax::Other, _) => (FileKind::Other, None),
        };
        let lines = previous.lines.edited(&text, change);
        let previous = previous.dragonbones().map(|file| PreviousFile { file, change, spliced });
        let parse = Preparsed { dragonbones, elem: elem_tree, elem_previous };
        let options = Options { kind: None, targets: before.targets, preview: scenery };
        let mut analysis = Analysis::finish(path, text, lines, fs, kind, parse, previous, options, early);
        analysis.reuse.reparsed = reparsed;
        let (old, new) = (change.old_range(), change.new_range());
        analysis.reuse.edit = super::token_splice::Replaced::new(before, &analysis, old, new);
        if let (Some(old), Some(new)) = (spliced, reparsed)
            && super::file_features::of(&analysis).tokens_kept_outside(before, &analysis, old, new)
        {
            analysis.reuse.tokens_outside = super::token_splice::Replaced::new(before, &analysis, old, new);
        }
        analysis
    }

    /// The rest of an analysis once the kind is known (and DragonBones data parsed); `scenery`:
    /// read an `.elem` model's scenery meanwhile.
    #[allow(clippy::too_many_arguments)]
    fn finish(
        path: Option<&Path>,
        text: SharedText,
        lines: LineIndex,
        fs: &dyn FileSystem,
        kind: FileKind,
        parse: Preparsed<'_>,
        previous: Option<PreviousFile<'_>>,
        options: Options,
        early: Option<Early<'_>>,
    ) -> Analysis {
        let (scenery, targets) = (options.preview, options.targets);
        let read = OnceLock::new();
        let (parsed, mut diagnostics) = match (kind, parse.dragonbones) {
            (FileKind::Elem, _) => {
                let file = match parse.elem {
                    Some(tree) => ElemFile::of_tree(&text, tree),
                    None => ElemFile::parse(&text),
                };
                let diagnostics = if scenery {
                    std::thread::scope(|s| {
                        let reading = s.spawn(|| Scenery::read(&text, path, &file));
                        let diagnostics = file.diagnostics(&text, &lines, path, fs, parse.elem_previous);
                        // A reading that panicked is left to the scene request (which says so).
                        if let Ok(done) = reading.join() {
                            let _ = read.set(Some(Box::new(done)));
                        }
                        diagnostics
                    })
                } else {
                    file.diagnostics(&text, &lines, path, fs, parse.elem_previous)
                };
                let mut diagnostics = diagnostics;
                diagnostics.extend(file.target_diagnostics(&text, targets));
                (ParsedFile::Elem(file), diagnostics)
            }
            (_, Some(mut file)) => {
                file.pair_atlases(path, fs);
                let target = file.target_diagnostics(&text, targets);
                let document_end = file.document_end();
                let mut diagnostics = match early {
                    Some(early) => file.check_in_steps(&text, &lines, path, fs, previous, |found, carried| {
                        let mut diagnostics = [found, &target, &carried].concat();
                        DragonBonesFile::for_targets(&text, document_end, targets, &mut diagnostics);
                        diagnostic::sort(&mut diagnostics);
                        early(FirstStep { path, text: &text, lines: &lines, diagnostics });
                    }),
                    None => file.check(&text, &lines, path, fs, previous),
                };
                diagnostics.extend(target);
                DragonBonesFile::for_targets(&text, document_end, targets, &mut diagnostics);
                file.poses_for_targets(&text, targets, &mut diagnostics);
                (ParsedFile::DragonBones(file), diagnostics)
            }
            (_, None) => (ParsedFile::Other, Vec::new()),
        };
        diagnostic::sort(&mut diagnostics);
        let mut reuse = Reuse::default();
        if let ParsedFile::DragonBones(file) = &parsed {
            reuse.armatures_checked = file.findings.local.reused;
            reuse.armatures_evaluated = file.findings.runtime.evaluated;
            reuse.armatures_reused = file.findings.runtime.reused;
            reuse.animations_posed = file.findings.runtime.animations_posed;
            reuse.animations_reused = file.findings.runtime.animations_reused;
        }
        static NEXT_ID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        let id = NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Analysis {
            id,
            path: path.map(Path::to_path_buf),
            text,
            lines,
            parsed,
            diagnostics,
            targets,
            reuse,
            scenery: read,
        }
    }

    /// What the document is.
    pub fn kind(&self) -> FileKind {
        match &self.parsed {
            ParsedFile::Elem(_) => FileKind::Elem,
            ParsedFile::DragonBones(file) => match file.doc() {
                DocKind::Skeleton => FileKind::DragonBonesSkeleton,
                DocKind::Atlas => FileKind::DragonBonesAtlas,
            },
            ParsedFile::Other => FileKind::Other,
        }
    }

    /// The `.elem` parse, when the document is an Elfreina model.
    pub fn elem(&self) -> Option<&ElemFile> {
        match &self.parsed {
            ParsedFile::Elem(file) => Some(file),
            _ => None,
        }
    }

    /// What every scene of an `.elem` model shares (read once: see [`Scenery`]); `None` for
    /// other documents.
    /// An analysis of a text of no known kind that carries `diagnostics` as they are (no rule
    /// runs): for tests of what front ends do with diagnostics.
    pub fn of_diagnostics(text: &str, diagnostics: Vec<Diagnostic>) -> Analysis {
        Analysis {
            id: 0,
            path: None,
            text: text.to_owned().into(),
            lines: LineIndex::new(text),
            parsed: ParsedFile::Other,
            diagnostics,
            targets: Targets::NONE,
            reuse: Reuse::default(),
            scenery: Default::default(),
        }
    }

    pub fn elem_scenery(&self) -> Option<&Scenery> {
        let read = || self.elem().map(|file| Box::new(Scenery::read(&self.text, self.path.as_deref(), file)));
        self.scenery.get_or_init(read).as_deref()
    }

    /// The DragonBones parse, when the document is a skeleton or an atlas.
    pub fn dragonbones(&self) -> Option<&DragonBonesFile> {
        match &self.parsed {
            ParsedFile::DragonBones(file) => Some(file),
            _ => None,
        }
    }
}
