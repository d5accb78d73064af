//! Thousands of random incremental edits: after each, the server's copy of the document must equal
//! the client's. The client's model applies edits with its own naive position walk (independent of
//! the server's rope and line index), so the two implementations check each other.
//!
//! Edits use random ranges, including columns between the halves of surrogate pairs or inside UTF-8
//! sequences, columns and lines past the end, and inverted ranges; inserted text mixes Japanese,
//! astral characters, and CR, LF and CRLF, so line breaks are split, joined and merged.

use crate::lsp_support;

use lsp_support::{TestClient, capabilities};
use rigls_lsp::Options;
use serde_json::{Value, json};

const DOC: &str = "file:///tmp/rigls-test/notes.txt";
const START: &str = "\u{feff}Name=\"歩行ロボ\"\r\nBone=\"😀頭\"\r\n\tVertexCount=3\nlast\rline";
const PIECES: &[&str] = &["a", "Z", " ", "\t", "\r", "\n", "\r\n", "頭", "腰", "😀", "𝄞", "é", "ロボ", "=", "\"", ""];

/// xorshift64*: reproducible without a dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u32) -> u32 {
        (self.next() % u64::from(n.max(1))) as u32
    }
}

#[derive(Clone, Copy, Debug)]
enum Units {
    Utf8,
    Utf16,
    Utf32,
}

impl Units {
    fn width(self, c: char) -> u32 {
        match self {
            Units::Utf8 => c.len_utf8() as u32,
            Units::Utf16 => c.len_utf16() as u32,
            Units::Utf32 => 1,
        }
    }
}

/// `(start, end)` byte offsets of each line's content; a leading BOM is not content.
fn lines(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut start = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let mut out = Vec::new();
    let mut i = start;
    while i < bytes.len() {
        match bytes[i] {
            b'\r' if bytes.get(i + 1) == Some(&b'\n') => {
                out.push((start, i));
                i += 2;
                start = i;
            }
            b'\r' | b'\n' => {
                out.push((start, i));
                i += 1;
                start = i;
            }
            _ => i += 1,
        }
    }
    out.push((start, bytes.len()));
    out
}

/// The byte offset of a position: past the last line → the end; past the line's end → the line's
/// end; inside a character → its start.
fn offset(text: &str, line: u32, col: u32, units: Units) -> usize {
    let lines = lines(text);
    let Some(&(start, end)) = lines.get(line as usize) else { return text.len() };
    let mut seen = 0;
    for (i, c) in text[start..end].char_indices() {
        let width = units.width(c);
        if col < seen + width {
            return start + i;
        }
        seen += width;
    }
    end
}

fn line_width(text: &str, line: u32, units: Units) -> u32 {
    lines(text).get(line as usize).map_or(0, |&(s, e)| text[s..e].chars().map(|c| units.width(c)).sum())
}

fn random_position(rng: &mut Rng, text: &str, units: Units, near: Option<(u32, u32)>) -> (u32, u32) {
    let line_count = lines(text).len() as u32;
    let line = match near {
        Some((line, _)) if rng.below(3) > 0 => line + rng.below(2),
        _ => rng.below(line_count + 1),
    };
    // Mostly inside the line, sometimes past its end.
    (line, rng.below(line_width(text, line, units) + 3))
}

fn random_text(rng: &mut Rng) -> String {
    (0..rng.below(5)).map(|_| PIECES[rng.below(PIECES.len() as u32) as usize]).collect()
}

/// One change, applied to the client's model; returns its JSON.
fn random_change(rng: &mut Rng, text: &mut String, units: Units) -> Value {
    if rng.below(200) == 0 {
        let new = random_text(rng) + &random_text(rng);
        *text = new.clone();
        return json!({"text": new});
    }
    let start = random_position(rng, text, units, None);
    let end = if rng.below(4) == 0 { start } else { random_position(rng, text, units, Some(start)) };
    let inserted = random_text(rng);
    let a = offset(text, start.0, start.1, units);
    let b = offset(text, end.0, end.1, units);
    text.replace_range(a.min(b)..a.max(b), &inserted);
    json!({
        "range": {"start": {"line": start.0, "character": start.1}, "end": {"line": end.0, "character": end.1}},
        "text": inserted,
    })
}

