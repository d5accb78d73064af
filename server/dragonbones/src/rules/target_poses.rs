//! `non-finite-pose` as the named targets pose the file. The rules pose DragonBonesJS's reading;
//! when no DragonBones target named reads the file as DragonBonesJS does (the C++ runtimes:
//! rapidjson takes the first of a key given twice, path constraints are not applied, surface
//! bones are plain bones, 5.6 keys are not read), a pose DragonBonesJS makes non-finite may be
//! finite for them, and the other way round where a key is given twice. Then the armatures
//! concerned (holding such a finding, or an object giving a key twice) are posed again as each
//! target reads them, and what those poses find replaces DragonBonesJS's findings there. Real
//! files seldom hold either: nothing is posed again otherwise.

use super::runtime::{PoseSite, pose_findings};
use super::targets::reading_groups;
use crate::eval::parse::Parsed;
use crate::syntax::Tree;
use crate::target::{Eval, Profile};
use rigls_diagnostic::{Code, Diagnostic, FileFormat, Targets};
use rigls_text::TextRange;

/// Replaces the `non-finite-pose` findings of `diagnostics` (the file's, `tree` and `text` its)
/// with those of the targets' own readings (`reading`: [`crate::DragonBonesFile::target_reading`])
/// where no target named reads the file as DragonBonesJS does.
pub(crate) fn adjust(
    tree: &Tree,
    text: &str,
    targets: Targets,
    reading: impl Fn(&Profile) -> Option<Parsed>,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let mut named = targets.of_format(FileFormat::DragonBones).iter().filter_map(crate::target::profile).peekable();
    if named.peek().is_none() || named.any(|p| p.eval.value == Eval::DEFAULT) {
        return;
    }
    let found: Vec<TextRange> = diagnostics.iter().filter(|d| d.code == Code::NonFinitePose).map(|d| d.range).collect();
    // Where a key is given twice, as the `duplicate-key` rule found it.
    let given_twice: Vec<TextRange> =
        diagnostics.iter().filter(|d| d.code == Code::DuplicateKey).map(|d| d.range).collect();
    if found.is_empty() && given_twice.is_empty() {
        return;
    }
    let site = PoseSite { tree, text, parallel: text.len() > super::PARALLEL_ABOVE };
    let mut posed: Vec<TextRange> = Vec::new();
    let mut theirs: Vec<Diagnostic> = Vec::new();
    for (profile, _) in reading_groups(targets, |_| true) {
        // Where the target's parse fails, other rules say why; DragonBonesJS's findings stay.
        let Some(parsed) = reading(profile).filter(|p| p.failures.is_empty()) else { return };
        let armatures = &parsed.data.armatures;
        let ranges: Vec<TextRange> = armatures.iter().map(|a| tree.range(a.node)).collect();
        // A key given twice outside every armature (the root's `frameRate`) concerns them all.
        let everywhere = given_twice.iter().any(|g| !ranges.iter().any(|r| r.contains_range(*g)));
        for (index, range) in ranges.iter().enumerate() {
            let holds = |r: &TextRange| range.contains_range(*r);
            if !(everywhere || found.iter().any(holds) || given_twice.iter().any(holds)) {
                continue;
            }
            if !posed.contains(range) {
                posed.push(*range);
            }
            for d in pose_findings(site, &parsed.data, index, |_| None).diagnostics() {
                if !theirs.iter().any(|t| t.range == d.range && t.message == d.message) {
                    theirs.push(d.clone());
                }
            }
        }
    }
    // `target-float-overflow` already says where the targets' 32-bit floats overflow.
    let overflows: Vec<TextRange> =
        diagnostics.iter().filter(|d| d.code == Code::TargetFloatOverflow).map(|d| d.range).collect();
    theirs.retain(|d| !overflows.contains(&d.range));
    diagnostics.retain(|d| d.code != Code::NonFinitePose || !posed.iter().any(|r| r.contains_range(d.range)));
    diagnostics.extend(theirs);
}
