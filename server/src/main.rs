use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let args = rigls::cli::Args::parse();
    let asked_for_lsp = args.stdio;
    if let Some(code) = rigls::cli::run(args) {
        return code;
    }
    rigls::cli::explain_lsp_on_a_terminal(asked_for_lsp);
    match rigls::lsp::serve_stdio() {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("rigls: cannot start the language server: {error}");
            ExitCode::FAILURE
        }
    }
}
