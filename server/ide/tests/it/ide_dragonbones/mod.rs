//! Tests of every `ide` feature on DragonBones skeletons and atlases: a 5.5 skeleton with its
//! atlas, a 4.5 skeleton and a 2.3 one, all with Japanese names (`tests/fixtures/dragonbones/`).
//! Position-sensitive tests run on LF, CRLF and BOM variants of the skeleton (the atlas beside it
//! stays as it is).

use crate::ide_support;
pub(crate) use rigls_test_support::fixture as support;

mod actions;
mod colors;
mod completion;
mod folding_selection;
mod hover;
mod inlay;
mod navigation;
mod properties;
mod rename;
mod semantic_tokens;
mod symbols;

use rigls_ide::Analysis;

/// 5.5: one armature `勇者` with bones `根` › `体` › `頭`/`腕`, slots `体`, `頭`, `マント` (a
/// weighted mesh), an IK constraint, and animation `待機` with action, zOrder, bone, slot and
/// deform timelines.
pub const SKE55: &str = include_str!("../../../../tests/fixtures/dragonbones/勇者_ske.json");
pub const TEX55: &str = include_str!("../../../../tests/fixtures/dragonbones/勇者_tex.json");
/// 4.5: armature `ロボ`, 4.x `frame` timelines, a bounding box with an integer colour.
pub const SKE45: &str = include_str!("../../../../tests/fixtures/dragonbones/ロボ_ske.json");
pub const TEX45: &str = include_str!("../../../../tests/fixtures/dragonbones/ロボ_tex.json");
/// 2.3: slots defined in the skin, a merged timeline, a skin named by a number.
pub const SKE23: &str = include_str!("../../../../tests/fixtures/dragonbones/竜_ske.json");

/// A fixture skeleton: its file name and the atlas beside it.
#[derive(Clone, Copy)]
pub struct Fixture {
    pub name: &'static str,
    pub text: &'static str,
    pub atlas: Option<(&'static str, &'static str)>,
}

pub const V55: Fixture = Fixture { name: "勇者_ske.json", text: SKE55, atlas: Some(("勇者_tex.json", TEX55)) };
pub const V45: Fixture = Fixture { name: "ロボ_ske.json", text: SKE45, atlas: Some(("ロボ_tex.json", TEX45)) };
pub const V23: Fixture = Fixture { name: "竜_ske.json", text: SKE23, atlas: None };
pub const ATLAS55: Fixture = Fixture { name: "勇者_tex.json", text: TEX55, atlas: None };

impl Fixture {
    pub fn others(&self) -> Vec<(&'static str, &'static str)> {
        self.atlas.into_iter().collect()
    }

    /// The same file with other text (an edited copy of the fixture).
    pub fn with(&self, text: &'static str) -> Fixture {
        Fixture { text, ..*self }
    }

    pub fn analyse(&self) -> Analysis {
        support::analyse(self.name, self.text, &self.others())
    }

    /// Renders a feature at the `$0` of `marker` (located in the fixture) in every variant.
    pub fn check_at(&self, marker: &str, render: impl Fn(&Analysis, &str, u32) -> String) -> String {
        let (text, offset) = ide_support::at(self.text, marker);
        ide_support::check_variants_of(self.name, &self.others(), &text, Some(offset), |a, t, o| {
            render(a, t, o.unwrap())
        })
    }

    /// Renders a whole-document feature in every variant.
    pub fn check(&self, render: impl Fn(&Analysis, &str) -> String) -> String {
        ide_support::check_variants_of(self.name, &self.others(), self.text, None, |a, t, _| render(a, t))
    }
}

/// Leaks an edited copy of a fixture (tests build a handful).
pub fn edited(text: &str, from: &str, to: &str) -> &'static str {
    assert!(text.contains(from), "{from:?} is not in the fixture");
    Box::leak(text.replacen(from, to, 1).into_boxed_str())
}

#[test]
fn the_fixtures_are_clean_but_for_the_23_version() {
    for fixture in [V55, V45, ATLAS55] {
        let analysis = fixture.analyse();
        assert_eq!(support::annotate(fixture.text, &analysis.diagnostics), fixture.text, "{}", fixture.name);
    }
    let analysis = V23.analyse();
    let codes: Vec<&str> = analysis.diagnostics.iter().map(|d| d.code.as_str()).collect();
    assert_eq!(codes, ["legacy-version"]);
}
