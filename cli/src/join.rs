//! `sgfkit join`: the game trees of many files as one collection.

use crate::big::{self, StreamArgs};
use crate::input::{self, EncodingArgs, WalkArgs};
use crate::output::Context;
use crate::run::Status;
use crate::split::{accept, read_games};
use sgfkit::print::{WriterConfig, push_sgf};
use std::io::{self, Write};
use std::path::PathBuf;

/// Write the game trees of many files into one collection, FILE.
///
/// Inputs are read as `sgfkit split` reads them (folders walked, encodings
/// detected, damage repaired and reported, big files one game tree at a
/// time, game trees that lost their `)` set apart), and every game tree is
/// written in input order, in the canonical FF[4] form, in UTF-8 with
/// CA[UTF-8]. FILE may not be one of the inputs.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(flatten)]
    pub(crate) jobs: crate::output::ThreadArgs,
    /// The files and folders to join; `-` reads standard input.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// The collection to write (replaced if it exists).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    output: PathBuf,
    #[command(flatten)]
    encoding: EncodingArgs,
    #[command(flatten)]
    walk: WalkArgs,
    #[command(flatten)]
    stream: StreamArgs,
}

pub(crate) fn run(args: &Args, ctx: &Context) -> io::Result<Status> {
    let read = input::read_options(&args.encoding)?;
    let mut status = Status::default();
    let sources = input::sources(&args.paths, &args.walk, &mut status.failed_paths);
    let in_path =
        |e: io::Error| io::Error::new(e.kind(), format!("{}: {e}", args.output.display()));
    if let Ok(out) = args.output.canonicalize() {
        let same = sources
            .iter()
            .filter_map(|s| s.path())
            .any(|p| p.canonicalize().is_ok_and(|p| p == out));
        if same {
            return Err(in_path(io::Error::new(
                io::ErrorKind::InvalidInput,
                "is also an input: write the collection elsewhere",
            )));
        }
    }
    let mut out = io::BufWriter::new(std::fs::File::create(&args.output).map_err(in_path)?);
    let config = WriterConfig::default().declare_utf8(true);
    let mut games = 0usize;
    let mut last: Option<usize> = None;
    big::drive(
        sources.iter().cloned(),
        ctx.threads,
        args.stream.stream_above,
        |unit| {
            let read = read_games(unit, &read);
            let mut text = Vec::new();
            push_sgf(&mut text, &read.tree, &config);
            (read, text)
        },
        |index, result| {
            let Some((read, text)) = accept(result, &mut status)? else {
                return Ok(());
            };
            if last != Some(index) && read.tree.games().len() == 0 {
                status.files_with_errors += 1;
            }
            last = Some(index);
            games += read.tree.games().len();
            out.write_all(&text).map_err(in_path)
        },
    )?;
    out.flush().map_err(in_path)?;
    writeln!(
        io::stderr().lock(),
        "sgfkit: {games} game{} written to {}",
        if games == 1 { "" } else { "s" },
        args.output.display()
    )?;
    Ok(status)
}
