//! `sgfkit`: check, format, repair, convert and measure SGF files from the
//! command line.
//!
//! A thin face over the `sgfkit` library: each command is one file of this
//! crate, and what commands share (finding and reading the input, colours
//! and output, running files in parallel in input order) has a file of its
//! own. Run `sgfkit --help` or `sgfkit <COMMAND> --help` for the options.

mod big;
mod check;
mod conform;
mod convert;
mod dedupe;
mod export;
mod fix;
mod fmt;
mod r#gen;
mod input;
mod join;
mod json;
mod meaning;
mod merge;
mod output;
mod run;
mod show;
mod split;
mod stats;
mod tree;

use clap::{Parser, Subcommand};
use std::io::{self, Write};
use std::process::ExitCode;

/// What every command's exit status means.
const EXIT_STATUS: &str = "\
Exit status: 0 when every input was read and no file has an error (warnings
are fine); 1 when some file has an error; 2 when some path could not be read
or the command line is wrong (the other files are still processed).";

/// Read, check and write SGF (Smart Game Format) files.
#[derive(Parser, Debug)]
#[command(name = "sgfkit", version, about, long_about = None, after_help = EXIT_STATUS)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    #[command(flatten)]
    global: output::GlobalArgs,
    #[command(flatten)]
    limits: input::LimitArgs,
    /// `-j` before the command (as `sgfkit -j 4 check ...`).
    #[command(flatten)]
    jobs: output::ThreadArgs,
}

#[derive(Subcommand, Debug)]
enum Command {
    Check(check::Args),
    Fmt(fmt::Args),
    Fix(fix::Args),
    Convert(convert::Args),
    Dedupe(dedupe::Args),
    Stats(stats::Args),
    Json(json::Args),
    Export(export::Args),
    Meaning(meaning::Args),
    Gen(r#gen::Args),
    Conform(conform::Args),
    Show(show::Args),
    Tree(tree::Args),
    Split(split::Args),
    Join(join::Args),
    Merge(merge::Args),
}

impl Command {
    /// `-j`, for the commands that work on many files at once.
    fn threads(&self) -> Option<usize> {
        let jobs = match self {
            Command::Check(a) => &a.jobs,
            Command::Fmt(a) => &a.jobs,
            Command::Fix(a) => &a.jobs,
            Command::Convert(a) => &a.jobs,
            Command::Dedupe(a) => &a.jobs,
            Command::Stats(a) => &a.jobs,
            Command::Json(a) => &a.jobs,
            Command::Export(a) => &a.jobs,
            Command::Conform(a) => &a.jobs,
            Command::Split(a) => &a.jobs,
            Command::Join(a) => &a.jobs,
            Command::Meaning(_)
            | Command::Gen(_)
            | Command::Show(_)
            | Command::Tree(_)
            | Command::Merge(_) => {
                return None;
            }
        };
        jobs.threads
    }
}

/// The allocator: mimalloc (its v2 line). Every command allocates a tree,
/// diagnostics and output per file; with glibc's malloc, allocating and
/// freeing were 9 % of the instructions of `export` on the corpus. mimalloc
/// v3 (the crate's default) kept a third more memory than v2 for the same
/// speed (export of the corpus: 104 MB resident against 65 MB).
///
/// Transparent huge pages are turned off for the process
/// ([`small_pages`]): where the system gives them to every mapping
/// (`/sys/kernel/mm/transparent_hugepage/enabled` is `always`), each of
/// mimalloc's segments is backed by 2 MiB pages as soon as it is touched,
/// and `sgfkit stats` on a 3.3 MB collection was resident at 3.8x its input
/// above the process's baseline instead of 3.0x.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Turns transparent huge pages off for this process (Linux), before
/// anything big is allocated: the commands' memory is short-lived and
/// touched once, so 4 KiB pages keep the resident memory near what is
/// allocated. Where the call is refused nothing changes.
fn small_pages() {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    let _ = rustix::thread::disable_transparent_huge_pages(true);
}

fn main() -> ExitCode {
    small_pages();
    let cli = Cli::parse();
    input::set_limits(&cli.limits);
    let ctx = match output::Context::new(&cli.global, cli.command.threads().or(cli.jobs.threads)) {
        Ok(ctx) => ctx,
        Err(e) => return fail(&e),
    };
    let result = match &cli.command {
        Command::Check(args) => check::run(args, &ctx),
        Command::Fmt(args) => fmt::run(args, &ctx),
        Command::Fix(args) => fix::run(args, &ctx),
        Command::Convert(args) => convert::run(args, &ctx),
        Command::Dedupe(args) => dedupe::run(args, &ctx),
        Command::Stats(args) => stats::run(args, &ctx),
        Command::Json(args) => json::run(args, &ctx),
        Command::Export(args) => export::run(args, &ctx),
        Command::Meaning(args) => meaning::run(args, &ctx),
        Command::Gen(args) => r#gen::run(args, &ctx),
        Command::Show(args) => show::run(args, &ctx),
        Command::Tree(args) => tree::run(args, &ctx),
        Command::Split(args) => split::run(args, &ctx),
        Command::Join(args) => join::run(args, &ctx),
        Command::Merge(args) => merge::run(args, &ctx),
        Command::Conform(args) => return conform::run(args, &ctx).unwrap_or_else(|e| fail(&e)),
    };
    match result {
        Ok(status) => status.exit_code(),
        Err(e) => fail(&e),
    }
}

/// Reports an error that ends the command; a closed pipe (`sgfkit json f |
/// head -1`) ends it quietly.
fn fail(e: &io::Error) -> ExitCode {
    if e.kind() == io::ErrorKind::BrokenPipe {
        return ExitCode::SUCCESS;
    }
    let _ = writeln!(io::stderr(), "sgfkit: {e}");
    ExitCode::from(2)
}
