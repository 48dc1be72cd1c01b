//! `sgfkit json`: files as JSON, every property typed and decoded.

use crate::big::{self, StreamArgs, Unit};
use crate::fmt::Formatted;
use crate::input::{self, EncodingArgs, Source, WalkArgs};
use crate::output::Context;
use crate::run::Status;
use sgfkit::format::Archive;
use std::io::{self, Write};
use std::path::PathBuf;

/// Print files as JSON with every property typed and decoded (schema: the
/// `sgfkit::json` documentation and the README).
///
/// Each file is read as every sgfkit command reads it (encoding detected,
/// damage repaired by the lenient reader, each repair reported on stderr).
/// One input is written as one JSON document, streamed node by node; with
/// several inputs each file is one line (JSON Lines) with its "path" first.
/// A file larger than `--stream-above` is read one game tree at a time, in
/// memory bounded by its largest game tree: the same document, except that
/// each tree is decoded alone (a root gets `CA[UTF-8]` only when its own
/// tree was transcoded) and bytes between trees are skipped silently.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(flatten)]
    pub(crate) jobs: crate::output::ThreadArgs,
    /// Files or folders; `-` or nothing reads standard input.
    paths: Vec<PathBuf>,
    /// The compact form: one line a game tree, its nodes as two arrays
    /// ("parent" numbers and "props", each node's properties as a flat
    /// `ident, value, ...` array); with several inputs each line has its
    /// "path" first.
    #[arg(long)]
    compact: bool,
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
    let sources = if args.paths.is_empty() {
        vec![Source::Stdin]
    } else {
        input::sources(&args.paths, &args.walk, &mut status.failed_paths)
    };
    // An archive of several files (not a `*.sgf.gz`) is written as a folder is.
    let several = |s: &Source| s.archive().is_some_and(|(_, a)| a != Archive::Gzip);
    let lines =
        sources.len() > 1 || args.paths.iter().any(|p| p.is_dir()) || sources.iter().any(several);
    let threshold = args.stream.stream_above;
    let mut stdout = io::BufWriter::new(io::stdout().lock());
    if let [source] = &sources[..]
        && !lines
        && source.file_len().is_none_or(|len| len <= threshold)
    {
        // One document: stream it to stdout as it is written, so that memory
        // is the tree's, whatever the size of the document.
        let name = source.name();
        let f = match source.read() {
            Ok(bytes) => {
                let (tree, messages) = input::read_owned_to_write(&name, bytes, &read);
                // A big collection's game trees written on every thread.
                let options = sgfkit::json::JsonOptions::default()
                    .compact(args.compact)
                    .threads(ctx.threads);
                sgfkit::json::write_json_with(&tree, &mut stdout, &options)?;
                Formatted {
                    out: Vec::new(),
                    error: tree.games().len() == 0,
                    messages,
                    failed: false,
                }
            }
            Err(e) => Formatted::failed(&name, &e),
        };
        f.report(&mut stdout, &mut status)?;
        stdout.flush()?;
        return Ok(status);
    }
    // The streamed file being written (its game trees come one by one):
    // its index and how many games it has had.
    let mut open: Option<(usize, usize)> = None;
    let compact = args.compact;
    // The end of a streamed file's document; a file none of whose game
    // trees held a game counts as one with errors, as a whole file would.
    let close = |open: &mut Option<(usize, usize)>,
                 stdout: &mut dyn Write,
                 status: &mut Status|
     -> io::Result<()> {
        if let Some((_, games)) = open.take() {
            if !compact {
                stdout.write_all(b"]}\n")?;
            }
            status.files_with_errors += usize::from(games == 0);
        }
        Ok(())
    };
    big::drive(
        &sources,
        ctx.threads,
        threshold,
        |unit| match unit {
            Unit::Whole(source) => Piece {
                formatted: whole(source, args, &read, lines),
                games: None,
            },
            Unit::Game(source, game) => game_piece(&source.name(), game, args, &read, lines),
        },
        |index, piece| {
            let piece = match piece {
                Ok(p) => p,
                Err(message) => {
                    // A game tree too big to read (or the file failing): said
                    // on stderr, the file's document goes on.
                    stdout.flush()?;
                    eprintln!("{message}");
                    if open.is_none_or(|(i, _)| i != index) {
                        status.failed_paths += 1;
                    }
                    return Ok(());
                }
            };
            let Some(games) = piece.games else {
                close(&mut open, &mut stdout, &mut status)?;
                return piece.formatted.report(&mut stdout, &mut status);
            };
            if open.is_some_and(|(i, _)| i != index) {
                close(&mut open, &mut stdout, &mut status)?;
            }
            if open.is_none() {
                // The first game tree of the file: the document's head.
                if !compact {
                    if lines {
                        let name = sources[index].name();
                        write!(
                            stdout,
                            "{{\"path\":{},\"games\":[",
                            serde_json::Value::from(name)
                        )?;
                    } else {
                        stdout.write_all(b"{\"games\":[")?;
                    }
                }
            }
            let (_, written) = open.get_or_insert((index, 0));
            if !compact && *written > 0 && games > 0 {
                stdout.write_all(b",")?;
            }
            *written += games;
            piece.formatted.report(&mut stdout, &mut status)
        },
    )?;
    close(&mut open, &mut stdout, &mut status)?;
    stdout.flush()?;
    Ok(status)
}

