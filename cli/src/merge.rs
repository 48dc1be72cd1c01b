//! `sgfkit merge`: the records of one game, or variations of one opening,
//! merged into one game tree ([`sgfkit::merge`]).

use crate::input::{self, EncodingArgs};
use crate::output::Context;
use crate::run::Status;
use crate::split::report;
use sgfkit::print::{WriterConfig, push_sgf};
use std::io::{self, Write};
use std::path::PathBuf;

/// Merge the records of one game (or variations of one opening) into one
/// game tree, written to OUT.
///
/// Every game tree of every FILE is merged, in the order given, by FF[4]'s
/// rule: the moves they share once, a variation where they diverge. Nodes
/// are the same when they have the same move (B or W and its value), or,
/// without a move, the same setup (AB, AW, AE); the properties of the same
/// node are united (comments of both kept, joined by a blank line; markup
/// united). Game info the records disagree on keeps the first record's
/// value: each conflict is said on stderr and the other values are written
/// in the root's GC (`merge: IDENT[value] in record N`). The files are read
/// as every sgfkit command reads them; OUT is written in the canonical
/// FF[4] form in UTF-8 with CA[UTF-8].
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The records to merge.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// The file to write (`-`: standard output).
    #[arg(short = 'o', long = "output", value_name = "OUT")]
    output: PathBuf,
    #[command(flatten)]
    encoding: EncodingArgs,
}

pub(crate) fn run(args: &Args, _ctx: &Context) -> io::Result<Status> {
    let read = input::read_options(&args.encoding)?;
    let mut status = Status::default();
    let mut trees = Vec::new();
    for path in &args.paths {
        let Some((name, bytes)) = input::read_single(Some(path), &mut status)? else {
            continue;
        };
        let (tree, messages) = input::read_for_writing(&name, &bytes, &read, false);
        report(&messages)?;
        if tree.games().len() == 0 {
            report(&[format!("sgfkit: {name}: no game tree found")])?;
            status.files_with_errors += 1;
        }
        trees.push(tree);
    }
    let roots: Vec<_> = trees.iter().flat_map(|t| t.games()).collect();
    let merged = sgfkit::merge::merge(&roots).map_err(io::Error::other)?;
    let conflicts: Vec<String> = merged
        .conflicts
        .iter()
        .map(|c| format!("sgfkit: warning: game info differs: {c} (kept in the root's GC)"))
        .collect();
    report(&conflicts)?;
    let mut text = Vec::new();
    push_sgf(
        &mut text,
        &merged.collection,
        &WriterConfig::default().declare_utf8(true),
    );
    if args.output.as_os_str() == "-" {
        let mut out = io::stdout().lock();
        out.write_all(&text)?;
        out.flush()?;
    } else {
        std::fs::write(&args.output, &text)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", args.output.display())))?;
    }
    Ok(status)
}
