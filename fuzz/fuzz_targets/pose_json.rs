//! The DragonBones evaluator on random skeletons of a valid shape (`common/rig.rs`), posed in
//! every armature and animation at random times (negative, huge, non-finite included): it
//! answers or refuses, and never panics or hangs (`-timeout`).
#![no_main]

#[path = "../common/rig.rs"]
mod rig;

use arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(text) = rig::skeleton(&mut u) else { return };
    let mut times = vec![0.0, 0.25, 1.0];
    while let Ok(t) = u.arbitrary::<f64>() {
        if u.is_empty() || times.len() > 6 {
            break;
        }
        times.push(t);
    }
    rig::pose_everywhere(text, &times);
});
