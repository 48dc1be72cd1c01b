//! `sgfkit convert`: records of other formats (and SGF) written as SGF.

use crate::fmt::Formatted;
use crate::input::{self, EncodingArgs, WalkArgs};
use crate::output::Context;
use crate::run::{self, Status};
use sgfkit::print::{WriterConfig, push_sgf};
use std::io::{self, Write};
use std::path::PathBuf;

/// Write files as SGF: Tygem (.gib), WBaduk (.ngf) and Pandanet (.ugf,
/// .ugi) records read into SGF, and SGF files, in the canonical FF[4] form
/// in UTF-8.
///
/// Folders are walked as every command walks them. Without -o the SGF goes
/// to stdout (several files one after the other: a collection). With -o
/// FILE (one input) it goes to that file; with -o DIR each input goes to
/// DIR, at its path below the folder named (or its file name), ending in
/// `.sgf`. What the reading reports (codes I… for the other formats, L…
/// for SGF) goes to stderr as PATH:LINE:COL: severity[CODE]: message.
/// Exit status 1 when a file could not be read or holds no game.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(flatten)]
    pub(crate) jobs: crate::output::ThreadArgs,
    /// Files or folders; `-` reads standard input.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Where to write: a file (one input) or a folder (created if missing).
    #[arg(short, long, value_name = "DIR|FILE")]
    output: Option<PathBuf>,
    /// Break lines before nodes that would pass this width (0: never).
    #[arg(long, default_value_t = 80)]
    width: usize,
    #[command(flatten)]
    encoding: EncodingArgs,
    #[command(flatten)]
    walk: WalkArgs,
}

pub(crate) fn run(args: &Args, ctx: &Context) -> io::Result<Status> {
    let read = input::read_options(&args.encoding)?;
    let mut status = Status::default();
    let sources = input::sources(&args.paths, &args.walk, &mut status.failed_paths);
    let config = WriterConfig::default()
        .line_width(args.width)
        .declare_utf8(true);
    // -o FILE: one input, a name that is no folder.
    let to_file = args
        .output
        .as_ref()
        .filter(|o| !o.is_dir() && sources.len() == 1 && o.extension().is_some());
    let targets = match (&args.output, to_file) {
        (Some(_), Some(file)) => Some(vec![Some(file.clone())]),
        (Some(dir), None) => {
            std::fs::create_dir_all(dir)?;
            Some(input::targets(dir, &args.paths, &sources))
        }
        _ => None,
    };
    let mut stdout = io::BufWriter::new(io::stdout().lock());
    let items: Vec<usize> = (0..sources.len()).collect();
    run::ordered(
        &items,
        ctx.threads,
        |&k| {
            let source = &sources[k];
            let name = source.name();
            let bytes = match source.read() {
                Ok(b) => b,
                Err(e) => return Formatted::failed(&name, &e),
            };
            let (tree, messages) = input::read_for_writing(&name, &bytes, &read, false);
            let mut out = Vec::new();
            push_sgf(&mut out, &tree, &config);
            let error = tree.games().len() == 0;
            let mut f = Formatted {
                out,
                messages,
                error,
                failed: false,
            };
            if let Some(targets) = &targets {
                let written = match &targets[k] {
                    None => Err(io::Error::other(
                        "no place to write it (an archive member, or a second file for the same name)",
                    )),
                    Some(t) => t
                        .parent()
                        .map_or(Ok(()), std::fs::create_dir_all)
                        .and_then(|()| std::fs::write(t, &f.out)),
                };
                f.out.clear();
                if let Err(e) = written {
                    f.messages.push(format!("sgfkit: {name}: not written: {e}"));
                    f.failed = true;
                }
            }
            f
        },
        |f| f.report(&mut stdout, &mut status),
    )?;
    stdout.flush()?;
    Ok(status)
}
