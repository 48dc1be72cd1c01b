//! `sgfkit json`: files as JSON, every property typed and decoded.

use crate::big::{self, StreamArgs, Unit};
use crate::fmt::Formatted;
use crate::input::{self, EncodingArgs, Inputs, Source, Taken, WalkArgs};
use crate::output::Context;
use crate::run::{Buffers, Status};
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
    // A folder is walked as its files are written; named files are listed
    // first, to know whether there is one input (one document) or several
    // (a line each).
    let folder = args.paths.iter().any(|p| p.is_dir());
    let listed = if args.paths.is_empty() {
        Some(vec![Source::Stdin])
    } else if folder {
        None
    } else {
        Some(input::sources(
            &args.paths,
            &args.walk,
            &mut status.failed_paths,
        ))
    };
    // An archive of several files (not a `*.sgf.gz`) is written as a folder is.
    let several = |s: &Source| s.archive().is_some_and(|(_, a)| a != Archive::Gzip);
    let lines = listed
        .as_ref()
        .is_none_or(|sources| sources.len() > 1 || sources.iter().any(several));
    let threshold = args.stream.stream_above;
    let mut stdout = io::BufWriter::new(io::stdout().lock());
    if let Some([source]) = listed.as_deref()
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
    let buffers = Buffers::default();
    let inputs: Box<dyn Iterator<Item = Taken>> = match listed {
        Some(sources) => Box::new(sources.into_iter().map(Taken::Input)),
        None => Box::new(Inputs::new(&args.paths, &args.walk)),
    };
    big::drive(
        inputs,
        ctx.threads,
        threshold,
        |unit| match unit {
            // An archive's member is no source of the command line: the
            // piece takes it along.
            Unit::Whole(source) if source.file_len().is_some_and(|n| n >= DIRECT_FROM) => {
                Piece::Direct(source.clone())
            }
            Unit::Whole(source) => Piece::Whole(whole(source, args, &read, lines, &buffers)),
            Unit::Game(source, game) => game_piece(&source.name(), game, args, &read, lines),
        },
        |index, piece| {
            let piece = match piece {
                Ok(p) => p,
                Err(said) => {
                    // A game tree too big to read (or the file failing), or
                    // what the walk says: said on stderr, the file's
                    // document goes on.
                    if !said.failed {
                        // Said between inputs: the file before it is done.
                        close(&mut open, &mut stdout, &mut status)?;
                    }
                    stdout.flush()?;
                    said.say();
                    if said.failed && open.is_none_or(|(i, _)| i != index) {
                        status.failed_paths += 1;
                    }
                    return Ok(());
                }
            };
            let (formatted, games, name) = match piece {
                Piece::Games {
                    formatted,
                    games,
                    name,
                } => (formatted, games, name),
                Piece::Whole(formatted) => {
                    close(&mut open, &mut stdout, &mut status)?;
                    formatted.report(&mut stdout, &mut status)?;
                    buffers.give(formatted.out);
                    return Ok(());
                }
                Piece::Direct(source) => {
                    close(&mut open, &mut stdout, &mut status)?;
                    let f = write_whole(&source, args, &read, lines, &mut stdout)?;
                    return f.report(&mut stdout, &mut status);
                }
            };
            if open.is_some_and(|(i, _)| i != index) {
                close(&mut open, &mut stdout, &mut status)?;
            }
            if open.is_none() {
                // The first game tree of the file: the document's head.
                if !compact {
                    if lines {
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
            formatted.report(&mut stdout, &mut status)
        },
    )?;
    close(&mut open, &mut stdout, &mut status)?;
    stdout.flush()?;
    Ok(status)
}

/// What `json` writes for one unit.
enum Piece {
    /// A whole input's document (or line), made in memory.
    Whole(Formatted),
    /// A whole input of [`DIRECT_FROM`] bytes or more, left to the thread
    /// that writes: read there and written as its document is made.
    Direct(Source),
    /// The games of one game tree of a streamed file (`games`: how many),
    /// to go between the brackets of its file's document (`name`: the
    /// file's, for the head of its line).
    Games {
        formatted: Formatted,
        games: usize,
        name: String,
    },
}

/// The size from which an input among several is written by the thread
/// that writes, as its document is made, instead of in memory by a worker
/// and then copied out: a document is some six times its input (Kogo's
/// Joseki Dictionary, 1.3 MB, held 25 MB at the peak, its document and a
/// copy of it on one line, against 12 MB written as made).
const DIRECT_FROM: u64 = 1 << 20;

/// A whole input as one document, or as one line with `lines`, in memory.
fn whole(
    source: &Source,
    args: &Args,
    read: &sgfkit::ReadOptions,
    lines: bool,
    buffers: &Buffers<Vec<u8>>,
) -> Formatted {
    // The document is about six times the input for move-dense games:
    // room for it once instead of growing it by copies.
    let reserve = source.file_len().unwrap_or(0).saturating_mul(6);
    let mut out = buffers.take();
    out.reserve(usize::try_from(reserve).unwrap_or(0));
    let mut f = write_whole(source, args, read, lines, &mut out)
        .unwrap_or_else(|e| Formatted::failed(&source.name(), &e));
    f.out = out;
    f
}

/// Reads `source` and writes its document to `out` (as one line with its
/// path first, with `lines`) as it is made; the messages and counts in
/// what it returns, whose `out` is empty.
fn write_whole(
    source: &Source,
    args: &Args,
    read: &sgfkit::ReadOptions,
    lines: bool,
    out: &mut dyn Write,
) -> io::Result<Formatted> {
    let name = source.name();
    let bytes = match source.read() {
        Ok(b) => b,
        Err(e) => return Ok(Formatted::failed(&name, &e)),
    };
    let (tree, messages) = input::read_owned_to_write(&name, bytes, read);
    match (args.compact, lines) {
        (true, true) => sgfkit::json::write_json_compact(&tree, &mut WithPath::new(&name, out))?,
        (true, false) => sgfkit::json::write_json_compact(&tree, out)?,
        (false, true) => {
            let mut line = OneLine::new(&name, out);
            sgfkit::json::write_json(&tree, &mut line)?;
            line.finish()?;
        }
        (false, false) => sgfkit::json::write_json(&tree, out)?,
    }
    Ok(Formatted {
        out: Vec::new(),
        messages,
        // No game tree: the lenient reader's L013 (or L017) line says why.
        error: tree.games().len() == 0,
        failed: false,
    })
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
        if lines {
            let _ = sgfkit::json::write_json_compact(&tree, &mut WithPath::new(name, &mut out));
        } else {
            let _ = sgfkit::json::write_json_compact(&tree, &mut out);
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
    Piece::Games {
        formatted: Formatted {
            out,
            messages,
            error: false,
            failed: false,
        },
        games,
        name: name.to_string(),
    }
}

/// A writer of the JSON document (`{"games":[...]}`, a node a line) as one
/// line `{"path":"...","games":[...]}` to the writer it wraps: JSON
/// strings hold no raw line breaks, so every line break of the document is
/// layout, and is left out. [`OneLine::finish`] ends the line.
struct OneLine<'w> {
    out: &'w mut dyn Write,
    /// `{"path":"...",`, written in place of the document's `{`; `None`
    /// once written.
    head: Option<String>,
}

impl<'w> OneLine<'w> {
    fn new(path: &str, out: &'w mut dyn Write) -> Self {
        let head = format!("{{\"path\":{},", serde_json::Value::from(path));
        OneLine {
            out,
            head: Some(head),
        }
    }

    /// Ends the line (after a document that was written whole).
    fn finish(self) -> io::Result<()> {
        self.out.write_all(b"\n")
    }
}

impl Write for OneLine<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let mut rest = buf;
        if let Some(head) = &self.head
            && let Some((_, after)) = rest.split_first()
        {
            self.out.write_all(head.as_bytes())?;
            self.head = None;
            rest = after;
        }
        for part in rest.split(|&b| b == b'\n') {
            self.out.write_all(part)?;
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// A writer of the compact lines (one object a line) with `"path":"..."`
/// first in each object, to the writer it wraps.
struct WithPath<'w> {
    out: &'w mut dyn Write,
    /// `{"path":"...",`, written in place of each line's `{`.
    head: String,
    /// The next byte starts a line.
    at_start: bool,
}

impl<'w> WithPath<'w> {
    fn new(path: &str, out: &'w mut dyn Write) -> Self {
        let head = format!("{{\"path\":{},", serde_json::Value::from(path));
        WithPath {
            out,
            head,
            at_start: true,
        }
    }
}

impl Write for WithPath<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let mut rest = buf;
        while !rest.is_empty() {
            if self.at_start {
                // An empty line is left out; else the line's `{` is the head.
                if rest[0] != b'\n' {
                    self.out.write_all(self.head.as_bytes())?;
                    self.at_start = false;
                }
                rest = &rest[1..];
                continue;
            }
            let end = rest
                .iter()
                .position(|&b| b == b'\n')
                .map_or(rest.len(), |k| k + 1);
            self.out.write_all(&rest[..end])?;
            self.at_start = rest[end - 1] == b'\n';
            rest = &rest[end..];
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}