async fn random_edits(encoding: &str, units: Units, seed: u64, rounds: i32) {
    let (client, result) =
        TestClient::initialized(Options::default(), capabilities(Some(&[encoding])), Value::Null).await;
    assert_eq!(result["capabilities"]["positionEncoding"], encoding);
    let mut rng = Rng(seed);
    let mut text = START.to_owned();
    client.open(DOC, "plaintext", 0, &text).await;
    for version in 1..=rounds {
        let before = text.clone();
        let changes: Vec<Value> = (0..1 + rng.below(3)).map(|_| random_change(&mut rng, &mut text, units)).collect();
        client.change(DOC, version, Value::Array(changes.clone())).await;
        let (server_version, server_text) = client.document_text(DOC).await.unwrap();
        assert_eq!(
            (server_version, &server_text),
            (i64::from(version), &text),
            "{encoding} seed {seed}, version {version}: after {changes:?} on {before:?}"
        );
    }
    client.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn thousands_of_random_edits_in_utf16() {
    random_edits("utf-16", Units::Utf16, 0x5EED_0016, 3000).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn thousands_of_random_edits_in_utf8() {
    random_edits("utf-8", Units::Utf8, 0x5EED_0008, 2000).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn random_edits_in_utf32() {
    random_edits("utf-32", Units::Utf32, 0x5EED_0032, 1000).await;
}

/// Edits sent back to back, without waiting for anything, are applied in order before the request
/// that follows them is answered.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_of_edits_is_applied_in_order() {
    let (client, _) = TestClient::initialized(Options::default(), capabilities(None), Value::Null).await;
    let mut rng = Rng(0xB0257);
    let mut text = START.to_owned();
    client.open(DOC, "plaintext", 0, &text).await;
    for burst in 0..20 {
        for version in 1..=50 {
            let change = random_change(&mut rng, &mut text, Units::Utf16);
            client.change(DOC, burst * 50 + version, json!([change])).await;
        }
        assert_eq!(client.document_text(DOC).await, Some((i64::from(burst * 50 + 50), text.clone())));
    }
    client.shutdown().await;
}

/// Large texts (which go around the transport, see `lsp::large_texts`) arrive whole: a 300 KB
/// `didOpen`, then a change list mixing a small range edit, a whole new large text and another
/// range edit on it, in order; the server's copy equals the client's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn large_opens_and_changes_arrive_whole_and_in_order() {
    let (client, _) = TestClient::initialized(Options::default(), capabilities(Some(&["utf-16"])), Value::Null).await;
    let big = format!("{START}\r\n{}", "頭😀\"\\\r\n".repeat(40_000));
    assert!(big.len() > 300_000);
    client.open(DOC, "plaintext", 1, &big).await;
    assert_eq!(client.document_text(DOC).await, Some((1, big.clone())));

    let other = format!("腰\n{}", "x\u{feff}y\r".repeat(30_000));
    let changes = json!([
        {"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}, "text": "lost"},
        {"text": other},
        {"range": {"start": {"line": 0, "character": 1}, "end": {"line": 1, "character": 0}}, "text": "部\r\n"},
    ]);
    client.change(DOC, 2, changes).await;
    let expected = other.replacen("腰\n", "腰部\r\n", 1);
    assert_eq!(client.document_text(DOC).await, Some((2, expected)));
    // A text that looks like the marker the server uses for them stays what it is.
    let forged = "\u{0}rigls-text:0000000000000000:0";
    client.change(DOC, 3, json!([{"text": forged}])).await;
    assert_eq!(client.document_text(DOC).await, Some((3, forged.to_owned())));
    client.shutdown().await;
}

/// A large document left idle after its analysis keeps no text of its own (its analysis's serves,
/// see `lsp::documents::DocText`); edits after such pauses land exactly where the client meant.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn edits_after_a_large_document_was_idle_start_from_its_analysis() {
    let (mut client, _) =
        TestClient::initialized(Options::default(), capabilities(Some(&["utf-16"])), Value::Null).await;
    let mut rng = Rng(0x1D1E);
    // A model with a 1.1 MB offset matrix list (one count mismatch), CRLF line breaks and a BOM.
    let walker = include_str!("../../../../examples/walker.elem").replace('\n', "\r\n");
    let rows = "\t\t\t1.000000:0.000000:0.000000:0.000000:0.000000:1.000000:0.000000:0.000000:0.000000:0.000000:1.000000:0.000000:0.000000:0.000000:0.000000:1.000000\r\n".repeat(8_000);
    let mut text = format!(
        "\u{feff}{}",
        walker.replacen("\t\tOffsetMatrices {\r\n", &format!("\t\tOffsetMatrices {{\r\n{rows}"), 1)
    );
    assert!(text.len() > rigls_lsp::COMPACT_ABOVE);
    const MODEL: &str = "file:///tmp/rigls-test/walker.elem";
    client.open(MODEL, "elem", 1, &text).await;
    for version in 2..5 {
        let published = client.diagnostics(MODEL).await;
        assert_eq!(published["version"], version - 1);
        // Past the pause after which the server lets go of its copy.
        tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
        let change = random_change(&mut rng, &mut text, Units::Utf16);
        client.change(MODEL, version, json!([change])).await;
        assert_eq!(client.document_text(MODEL).await, Some((i64::from(version), text.clone())), "after {change:?}");
    }
    client.shutdown().await;
}
