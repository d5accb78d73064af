//! Rename a name everywhere it occurs in the file: the definition and every reference resolving
//! to it (see [`super::names`]). A texture is renamed in this file and in the paired atlas that
//! defines it (one [`FileEdit`] per file). The new name must not already name something of the
//! same kind in the same scope of uniqueness (the armature for bones, slots, skins, animations and
//! constraints; the skin slot's list for displays; the file for armatures and textures).

use super::names::{self, Occurrence, Target};
use super::{DragonBonesDoc, json_string};
use crate::{Analysis, FileEdit};
use rigls_diagnostic::TextEdit;
use rigls_dragonbones::model::{NameAt, Site};
use rigls_dragonbones::schema::NameKind;
use rigls_text::TextRange;

const NOTHING: &str = "nothing to rename here: place the cursor on a name";

/// The range of the name under the cursor: between the quotes (a number name: the number).
pub fn prepare_rename(analysis: &Analysis, offset: u32) -> Result<TextRange, String> {
    let ctx = DragonBonesDoc::new(analysis).ok_or(NOTHING)?;
    let at = names::name_at(&ctx, offset).ok_or(NOTHING)?;
    refuse(&ctx, at)?;
    let range = match at {
        NameAt::Def(d) => d.range,
        NameAt::Ref(r) => r.range,
    };
    Ok(inner(&ctx, range))
}

pub fn rename(analysis: &Analysis, offset: u32, new_name: &str) -> Result<Vec<FileEdit>, String> {
    let ctx = DragonBonesDoc::new(analysis).ok_or(NOTHING)?;
    let at = names::name_at(&ctx, offset).ok_or(NOTHING)?;
    refuse(&ctx, at)?;
    if new_name.is_empty() || new_name.trim() != new_name || new_name.chars().any(char::is_control) {
        return Err(format!(
            "`{new_name}` is not a valid name: it must not be empty, start or end with spaces, or hold control characters"
        ));
    }
    let symbol = names::symbol(&ctx, at);
    if symbol.name == new_name {
        return Ok(Vec::new());
    }
    if let Some(existing) = collision(&ctx, &symbol, new_name) {
        return Err(existing);
    }
    let edits: Vec<TextEdit> = names::occurrences(&symbol).into_iter().map(|o| edit(&ctx, o, new_name)).collect();
    let mut out = vec![FileEdit { file: None, edits }];
    if let Some(Target::Atlas(atlas, i)) = symbol.target {
        let range = atlas.textures[i].1;
        let range = if range.len() >= 2 { TextRange::new(range.start + 1, range.end - 1) } else { range };
        out.push(FileEdit {
            file: Some(atlas.path.clone()),
            edits: vec![TextEdit { range, new_text: escaped(new_name) }],
        });
    }
    Ok(out)
}

/// Names that cannot be renamed here.
fn refuse(ctx: &DragonBonesDoc, at: NameAt) -> Result<(), String> {
    match at {
        NameAt::Def(def) if def.implicit => Err(format!(
            "this {} has no written name (it is called `default`): add a `name` first",
            def.kind.describe()
        )),
        NameAt::Def(def) if drives_both(ctx, def) => Err(format!(
            "a 2.3/3.0 timeline named `{}` animates both the bone and the slot of this name: renaming one would detach the other",
            def.name
        )),
        NameAt::Def(def) => match names::doubled_ref(ctx, def) {
            Some(r) => Err(format!(
                "this display's `name` also names its {}: give the display a `path` first, or rename the {} itself",
                r.kind.describe(),
                r.kind.describe()
            )),
            None => Ok(()),
        },
        NameAt::Ref(r) if r.kind == NameKind::Texture && names::resolve(ctx, r).is_none() => {
            Err(format!("texture `{}` is defined in no atlas paired with this file: nothing to rename", r.name))
        }
        NameAt::Ref(r) => match ctx.model.resolve(r) {
            Some(def) => refuse(ctx, NameAt::Def(def)),
            None => Ok(()),
        },
    }
}

/// A bone or slot named by a merged 2.3/3.0 timeline while the other kind has the same name.
fn drives_both(ctx: &DragonBonesDoc, def: &rigls_dragonbones::model::Def) -> bool {
    let other = match def.kind {
        NameKind::Bone => NameKind::Slot,
        NameKind::Slot => NameKind::Bone,
        _ => return false,
    };
    ctx.model.lookup(other, def.scope, &def.name).is_some()
        && ctx.model.refs.iter().any(|r| r.site == Site::LegacyTimeline && r.name == def.name && r.scope == def.scope)
}

/// Why `new_name` cannot be used: something of the same kind already has it in the same scope.
fn collision(ctx: &DragonBonesDoc, symbol: &names::Symbol, new_name: &str) -> Option<String> {
    let what = symbol.kind.describe();
    match symbol.target? {
        Target::Def(def) => {
            let existing = ctx.model.lookup(def.kind, def.scope, new_name)?;
            let place = match def.kind {
                NameKind::Armature | NameKind::Texture => "in this file",
                NameKind::Display => "in this skin slot",
                _ => "in this armature",
            };
            Some(format!(
                "a {what} named `{new_name}` already exists {place} (line {})",
                ctx.line_no(existing.range.start)
            ))
        }
        Target::Atlas(atlas, _) => atlas.textures.iter().any(|(t, _)| t == new_name).then(|| {
            let file = atlas.path.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default();
            format!("a texture named `{new_name}` already exists in `{file}`")
        }),
    }
}

fn edit(ctx: &DragonBonesDoc, o: Occurrence, new_name: &str) -> TextEdit {
    let quoted = ctx.text.as_bytes().get(o.range.start as usize) == Some(&b'"');
    if quoted {
        TextEdit { range: inner(ctx, o.range), new_text: escaped(new_name) }
    } else {
        // A name written as a number (2.3 data): it becomes a string.
        TextEdit { range: o.range, new_text: json_string(new_name) }
    }
}

/// The name as it goes between quotes.
fn escaped(name: &str) -> String {
    let quoted = json_string(name);
    quoted[1..quoted.len() - 1].to_owned()
}

/// The contents of a quoted string (the range itself for a number or an unclosed string's end).
fn inner(ctx: &DragonBonesDoc, range: TextRange) -> TextRange {
    let bytes = ctx.text.as_bytes();
    if bytes.get(range.start as usize) != Some(&b'"') {
        return range;
    }
    let closed = range.len() >= 2 && bytes.get(range.end as usize - 1) == Some(&b'"');
    TextRange::new(range.start + 1, if closed { range.end - 1 } else { range.end })
}
