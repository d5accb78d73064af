//! Every `ide` feature through the server: a fake stands in for `ide` and answers with known data
//! (byte ranges found in the text, and the offsets it was asked about), and each test checks the
//! exact JSON the client receives, in UTF-16 and UTF-8, on a document with a BOM, CRLF line breaks,
//! Japanese and an astral character. Positions in another file go through that file's own text.

use crate::lsp_support;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use lsp_support::{TempDir, TestClient, apply_token_edits, capabilities, file_uri, pos, range};
use rigls_diagnostic::env::FileSystem;
use rigls_diagnostic::{Code, Diagnostic, FileFormat, Fix, TextEdit};
use rigls_ide::{self as ide, Analysis, SharedText};
use rigls_lsp::{Features, Options};
use rigls_text::TextRange;
use serde_json::{Value, json};

/// Byte offsets: BOM 0..3, `Mesh {` 3..9, `胴体😀` 18..28 (quoted 17..29), `頭` 38..41, `}` 44..45.
const TEXT: &str = "\u{feff}Mesh {\r\n\tName=\"胴体😀\"\r\n\tBone=\"頭\"\r\n}\r\n";
/// `😀` is at bytes 7..11, on line 1.
const OTHER: &str = "頭\r\nxx😀yy";
const DOC: &str = "file:///tmp/rigls-test/fake.elem";

fn find(text: &str, needle: &str) -> TextRange {
    let start = text.find(needle).unwrap_or_else(|| panic!("{needle:?} not in {text:?}"));
    TextRange::from_usize(start..start + needle.len())
}

struct Fake {
    other: PathBuf,
}

impl Fake {
    fn name(a: &Analysis) -> TextRange {
        find(&a.text, "胴体😀")
    }
    fn head(a: &Analysis) -> TextRange {
        find(&a.text, "頭")
    }
    fn other_emoji(&self) -> TextRange {
        find(OTHER, "😀")
    }
}

impl Features for Fake {
    /// The real analysis with diagnostics chosen here.
    fn analyse(
        &self,
        _: Option<&Analysis>,
        path: Option<&Path>,
        text: SharedText,
        fs: &dyn FileSystem,
        _: rigls_diagnostic::Targets,
    ) -> Analysis {
        let mut analysis = Analysis::new(path, text, fs);
        let (name, head) = (Fake::name(&analysis), Fake::head(&analysis));
        let mut unused = Diagnostic::new(Code::UnknownKey, FileFormat::Elem, name, "unused name")
            .with_related(head, "used here")
            .with_related_in(self.other.clone(), self.other_emoji(), "and there")
            .with_fix(Fix::replace("Remove it", name, "").safe())
            .unnecessary();
        unused.severity = rigls_diagnostic::Severity::Hint;
        analysis.diagnostics = vec![unused];
        analysis
    }

    fn hover(&self, a: &Analysis, offset: u32) -> Option<ide::Hover> {
        let name = Fake::name(a);
        let range = if name.contains_inclusive(offset) { name } else { TextRange::empty(offset) };
        // Links to a place in this document and in another.
        let here = ide::location_link("頭", None, Fake::head(a).start);
        let there = ide::location_link("😀", Some(&self.other), self.other_emoji().start);
        Some(ide::Hover { range, markdown: format!("**offset {offset}** · {here} · {there}") })
    }

    fn completions(&self, a: &Analysis, offset: u32) -> Vec<ide::CompletionItem> {
        vec![ide::CompletionItem {
            label: format!("胴体 at {offset}"),
            kind: ide::CompletionKind::Name,
            detail: Some("bone".to_owned()),
            documentation_markdown: Some("A *bone*.".to_owned()),
            insert_text: "\"${1:胴体}\"$0".to_owned(),
            is_snippet: true,
            replace_range: find(&a.text, "\"胴体😀\""),
            filter_text: "\"胴体\"".to_owned(),
            sort_text: Some("0".to_owned()),
        }]
    }

    fn goto_definition(&self, a: &Analysis, _: u32) -> Vec<ide::NavTarget> {
        vec![
            ide::NavTarget { file: None, full_range: find(&a.text, "Name=\"胴体😀\""), focus_range: Fake::name(a) },
            ide::NavTarget {
                file: Some(self.other.clone()),
                full_range: find(OTHER, "xx😀yy"),
                focus_range: self.other_emoji(),
            },
        ]
    }

    fn references(&self, a: &Analysis, _: u32, include_declaration: bool) -> Vec<ide::Location> {
        let mut found = vec![ide::Location { file: Some(self.other.clone()), range: self.other_emoji() }];
        if include_declaration {
            found.insert(0, ide::Location { file: None, range: Fake::head(a) });
        }
        found
    }

    fn highlights(&self, a: &Analysis, _: u32) -> Vec<ide::Highlight> {
        vec![
            ide::Highlight { range: Fake::name(a), kind: ide::HighlightKind::Write },
            ide::Highlight { range: Fake::head(a), kind: ide::HighlightKind::Read },
        ]
    }

    fn prepare_rename(&self, a: &Analysis, offset: u32) -> Result<TextRange, String> {
        let name = Fake::name(a);
        if name.contains_inclusive(offset) { Ok(name) } else { Err("only names can be renamed".to_owned()) }
    }

