use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let args = rigls::cli::Args::parse();
    match rigls::cli::run(args) {
        Some(code) => code,
        None => {
            eprintln!("rigls: the language server is not available in this build yet; use --check");
            ExitCode::from(rigls::cli::exit::USAGE)
        }
    }
}
