//! What an edit costs a preview inside the server, for profiling: analyses FILE for a preview,
//! then changes one digit of it N times (as the preview benchmark's edits do), each version
//! reanalysed from the previous one ([`Analysis::reanalyse_for_preview`]) and its setup-pose scene
//! and elements built; prints the median and slowest wall time of each step, and this thread's
//! CPU time of reading the scenery whole against reading it after the edit.
//!
//! `cargo run --release -p rigls --example scene_loop -- FILE [N]`

use std::path::Path;
use std::time::{Duration, Instant};

use rigls_diagnostic::env::RealFs;
use rigls_ide::Analysis;
use rigls_ide::scene::{self, SceneRequest};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(file) = args.first() else {
        eprintln!("usage: scene_loop FILE [N]");
        std::process::exit(2);
    };
    let n: usize = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(20).max(1);
    let text = std::fs::read_to_string(file).expect("a UTF-8 file");
    // The last digit of the first decimal number after the middle, as the benchmarks edit.
    let bytes = text.as_bytes();
    let dot = text.len() / 2 + text[text.len() / 2..].find('.').expect("a decimal number");
    let at = dot + bytes[dot + 1..].iter().take_while(|b| b.is_ascii_digit()).count();
    let path = Path::new(file);
    let request = SceneRequest { armature: None, animation: None, time: 0.0, target: None };
    let mut analysis = Analysis::new_for_preview(Some(path), text, &RealFs);
    let mut steps: [(&str, Vec<Duration>); 3] =
        [("reanalyse for a preview", Vec::new()), ("scene", Vec::new()), ("elements", Vec::new())];
    for i in 0..n {
        let mut next = String::clone(&analysis.text);
        let digit = (b'0' + (i % 10) as u8) as char;
        next.replace_range(at..at + 1, &digit.to_string());
        let start = Instant::now();
        analysis = Analysis::reanalyse_for_preview(&analysis, next, &RealFs);
        steps[0].1.push(start.elapsed());
        let start = Instant::now();
        let built = scene::scene(&analysis, &request).expect("a scene");
        steps[1].1.push(start.elapsed());
        let start = Instant::now();
        std::hint::black_box(rigls_protocol::elements(&built, None));
        steps[2].1.push(start.elapsed());
    }
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!("| step of one edit ({n} edits) | p50 ms | max ms |\n|---|---:|---:|");
    for (step, mut times) in steps {
        times.sort();
        println!("| {step} | {:.1} | {:.1} |", ms(times[n / 2]), ms(times[n - 1]));
    }
}