    fn rename(&self, a: &Analysis, _: u32, new_name: &str) -> Result<Vec<ide::FileEdit>, String> {
        if new_name.is_empty() {
            return Err("a name cannot be empty".to_owned());
        }
        let edit = |range| TextEdit { range, new_text: new_name.to_owned() };
        Ok(vec![
            ide::FileEdit { file: None, edits: vec![edit(Fake::name(a))] },
            ide::FileEdit { file: Some(self.other.clone()), edits: vec![edit(self.other_emoji())] },
            ide::FileEdit { file: None, edits: vec![edit(Fake::head(a))] },
        ])
    }

    fn document_symbols(&self, a: &Analysis) -> Vec<ide::Symbol> {
        let name = Fake::name(a);
        vec![ide::Symbol {
            name: "Mesh".to_owned(),
            detail: Some("胴体😀".to_owned()),
            kind: ide::SymbolKind::Struct,
            range: find(&a.text, "Mesh {").cover(find(&a.text, "}")),
            selection_range: find(&a.text, "Mesh"),
            children: vec![ide::Symbol {
                name: "胴体😀".to_owned(),
                detail: None,
                kind: ide::SymbolKind::Field,
                range: find(&a.text, "Name=\"胴体😀\""),
                selection_range: name,
                children: Vec::new(),
            }],
        }]
    }

    fn folding_ranges(&self, a: &Analysis) -> Vec<ide::Fold> {
        vec![
            // Ends with `}` alone on its line: folds up to the line before.
            ide::Fold { range: find(&a.text, "Mesh {").cover(find(&a.text, "}")), kind: ide::FoldKind::Region },
            ide::Fold { range: find(&a.text, "Name=").cover(find(&a.text, "頭")), kind: ide::FoldKind::Comment },
            // One line: no fold.
            ide::Fold { range: find(&a.text, "Bone=\"頭\""), kind: ide::FoldKind::Imports },
        ]
    }

    fn selection_ranges(&self, a: &Analysis, offset: u32) -> Vec<TextRange> {
        let name = Fake::name(a);
        if !name.contains_inclusive(offset) {
            return Vec::new();
        }
        vec![name, find(&a.text, "Name=\"胴体😀\""), find(&a.text, "Mesh {").cover(find(&a.text, "}"))]
    }

    fn semantic_tokens(&self, a: &Analysis) -> Vec<ide::SemanticToken> {
        let token = |range, token_type, modifiers| ide::SemanticToken { range, token_type, modifiers };
        vec![
            token(find(&a.text, "Mesh"), ide::TokenType::Struct, ide::token_modifier::DECLARATION),
            token(find(&a.text, "Name"), ide::TokenType::Property, 0),
            token(find(&a.text, "\"胴体😀\""), ide::TokenType::String, ide::token_modifier::READONLY),
            // From the quote after 頭 to the `}`: spans a CRLF.
            token(find(&a.text, "\"\r\n}"), ide::TokenType::Comment, 0),
        ]
    }

    fn document_colors(&self, a: &Analysis) -> Vec<ide::ColorInfo> {
        let color = ide::Rgba { red: 1.0, green: 0.5, blue: 0.25, alpha: 0.75 };
        vec![ide::ColorInfo { range: Fake::head(a), color }]
    }

    fn document_links(&self, a: &Analysis, fs: &dyn FileSystem) -> Vec<ide::DocumentLink> {
        // Only files the server's file system has.
        assert!(fs.exists(&self.other), "the link's file is on disk");
        vec![ide::DocumentLink { range: Fake::name(a), target: self.other.clone(), tooltip: "Open it".to_owned() }]
    }

    fn color_presentations(&self, _: &Analysis, range: TextRange, color: ide::Rgba) -> Vec<ide::ColorPresentation> {
        let text = format!("{}:{}:{}:{}", color.alpha, color.red, color.green, color.blue);
        vec![ide::ColorPresentation {
            label: text.clone(),
            edit: TextEdit { range, new_text: text },
            additional_edits: vec![TextEdit { range: TextRange::empty(range.end), new_text: "!".to_owned() }],
        }]
    }

    fn inlay_hints(&self, a: &Analysis, range: TextRange) -> Vec<ide::InlayHint> {
        let hint = |offset, label: &str, kind, tooltip: Option<&str>| ide::InlayHint {
            offset,
            label: label.to_owned(),
            kind,
            padding_left: kind == ide::InlayKind::Type,
            padding_right: kind == ide::InlayKind::Parameter,
            tooltip: tooltip.map(str::to_owned),
        };
        [
            hint(Fake::name(a).end, ": bone", ide::InlayKind::Type, Some("a bone name")),
            hint(Fake::head(a).start, "index", ide::InlayKind::Parameter, None),
        ]
        .into_iter()
        .filter(|h| range.contains_inclusive(h.offset))
        .collect()
    }

    fn format(&self, a: &Analysis) -> Option<Vec<TextEdit>> {
        Some(vec![TextEdit { range: find(&a.text, "\tBone"), new_text: "    Bone".to_owned() }])
    }

