//! Keys that no current runtime reads, written as if they mattered: `isGlobal: 1` in 4.0+ data
//! (the runtime treats all 4.0+ data as parent-relative), `tweenType` (tweens come from
//! `tweenEasing` and `curve`), `inheritFFD` in 5.5+ data (read as `inheritDeform`), and a legacy
//! slot `z` that disagrees with the slot's place in `slot[]` (the draw order runtimes use).

use super::{DragonBonesCheck, report};
use crate::model::DocKind;
use crate::schema::{Version, key};
use crate::syntax::{NodeKind, ROOT};
use rigls_diagnostic::Code;

pub fn check(ctx: &mut DragonBonesCheck) {
    if ctx.model.doc != DocKind::Skeleton {
        return;
    }
    let version = ctx.version;
    let modern = version.is_some_and(|v| v >= Version::V4_0);
    if modern
        && let Some(m) = ctx.member(ROOT, key::IS_GLOBAL)
        && matches!(ctx.tree.kind(m.value), NodeKind::True)
            | (ctx.tree.kind(m.value) == NodeKind::Number && ctx.tree.number(ctx.text, m.value) == Some(1.0))
    {
        let message = "`isGlobal` is 1 but no runtime reads it in 4.0 and later data: transforms are taken as relative to the parent bone whatever it says";
        ctx.push(report(Code::IgnoredKey, ctx.tree.range(m.key), message));
    }
    let tree = ctx.tree;
    if !modern {
        return; // 2.3/3.0 slots live in skins, where `z` is the draw order itself
    }
    for armature in &ctx.model.armatures {
        let Some(list) = ctx.is_array(ctx.get(armature.node, key::SLOT)) else { continue };
        let slots: Vec<_> = tree.elements(list).collect();
        for (index, slot) in slots.into_iter().enumerate() {
            let Some(z) = ctx.get(slot, key::Z) else { continue };
            let Some(value) = tree.number(ctx.text, z) else { continue };
            if value == index as f64 {
                continue;
            }
            let message = format!(
                "slot {} has `z` {} but is slot {index} of `slot[]`: runtimes from 5.5 on draw slots in array order and ignore `z`",
                ctx.quoted_name(slot),
                crate::schema::fmt_num(value)
            );
            ctx.push(report(Code::SlotZMismatch, tree.range(z), message));
        }
    }
}

/// A key the schema knows but no current runtime reads (called for every known key).
pub fn ignored_key(ctx: &mut DragonBonesCheck, name: &str, range: rigls_text::TextRange) {
    let message = if name == key::TWEEN_TYPE {
        "`tweenType` is read by no runtime (it was in the 5.0 documents only): tweens come from `tweenEasing` and `curve`"
    } else if name == key::INHERIT_FFD && ctx.version.is_some_and(|v| v >= Version::V5_5) {
        "`inheritFFD` is the 5.0 name: runtimes read `inheritDeform` in 5.5 and later data, so this is ignored"
    } else {
        return;
    };
    ctx.push(report(Code::IgnoredKey, range, message));
}
