//! Each value against its documented type: `invalid-value`, `arity`, `out-of-range` and
//! `number-format`, for `Key=Value` lines and for every line of a list.

use super::{ElemCheck, kind_name, report};
use crate::lexer::TokenKind;
use crate::schema::key;
use crate::schema::{self, ListItem, ScopeKind, ValueType};
use crate::syntax::{Item, ScopeId, SyntaxTree};
use crate::values::{Atom, Values};
use rigls_diagnostic::suggest;
use rigls_diagnostic::{Code, Diagnostic, Fix};
use rigls_text::TextRange;

/// What an incremental analysis reuses of the previous version's values findings: those outside
/// the scope `old` it reparsed as `new`. The rule reads each line alone, with its scope's kind
/// and its key, and the tree outside a reparsed scope is the previous one moved, so its findings
/// there are the previous ones moved.
#[derive(Clone, Copy)]
pub struct ValuesReuse<'a> {
    pub previous: &'a [Diagnostic],
    pub old: TextRange,
    pub new: TextRange,
}

/// The rule's findings (not pushed to `ctx`): all of them, or with `reuse` the previous
/// version's outside the reparsed scope (moved) and those of the scope's lines. Their order
/// matters only among findings of one line (the diagnostics are sorted by range, code and
/// message after the rules), and those all come from one run. With `parallel`, the scopes are
/// read in [`PIECES`] runs of about as many lines each, taken by whichever thread is free
/// (each line is read alone, so the findings are the same, in the same order).
pub fn check(ctx: &ElemCheck, reuse: Option<ValuesReuse<'_>>, parallel: bool) -> Vec<Diagnostic> {
    let within = reuse.map(|r| r.new);
    let every_scope = 0..rigls_text::to_u32(ctx.tree.scopes.len());
    let pieces = if parallel { pieces(ctx.tree) } else { vec![every_scope] };
    let found = rigls_text::parallel::map(&pieces, parallel, |scopes| {
        let mut own = ctx.fresh();
        check_lines(&mut own, within, scopes.clone());
        own.out
    });
    let inside = found.into_iter().flatten();
    let Some(reuse) = reuse else { return inside.collect() };
    let delta = i64::from(reuse.new.end) - i64::from(reuse.old.end);
    let outside = reuse.previous.iter().filter(|d| !reuse.old.contains_range(d.range));
    let moved = outside.map(|d| if d.range.start >= reuse.old.end { d.clone().moved_by(delta) } else { d.clone() });
    moved.chain(inside).collect()
}

/// How many runs of scopes a large model's values are read in: enough for the rule to even out
/// the threads' work beside the other rules, few enough that each is long.
const PIECES: usize = 8;

/// The scopes (ids, which are in document order) in [`PIECES`] runs of about as many items each.
fn pieces(tree: &SyntaxTree) -> Vec<std::ops::Range<ScopeId>> {
    let total: usize = tree.scopes.iter().map(|s| s.items.len()).sum();
    let mut pieces = Vec::with_capacity(PIECES);
    let (mut start, mut seen) = (0, 0);
    for (id, scope) in tree.scopes.iter().enumerate() {
        seen += scope.items.len();
        if seen * PIECES >= total * (pieces.len() + 1) && pieces.len() + 1 < PIECES {
            let end = rigls_text::to_u32(id + 1);
            pieces.push(start..end);
            start = end;
        }
    }
    pieces.push(start..rigls_text::to_u32(tree.scopes.len()));
    pieces
}