    fn code_actions(&self, a: &Analysis, range: TextRange) -> Vec<ide::CodeAction> {
        let edit = |title: &str, kind, diagnostic, text: &str| ide::CodeAction {
            title: title.to_owned(),
            kind,
            edits: vec![ide::FileEdit { file: None, edits: vec![TextEdit { range, new_text: text.to_owned() }] }],
            diagnostic,
            is_preferred: false,
        };
        vec![
            // Already offered from the diagnostic's data: not repeated.
            ide::CodeAction {
                edits: vec![ide::FileEdit {
                    file: None,
                    edits: vec![TextEdit { range: Fake::name(a), new_text: String::new() }],
                }],
                is_preferred: true,
                ..edit("Remove it", ide::CodeActionKind::QuickFix, Some(0), "")
            },
            edit("Rename everywhere", ide::CodeActionKind::QuickFix, Some(0), "x"),
            edit("Sort keys", ide::CodeActionKind::Refactor, None, "sorted"),
        ]
    }
}

/// Columns that differ between the encodings.
#[derive(Clone, Copy)]
struct Cols {
    encoding: &'static str,
    /// End of `胴体😀` on line 1 (it starts at 7).
    name_end: u32,
    /// End of `"胴体😀"` on line 1 (it starts at 6).
    quoted_end: u32,
    /// End of `頭` on line 2 (it starts at 7).
    head_end: u32,
    /// Where `😀` starts on line 1.
    emoji: u32,
    /// End of `😀` on line 1 of the other file (it starts at 2).
    other_emoji_end: u32,
}

const UTF16: Cols =
    Cols { encoding: "utf-16", name_end: 11, quoted_end: 12, head_end: 8, emoji: 9, other_emoji_end: 4 };
const UTF8: Cols =
    Cols { encoding: "utf-8", name_end: 17, quoted_end: 18, head_end: 10, emoji: 13, other_emoji_end: 6 };

struct Setup {
    client: TestClient,
    other: String,
    _dir: TempDir,
}

async fn setup(cols: Cols, adjust: impl FnOnce(&mut Value)) -> Setup {
    let dir = TempDir::new("features");
    let other = dir.write("other.txt", OTHER);
    let options = Options { features: Arc::new(Fake { other: other.clone() }), ..Options::default() };
    let mut caps = capabilities(Some(&[cols.encoding]));
    adjust(&mut caps);
    let (client, result) = TestClient::initialized(options, caps, Value::Null).await;
    assert_eq!(result["capabilities"]["positionEncoding"], cols.encoding);
    client.open(DOC, "elem", 4, TEXT).await;
    Setup { client, other: file_uri(&other), _dir: dir }
}

fn at(line: u32, character: u32) -> Value {
    json!({"textDocument": {"uri": DOC}, "position": pos(line, character)})
}

