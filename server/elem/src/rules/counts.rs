//! Every count against what it counts (`MeshCount` vs `Mesh` scopes, `VertexCount` vs each vertex
//! list, …), and in each `AnimationPart` the key lists against `TimeKeys`.

use super::{ElemCheck, kind_name, plural, report};
use crate::schema::{self, Counted, ScopeKind};
use crate::syntax::ScopeId;
use rigls_diagnostic::{Code, Fix};
use rigls_text::TextRange;

pub fn check(ctx: &mut ElemCheck) {
    for id in ctx.tree.preorder() {
        let kind = ctx.tree.kind(id);
        if kind == ScopeKind::Unknown {
            continue;
        }
        for def in schema::keys_in(kind).filter(|k| !k.counts.is_empty()) {
            count_key(ctx, id, def.name, def.counts);
        }
        if matches!(kind, ScopeKind::BonePart | ScopeKind::UvPart) {
            part_keys(ctx, id, kind);
        }
    }
}

fn count_key(ctx: &mut ElemCheck, id: ScopeId, key: &str, counts: &[Counted]) {
    let Some((declared, key_range)) = ctx.int_key(id, key) else { return };
    if declared < 0 {
        return; // reported as out-of-range
    }
    let scope_name = kind_name(ctx.tree.kind(id));
    // (count, "X has n entries", the list's tag, the list's name)
    let mut found: Vec<(i64, String, Option<TextRange>, String)> = Vec::new();
    for counted in counts {
        match *counted {
            Counted::Scopes(kind) => {
                let n = ctx.tree.children_of(id, kind).count() as i64;
                let what = format!(
                    "this {scope_name} has {}",
                    plural(n, &format!("{} scope", kind_name(kind)), &format!("{} scopes", kind_name(kind)))
                );
                found.push((n, what, None, kind_name(kind)));
            }
            Counted::Entries(kind) => {
                for list in ctx.tree.children_of(id, kind) {
                    let n = ctx.tree.entry_count(list) as i64;
                    let what = format!("{} has {}", kind_name(kind), plural(n, "entry", "entries"));
                    found.push((n, what, Some(ctx.tree.scope(list).tag), kind_name(kind)));
                }
            }
        }
    }
    // Offer the real number only when everything counted agrees on it.
    let agreed = found.first().map(|f| f.0).filter(|&n| found.iter().all(|f| f.0 == n));
    // One diagnostic per distinct wrong number: "Positions, Normals and TextureUV have 4 entries".
    let mut numbers: Vec<i64> = found.iter().map(|f| f.0).filter(|&n| n != declared).collect();
    numbers.dedup();
    numbers.sort_unstable();
    numbers.dedup();
    for n in numbers {
        let same: Vec<&(i64, String, Option<TextRange>, String)> = found.iter().filter(|f| f.0 == n).collect();
        let what = match same.as_slice() {
            [one] => one.1.clone(),
            many => {
                let names: Vec<&str> = many.iter().map(|f| f.3.as_str()).collect();
                let (last, rest) = names.split_last().unwrap_or((&"", &[]));
                format!("{} and {last} have {}", rest.join(", "), plural(n, "entry", "entries"))
            }
        };
        let mut d = report(Code::CountMismatch, key_range, format!("{key} is {declared} but {what}"));
        for f in &same {
            if let Some(list) = f.2 {
                d = d.with_related(list, format!("{} has {}", f.3, plural(n, "entry", "entries")));
            }
        }
        if let Some(real) = agreed {
            let value = ctx.tree.key(ctx.text, id, key).map(|l| l.value).unwrap_or(key_range);
            d = d.with_fix(Fix::replace(format!("Set {key} to {real}"), value, real.to_string()).safe());
        }
        ctx.push(d);
    }
}

/// |TimeKeys| = |TransKeys| = |RotateKeys| = |ScaleKeys| in each part.
fn part_keys(ctx: &mut ElemCheck, part: ScopeId, kind: ScopeKind) {
    let Some(time) = ctx.tree.child_of(part, ScopeKind::TimeKeys) else { return };
    let times = ctx.tree.entry_count(time) as i64;
    let lists = match kind {
        ScopeKind::BonePart => [ScopeKind::BoneTransKeys, ScopeKind::BoneRotateKeys, ScopeKind::BoneScaleKeys],
        _ => [ScopeKind::UvTransKeys, ScopeKind::UvRotateKeys, ScopeKind::UvScaleKeys],
    };
    for list_kind in lists {
        for list in ctx.tree.children_of(part, list_kind).collect::<Vec<_>>() {
            let n = ctx.tree.entry_count(list) as i64;
            if n != times {
                let tag = ctx.tree.scope(list).tag;
                let d = report(
                    Code::CountMismatch,
                    tag,
                    format!(
                        "{} has {} but TimeKeys has {}",
                        kind_name(list_kind),
                        plural(n, "key", "keys"),
                        plural(times, "key", "keys")
                    ),
                )
                .with_related(ctx.tree.scope(time).tag, "TimeKeys listed here");
                ctx.push(d);
            }
        }
    }
}