/// Every line's value against its type in the scopes `scopes` (ids, which are in document
/// order), or only the lines inside `within`.
fn check_lines(ctx: &mut ElemCheck, within: Option<TextRange>, scopes: std::ops::Range<ScopeId>) {
    let tree = ctx.tree;
    let mut values = Values::default();
    let overlaps = |r: TextRange| within.is_none_or(|w| w.overlaps(r));
    for id in scopes {
        rigls_text::cancel::check();
        let kind = tree.kind(id);
        if kind == ScopeKind::Unknown || (id != crate::syntax::ROOT && !overlaps(tree.scope(id).range)) {
            continue;
        }
        let list = kind.list_item();
        // Named once per scope, not once per line: a mesh's lists have millions of lines.
        let tag = if list.is_some() { kind_name(kind) } else { String::new() };
        for item in &tree.scope(id).items {
            match item {
                Item::Key(line) if !overlaps(line.key) => {}
                Item::Entry(entry) if !overlaps(entry.range) => {}
                Item::Key(line) if line.ok => {
                    let Some(def) = schema::key_def(kind, ctx.slice(line.key)) else { continue };
                    values.fill(ctx.text, line.value);
                    exponents(ctx, &values.atoms);
                    let name = def.name;
                    check_key(ctx, name, def.ty, line.value, &values);
                }
                Item::Entry(entry) if entry.ok => {
                    let Some(shape) = list else { continue };
                    values.fill(ctx.text, entry.range);
                    exponents(ctx, &values.atoms);
                    check_entry(ctx, kind, &tag, shape, entry.range, &values);
                }
                _ => {}
            }
        }
    }
}

/// Exponent notation: lexed and read, but warned about (Keystone breaks on `E`).
fn exponents(ctx: &mut ElemCheck, atoms: &[Atom]) {
    for atom in atoms.iter().filter(|a| a.kind == TokenKind::ExpNumber) {
        let written = ctx.slice(atom.range).to_owned();
        let mut d = report(
            Code::NumberFormat,
            atom.range,
            format!("`{written}` uses exponent notation, which Keystone cannot read; write a plain decimal"),
        );
        if let Some(plain) = atom.as_f64(ctx.text).and_then(plain_decimal) {
            d = d.with_fix(Fix::replace(format!("Write `{plain}`"), atom.range, plain).safe());
        }
        ctx.push(d);
    }
}

/// A plain decimal with Elfreina's six places, or as many as the value needs.
fn plain_decimal(v: f64) -> Option<String> {
    if !v.is_finite() {
        return None;
    }
    let six = format!("{v:.6}");
    if six.parse::<f64>().ok()? == v {
        return Some(six);
    }
    let exact = format!("{v}");
    if exact.contains('e') { None } else { Some(exact) }
}

fn check_key(ctx: &mut ElemCheck, name: &str, ty: ValueType, value: TextRange, values: &Values) {
    let atoms = &values.atoms;
    if values.group_count() > 1 {
        ctx.push(report(Code::InvalidValue, value, format!("`{name}` values are separated by `:`, not `,`")));
        return;
    }
    match ty {
        ValueType::Int { min, max } => {
            let Some(atom) = single(ctx, name, "one integer", atoms, value) else { return };
            let Some(n) = integer(ctx, name, atom) else { return };
            if name == key::TRANSFORM_INDEX {
                return; // an index: checked against the bones by `indices`
            }
            if n < min {
                let message = if min == 0 {
                    format!("`{name}` cannot be negative")
                } else {
                    format!("`{name}` must be at least {min}, found {n}")
                };
                ctx.push(report(Code::OutOfRange, atom.range, message).with_fix(Fix::replace(
                    format!("Set to {min}"),
                    atom.range,
                    min.to_string(),
                )));
            } else if n > max {
                ctx.push(report(Code::OutOfRange, atom.range, format!("`{name}` must be at most {max}, found {n}")));
            }
        }
        ValueType::Float { min } => {
            let Some(atom) = single(ctx, name, "one number", atoms, value) else { return };
            let Some(v) = number(ctx, name, atom) else { return };
            if v < min {
                ctx.push(report(
                    Code::OutOfRange,
                    atom.range,
                    format!("`{name}` cannot be negative, found {}", ctx.slice(atom.range)),
                ));
            }
        }
        ValueType::String | ValueType::Path => {
            let Some(atom) = single(ctx, name, "one quoted string", atoms, value) else { return };
            quoted(ctx, name, atom);
        }
        ValueType::Bool => {
            let Some(atom) = single(ctx, name, "`True` or `False`", atoms, value) else { return };
            boolean(ctx, name, atom);
        }
        ValueType::Color => {
            if arity(ctx, name, "`a:r:g:b`", 4, atoms, value) {
                colour(ctx, &format!("`{name}`"), atoms);
            }
        }
        ValueType::Matrix => {
            if arity(ctx, name, "a 4×4 matrix", 16, atoms, value) {
                for atom in atoms {
                    if number(ctx, name, atom).is_none() {
                        break;
                    }
                }
            }
        }
        ValueType::QuotedEnum(options) => {
            let Some(atom) = single(ctx, name, "one quoted name", atoms, value) else { return };
            enumeration(ctx, name, options, atom);
        }
    }
}

