//! The command line: argument parsing, the `--check` linter and `rigls rules`. The only layer
//! besides `lsp` that talks to the outside world, and the only one that prints.

mod check;
mod convert;
mod fix;
mod input;
mod output;
mod parallel;
mod pose;
mod preview;
mod render;
mod render_image;
mod rules;
mod targets;
mod upgrade;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use rigls_diagnostic::Target;

#[derive(Parser, Debug)]
#[command(
    name = "rigls",
    version,
    about = "Language server and linter for Elfreina .elem models and DragonBones skeletal animation JSON",
    after_help = "Without --check, rigls serves the Language Server Protocol on stdin/stdout.\n\
                  Exit status of --check: 0 no errors (and no warnings with --deny-warnings), 1 problems found\n\
                  (after --fix: problems remaining), 2 usage error or a file that cannot be read or written.",
    args_conflicts_with_subcommands = true
)]
pub struct Args {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Lint the given files and directories and report problems.
    #[arg(long)]
    pub check: bool,
    /// Serve LSP over stdio (the default when --check is absent).
    #[arg(long, conflicts_with = "check")]
    pub stdio: bool,
    /// Print every diagnostic code with its severity and summary, then exit (as `rigls rules`).
    #[arg(long, conflicts_with_all = ["check", "stdio"])]
    pub list_rules: bool,
    /// How to print the diagnostics.
    #[arg(long, value_enum, default_value_t = Format::Human, requires = "check")]
    pub format: Format,
    /// Write the report to this file instead of stdout.
    #[arg(long, short = 'o', value_name = "PATH", requires = "check")]
    pub output_file: Option<PathBuf>,
    /// Exit with 1 on warnings too, not only on errors.
    #[arg(long, requires = "check")]
    pub deny_warnings: bool,
    /// Apply the safe fixes in place, then report the problems that remain.
    #[arg(long, requires = "check")]
    pub fix: bool,
    /// Print what --fix would change as a unified diff instead of the report; write nothing.
    #[arg(long, requires = "check", conflicts_with_all = ["fix", "format", "statistics"])]
    pub diff: bool,
    /// Print only the diagnostics: no summary, progress bar or notes about fixes.
    #[arg(long, short = 'q', requires = "check")]
    pub quiet: bool,
    /// Count the diagnostics per code, in a table after the report (on stderr for other formats
    /// than human).
    #[arg(long, requires = "check")]
    pub statistics: bool,
    /// The file name to report (and to resolve relative paths from) when reading `-` (stdin).
    #[arg(long, value_name = "NAME", requires = "check")]
    pub stdin_filename: Option<PathBuf>,
    /// A runtime the files ship to (repeatable; `rigls targets` lists them): also report what it
    /// rejects, drops or draws differently. Replaces the `targets` of `rigls.toml` for its format.
    #[arg(long = "target", value_name = "NAME", requires = "check", value_parser = parse_target)]
    pub targets: Vec<Target>,
    /// Files or directories to check; `-` reads stdin. Directories are searched recursively.
    #[arg(value_name = "PATH", requires = "check")]
    pub paths: Vec<PathBuf>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Print every diagnostic code with its default severity and summary.
    Rules {
        /// `text`: one line per code; `markdown`: the full catalogue (docs/rules.md); `json`: the
        /// catalogue as a JSON array.
        #[arg(long, value_enum, default_value_t = RulesFormat::Text)]
        format: RulesFormat,
    },
    /// Print every target profile (`--target`, `targets` in rigls.toml): what each runtime reads,
    /// drops and draws differently, with where that was read in its source.
    Targets {
        /// `text`: one block per target; `markdown`: docs/targets.md; `json`: the profiles as a
        /// JSON array.
        #[arg(long, value_enum, default_value_t = RulesFormat::Text)]
        format: RulesFormat,
    },
    /// Print the pose a runtime computes: the setup pose, or the state at a time of an animation.
    ///
    /// A file with errors that make its pose meaningless (as `--check` reports them, after
    /// rigls.toml) is not posed: its errors are listed on stderr and the exit status is 2. In an
    /// `.elem` model that is every error; in DragonBones data those after which the runtime loads
    /// nothing or cannot build the armature (syntax, a rejected version, a load failure of the
    /// target, loops, a broken binary); past the others (a name the runtime drops, a value it
    /// coerces) the pose is printed as the runtime computes it, the errors noted on stderr.
    /// Warnings are not in the way. Exit status: 0 printed, 2 an unreadable file, a file with such
    /// errors, an unknown armature or animation, or a file without a pose (an atlas, data the
    /// runtime cannot load).
    Pose {
        /// A DragonBones skeleton (`*_ske.json`) or an `.elem` model.
        #[arg(value_name = "FILE")]
        file: PathBuf,
        /// DragonBones: the armature to build (default: the first that no other armature shows as a
        /// child armature, else the first; a note on stderr names it when there are several).
        #[arg(long, value_name = "NAME")]
        armature: Option<String>,
        /// The animation to play (default: none, the setup pose).
        #[arg(long, value_name = "NAME")]
        animation: Option<String>,
        /// Seconds from the start of the animation (default 0); needs --animation.
        #[arg(long, value_name = "SECONDS", allow_negative_numbers = true, requires = "animation")]
        time: Option<f64>,
        #[arg(long, value_enum, default_value_t = PoseFormat::Text)]
        format: PoseFormat,
        /// The runtime whose pose to print (`rigls targets` lists them; default: the first target
        /// of the file's format in `rigls.toml`, else dragonbones-js for DragonBones and rigls's
        /// own reading for `.elem`).
        #[arg(long, value_name = "NAME", value_parser = parse_target)]
        target: Option<Target>,
    },
    /// Draw the model as a runtime shows it: a PNG, an SVG, an animated GIF, or the scene as JSON.
    ///
    /// DragonBones: slots in draw order, textured from the paired atlas image; without the image,
    /// outlines. `.elem`: a shaded view of the meshes. A file with errors that make its pose
    /// meaningless (as `--check` reports them, after rigls.toml) is not drawn, by the rule of
    /// `pose`: its errors are listed on stderr and the exit status is 2; warnings are not in the
    /// way. Exit status: 0 written, 2 an unreadable file, a file with such errors, an unknown
    /// armature or animation, no atlas to texture a skeleton with, an atlas image that cannot be
    /// read, or the output cannot be written.
    Render {
        /// A DragonBones skeleton (`*_ske.json`) or an `.elem` model; `-` reads it from stdin.
        #[arg(value_name = "FILE")]
        file: PathBuf,
        /// With `-`: the file's name, for finding its atlas and textures beside it (an editor's
        /// unsaved buffer).
        #[arg(long, value_name = "NAME")]
        stdin_filename: Option<PathBuf>,
        /// DragonBones: the armature to draw (default: the first that no other armature shows as a
        /// child armature, else the first; a note on stderr names it when there are several).
        #[arg(long, value_name = "NAME")]
        armature: Option<String>,
        /// The animation to pose (default: the setup pose; for --sheet and .gif the default
        /// animation).
        #[arg(long, value_name = "NAME")]
        animation: Option<String>,
        /// Seconds from the start of the animation; needs --animation.
        #[arg(long, value_name = "SECONDS", allow_negative_numbers = true, conflicts_with_all = ["frame", "sheet"], requires = "animation")]
        time: Option<f64>,
        /// A frame of the animation (its time is N / frame rate); needs --animation.
        #[arg(long, value_name = "N", conflicts_with = "sheet", requires = "animation")]
        frame: Option<u32>,
        /// The picture's size in pixels (a --sheet's cells each have this size).
        #[arg(long, value_name = "WxH", value_parser = parse_size, default_value = "512x512")]
        size: (u32, u32),
        /// Draw the skeleton over the picture.
        #[arg(long)]
        bones: bool,
        /// `.elem`: where the camera looks from.
        #[arg(long, value_enum, value_name = "VIEW")]
        view: Option<ViewArg>,
        /// N evenly spaced frames of the animation in a grid, on one picture.
        #[arg(long, value_name = "N")]
        sheet: Option<usize>,
        /// DragonBones: outline each display instead of texturing it (no atlas image needed).
        #[arg(long)]
        outline: bool,
        /// The file to write: `.png`, `.svg`, `.gif` (the animation at its frame rate) or `.json`
        /// (the scene, docs/scene.md).
        #[arg(short = 'o', long = "output", value_name = "OUT", required = true)]
        output: PathBuf,
        /// The runtime to draw the model as (`rigls targets` lists them; default: as for
        /// `rigls pose`).
        #[arg(long, value_name = "NAME", value_parser = parse_target)]
        target: Option<Target>,
    },
    /// Rewrite DragonBones skeletons (data version 2.3–5.6) as data version 5.5.
    ///
    /// The result poses as the original does in the official runtime; names, order, unknown keys,
    /// numbers and the file's layout are kept. 2.3 images are placed with the texture sizes of the
    /// paired atlas (found as --check finds it). Exit status: 0 written (or shown by --diff), 1
    /// nothing to do (already 5.5) or refused (5.6 features 5.5 lacks, without --force), 2 a file
    /// that cannot be read or written, is not a skeleton or has syntax errors.
    #[command(group(clap::ArgGroup::new("mode").required(true).args(["output", "write", "diff"])))]
    Upgrade {
        /// DragonBones skeletons (`*_ske.json`).
        #[arg(value_name = "FILE", required = true)]
        files: Vec<PathBuf>,
        /// The data version to write.
        #[arg(long, value_name = "VERSION", default_value = "5.5", value_parser = ["5.5"])]
        to: String,
        /// Write the upgraded file here (a directory when several files are upgraded).
        #[arg(short = 'o', long = "output", value_name = "OUT")]
        output: Option<PathBuf>,
        /// Replace each file with its upgrade (atomically, as --fix writes).
        #[arg(long)]
        write: bool,
        /// Print the changes as a unified diff; write nothing.
        #[arg(long)]
        diff: bool,
        /// Write even when features of the file that 5.5 lacks are left out (they are listed).
        #[arg(long)]
        force: bool,
    },
    /// Convert a skeleton between JSON and the binary format: a `.dbbin` becomes JSON, JSON a
    /// `.dbbin` that the runtimes read as they read the JSON.
    ///
    /// Exit status: 0 written, 1 not converted (the reasons on stderr: data the runtime cannot
    /// read, or values the binary cannot hold), 2 unreadable input or unwritable output.
    Convert {
        /// A DragonBones skeleton: JSON (`*_ske.json`) or binary (`*_ske.dbbin`).
        #[arg(value_name = "IN")]
        input: PathBuf,
        /// The file to write (`-`: stdout).
        #[arg(short = 'o', long = "output", value_name = "OUT", required = true)]
        output: PathBuf,
    },
    /// Serve a live preview of the file on 127.0.0.1, updating when the file changes on disk.
    ///
    /// Prints the page's URL (with its access token) on the first line of stdout and serves until
    /// stopped. Only the page, the file's scene and the images it references are served. Exit
    /// status: 2 unreadable file or port in use.
    Preview {
        /// A DragonBones skeleton (`*_ske.json`) or an `.elem` model.
        #[arg(value_name = "FILE")]
        file: PathBuf,
        /// The port to listen on (default: a free one).
        #[arg(long, value_name = "N", default_value_t = 0)]
        port: u16,
        /// The runtime to draw the model as at first (`rigls targets` lists them; default: as
        /// for `rigls pose`); the page's target picker changes it.
        #[arg(long, value_name = "NAME", value_parser = parse_target)]
        target: Option<Target>,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ViewArg {
    /// From −z, looking at the model's front (Direct3D's default camera).
    Front,
    Back,
    /// From −x.
    Left,
    /// From +x.
    Right,
    /// From above, the front at the bottom.
    Top,
    /// From the front, right and above.
    Iso,
}

/// A target's name.
fn parse_target(s: &str) -> Result<Target, String> {
    Target::parse(s).ok_or_else(|| rigls_diagnostic::target::unknown(s))
}

/// `WxH` in pixels.
fn parse_size(s: &str) -> Result<(u32, u32), String> {
    let (w, h) = s.split_once(['x', 'X']).ok_or_else(|| format!("`{s}` is not WIDTHxHEIGHT (e.g. 512x512)"))?;
    let side = |v: &str| v.trim().parse::<u32>().map_err(|_| format!("`{s}` is not WIDTHxHEIGHT (e.g. 512x512)"));
    Ok((side(w)?, side(h)?))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PoseFormat {
    /// A readable table.
    Text,
    /// One JSON object (bones/slots for DragonBones, nodes/meshes for `.elem`).
    Json,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// rustc-style report with source lines (colour on a terminal).
    Human,
    /// One JSON array of diagnostics.
    Json,
    /// GitHub Actions workflow commands (`::error file=…::message`), one line per diagnostic.
    Github,
    /// SARIF 2.1.0 log (for code-scanning dashboards).
    Sarif,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RulesFormat {
    Text,
    Markdown,
    Json,
}

/// Exit statuses: a contract for CI pipelines.
pub mod exit {
    pub const OK: u8 = 0;
    pub const PROBLEMS: u8 = 1;
    pub const USAGE: u8 = 2;
}

/// Before serving LSP: someone who ran `rigls` by hand in a terminal (not an editor, which pipes
/// stdin) is told what it is waiting for and how to lint instead. Not when `--stdio` asked for it.
pub fn explain_lsp_on_a_terminal(asked_for_lsp: bool) {
    use std::io::IsTerminal;
    if !asked_for_lsp && std::io::stdin().is_terminal() {
        eprintln!(
            "rigls: serving the Language Server Protocol on stdin/stdout, as editors start it.\n\
             To lint files instead, run `rigls --check PATH...` (see `rigls --help`). Ctrl+D or Ctrl+C quits."
        );
    }
}

/// Runs the command line; `None` means "serve LSP".
pub fn run(args: Args) -> Option<ExitCode> {
    match args.command {
        Some(Command::Rules { format }) => return Some(ExitCode::from(rules::print(format))),
        Some(Command::Targets { format }) => return Some(ExitCode::from(targets::print(format))),
        Some(Command::Pose { file, armature, animation, time, format, target }) => {
            let args = pose::PoseArgs { file: &file, armature, animation, time, format, target };
            return Some(ExitCode::from(pose::run(args)));
        }
        Some(Command::Render {
            file,
            stdin_filename,
            armature,
            animation,
            time,
            frame,
            size,
            bones,
            view,
            sheet,
            outline,
            output,
            target,
        }) => {
            let view = view.map(|v| match v {
                ViewArg::Front => render_image::View::Front,
                ViewArg::Back => render_image::View::Back,
                ViewArg::Left => render_image::View::Left,
                ViewArg::Right => render_image::View::Right,
                ViewArg::Top => render_image::View::Top,
                ViewArg::Iso => render_image::View::Iso,
            });
            let args = render_image::RenderArgs {
                file: &file,
                stdin_filename: stdin_filename.as_deref(),
                armature,
                animation,
                time,
                frame: frame.map(f64::from),
                size,
                bones,
                view,
                sheet,
                outline,
                output: &output,
                target,
            };
            return Some(ExitCode::from(render_image::run(args)));
        }
        Some(Command::Upgrade { files, to: _, output, write, diff, force }) => {
            let mode = match (&output, write, diff) {
                (Some(out), _, _) => upgrade::Mode::Output(out),
                (None, true, _) => upgrade::Mode::Write,
                _ => upgrade::Mode::Diff,
            };
            return Some(ExitCode::from(upgrade::run(upgrade::UpgradeArgs { files: &files, mode, force })));
        }
        Some(Command::Convert { input, output }) => return Some(ExitCode::from(convert::run(&input, &output))),
        Some(Command::Preview { file, port, target }) => {
            return Some(ExitCode::from(preview::run(preview::PreviewArgs { file: &file, port, target })));
        }
        None => {}
    }
    if args.list_rules {
        return Some(ExitCode::from(rules::print(RulesFormat::Text)));
    }
    if !args.check {
        return None;
    }
    if args.paths.is_empty() {
        eprintln!("error: --check needs at least one PATH (a file, a directory, or - for stdin)");
        return Some(ExitCode::from(exit::USAGE));
    }
    Some(ExitCode::from(check::run(&args)))
}
