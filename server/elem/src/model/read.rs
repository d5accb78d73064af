//! The values of a model's keys and list lines as numbers and strings, read on demand from the
//! text (evaluation, the scene and hovers read them all through here), with a one-line reason
//! for each value that cannot be read (the reasons `rigls pose` gives when a pose would be
//! meaningless).

use crate::schema::ScopeKind;
use crate::syntax::{Entry, ScopeId, SyntaxTree};
use crate::values::Values;
use rigls_text::TextRange;

/// A value that could not be read, in one line.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    pub range: TextRange,
    pub message: String,
}

pub struct Reader<'a> {
    pub text: &'a str,
    pub tree: &'a SyntaxTree,
    values: Values,
}

impl<'a> Reader<'a> {
    pub fn new(text: &'a str, tree: &'a SyntaxTree) -> Reader<'a> {
        Reader { text, tree, values: Values::default() }
    }

    /// `N` numbers separated by `:` (no `,`), or why not.
    pub fn floats<const N: usize>(&mut self, range: TextRange) -> Result<[f64; N], String> {
        self.values.fill(self.text, range);
        if self.values.group_count() > 1 {
            return Err("has a `,` where `:` separates numbers".to_owned());
        }
        let atoms = &self.values.atoms;
        if atoms.len() != N {
            return Err(format!("has {} {}, not {N}", atoms.len(), if atoms.len() == 1 { "value" } else { "values" }));
        }
        let mut out = [0.0; N];
        for (slot, atom) in out.iter_mut().zip(atoms) {
            *slot = atom
                .as_f64(self.text)
                .ok_or_else(|| format!("has `{}`, which is not a number", atom.range.slice(self.text)))?;
        }
        Ok(out)
    }

    /// `vertex,weight`, or why not.
    pub fn vertex_weight(&mut self, range: TextRange) -> Result<(i64, f64), String> {
        self.values.fill(self.text, range);
        let v = &self.values;
        if v.group_count() != 2 || v.group(0).len() != 1 || v.group(1).len() != 1 {
            return Err("is not `vertex,weight`".to_owned());
        }
        let vertex = v.group(0)[0].as_i64(self.text).ok_or("has a vertex index that is not a whole number")?;
        let weight = v.group(1)[0].as_f64(self.text).ok_or("has a weight that is not a number")?;
        Ok((vertex, weight))
    }

    /// The value of `key` in `scope` as one quoted string.
    pub fn string_key(&mut self, scope: ScopeId, key: &str) -> Option<String> {
        let line = self.tree.key(self.text, scope, key).filter(|l| l.ok)?;
        self.values.fill(self.text, line.value);
        match self.values.atoms.as_slice() {
            [atom] => atom.as_str(self.text).map(|s| s.into_owned()),
            _ => None,
        }
    }

    /// A list line as one quoted string.
    pub fn entry_string(&mut self, entry: &Entry) -> Option<String> {
        self.values.fill(self.text, entry.range);
        match self.values.atoms.as_slice() {
            [atom] if entry.ok => atom.as_str(self.text).map(|s| s.into_owned()),
            _ => None,
        }
    }

    /// A list line as one integer.
    pub fn entry_int(&mut self, entry: &Entry) -> Option<i64> {
        self.values.fill(self.text, entry.range);
        match self.values.atoms.as_slice() {
            [atom] if entry.ok => atom.as_i64(self.text),
            _ => None,
        }
    }

    /// The value of `key` in `scope` as one bare word (`True`).
    pub fn word_key(&mut self, scope: ScopeId, key: &str) -> Option<&'a str> {
        let line = self.tree.key(self.text, scope, key).filter(|l| l.ok)?;
        self.values.fill(self.text, line.value);
        match self.values.atoms.as_slice() {
            [atom] => Some(atom.range.slice(self.text)),
            _ => None,
        }
    }

    /// The value of `key` in `scope` as `N` numbers, when it is.
    pub fn floats_key<const N: usize>(&mut self, scope: ScopeId, key: &str) -> Option<[f64; N]> {
        let line = self.tree.key(self.text, scope, key).filter(|l| l.ok)?;
        self.floats::<N>(line.value).ok()
    }

    /// The value of `key` in `scope` as one number: `None` when the key is absent, else the
    /// number or why it is not one (with the line's range).
    pub fn number_key(&mut self, scope: ScopeId, key: &str) -> Option<(TextRange, Result<f64, String>)> {
        let line = *self.tree.key(self.text, scope, key)?;
        if !line.ok {
            return Some((line.range(), Err("has a syntax error".to_owned())));
        }
        Some((line.range(), self.floats::<1>(line.value).map(|[v]| v)))
    }

    /// The value of `key` in `scope` as one integer.
    pub fn int_key(&mut self, scope: ScopeId, key: &str) -> Option<(TextRange, Option<i64>)> {
        let line = *self.tree.key(self.text, scope, key)?;
        self.values.fill(self.text, line.value);
        let value = match self.values.atoms.as_slice() {
            [atom] if line.ok => atom.as_i64(self.text),
            _ => None,
        };
        Some((line.range(), value))
    }

    /// Every line of the first `kind` list in `scope` as `N` numbers; `None` when there is no
    /// such list. A line that cannot be read is a problem (`what` names the list in it) and reads
    /// as `fallback`.
    pub fn list<const N: usize>(
        &mut self,
        scope: ScopeId,
        kind: ScopeKind,
        what: &str,
        fallback: [f64; N],
        problems: &mut Vec<Problem>,
    ) -> Option<Vec<[f64; N]>> {
        let list = self.tree.child_of(scope, kind)?;
        rigls_text::cancel::check();
        let tree = self.tree;
        let mut out = Vec::with_capacity(tree.entry_count(list));
        for (i, entry) in tree.entries(list).enumerate() {
            let read = if entry.ok { self.floats::<N>(entry.range) } else { Err("has a syntax error".to_owned()) };
            match read {
                Ok(v) => out.push(v),
                Err(why) => {
                    problems.push(Problem { range: entry.range, message: format!("{what} line {} {why}", i + 1) });
                    out.push(fallback);
                }
            }
        }
        Some(out)
    }

    /// Every line of the first `kind` list in `scope` as `N` numbers, `[a, b, …]`, when each line
    /// is and there is such a list.
    pub fn whole_list<const N: usize>(&mut self, scope: ScopeId, kind: ScopeKind) -> Option<Vec<f64>> {
        let list = self.tree.child_of(scope, kind)?;
        let tree = self.tree;
        let mut out = Vec::with_capacity(tree.entry_count(list) * N);
        for entry in tree.entries(list) {
            out.extend(self.floats::<N>(entry.range).ok().filter(|_| entry.ok)?);
        }
        Some(out)
    }
}