fn check_entry(ctx: &mut ElemCheck, list: ScopeKind, tag: &str, shape: ListItem, line: TextRange, values: &Values) {
    let atoms = &values.atoms;
    let commas_allowed = matches!(shape, ListItem::VertexWeight | ListItem::Face | ListItem::Any);
    if values.group_count() > 1 && !commas_allowed {
        ctx.push(report(Code::InvalidValue, line, format!("`{tag}` values are separated by `:`, not `,`")));
        return;
    }
    match shape {
        ListItem::QuotedEnum(options) => {
            if let Some(atom) = single(ctx, tag, "one quoted name", atoms, line) {
                enumeration(ctx, tag, options, atom);
            }
        }
        ListItem::QuotedName => {
            if let Some(atom) = single(ctx, tag, "one quoted name", atoms, line) {
                quoted(ctx, tag, atom);
            }
        }
        ListItem::Floats { n, range } => {
            // Only for the message: most lines have the right arity and need no text at all.
            let form = || match (list, n) {
                (
                    ScopeKind::Positions | ScopeKind::Normals | ScopeKind::BoneTransKeys | ScopeKind::BoneScaleKeys,
                    3,
                ) => "`x:y:z`".to_owned(),
                (ScopeKind::BoneRotateKeys, 4) => "a quaternion `x:y:z:w`".to_owned(),
                (ScopeKind::VertexDiffuse, 4) => "`a:r:g:b`".to_owned(),
                (ScopeKind::TextureUv(_), 2) => "`u:v`".to_owned(),
                (ScopeKind::UvTransKeys | ScopeKind::UvScaleKeys, 2) => "`x:y`".to_owned(),
                (ScopeKind::OffsetMatrices, 16) => "a 4×4 matrix".to_owned(),
                (_, 1) => "one number".to_owned(),
                (_, n) => format!("{n} numbers"),
            };
            if atoms.len() != n {
                arity(ctx, tag, &form(), n, atoms, line);
                return;
            }
            // A number token always reads as an `f64` (the lexer's forms are a subset of
            // Rust's), so only a non-number is reported, and only ranges need the value.
            if let Some(other) = atoms.iter().find(|a| !a.is_number()) {
                number(ctx, tag, other);
                return;
            }
            if list == ScopeKind::VertexDiffuse {
                colour(ctx, "vertex colour", atoms);
            } else if let Some((lo, hi)) = range {
                for atom in atoms {
                    let v = atom.as_f64(ctx.text).unwrap_or(0.0);
                    if v < lo || v > hi {
                        let what = if matches!(list, ScopeKind::TimeKeys | ScopeKind::GuideTimeKeys) {
                            "time key"
                        } else {
                            "value"
                        };
                        let message =
                            format!("{what} {} is outside {lo}..{hi} (1.0 = AnimationTime)", ctx.slice(atom.range));
                        let clamped = if v < lo { lo } else { hi };
                        let d = report(Code::OutOfRange, atom.range, message).with_fix(Fix::replace(
                            format!("Clamp to {clamped:.6}"),
                            atom.range,
                            format!("{clamped:.6}"),
                        ));
                        ctx.push(d);
                    }
                }
            }
        }
        ListItem::Index => {
            if let Some(atom) = single(ctx, tag, "one material index", atoms, line) {
                integer(ctx, tag, atom);
            }
        }
        ListItem::VertexWeight => {
            if values.group_count() != 2 || values.group(0).len() != 1 || values.group(1).len() != 1 {
                let message = if atoms.len() == 2 {
                    format!("`{tag}` lines are `vertex,weight`: separate the vertex and its weight with `,`")
                } else {
                    format!("`{tag}` lines are `vertex,weight`: expected 2 values, found {}", atoms.len())
                };
                ctx.push(report(Code::Arity, line, message));
                return;
            }
            let (vertex, weight) = (values.group(0)[0], values.group(1)[0]);
            integer(ctx, "vertex index", &vertex);
            if let Some(w) = number(ctx, "blend weight", &weight)
                && !(0.0..=1.0).contains(&w)
            {
                let clamped = w.clamp(0.0, 1.0);
                let d = report(
                    Code::OutOfRange,
                    weight.range,
                    format!("blend weight {} is outside 0..1", ctx.slice(weight.range)),
                )
                .with_fix(Fix::replace(
                    format!("Clamp to {clamped:.6}"),
                    weight.range,
                    format!("{clamped:.6}"),
                ));
                ctx.push(d);
            }
        }
        ListItem::Face => {
            if values.group_count() != 2 || values.group(0).len() != 1 {
                ctx.push(report(
                    Code::Arity,
                    line,
                    format!("`{tag}` lines are `n,i1:…:in`: the corner count, a comma, then the vertex indices"),
                ));
                return;
            }
            let corners = values.group(0)[0];
            let indices = values.group(1);
            let Some(n) = integer(ctx, "corner count", &corners) else { return };
            if n < 3 {
                ctx.push(report(
                    Code::InvalidValue,
                    corners.range,
                    format!("a face needs at least 3 corners, found {n}"),
                ));
                return;
            }
            if indices.len() as i64 != n {
                let d = report(
                    Code::Arity,
                    line,
                    format!(
                        "face has {n} corners but lists {} vertex {}",
                        indices.len(),
                        if indices.len() == 1 { "index" } else { "indices" }
                    ),
                );
                let d = d.with_fix(Fix::replace(
                    format!("Set the corner count to {}", indices.len()),
                    corners.range,
                    indices.len().to_string(),
                ));
                ctx.push(d);
                return;
            }
            for atom in indices {
                if integer(ctx, "vertex index", atom).is_none() {
                    break;
                }
            }
        }
        ListItem::Any => {}
    }
}