fn doc() -> Value {
    json!({"textDocument": {"uri": DOC}})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn diagnostics_carry_related_files_tags_and_data() {
    for c in [UTF16, UTF8] {
        let mut s = setup(c, |_| {}).await;
        let published = s.client.diagnostics(DOC).await;
        assert_eq!(
            published,
            json!({"uri": DOC, "version": 4, "diagnostics": [{
                "range": range((1, 7), (1, c.name_end)),
                "severity": 4,
                "code": "unknown-key",
                "source": "rigls",
                "message": "unused name",
                "relatedInformation": [
                    {"location": {"uri": DOC, "range": range((2, 7), (2, c.head_end))}, "message": "used here"},
                    {"location": {"uri": s.other, "range": range((1, 2), (1, c.other_emoji_end))}, "message": "and there"},
                ],
                "tags": [1],
                "data": {"version": 4, "index": 0},
            }]})
        );
        s.client.shutdown().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hover() {
    for c in [UTF16, UTF8] {
        let s = setup(c, |_| {}).await;
        // Link fragments count UTF-16 columns whatever the session's encoding (as VS Code opens them).
        let value = format!("**offset 24** · [頭]({DOC}#L3,8) · [😀]({}#L2,3)", s.other);
        let expected =
            json!({"contents": {"kind": "markdown", "value": value}, "range": range((1, 7), (1, c.name_end))});
        assert_eq!(s.client.request("textDocument/hover", at(1, c.emoji)).await, Ok(expected.clone()));
        // Between the halves of 😀 (or inside its UTF-8 bytes): the character's start.
        assert_eq!(s.client.request("textDocument/hover", at(1, c.emoji + 1)).await, Ok(expected));
        s.client.shutdown().await;
    }
    // A client without markdown gets plain text: what the Markdown reads as, without its markup.
    let s = setup(UTF16, |caps| caps["textDocument"]["hover"] = json!({"contentFormat": ["plaintext"]})).await;
    let hover = s.client.request("textDocument/hover", at(0, 0)).await.unwrap();
    // Links as their text.
    assert_eq!(
        hover,
        json!({"contents": {"kind": "plaintext", "value": "offset 3 · 頭 · 😀"}, "range": range((0, 0), (0, 0))})
    );
    s.client.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn completion() {
    for c in [UTF16, UTF8] {
        let s = setup(c, |_| {}).await;
        let items = s.client.request("textDocument/completion", at(1, c.name_end)).await.unwrap();
        assert_eq!(
            items,
            json!([{
                "label": "胴体 at 28",
                "kind": 18,
                "detail": "bone",
                "documentation": {"kind": "markdown", "value": "A *bone*."},
                "sortText": "0",
                "filterText": "\"胴体\"",
                "insertTextFormat": 2,
                "textEdit": {"range": range((1, 6), (1, c.quoted_end)), "newText": "\"${1:胴体}\"$0"},
            }])
        );
        s.client.shutdown().await;
    }
    let s = setup(UTF16, |caps| caps["textDocument"]["completion"] = json!({})).await;
    let items = s.client.request("textDocument/completion", at(1, 11)).await.unwrap();
    assert_eq!(items[0]["insertTextFormat"], 1);
    assert_eq!(items[0]["textEdit"]["newText"], "\"胴体\"", "snippet syntax flattened");
    assert_eq!(items[0]["documentation"], "A bone.", "plain text for a client that does not take Markdown");
    s.client.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn definition_as_links_or_locations() {
    for c in [UTF16, UTF8] {
        let s = setup(c, |caps| caps["textDocument"]["definition"] = json!({"linkSupport": true})).await;
        let links = s.client.request("textDocument/definition", at(1, 7)).await.unwrap();
        assert_eq!(
            links,
            json!([
                {
                    "targetUri": DOC,
                    "targetRange": range((1, 1), (1, c.quoted_end)),
                    "targetSelectionRange": range((1, 7), (1, c.name_end)),
                },
                {
                    "targetUri": s.other,
                    "targetRange": range((1, 0), (1, c.other_emoji_end + 2)),
                    "targetSelectionRange": range((1, 2), (1, c.other_emoji_end)),
                },
            ])
        );
        s.client.shutdown().await;
    }
    let s = setup(UTF16, |_| {}).await;
    let locations = s.client.request("textDocument/definition", at(1, 7)).await.unwrap();
    assert_eq!(
        locations,
        json!([
            {"uri": DOC, "range": range((1, 7), (1, 11))},
            {"uri": s.other, "range": range((1, 2), (1, 4))},
        ])
    );
    s.client.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn references_and_highlights() {
    for c in [UTF16, UTF8] {
        let s = setup(c, |_| {}).await;
        let params = |include: bool| {
            let mut p = at(1, 7);
            p["context"] = json!({"includeDeclaration": include});
            p
        };
        let other = json!({"uri": s.other, "range": range((1, 2), (1, c.other_emoji_end))});
        let declaration = json!({"uri": DOC, "range": range((2, 7), (2, c.head_end))});
        assert_eq!(s.client.request("textDocument/references", params(true)).await, Ok(json!([declaration, other])));
        assert_eq!(s.client.request("textDocument/references", params(false)).await, Ok(json!([other])));
        let highlights = s.client.request("textDocument/documentHighlight", at(1, 7)).await;
        assert_eq!(
            highlights,
            Ok(json!([
                {"range": range((1, 7), (1, c.name_end)), "kind": 3},
                {"range": range((2, 7), (2, c.head_end)), "kind": 2},
            ]))
        );
        s.client.shutdown().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn prepare_rename_and_rename() {
    for c in [UTF16, UTF8] {
        let s = setup(c, |_| {}).await;
        let prepared = s.client.request("textDocument/prepareRename", at(1, c.emoji)).await;
        assert_eq!(prepared, Ok(range((1, 7), (1, c.name_end))));
        let refused = s.client.request("textDocument/prepareRename", at(0, 1)).await.unwrap_err();
        assert_eq!(refused, json!({"code": -32803, "message": "only names can be renamed"}));

        let mut params = at(1, 7);
        params["newName"] = json!("腰");
        let edit = s.client.request("textDocument/rename", params.clone()).await.unwrap();
        assert_eq!(
            edit,
            json!({"changes": {
                DOC: [
                    {"range": range((1, 7), (1, c.name_end)), "newText": "腰"},
                    {"range": range((2, 7), (2, c.head_end)), "newText": "腰"},
                ],
                s.other.clone(): [{"range": range((1, 2), (1, c.other_emoji_end)), "newText": "腰"}],
            }})
        );
        params["newName"] = json!("");
        let refused = s.client.request("textDocument/rename", params).await.unwrap_err();
        assert_eq!(refused["message"], "a name cannot be empty");
        s.client.shutdown().await;
    }
    // With document changes, the document's edits are tied to the analysed version.
    let s = setup(UTF16, |caps| caps["workspace"]["workspaceEdit"] = json!({"documentChanges": true})).await;
    let mut params = at(1, 7);
    params["newName"] = json!("腰");
    let edit = s.client.request("textDocument/rename", params).await.unwrap();
    assert_eq!(
        edit,
        json!({"documentChanges": [
            {"textDocument": {"uri": DOC, "version": 4}, "edits": [
                {"range": range((1, 7), (1, 11)), "newText": "腰"},
                {"range": range((2, 7), (2, 8)), "newText": "腰"},
            ]},
            {"textDocument": {"uri": s.other, "version": null}, "edits": [
                {"range": range((1, 2), (1, 4)), "newText": "腰"},
            ]},
        ]})
    );
    s.client.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn document_symbols_nested_or_flat() {
    for c in [UTF16, UTF8] {
        let s = setup(c, |_| {}).await;
        let symbols = s.client.request("textDocument/documentSymbol", doc()).await.unwrap();
        assert_eq!(
            symbols,
            json!([{
                "name": "Mesh",
                "detail": "胴体😀",
                "kind": 23,
                "range": range((0, 0), (3, 1)),
                "selectionRange": range((0, 0), (0, 4)),
                "children": [{
                    "name": "胴体😀",
                    "kind": 8,
                    "range": range((1, 1), (1, c.quoted_end)),
                    "selectionRange": range((1, 7), (1, c.name_end)),
                }],
            }])
        );
        s.client.shutdown().await;
    }
    let s = setup(UTF16, |caps| caps["textDocument"]["documentSymbol"] = json!({})).await;
    let symbols = s.client.request("textDocument/documentSymbol", doc()).await.unwrap();
    assert_eq!(
        symbols,
        json!([
            {"name": "Mesh", "kind": 23, "location": {"uri": DOC, "range": range((0, 0), (3, 1))}},
            {"name": "胴体😀", "kind": 8, "location": {"uri": DOC, "range": range((1, 1), (1, 12))}, "containerName": "Mesh"},
        ])
    );
    s.client.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn folding_ranges_are_whole_lines() {
    for c in [UTF16, UTF8] {
        let s = setup(c, |_| {}).await;
        let folds = s.client.request("textDocument/foldingRange", doc()).await.unwrap();
        assert_eq!(
            folds,
            json!([
                {"startLine": 0, "endLine": 2},
                {"startLine": 1, "endLine": 2, "kind": "comment"},
            ])
        );
        s.client.shutdown().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn selection_ranges_nest_outward() {
    for c in [UTF16, UTF8] {
        let s = setup(c, |_| {}).await;
        let params = json!({"textDocument": {"uri": DOC}, "positions": [pos(1, c.emoji), pos(9, 9)]});
        let ranges = s.client.request("textDocument/selectionRange", params).await.unwrap();
        assert_eq!(
            ranges,
            json!([
                {"range": range((1, 7), (1, c.name_end)), "parent": {
                    "range": range((1, 1), (1, c.quoted_end)), "parent": {"range": range((0, 0), (3, 1))},
                }},
                // Past the end: clamped, nothing around it.
                {"range": range((4, 0), (4, 0))},
            ])
        );
        s.client.shutdown().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn semantic_tokens_are_delta_encoded_and_split_at_line_breaks() {
    for c in [UTF16, UTF8] {
        let s = setup(c, |_| {}).await;
        let tokens = s.client.request("textDocument/semanticTokens/full", doc()).await.unwrap();
        let quoted_len = c.quoted_end - 6;
        let comment_col = c.head_end;
        #[rustfmt::skip]
        let expected = json!({"data": [
            0, 0, 4, 4, 1,                      // Mesh: struct, declaration
            1, 1, 4, 7, 0,                      // Name: property
            0, 5, quoted_len, 12, 4,            // "胴体😀": string, readonly
            1, comment_col, 1, 15, 0,           // the quote after 頭 …
            1, 0, 1, 15, 0,                     // … and the `}` on the next line
        ], "resultId": "1"});
        assert_eq!(tokens, expected, "{}", c.encoding);
        s.client.shutdown().await;
    }
    let s = setup(UTF16, |caps| {
        caps["textDocument"]["semanticTokens"] = json!({
            "requests": {"full": true},
            "tokenTypes": [],
            "tokenModifiers": [],
            "formats": ["relative"],
            "multilineTokenSupport": true,
        });
    })
    .await;
    let tokens = s.client.request("textDocument/semanticTokens/full", doc()).await.unwrap();
    // The comment token stays whole: `"`, CR, LF and `}` are 4 units.
    assert_eq!(tokens["data"].as_array().unwrap()[15..], [json!(1), json!(8), json!(4), json!(15), json!(0)]);
    s.client.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn colors_and_their_presentations() {
    for c in [UTF16, UTF8] {
        let s = setup(c, |_| {}).await;
        let colors = s.client.request("textDocument/documentColor", doc()).await.unwrap();
        let head = range((2, 7), (2, c.head_end));
        assert_eq!(colors, json!([{"range": head, "color": {"red": 1.0, "green": 0.5, "blue": 0.25, "alpha": 0.75}}]));
        let params = json!({"textDocument": {"uri": DOC}, "range": head, "color": {"red": 0.5, "green": 0.25, "blue": 0.0, "alpha": 1.0}});
        let presentations = s.client.request("textDocument/colorPresentation", params).await.unwrap();
        assert_eq!(
            presentations,
            json!([{
                "label": "1:0.5:0.25:0",
                "textEdit": {"range": head, "newText": "1:0.5:0.25:0"},
                "additionalTextEdits": [{"range": range((2, c.head_end), (2, c.head_end)), "newText": "!"}],
            }])
        );
        s.client.shutdown().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn document_links_to_other_files() {
    for c in [UTF16, UTF8] {
        let s = setup(c, |_| {}).await;
        let links = s.client.request("textDocument/documentLink", doc()).await.unwrap();
        assert_eq!(links, json!([{"range": range((1, 7), (1, c.name_end)), "target": s.other, "tooltip": "Open it"}]));
        s.client.shutdown().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn inlay_hints_in_the_requested_range() {
    for c in [UTF16, UTF8] {
        let s = setup(c, |_| {}).await;
        let request = |r: Value| json!({"textDocument": {"uri": DOC}, "range": r});
        let hints = s.client.request("textDocument/inlayHint", request(range((0, 0), (9, 0)))).await.unwrap();
        assert_eq!(
            hints,
            json!([
                {"position": pos(1, c.name_end), "label": ": bone", "kind": 1, "tooltip": "a bone name", "paddingLeft": true, "paddingRight": false},
                {"position": pos(2, 7), "label": "index", "kind": 2, "paddingLeft": false, "paddingRight": true},
            ])
        );
        let line_two = s.client.request("textDocument/inlayHint", request(range((2, 0), (2, 99)))).await.unwrap();
        assert_eq!(line_two.as_array().unwrap().len(), 1);
        s.client.shutdown().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn formatting() {
    let s = setup(UTF8, |_| {}).await;
    let params = json!({"textDocument": {"uri": DOC}, "options": {"tabSize": 4, "insertSpaces": true}});
    let edits = s.client.request("textDocument/formatting", params).await;
    assert_eq!(edits, Ok(json!([{"range": range((2, 0), (2, 5)), "newText": "    Bone"}])));
    s.client.shutdown().await;
}

/// The test features' two quick fixes of `diagnostic`, on `name`, as the client gets them.
fn quick_fixes(diagnostic: &Value, name: &Value) -> [Value; 2] {
    [
        json!({"title": "Remove it", "kind": "quickfix", "diagnostics": [diagnostic], "isPreferred": true,
               "edit": {"changes": {DOC: [{"range": name, "newText": ""}]}}}),
        json!({"title": "Rename everywhere", "kind": "quickfix", "diagnostics": [diagnostic],
               "edit": {"changes": {DOC: [{"range": name, "newText": "x"}]}}}),
    ]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn code_actions_from_data_and_from_ide() {
    for c in [UTF16, UTF8] {
        let mut s = setup(c, |_| {}).await;
        let diagnostic = s.client.diagnostics(DOC).await["diagnostics"][0].clone();
        let name = range((1, 7), (1, c.name_end));
        let params = |diagnostics: Value| json!({"textDocument": {"uri": DOC}, "range": name, "context": {"diagnostics": diagnostics}});
        let actions = s.client.request("textDocument/codeAction", params(json!([diagnostic]))).await.unwrap();
        let [remove, rename] = quick_fixes(&diagnostic, &name);
        assert_eq!(
            actions,
            json!([
                remove,
                rename,
                {"title": "Sort keys", "kind": "refactor",
                 "edit": {"changes": {DOC: [{"range": name, "newText": "sorted"}]}}},
            ])
        );
        // Without the diagnostic shown (e.g. its code is off), only the refactoring is offered.
        let actions = s.client.request("textDocument/codeAction", params(json!([]))).await.unwrap();
        assert_eq!(
            actions.as_array().unwrap().iter().map(|a| a["title"].clone()).collect::<Vec<_>>(),
            [json!("Sort keys")]
        );
        s.client.shutdown().await;
    }
}

/// A client that resolves code actions gets whole-file actions without their edit, which
/// `codeAction/resolve` fills in for the version they were offered in, and only for it; quick
/// fixes keep theirs.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn whole_file_actions_wait_for_resolve() {
    for c in [UTF16, UTF8] {
        let mut s = setup(c, |caps| {
            caps["textDocument"]["codeAction"] =
                json!({"dataSupport": true, "resolveSupport": {"properties": ["edit"]}});
        })
        .await;
        let diagnostic = s.client.diagnostics(DOC).await["diagnostics"][0].clone();
        let name = range((1, 7), (1, c.name_end));
        let params = json!({"textDocument": {"uri": DOC}, "range": name, "context": {"diagnostics": [diagnostic]}});
        let actions = s.client.request("textDocument/codeAction", params).await.unwrap();
        let data = json!({"uri": DOC, "version": 4, "range": name, "title": "Sort keys"});
        let [remove, rename] = quick_fixes(&diagnostic, &name);
        let sort = json!({"title": "Sort keys", "kind": "refactor", "data": data});
        assert_eq!(actions, json!([remove, rename, sort]));
        let resolved = s.client.request("codeAction/resolve", actions[2].clone()).await;
        assert_eq!(
            resolved,
            Ok(json!({"title": "Sort keys", "kind": "refactor",
                      "edit": {"changes": {DOC: [{"range": name, "newText": "sorted"}]}}}))
        );
        // An action without `data` comes back as it is.
        assert_eq!(s.client.request("codeAction/resolve", actions[0].clone()).await, Ok(actions[0].clone()));
        // Once the document has changed, the action is stale.
        s.client.change(DOC, 5, json!([{"text": TEXT}])).await;
        let stale = s.client.request("codeAction/resolve", actions[2].clone()).await.unwrap_err();
        assert_eq!((&stale["code"], &stale["message"]), (&json!(-32801), &json!("the document has changed")));
        s.client.shutdown().await;
    }
}

/// A location in another open document is written with the URI the client gave it, and converted
/// with the document's unsaved text rather than the file on disk.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn locations_in_open_documents_use_their_uri_and_text() {
    let s = setup(UTF16, |_| {}).await;
    // The same file as `s.other`, spelt differently; its unsaved text has LF where the disk has CRLF,
    // so bytes 7..11 are now the middle of 😀 to after the first `y`.
    let spelt = s.other.replace("other.txt", "other%2Etxt");
    s.client.open(&spelt, "plaintext", 1, "頭\nxx😀yy").await;
    let locations = s.client.request("textDocument/definition", at(1, 7)).await.unwrap();
    assert_eq!(locations[1], json!({"uri": spelt, "range": range((1, 2), (1, 5))}));
    s.client.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn semantic_token_deltas_carry_only_the_change() {
    const WALKER: &str = "file:///tmp/rigls-test/walker.elem";
    // The shipped example as Elfreina writes it: CRLF, with a BOM; the real features.
    let text = format!("\u{feff}{}", include_str!("../../../../examples/walker.elem").replace('\n', "\r\n"));
    let (client, init) =
        TestClient::initialized(Options::default(), capabilities(Some(&["utf-16"])), Value::Null).await;
    assert_eq!(init["capabilities"]["semanticTokensProvider"]["full"], json!({"delta": true}));
    client.open(WALKER, "elem", 1, &text).await;
    let doc = json!({"textDocument": {"uri": WALKER}});
    let first = client.request("textDocument/semanticTokens/full", doc.clone()).await.unwrap();
    let first_id = first["resultId"].as_str().expect("a result id").to_owned();

    // A longer Japanese name: the tokens after it on its line move, nothing else does.
    let edited = text.replacen("腰", "腰部", 1);
    client.change(WALKER, 2, json!([{"text": edited}])).await;
    let params = json!({"textDocument": {"uri": WALKER}, "previousResultId": first_id});
    let delta = client.request("textDocument/semanticTokens/full/delta", params.clone()).await.unwrap();
    let delta_id = delta["resultId"].as_str().expect("a result id").to_owned();
    assert_ne!(delta_id, first_id);
    let edits = delta["edits"].as_array().expect("edits, not all the tokens");
    assert_eq!(edits.len(), 1, "{delta}");
    let changed = edits[0]["data"].as_array().unwrap().len();
    assert!(changed <= 10 && edits[0]["deleteCount"].as_u64().unwrap() <= 10, "two tokens at most: {delta}");
    let full = client.request("textDocument/semanticTokens/full", doc.clone()).await.unwrap();
    assert_eq!(
        apply_token_edits(first["data"].as_array().unwrap(), &delta["edits"]),
        full["data"].as_array().unwrap().clone()
    );

    // Asked again from the latest answer with no change: nothing to do.
    let unchanged = json!({"textDocument": {"uri": WALKER}, "previousResultId": full["resultId"]});
    let none = client.request("textDocument/semanticTokens/full/delta", unchanged).await.unwrap();
    assert_eq!(none["edits"], json!([]), "{none}");
    // From an answer that is no longer the last one: all the tokens.
    let stale = client.request("textDocument/semanticTokens/full/delta", params).await.unwrap();
    assert_eq!(stale["data"], full["data"], "{stale}");
    assert!(stale.get("edits").is_none());
    client.shutdown().await;
}

/// Counts the semantic-token computations (whole walks and splices into the previous version's
/// tokens); everything else is the real thing.
#[derive(Default)]
struct CountingTokens(std::sync::atomic::AtomicUsize);

impl Features for CountingTokens {
    fn semantic_tokens(&self, a: &Analysis) -> Vec<ide::SemanticToken> {
        self.0.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        ide::semantic_tokens(a)
    }
    fn semantic_tokens_splice(&self, a: &Analysis) -> Option<ide::TokenSplice> {
        let splice = ide::semantic_tokens_splice(a);
        self.0.fetch_add(usize::from(splice.is_some()), std::sync::atomic::Ordering::SeqCst);
        splice
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn semantic_tokens_are_computed_once_per_version_before_they_are_asked_for() {
    const WALKER: &str = "file:///tmp/rigls-test/walker.elem";
    let text = include_str!("../../../../examples/walker.elem");
    let counter = Arc::new(CountingTokens::default());
    let computed = || counter.0.load(std::sync::atomic::Ordering::SeqCst);
    let options = Options { features: counter.clone(), ..Options::default() };
    let mut caps = capabilities(Some(&["utf-16"]));
    caps["textDocument"]["semanticTokens"] = json!({
        "requests": {"full": {"delta": true}, "range": true},
        "tokenTypes": [], "tokenModifiers": [], "formats": ["relative"],
    });
    let (mut client, _) = TestClient::initialized(options, caps, Value::Null).await;
    client.open(WALKER, "elem", 1, text).await;
    client.diagnostics(WALKER).await;
    // Nobody asked yet: the tokens of version 1 are computed right after its analysis.
    for _ in 0..500 {
        if computed() == 1 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    assert_eq!(computed(), 1);
    let doc = json!({"textDocument": {"uri": WALKER}});
    let full = client.request("textDocument/semanticTokens/full", doc.clone()).await.unwrap();
    let range = json!({"textDocument": {"uri": WALKER}, "range": range((0, 0), (5, 0))});
    client.request("textDocument/semanticTokens/range", range).await.unwrap();
    assert_eq!(computed(), 1, "answered from the tokens computed ahead");

    client.change(WALKER, 2, json!([{"text": text.replacen("腰", "腰部", 1)}])).await;
    let params = json!({"textDocument": {"uri": WALKER}, "previousResultId": full["resultId"]});
    let delta = client.request("textDocument/semanticTokens/full/delta", params).await.unwrap();
    assert_eq!(delta["edits"].as_array().map(Vec::len), Some(1), "{delta}");
    assert_eq!(computed(), 2, "once for version 2, by the request or ahead of it");
    client.shutdown().await;
}

/// A client that never asks for semantic tokens does not pay for them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_tokens_are_computed_for_a_client_without_semantic_tokens() {
    let counter = Arc::new(CountingTokens::default());
    let options = Options { features: counter.clone(), ..Options::default() };
    let (mut client, _) = TestClient::initialized(options, capabilities(Some(&["utf-16"])), Value::Null).await;
    client
        .open("file:///tmp/rigls-test/walker.elem", "elem", 1, include_str!("../../../../examples/walker.elem"))
        .await;
    client.diagnostics("file:///tmp/rigls-test/walker.elem").await;
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    assert_eq!(counter.0.load(std::sync::atomic::Ordering::SeqCst), 0);
    client.shutdown().await;
}

/// The absolute (line, start, length, type, modifiers) of relative token data.
fn absolute_tokens(data: &Value) -> Vec<[u64; 5]> {
    let numbers: Vec<u64> = data.as_array().unwrap().iter().map(|n| n.as_u64().unwrap()).collect();
    let (mut line, mut start) = (0, 0);
    numbers
        .chunks(5)
        .map(|t| {
            line += t[0];
            start = if t[0] == 0 { start + t[1] } else { t[1] };
            [line, start, t[2], t[3], t[4]]
        })
        .collect()
}

/// A range answer holds exactly the tokens of the full answer that touch the range, whether it
/// comes before the version's tokens are encoded (from the byte-range tokens) or after (from
/// the encoded ones, which then are all the server keeps): on Japanese names, CRLF and a BOM.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn semantic_tokens_of_a_range_are_those_of_the_full_answer_touching_it() {
    const WALKER: &str = "file:///tmp/rigls-test/walker.elem";
    let text = format!("\u{feff}{}", include_str!("../../../../examples/walker.elem").replace('\n', "\r\n"));
    let mut caps = capabilities(Some(&["utf-16"]));
    caps["textDocument"]["semanticTokens"] = json!({
        "requests": {"full": {"delta": true}, "range": true},
        "tokenTypes": [], "tokenModifiers": [], "formats": ["relative"],
    });
    let (mut client, _) = TestClient::initialized(Options::default(), caps, Value::Null).await;
    client.open(WALKER, "elem", 1, &text).await;
    client.diagnostics(WALKER).await;
    // (start, end) in UTF-16 units: whole lines, the middle of a line with 腰 on it, empty ranges.
    let waist = text.lines().position(|l| l.contains('腰')).unwrap() as u32;
    let ranges =
        [((0, 0), (3, 0)), ((waist, 3), (waist, 9)), ((waist, 4), (waist, 4)), ((5, 0), (12, 2)), ((0, 0), (9999, 0))];
    let ask = |r: ((u32, u32), (u32, u32))| json!({"textDocument": {"uri": WALKER}, "range": range(r.0, r.1)});
    let mut early = Vec::new();
    for r in ranges {
        early.push(client.request("textDocument/semanticTokens/range", ask(r)).await.unwrap());
    }
    let full =
        client.request("textDocument/semanticTokens/full", json!({"textDocument": {"uri": WALKER}})).await.unwrap();
    let all = absolute_tokens(&full["data"]);
    for (r, early) in ranges.into_iter().zip(early) {
        let ((l0, c0), (l1, c1)) = r;
        let to = (l1, c1).max((l0, c0 + 1));
        let expected: Vec<[u64; 5]> = all
            .iter()
            .copied()
            .filter(|t| (t[0], t[1] + t[2]) > (l0 as u64, c0 as u64) && (t[0], t[1]) < (to.0 as u64, to.1 as u64))
            .collect();
        assert!(!expected.is_empty() || r == ((waist, 4), (waist, 4)), "{r:?} has tokens");
        assert_eq!(absolute_tokens(&early["data"]), expected, "range {r:?} before the tokens were encoded");
        let late = client.request("textDocument/semanticTokens/range", ask(r)).await.unwrap();
        assert_eq!(absolute_tokens(&late["data"]), expected, "range {r:?} from the encoded tokens");
    }
    client.shutdown().await;
}