/// What `json` writes for one unit: a whole input's document (or line), or
/// the games of one game tree of a streamed file (`games`: how many), to
/// go between the brackets of its file's document.
struct Piece {
    formatted: Formatted,
    games: Option<usize>,
}

/// A whole input as one document, or as one line with `lines`.
fn whole(source: &Source, args: &Args, read: &sgfkit::ReadOptions, lines: bool) -> Formatted {
    let name = source.name();
    let bytes = match source.read() {
        Ok(b) => b,
        Err(e) => return Formatted::failed(&name, &e),
    };
    let len = bytes.len();
    let (tree, messages) = input::read_owned_to_write(&name, bytes, read);
    // No game tree: the lenient reader's L013 (or L017) line says why.
    let error = tree.games().len() == 0;
    // The document is about six times the input for move-dense
    // games: reserve it once instead of growing it by copies.
    let mut out = Vec::with_capacity(len.saturating_mul(6));
    // Writing into memory cannot fail.
    if args.compact {
        let _ = sgfkit::json::write_json_compact(&tree, &mut out);
        if lines {
            out = with_path(&name, &out);
        }
    } else {
        let _ = sgfkit::json::write_json(&tree, &mut out);
        if lines {
            out = one_line(&name, &out);
        }
    }
    Formatted {
        out,
        messages,
        error,
        failed: false,
    }
}

/// One game tree of a streamed file: its games as the whole file's
/// document holds them (compact lines, or the games between `[` and `]`,
/// on one line with `lines`).
fn game_piece(
    name: &str,
    game: &sgfkit::stream::Game,
    args: &Args,
    read: &sgfkit::ReadOptions,
    lines: bool,
) -> Piece {
    let (tree, messages) = input::read_game_for_writing(name, game, read);
    let mut out = Vec::with_capacity(game.bytes().len().saturating_mul(6));
    // Writing into memory cannot fail.
    let games = if args.compact {
        let _ = sgfkit::json::write_json_compact(&tree, &mut out);
        if lines {
            out = with_path(name, &out);
        }
        tree.games().len()
    } else {
        let n = sgfkit::json::write_json_games(&tree, &mut out).unwrap_or(0);
        if lines {
            // JSON strings hold no raw line breaks: every one is layout.
            out.retain(|&b| b != b'\n');
        }
        n
    };
    Piece {
        formatted: Formatted {
            out,
            messages,
            error: false,
            failed: false,
        },
        games: Some(games),
    }
}

/// The JSON document `doc` (`{"games":[...]}`, a node a line) as one line
/// `{"path":"...","games":[...]}`. JSON strings hold no raw line breaks, so
/// every line break of the document is layout.
fn one_line(path: &str, doc: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(doc.len() + path.len() + 16);
    out.extend_from_slice(b"{\"path\":");
    out.extend_from_slice(serde_json::Value::from(path).to_string().as_bytes());
    out.push(b',');
    out.extend(doc.iter().skip(1).copied().filter(|&b| b != b'\n'));
    out.push(b'\n');
    out
}

/// The compact lines `doc` (one object a line) with `"path":"..."` first in
/// each object.
fn with_path(path: &str, doc: &[u8]) -> Vec<u8> {
    let key = format!("{{\"path\":{},", serde_json::Value::from(path));
    let mut out = Vec::with_capacity(doc.len() + 64);
    for line in doc.split(|&b| b == b'\n').filter(|l| l.len() > 1) {
        out.extend_from_slice(key.as_bytes());
        out.extend_from_slice(&line[1..]);
        out.push(b'\n');
    }
    out
}
