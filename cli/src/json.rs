//! `sgfkit json`: files as JSON, every property typed and decoded.

use crate::fmt::Formatted;
use crate::input::{self, EncodingArgs, Source, WalkArgs};
use crate::output::Context;
use crate::run::{self, Status};
use std::io::{self, Write};
use std::path::PathBuf;

/// Print files as JSON with every property typed and decoded (schema: the
/// `sgfkit::json` documentation and the README).
///
/// Each file is read as every sgfkit command reads it (encoding detected,
/// damage repaired by the lenient reader, each repair reported on stderr).
/// One input is written as one JSON document, streamed node by node; with
/// several inputs each file is one line (JSON Lines) with its "path" first.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
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
}

pub(crate) fn run(args: &Args, ctx: &Context) -> io::Result<Status> {
    let decode = args.encoding.options()?;
    let mut status = Status::default();
    let sources = if args.paths.is_empty() {
        vec![Source::Stdin]
    } else {
        input::sources(&args.paths, &args.walk, &mut status.failed_paths)
    };
    let lines = sources.len() > 1 || args.paths.iter().any(|p| p.is_dir());
    let mut stdout = io::BufWriter::new(io::stdout().lock());
    if let [source] = &sources[..]
        && !lines
    {
        // One document: stream it to stdout as it is written, so that memory
        // is the tree's, whatever the size of the document.
        let name = source.name();
        let f = match source.read() {
            Ok(bytes) => {
                let (tree, messages) = input::read_for_writing(&name, &bytes, &decode, false);
                if args.compact {
                    sgfkit::json::write_json_compact(&tree, &mut stdout)?;
                } else {
                    sgfkit::json::write_json(&tree, &mut stdout)?;
                }
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
    run::ordered(
        &sources,
        ctx.threads,
        |source| {
            let name = source.name();
            let bytes = match source.read() {
                Ok(b) => b,
                Err(e) => return Formatted::failed(&name, &e),
            };
            let (tree, messages) = input::read_for_writing(&name, &bytes, &decode, false);
            // No game tree: the lenient reader's L013 (or L017) line says why.
            let error = tree.games().len() == 0;
            // The document is about six times the input for move-dense
            // games: reserve it once instead of growing it by copies.
            let mut out = Vec::with_capacity(bytes.len().saturating_mul(6));
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
        },
        |f| f.report(&mut stdout, &mut status),
    )?;
    stdout.flush()?;
    Ok(status)
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
