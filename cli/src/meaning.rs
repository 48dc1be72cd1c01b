//! `sgfkit meaning`: what a file says, in the meaning format that
//! `sgfkit conform` compares (docs/conformance.md).

use crate::input::{self, EncodingArgs};
use crate::output::Context;
use crate::run::Status;
use sgfkit_conform::meaning::Meaning;
use std::io::{self, Write};
use std::path::PathBuf;

/// Print what a file says as meaning JSON (docs/conformance.md): each game's
/// tree shape and every node's properties, decoded.
///
/// The file is read as every sgfkit command reads it (encoding detected,
/// damage repaired by the lenient reader, each repair reported on stderr).
/// This is the reading other SGF programs are compared with by `sgfkit
/// conform`.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The file; `-` or nothing reads standard input.
    path: Option<PathBuf>,
    #[command(flatten)]
    encoding: EncodingArgs,
}

pub(crate) fn run(args: &Args, _ctx: &Context) -> io::Result<Status> {
    let read = input::read_options(&args.encoding)?;
    let mut status = Status::default();
    let Some((name, bytes)) = input::read_single(args.path.as_deref(), &mut status)? else {
        return Ok(status);
    };
    let (tree, messages) = input::read_for_writing(&name, &bytes, &read, false);
    let mut err = io::stderr().lock();
    for m in &messages {
        writeln!(err, "{m}")?;
    }
    if tree.games().len() == 0 {
        writeln!(err, "sgfkit: {name}: no game tree found")?;
        status.files_with_errors += 1;
    }
    let mut out = io::stdout().lock();
    writeln!(out, "{}", Meaning::of(&tree).to_json())?;
    out.flush()?;
    Ok(status)
}
