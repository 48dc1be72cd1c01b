//! `sgfkit stats`: totals over files, and how fast they were read.

use crate::big::{self, StreamArgs, Unit};
use crate::input::{self, EncodingArgs, Said, Source, WalkArgs};
use crate::output::{Context, Tally};
use crate::run::{Progress, Status};
use sgfkit::check::Code;
use std::io::{self, Write};
use std::path::PathBuf;
use std::time::Instant;

/// Read the files and print totals, and the throughput (MB/s of input,
/// decoding and lenient reading included).
///
/// The counts: `files`, the files read (a big file read one game tree at a
/// time counts once); `failed`, files in which no game tree was found
/// (exit status 1); `repaired`, files that do not follow the SGF grammar,
/// which the lenient reader read by repairing them (each repair is a
/// finding with an L code: --by-code counts them; `sgfkit check` shows
/// them, `sgfkit fix` writes the repaired file); `games`, the game trees;
/// `nodes` and `properties`, in all game trees; `bytes`, the size of the
/// input, uncompressed (of a big compressed file read one game tree at a
/// time: to the end of its last game tree). The semantic checks of
/// `sgfkit check` (S codes) are not made.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(flatten)]
    pub(crate) jobs: crate::output::ThreadArgs,
    /// Files or folders; `-` reads standard input.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Also print the lenient reader's repairs by code: findings, files
    /// and what each code means.
    #[arg(long)]
    by_code: bool,
    #[command(flatten)]
    encoding: EncodingArgs,
    #[command(flatten)]
    walk: WalkArgs,
    #[command(flatten)]
    stream: StreamArgs,
}

/// One game tree of a streamed file: where it ends in the (uncompressed)
/// input, and the size of a plain file (`None` for a `*.sgf.gz`, streamed
/// as its one member: its size is not the bytes read).
#[derive(Debug, Clone, Copy)]
struct Streamed {
    end: u64,
    plain_len: Option<u64>,
}

/// The counts of one file (or of all).
#[derive(Debug, Default, Clone)]
struct Counts {
    /// For a file with no game tree: the lenient reader's line saying why.
    why: Option<String>,
    /// From one game tree of a streamed file.
    streamed: Option<Streamed>,
    failed: usize,
    repaired: usize,
    games: usize,
    nodes: usize,
    properties: usize,
    bytes: usize,
    /// The lenient reader's findings by code (with `--by-code`).
    codes: Tally,
}

pub(crate) fn run(args: &Args, ctx: &Context) -> io::Result<Status> {
    let read = input::read_options(&args.encoding)?;
    let start = Instant::now();
    let mut status = Status::default();
    let (inputs, total) = input::listed(
        &args.paths,
        &args.walk,
        ctx.stderr_tty,
        &mut status.failed_paths,
    );
    let mut progress = Progress::bytes(total, ctx.stderr_tty);
    let mut sum = Counts::default();
    let mut files = 0usize;
    let mut last_file = None;
    // Of the file being counted: whether it failed, was repaired, and
    // where its last game tree read ends (a streamed file).
    let (mut file_failed, mut file_repaired, mut file_end) = (false, false, 0u64);
    // The findings of the file being counted (a streamed file comes a game
    // tree at a time).
    let mut file_codes = Tally::default();
    big::drive(
        inputs,
        ctx.threads,
        args.stream.stream_above,
        |unit| -> Result<Counts, Said> {
            let streamed = match unit {
                Unit::Game(source, game) => Some(Streamed {
                    end: game.offset() + game.bytes().len() as u64,
                    plain_len: match source {
                        Source::Member(..) => None,
                        plain => Some(plain.file_len().unwrap_or(0)),
                    },
                }),
                Unit::Whole(_) => None,
            };
            let name = match unit {
                Unit::Whole(source) | Unit::Game(source, _) => source.name(),
            };
            // A whole input is given away to the reader: the tree keeps it
            // as its text, or it is freed once transcoded.
            let (doc, len) = match unit {
                Unit::Whole(source) => {
                    let bytes = source.read().map_err(|e| Said::failed(&source.name(), e))?;
                    let len = bytes.len();
                    (input::read_owned(bytes, &read), len)
                }
                Unit::Game(_, game) => (input::read(game.bytes(), &read), game.bytes().len()),
            };
            let tree = doc.collection();
            let games = tree.games().len();
            let why = (games == 0)
                .then(|| {
                    let d = doc.diagnostics().iter().rev();
                    d.clone()
                        .find(|d| d.code == Code::L013 || d.code == Code::L017)
                })
                .flatten()
                .map(|d| format!("{name}:{d}"));
            let mut codes = Tally::default();
            if args.by_code {
                for d in doc.diagnostics() {
                    codes.add(Some(d.code.as_str()), d.severity, 1);
                }
            }
            Ok(Counts {
                codes,
                why,
                streamed,
                failed: usize::from(games == 0),
                repaired: usize::from(!doc.diagnostics().is_empty()),
                games,
                nodes: tree.node_count(),
                properties: tree.property_count(),
                bytes: len,
            })
        },
        |index, counted| {
            match counted.and_then(|c| c) {
                Ok(c) => {
                    progress.advance(c.bytes as u64);
                    if let Some(why) = &c.why {
                        eprintln!("{why}");
                    }
                    // A streamed file gives one count a game tree; its
                    // counts of files are made once.
                    let first = last_file != Some(index);
                    if first {
                        if !file_codes.is_empty() {
                            sum.codes.add_file(&file_codes);
                            file_codes = Tally::default();
                        }
                        files += 1;
                        last_file = Some(index);
                        (file_failed, file_repaired, file_end) = (false, false, 0);
                    }
                    match c.streamed {
                        // A plain file: its size, bytes between trees
                        // included.
                        Some(Streamed {
                            plain_len: Some(len),
                            ..
                        }) => {
                            if first {
                                sum.bytes += len as usize;
                            }
                        }
                        // A compressed one: its bytes uncompressed, as
                        // when read whole, to the end of its last tree.
                        Some(Streamed {
                            end,
                            plain_len: None,
                        }) => {
                            sum.bytes += end.saturating_sub(file_end) as usize;
                            file_end = file_end.max(end);
                        }
                        None => sum.bytes += c.bytes,
                    }
                    if c.failed > 0 && !file_failed {
                        file_failed = true;
                        sum.failed += 1;
                    }
                    if c.repaired > 0 && !file_repaired {
                        file_repaired = true;
                        sum.repaired += 1;
                    }
                    file_codes.merge(&c.codes);
                    sum.games += c.games;
                    sum.nodes += c.nodes;
                    sum.properties += c.properties;
                }
                Err(said) => {
                    status.failed_paths += usize::from(said.failed);
                    said.say();
                }
            }
            Ok(())
        },
    )?;
    progress.finish();
    if !file_codes.is_empty() {
        sum.codes.add_file(&file_codes);
    }
    let secs = start.elapsed().as_secs_f64();
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "files {} failed {} repaired {}",
        files, sum.failed, sum.repaired
    )?;
    writeln!(
        out,
        "games {} nodes {} properties {} bytes {}",
        sum.games, sum.nodes, sum.properties, sum.bytes
    )?;
    writeln!(
        out,
        "read in {secs:.3} s: {:.1} MB/s (decoding and lenient reading included)",
        sum.bytes as f64 / 1e6 / secs.max(1e-9)
    )?;
    if args.by_code {
        sum.codes.write_table(&mut out)?;
    }
    status.files_with_errors = sum.failed;
    Ok(status)
}
