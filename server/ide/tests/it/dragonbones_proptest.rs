//! Random bytes, JSON-ish token soup and mutations of a real-shaped skeleton never make the
//! DragonBones engine panic, and the tree it builds is always well formed.

use proptest::prelude::*;
use rigls_diagnostic::env::MemoryFs;
use rigls_dragonbones::parser;
use rigls_dragonbones::syntax::{NodeKind, Tree};
use rigls_ide::Analysis;

const SKELETON: &str = r#"{"name":"hero","version":"5.5","compatibleVersion":"5.5","frameRate":24,"armature":[{"name":"hero",
"bone":[{"name":"root"},{"name":"arm","parent":"root","transform":{"x":1.5,"skX":30}}],
"slot":[{"name":"s","parent":"arm","displayIndex":0,"color":{"aM":50}}],
"skin":[{"slot":[{"name":"s","display":[{"name":"m","type":"mesh","vertices":[0,0,1,0,0,1],"uvs":[0,0,1,0,0,1],
"triangles":[0,1,2],"weights":[1,0,1,1,1,1,2,0,0.5,1,0.5],"slotPose":[1,0,0,1,0,0],"bonePose":[0,1,0,0,1,0,0,1,1,0,0,1,0,0]}]}]}],
"ik":[{"name":"ik","bone":"arm","target":"root"}],"defaultActions":[{"gotoAndPlay":"idle"}],
"animation":[{"name":"idle","duration":4,"frame":[{"duration":2,"events":[{"name":"e","bone":"arm"}]},{"duration":0}],
"zOrder":{"frame":[{"duration":4,"zOrder":[0,0]}]},
"bone":[{"name":"arm","rotateFrame":[{"duration":4,"tweenEasing":0,"rotate":30,"curve":[0.5,0,0.5,1]},{"duration":0}]}],
"slot":[{"name":"s","displayFrame":[{"duration":4,"value":0}],"colorFrame":[{"duration":4,"value":{"aM":0}}]}],
"ffd":[{"name":"m","slot":"s","frame":[{"duration":4,"offset":2,"vertices":[1,1]}]}],
"timeline":[{"type":22,"name":"m","frame":[{"duration":4,"value":[1]}]}]}]}]}"#;

/// Every node lies inside the text on character boundaries and every subtree inside its parent.
fn well_formed(text: &str, tree: &Tree) {
    let len = tree.nodes.len() as u32;
    for (i, node) in tree.nodes.iter().enumerate() {
        let r = node.range();
        assert!(r.start <= r.end && r.end as usize <= text.len(), "node {i} {r:?}");
        assert!(text.is_char_boundary(r.start as usize) && text.is_char_boundary(r.end as usize));
        assert!(node.next() > i as u32 && node.next() <= len, "node {i} next {}", node.next());
        if node.kind() == NodeKind::Member {
            assert!(i + 1 < tree.nodes.len(), "a member has a value");
        }
    }
    if let Some(root) = tree.root() {
        assert_eq!(tree.node(root).next(), len, "the root spans the tree");
    }
}

fn analyse(text: &str) {
    let tree = parser::parse(text);
    well_formed(text, &tree);
    let fs = MemoryFs::default().with("a_tex.json", r#"{"name":"hero","SubTexture":[{"name":"m"}]}"#);
    let analysis = Analysis::new(Some(std::path::Path::new("a_ske.json")), text.to_owned(), &fs);
    for d in &analysis.diagnostics {
        assert!(d.range.end as usize <= text.len() && d.range.start <= d.range.end, "{d:?}");
        assert!(text.is_char_boundary(d.range.start as usize) && text.is_char_boundary(d.range.end as usize), "{d:?}");
    }
    if let Some(file) = analysis.dragonbones() {
        for offset in [0, text.len() as u32 / 2, text.len() as u32] {
            let _ = file.object_at(text, offset);
        }
    }
}

fn token() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "{",
        "}",
        "[",
        "]",
        ":",
        ",",
        "\"armature\"",
        "\"version\"",
        "\"5.5\"",
        "\"4.5\"",
        "\"2.3\"",
        "\"bone\"",
        "\"slot\"",
        "\"skin\"",
        "\"display\"",
        "\"name\"",
        "\"parent\"",
        "\"a\"",
        "\"骨\"",
        "\"type\"",
        "\"mesh\"",
        "\"vertices\"",
        "\"weights\"",
        "\"animation\"",
        "\"duration\"",
        "\"frame\"",
        "\"zOrder\"",
        "\"SubTexture\"",
        "\"imagePath\"",
        "0",
        "1",
        "-1",
        "2.5",
        "1e400",
        "9000000000000000",
        "-9000000000000000",
        "01",
        ".5",
        "true",
        "null",
        "NaN",
        "//",
        "/*",
        "*/",
        "\"",
        "\\",
        " ",
        "\n",
        "\r\n",
        "\t",
        "\u{feff}",
        "é",
        "😀",
    ])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        analyse(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn json_ish_token_soup_never_panics(tokens in prop::collection::vec(token(), 0..200)) {
        let text: String = tokens.concat();
        analyse(&text);
        analyse(&format!("{{\"version\":\"5.5\",\"armature\":[{text}"));
    }

    #[test]
    fn mutated_skeletons_never_panic(
        edits in prop::collection::vec((0..SKELETON.len(), 0u8..3, token()), 1..8)
    ) {
        let mut text = SKELETON.to_owned();
        for (at, op, insert) in edits {
            let mut at = at.min(text.len());
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            match op {
                0 => text.insert_str(at, insert),
                1 => {
                    let mut end = (at + 1).min(text.len());
                    while !text.is_char_boundary(end) {
                        end += 1;
                    }
                    text.replace_range(at..end, "");
                }
                _ => text.replace_range(at..at, insert),
            }
        }
        analyse(&text);
    }
}

#[test]
fn the_seed_skeleton_is_clean() {
    let fs = MemoryFs::default().with("a_tex.json", r#"{"name":"hero","SubTexture":[{"name":"m"}]}"#);
    let analysis = Analysis::new(Some(std::path::Path::new("a_ske.json")), SKELETON.to_owned(), &fs);
    assert!(analysis.diagnostics.is_empty(), "{:#?}", analysis.diagnostics);
}
