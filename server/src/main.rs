use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let args = rigls::cli::Args::parse();
    match rigls::cli::run(args) {
        Some(code) => code,
        None => match rigls::lsp::serve_stdio() {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("rigls: cannot start the language server: {error}");
                ExitCode::FAILURE
            }
        },
    }
}
