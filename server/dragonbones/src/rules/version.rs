//! The version gate (§1.2): `version` / `compatibleVersion` against what runtimes accept.

use super::{DragonBonesCheck, json_string, report};
use crate::model::DocKind;
use crate::schema::Version;
use crate::schema::key;
use crate::syntax::NodeKind;
use rigls_diagnostic::{Code, Diagnostic, Fix, case};

pub fn check(ctx: &mut DragonBonesCheck) {
    if ctx.model.doc != DocKind::Skeleton {
        return;
    }
    let Some(root) = ctx.tree.root() else { return };
    let version = ctx.model.version.clone();
    let compatible = ctx.model.compatible_version.clone();
    let Some(version) = version else {
        if ctx.get(root, key::VERSION).is_some() {
            return;
        }
        // Runtimes accept data whose `version` or `compatibleVersion` they know (DragonBonesJS
        // `ObjectDataParser.parseDragonBonesData`, DragonBonesCPP `JSONDataParser.cpp:1834-1837`).
        let d = match compatible.as_ref().filter(|c| c.parsed.is_some_and(|v| !v.is_legacy())) {
            Some(c) => Diagnostic::of_case(
                &case::VERSION_ONLY_COMPATIBLE,
                ctx.anchor(root),
                format!(
                    "the skeleton has no `version`: runtimes read it by its `compatibleVersion` `{}` (write `\"version\"` too, as exporters do)",
                    c.text
                ),
            ),
            None => report(
                Code::MissingKey,
                ctx.anchor(root),
                "the skeleton has no `version`: runtimes reject data without one (write e.g. `\"version\": \"5.5\"`)",
            ),
        };
        ctx.push(d);
        return;
    };
    let range = ctx.tree.range(version.node);
    let accepted = version.parsed.or(compatible.as_ref().and_then(|c| c.parsed));
    let as_number = ctx.tree.kind(version.node) == NodeKind::Number;
    if accepted.is_none() && as_number && Version::parse(&version.text).is_some() {
        let fix = Fix::replace("Write the version as a string", range, json_string(&version.text));
        let message = format!(
            "the number `{0}` reads as \"{1}\" to runtimes, which is no data version: write `\"{0}\"`",
            version.text,
            crate::model::js_number(ctx.tree.number(ctx.text, version.node).unwrap_or(0.0))
        );
        ctx.push(report(Code::UnsupportedVersion, range, message).with_fix(fix));
        return;
    }
    match accepted {
        None => {
            let also = match &compatible {
                Some(c) => format!(" (nor is `compatibleVersion` `{}`)", c.text),
                None => String::new(),
            };
            ctx.push(report(
                Code::UnsupportedVersion,
                range,
                format!(
                    "unsupported data version `{}`{also}: runtimes accept 4.0, 4.5, 5.0, 5.5 and 5.6 (older ones also 2.3 and 3.0) and reject anything else",
                    version.text
                ),
            ));
            return;
        }
        Some(v) if v.is_legacy() => {
            ctx.push(report(
                Code::LegacyVersion,
                range,
                format!(
                    "data version {v} is rejected by current runtimes (DragonBonesJS 5.1 and later, C++, C#): upgrade it to 5.5 with `rigls upgrade` or the quick fix"
                ),
            ));
        }
        Some(_) => {}
    }
    if as_number && version.parsed.is_some_and(|v| !v.is_legacy()) {
        let fix = Fix::replace("Write the version as a string", range, json_string(&version.text));
        ctx.push(
            Diagnostic::of_case(
                &case::VERSION_AS_NUMBER,
                range,
                format!(
                    "`version` should be a string: write `\"{}\"` (the C++ runtime reads it as a string)",
                    version.text
                ),
            )
            .with_fix(fix),
        );
    }
    let compat_55 = compatible.as_ref().and_then(|c| c.parsed).is_some_and(|c| c <= Version::V5_5);
    if version.parsed == Some(Version::V5_6) && !compat_55 {
        ctx.push(Diagnostic::of_case(
            &case::V5_6_WITHOUT_COMPATIBLE_VERSION,
            range,
            "data version 5.6 loads only in DragonBonesJS: add `\"compatibleVersion\": \"5.5\"` so the C++ and C# runtimes accept it too",
        ));
    }
}