/// Exactly one atom, or an `arity` diagnostic.
fn single<'v>(ctx: &mut ElemCheck, name: &str, what: &str, atoms: &'v [Atom], range: TextRange) -> Option<&'v Atom> {
    match atoms {
        [atom] => Some(atom),
        _ => {
            ctx.push(report(Code::Arity, range, format!("`{name}` takes {what}, found {} values", atoms.len())));
            None
        }
    }
}

/// Exactly `n` atoms, or an `arity` diagnostic.
fn arity(ctx: &mut ElemCheck, name: &str, form: &str, n: usize, atoms: &[Atom], range: TextRange) -> bool {
    if atoms.len() == n {
        return true;
    }
    let noun = if n == 1 { "value" } else { "values" };
    ctx.push(report(Code::Arity, range, format!("`{name}` is {form}: expected {n} {noun}, found {}", atoms.len())));
    false
}

fn integer(ctx: &mut ElemCheck, name: &str, atom: &Atom) -> Option<i64> {
    if let Some(n) = atom.as_i64(ctx.text) {
        return Some(n);
    }
    let written = ctx.slice(atom.range).to_owned();
    let mut d = report(Code::InvalidValue, atom.range, format!("`{name}` must be an integer, found `{written}`"));
    if let Some(v) = atom.as_f64(ctx.text)
        && v.fract() == 0.0
        && v.abs() < 1e15
    {
        d = d.with_fix(Fix::replace(format!("Write `{}`", v as i64), atom.range, (v as i64).to_string()));
    }
    ctx.push(d);
    None
}

