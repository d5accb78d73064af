//! Rename a name everywhere it occurs (see [`super::names`] for what belongs together; bones and
//! nodes are renamed together as one joint).

use super::ElemDoc;
use super::names::{self, NameAt, Symbol};
use crate::{Analysis, FileEdit};
use rigls_diagnostic::TextEdit;
use rigls_elem::model::Model;
use rigls_elem::schema::NameKind;
use rigls_text::TextRange;

const NOTHING: &str = "nothing to rename here: place the cursor on a quoted name";

/// The range between the quotes of the name under the cursor.
pub fn prepare_rename(analysis: &Analysis, offset: u32) -> Result<TextRange, String> {
    let ctx = ElemDoc::new(analysis).ok_or(NOTHING)?;
    let at = names::name_at(ctx.model, offset).ok_or(NOTHING)?;
    Ok(inner(at.range()))
}

pub fn rename(analysis: &Analysis, offset: u32, new_name: &str) -> Result<Vec<FileEdit>, String> {
    let ctx = ElemDoc::new(analysis).ok_or(NOTHING)?;
    let at = names::name_at(ctx.model, offset).ok_or(NOTHING)?;
    names::validate_new_name(new_name)?;
    let symbol = names::symbol(ctx.model, at);
    if symbol.name() == new_name {
        return Ok(Vec::new());
    }
    if let Some(existing) = names::collision(ctx.model, &symbol, new_name) {
        return Err(collision_message(&ctx, &symbol, at, existing.range.start, new_name));
    }
    let edits = edits(ctx.model, &symbol, new_name);
    Ok(vec![FileEdit { file: None, edits }])
}

/// One edit per occurrence, replacing what is between the quotes.
fn edits(model: &Model, symbol: &Symbol, new_name: &str) -> Vec<TextEdit> {
    names::occurrences(model, symbol)
        .into_iter()
        .map(|o| TextEdit { range: inner(o.range), new_text: new_name.to_owned() })
        .collect()
}

fn collision_message(ctx: &ElemDoc, symbol: &Symbol, at: NameAt, existing: u32, new_name: &str) -> String {
    let what = match symbol {
        Symbol::Joint(_) => "a bone or node",
        Symbol::Material { .. } => "a material",
        Symbol::Container(_) => "a mesh container",
        Symbol::Mesh(_) => "a mesh",
        Symbol::Animation(_) => "an animation",
    };
    let place = if matches!(at.kind(), NameKind::Material) { " in this mesh container" } else { "" };
    format!("{what} named `{new_name}` already exists{place} (line {})", ctx.line_no(existing))
}

/// The contents of a quoted string token.
fn inner(range: TextRange) -> TextRange {
    if range.len() >= 2 { TextRange::new(range.start + 1, range.end - 1) } else { range }
}
