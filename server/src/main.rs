use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let args = rigls_cli::Args::parse();
    let asked_for_lsp = args.stdio;
    if let Some(code) = rigls_cli::run(args) {
        return code;
    }
    rigls_cli::explain_lsp_on_a_terminal(asked_for_lsp);
    match rigls_lsp::serve_stdio() {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("rigls: cannot start the language server: {error}");
            ExitCode::FAILURE
        }
    }
}