fn number(ctx: &mut ElemCheck, name: &str, atom: &Atom) -> Option<f64> {
    if let Some(v) = atom.as_f64(ctx.text) {
        return Some(v);
    }
    let written = ctx.slice(atom.range).to_owned();
    ctx.push(report(Code::InvalidValue, atom.range, format!("`{name}` must be a number, found `{written}`")));
    None
}

fn quoted(ctx: &mut ElemCheck, name: &str, atom: &Atom) {
    if atom.is_string() {
        return;
    }
    let written = ctx.slice(atom.range).to_owned();
    let d = report(Code::InvalidValue, atom.range, format!("`{name}` must be a quoted string, found `{written}`"))
        .with_fix(Fix::replace("Add quotes", atom.range, format!("\"{written}\"")));
    ctx.push(d);
}

fn boolean(ctx: &mut ElemCheck, name: &str, atom: &Atom) {
    if matches!(atom.kind, TokenKind::True | TokenKind::False) {
        return;
    }
    let written = ctx.slice(atom.range).to_owned();
    let bare = written.trim_matches('"').to_ascii_lowercase();
    let meant = match bare.as_str() {
        "true" | "yes" | "on" | "1" => Some("True"),
        "false" | "no" | "off" | "0" => Some("False"),
        _ => None,
    };
    let mut d = report(
        Code::InvalidValue,
        atom.range,
        format!("`{name}` must be `True` or `False` (capitalised, unquoted), found `{written}`"),
    );
    if let Some(meant) = meant {
        d = d.with_fix(Fix::replace(format!("Write `{meant}`"), atom.range, meant));
    }
    ctx.push(d);
}

fn enumeration(ctx: &mut ElemCheck, name: &str, options: &[&str], atom: &Atom) {
    let written = ctx.slice(atom.range).to_owned();
    let bare = written.trim_matches('"');
    if atom.is_string() && options.contains(&bare) {
        return;
    }
    if !atom.is_string() && options.contains(&bare) {
        let d = report(Code::InvalidValue, atom.range, format!("`{name}` values are quoted: write `\"{bare}\"`"))
            .with_fix(Fix::replace("Add quotes", atom.range, format!("\"{bare}\"")));
        ctx.push(d);
        return;
    }
    let (hint, best) = suggest::did_you_mean(bare, options.iter().copied());
    let listed: Vec<String> = options.iter().map(|o| format!("\"{o}\"")).collect();
    let hint = if hint.is_empty() { format!("; expected one of {}", listed.join(", ")) } else { hint };
    let mut d = report(Code::InvalidValue, atom.range, format!("unknown `{name}` value `{written}`{hint}"));
    if let Some(best) = best {
        d = d.with_fix(Fix::replace(format!("Replace with \"{best}\""), atom.range, format!("\"{best}\"")));
    }
    ctx.push(d);
}

/// `a:r:g:b` components in 0..1 (all four known to be present).
fn colour(ctx: &mut ElemCheck, what: &str, atoms: &[Atom]) {
    const COMPONENTS: [&str; 4] = ["alpha", "red", "green", "blue"];
    for (atom, component) in atoms.iter().zip(COMPONENTS) {
        let Some(v) = number(ctx, what, atom) else { return };
        if !(0.0..=1.0).contains(&v) {
            let clamped = v.clamp(0.0, 1.0);
            let d = report(
                Code::OutOfRange,
                atom.range,
                format!("{what} {component} component {} is outside 0..1", ctx.slice(atom.range)),
            )
            .with_fix(Fix::replace(format!("Clamp to {clamped:.6}"), atom.range, format!("{clamped:.6}")));
            ctx.push(d);
        }
    }
}
