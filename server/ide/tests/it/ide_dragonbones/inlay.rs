use expect_test::{Expect, expect};
use rigls_ide as ide;
use rigls_text::TextRange;

use super::{Fixture, V23, V45, V55};
use crate::ide_support::render_inlays;

/// The lines holding `needles`, with the hints of the whole file written in.
fn check(fixture: Fixture, needles: &[&str], expect: Expect) {
    let rendered = fixture.check(|a, t| {
        let whole = TextRange::new(0, t.len() as u32);
        let rendered = render_inlays(t, &ide::inlay_hints(a, whole));
        rendered.lines().filter(|l| needles.iter().any(|n| l.contains(n))).map(|l| format!("{}\n", l.trim())).collect()
    });
    expect.assert_eq(&rendered);
}

#[test]
fn bone_indices_of_weights_and_bone_pose() {
    check(
        V55,
        &["\"weights\"", "\"bonePose\""],
        expect![[r#"
        "weights": [1, 1 ⟨→ 体⟩, 1, 2, 1 ⟨→ 体⟩, 0.5, 3 ⟨→ 腕⟩, 0.5, 1, 3 ⟨→ 腕⟩, 1],
        "bonePose": [1 ⟨→ 体⟩, 1, 0, 0, 1, 0, 0, 3 ⟨→ 腕⟩, 1, 0, 0, 1, 0, 0]
    "#]],
    );
}

#[test]
fn display_and_slot_indices_and_key_frame_starts_v55() {
    check(
        V55,
        &["\"displayIndex\"", "\"displayFrame\"", "\"zOrder\": {", "rotateFrame"],
        expect![[r#"
            { "name": "頭", "parent": "頭", "displayIndex": 1 ⟨→ 頭_怒り⟩ },
            "zOrder": { "frame": [⟨@0 0s⟩ { "duration": 10, "zOrder": [0 ⟨→ 体⟩, 2] }, ⟨@10 0.417s⟩ { "duration": 10 }] },
            { "name": "頭", "rotateFrame": [⟨@0 0s⟩ { "duration": 10, "tweenEasing": 0, "rotate": 10 }, ⟨@10 0.417s⟩ { "duration": 10, "rotate": 0 }] }
            "displayFrame": [⟨@0 0s⟩ { "duration": 10, "value": 1 ⟨→ 頭_怒り⟩ }, ⟨@10 0.417s⟩ { "duration": 10, "value": 0 ⟨→ 頭⟩ }],
        "#]],
    );
}

#[test]
fn key_frames_and_display_indices_v45_and_v23() {
    check(
        V45,
        &["\"frame\": ["],
        expect![[r#"
            "bone": [{ "name": "胸", "frame": [⟨@0 0s⟩ { "duration": 15, "tweenEasing": 0, "transform": { "skY": 10 } }, ⟨@15 0.5s⟩ { "duration": 15, "transform": {} }] }],
            "slot": [{ "name": "胴", "frame": [⟨@0 0s⟩ { "duration": 10, "displayIndex": 1 ⟨→ 胴2⟩, "color": { "aM": 50 } }, ⟨@10 0.333s⟩ { "duration": 20, "displayIndex": 0 ⟨→ 胴⟩ }] }]
        "#]],
    );
    check(
        V23,
        &["\"displayIndex\""],
        expect![[r#"
            { "name": "尾", "parent": "尾", "z": 0, "displayIndex": 0 ⟨→ 尾⟩, "display": [{ "name": "尾", "type": "image", "transform": { "pX": 5, "pY": 5 } }] }
            { "name": "振る", "duration": 10, "loop": 0, "timeline": [{ "name": "尾", "frame": [⟨@0 0s⟩ { "duration": 10, "displayIndex": 0 ⟨→ 尾⟩, "transform": { "skY": 30 } }] }] }
        "#]],
    );
}

#[test]
fn only_hints_inside_the_requested_range() {
    let (text, _) = crate::ide_support::at(V55.text, "\"weights\": [$0");
    let start = text.find("\"weights\"").unwrap() as u32;
    let end = text.find("\"slotPose\"").unwrap() as u32;
    let analysis = V55.analyse();
    let hints = ide::inlay_hints(&analysis, TextRange::new(start, end));
    assert!(hints.iter().all(|h| h.offset >= start && h.offset <= end));
    let labels: Vec<&str> = hints.iter().map(|h| h.label.as_str()).collect();
    assert_eq!(labels, ["→ 体", "→ 体", "→ 腕", "→ 腕"]);
}

#[test]
fn a_minified_file_gets_hints_for_the_range_only() {
    let text = r#"{"version":"5.5","armature":[{"name":"a","bone":[{"name":"根"}],"slot":[{"name":"s","parent":"根","displayIndex":0}],"skin":[{"slot":[{"name":"s","display":[{"name":"絵"}]}]}],"animation":[{"name":"x","duration":4,"slot":[{"name":"s","displayFrame":[{"duration":2,"value":0},{"duration":2,"value":-1}]}]}]}]}"#;
    let fixture = Fixture { name: "a_ske.json", text, atlas: None };
    let analysis = fixture.analyse();
    let from = text.find("displayFrame").unwrap() as u32;
    let hints = ide::inlay_hints(&analysis, TextRange::new(from, text.len() as u32));
    expect![[r#"{"version":"5.5","armature":[{"name":"a","bone":[{"name":"根"}],"slot":[{"name":"s","parent":"根","displayIndex":0}],"skin":[{"slot":[{"name":"s","display":[{"name":"絵"}]}]}],"animation":[{"name":"x","duration":4,"slot":[{"name":"s","displayFrame":[⟨@0 0s⟩ {"duration":2,"value":0 ⟨→ 絵⟩},⟨@2 0.083s⟩ {"duration":2,"value":-1 ⟨→ none⟩}]}]}]}]}"#]].assert_eq(&render_inlays(text, &hints));
}

/// Key frames start where the runtimes' loop over the frames takes them: a duration of 0 or less
/// moves on one frame, a fraction rounds up (0, 1, 2, ⌈2 + 2.5⌉ = 5, 6).
#[test]
fn key_frame_starts_as_the_runtimes_count_durations() {
    let text = r#"{"version":"5.5","armature":[{"name":"a","bone":[{"name":"根"}],"animation":[{"name":"x","duration":10,"bone":[{"name":"根","translateFrame":[{"duration":0},{"duration":-2},{"duration":2.5},{"duration":1},{}]}]}]}]}"#;
    let fixture = Fixture { name: "a_ske.json", text, atlas: None };
    let hints = ide::inlay_hints(&fixture.analyse(), TextRange::new(0, text.len() as u32));
    expect![[r#"{"version":"5.5","armature":[{"name":"a","bone":[{"name":"根"}],"animation":[{"name":"x","duration":10,"bone":[{"name":"根","translateFrame":[⟨@0 0s⟩ {"duration":0},⟨@1 0.042s⟩ {"duration":-2},⟨@2 0.083s⟩ {"duration":2.5},⟨@5 0.208s⟩ {"duration":1},⟨@6 0.25s⟩ {}]}]}]}]}"#]].assert_eq(&render_inlays(text, &hints));
}

/// A key frame the runtimes start past the animation's end: its hint's tooltip says they drop it.
#[test]
fn a_key_frame_past_the_end_is_dropped_says_its_tooltip() {
    let text = r#"{"version":"5.5","armature":[{"name":"a","bone":[{"name":"根"}],"animation":[{"name":"x","duration":6,"bone":[{"name":"根","translateFrame":[{"duration":0},{"duration":6,"x":1},{"duration":0,"x":2}]}]}]}]}"#;
    let fixture = Fixture { name: "a_ske.json", text, atlas: None };
    let hints = ide::inlay_hints(&fixture.analyse(), TextRange::new(0, text.len() as u32));
    let tooltips: Vec<&str> = hints.iter().filter_map(|h| h.tooltip.as_deref()).collect();
    expect![[r#"
        [
            "key frame 0 starts at frame 0 (0 s at 24 fps)",
            "key frame 1 starts at frame 1 (0.042 s at 24 fps)",
            "key frame 2 starts at frame 7 (0.292 s at 24 fps), after the animation's 6 frames: the runtimes drop it",
        ]
    "#]]
    .assert_debug_eq(&tooltips);
}

/// A skeleton of one animation of `frames` key frames, on one line or a frame a line.
fn many_key_frames(frames: usize, break_lines: bool) -> String {
    let frame = |i: usize| format!("{{\"duration\": 1, \"x\": {i}}}");
    let list = (0..frames).map(frame).collect::<Vec<_>>().join(if break_lines { ",\n" } else { "," });
    format!(
        "{{\"frameRate\": 24, \"name\": \"x\", \"version\": \"5.5\", \"armature\": [{{\"name\": \"a\", \"bone\": [{{\"name\": \"root\"}}], \
         \"animation\": [{{\"name\": \"run\", \"duration\": {frames}, \"bone\": [{{\"name\": \"root\", \"translateFrame\": [{list}]}}]}}]}}]}}"
    )
}

#[test]
fn no_hints_past_the_first_10000_bytes_of_a_line() {
    let hints = |text: &str| {
        let analysis = ide::Analysis::new(
            Some(std::path::Path::new("/m/x_ske.json")),
            text.to_owned(),
            &rigls_diagnostic::env::MemoryFs::default(),
        );
        ide::inlay_hints(&analysis, TextRange::new(0, text.len() as u32))
    };
    // A frame a line: a hint before each of the 2,000 frames.
    assert_eq!(hints(&many_key_frames(2000, true)).len(), 2000);
    // Minified, on one line of some 45 KB: only the frames that start within its first 10,000
    // bytes (an editor draws no more of a line, and thousands of hints in one stall its layout).
    let minified = many_key_frames(2000, false);
    assert!(minified.len() > 40_000 && !minified.contains('\n'));
    let shown = hints(&minified);
    let within = minified.match_indices("{\"duration\": 1,").filter(|(at, _)| *at < 10_000).count();
    assert_eq!(shown.len(), within);
    assert!(shown.iter().all(|h| h.offset < 10_000), "{:?}", shown.last());
    assert!(within > 300, "{within}");
}
