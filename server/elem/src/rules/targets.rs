//! The target rules: what the runtimes a user names do with the file. For `danmakufu-ph3`, every
//! event of its loader ([`crate::eval::danmakufu`]) where it happens: a load failure, a crash or
//! memory it never sets is an error (`target-load-failure`); what it ignores or draws differently
//! a warning (`target-drops`).

use crate::eval::danmakufu::{self, EventKind};
use rigls_diagnostic::{Code, Diagnostic, FileFormat, Target, Targets};

pub fn check(text: &str, targets: Targets) -> Vec<Diagnostic> {
    if !targets.contains(Target::DanmakufuPh3) {
        return Vec::new();
    }
    let name = Target::DanmakufuPh3.as_str();
    danmakufu::read(text)
        .events
        .into_iter()
        .map(|event| {
            let (code, message) = match event.kind {
                EventKind::LoadFailure => {
                    (Code::TargetLoadFailure, format!("{name} does not load the file: {}", event.message))
                }
                EventKind::CrashAtLoad => {
                    (Code::TargetLoadFailure, format!("{name} crashes loading the file: {}", event.message))
                }
                EventKind::CrashAtDraw | EventKind::Undefined => {
                    (Code::TargetLoadFailure, format!("{name} {}", event.message))
                }
                EventKind::Dropped => (Code::TargetDrops, format!("{name} {}", event.message)),
            };
            Diagnostic::new(code, FileFormat::Elem, event.range, message)
        })
        .collect()
}
