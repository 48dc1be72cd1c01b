//! `sgfkit fmt`: print files in the canonical FF\[4\] form.

use crate::input::{self, EncodingArgs, Said, Source};
use crate::output::Context;
use crate::run::{self, Status};
use sgfkit::print::{Writer, WriterConfig};
use sgfkit::{Collection, Warning};
use std::io::{self, Write};
use std::path::PathBuf;

/// Print the canonical FF[4] form of files (or of standard input, `-`).
///
/// Each file is read as every sgfkit command reads it: damage is repaired
/// by the lenient reader and each repair reported on stderr as
/// PATH:LINE:COL: severity[CODE]: message. Values are written in UTF-8,
/// each game tree's root declaring it (CA[UTF-8] first, in place of any
/// other CA), unless --keep-encoding. Several files are printed one
/// after the other, in the order given. Exit status 1 when a file has no
/// game tree (or, with --strict, a syntax error).
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(flatten)]
    pub(crate) jobs: crate::output::ThreadArgs,
    /// The files to format; `-` or nothing reads standard input.
    paths: Vec<PathBuf>,
    /// Refuse any syntax error: exit status 1 and the positioned error
    /// on stderr.
    #[arg(long)]
    strict: bool,
    /// Break lines before nodes that would pass this width (0: never).
    #[arg(long, default_value_t = 80)]
    width: usize,
    /// Keep the bytes of the values as they are (and each root's CA)
    /// instead of writing UTF-8 with CA[UTF-8].
    #[arg(long)]
    keep_encoding: bool,
    #[command(flatten)]
    encoding: EncodingArgs,
}

/// A file formatted: the text for stdout, the messages for stderr.
pub(crate) struct Formatted {
    pub(crate) out: Vec<u8>,
    pub(crate) messages: Vec<String>,
    /// No game tree, or a syntax error in strict mode.
    pub(crate) error: bool,
    /// The file could not be read.
    pub(crate) failed: bool,
}

pub(crate) fn run(args: &Args, ctx: &Context) -> io::Result<Status> {
    let read = input::read_options(&args.encoding)?;
    let sources: Vec<Source> = if args.paths.is_empty() {
        vec![Source::Stdin]
    } else {
        args.paths
            .iter()
            .map(|p| {
                if p.as_os_str() == "-" {
                    Source::Stdin
                } else {
                    Source::File(p.clone(), None)
                }
            })
            .collect()
    };
    let config = WriterConfig::default().line_width(args.width);
    let mut status = Status::default();
    let mut stdout = io::BufWriter::new(io::stdout().lock());
    if let [source] = &sources[..] {
        // One file: written to stdout as it is printed, not gathered first.
        let f = format_file(source, args, &read, &config, &mut stdout)?;
        f.report(&mut stdout, &mut status)?;
        stdout.flush()?;
        return Ok(status);
    }
    run::ordered(
        &sources,
        ctx.threads,
        |source| {
            let mut out = Vec::new();
            // Writing into memory cannot fail.
            let mut f = format_file(source, args, &read, &config, &mut out)
                .unwrap_or_else(|e| Formatted::failed_with(e.to_string()));
            f.out = out;
            f
        },
        |f| f.report(&mut stdout, &mut status),
    )?;
    stdout.flush()?;
    Ok(status)
}

/// Formats one file into `out`; the messages (and what went wrong) in
/// what it returns, whose `out` is left empty.
///
/// # Errors
/// Writing to `out`.
fn format_file(
    source: &Source,
    args: &Args,
    read: &sgfkit::ReadOptions,
    config: &WriterConfig,
    out: &mut impl Write,
) -> io::Result<Formatted> {
    let name = source.name();
    let bytes = match source.read() {
        Ok(b) => b,
        Err(e) => return Ok(Formatted::failed(&name, &e)),
    };
    let mut messages = Vec::new();
    let keep = args.keep_encoding && input::can_keep_encoding(&name, &bytes, read, &mut messages);
    // Transcoded for --strict; the tree borrows the text it was read from.
    let decoded = read
        .decode_options()
        .filter(|_| args.strict && !keep)
        .map(|decode| sgfkit::encoding::to_utf8_per_tree(&bytes, decode));
    let tree = if args.strict {
        // Transcode, then the grammar to the letter.
        let text: &[u8] = decoded.as_ref().map_or(&bytes, |d| &d.text);
        if let Some(d) = &decoded {
            let mut cursor = sgfkit::error::PositionCursor::new(&bytes);
            for w in d.all_warnings() {
                let p = cursor.position(w.offset);
                messages.push(format!("{name}:{p}: warning: {}", w.message));
            }
        }
        let mut warnings: Vec<Warning> = Vec::new();
        match Collection::parse_with(text, read.parse_options(), &mut warnings) {
            Ok(tree) => {
                messages.extend(warnings.iter().map(|w| format!("{name}:{w}")));
                tree
            }
            Err(e) => {
                messages.push(format!("{name}:{}", e.render(text)).trim_end().to_string());
                return Ok(Formatted {
                    out: Vec::new(),
                    messages,
                    error: true,
                    failed: false,
                });
            }
        }
    } else if keep {
        let (tree, reports) = input::read_to_write(&name, &bytes, read, keep);
        messages.extend(reports);
        tree
    } else {
        // The input given away: a transcoded file's bytes are dropped once
        // the text is decoded (one copy held, not two).
        let (tree, reports) = input::read_owned_to_write(&name, bytes, read);
        messages.extend(reports);
        return write_tree(&tree, messages, false, config, out);
    };
    write_tree(&tree, messages, keep, config, out)
}

/// Prints `tree` into `out`; `messages` are what reading it said.
fn write_tree(
    tree: &Collection<'_>,
    messages: Vec<String>,
    keep: bool,
    config: &WriterConfig,
    out: &mut impl Write,
) -> io::Result<Formatted> {
    // No game tree: the lenient reader's L013 (or L017) line says why.
    let error = tree.games().len() == 0;
    // UTF-8 text (unless kept as it was) says so in every root.
    Writer::new(out, config.clone().declare_utf8(!keep)).write(tree)?;
    Ok(Formatted {
        out: Vec::new(),
        messages,
        error,
        failed: false,
    })
}

impl Formatted {
    /// Writes the file's output to `stdout` and its messages to stderr
    /// (after the output so far), and counts the file in `status`.
    pub(crate) fn report(&self, stdout: &mut impl Write, status: &mut Status) -> io::Result<()> {
        stdout.write_all(&self.out)?;
        if !self.messages.is_empty() {
            stdout.flush()?;
            // One write for all the messages (stderr is not buffered: a
            // write per line costs a system call each).
            let len = self.messages.iter().map(|m| m.len() + 1).sum();
            let mut text = Vec::with_capacity(len);
            for m in &self.messages {
                text.extend_from_slice(m.as_bytes());
                text.push(b'\n');
            }
            io::stderr().lock().write_all(&text)?;
        }
        status.failed_paths += usize::from(self.failed);
        status.files_with_errors += usize::from(self.error);
        Ok(())
    }

    pub(crate) fn failed(name: &str, e: &io::Error) -> Formatted {
        Formatted::failed_with(format!("sgfkit: {name}: {e}"))
    }

    /// What the walk or the reading says of a path ([`crate::big::drive`]'s
    /// `Err`), reported as a file's messages are: after the output so far,
    /// a path that failed counted.
    pub(crate) fn said(said: &Said) -> Formatted {
        Formatted {
            failed: said.failed,
            ..Formatted::failed_with(said.line())
        }
    }

    pub(crate) fn failed_with(message: String) -> Formatted {
        Formatted {
            out: Vec::new(),
            messages: vec![message],
            error: false,
            failed: true,
        }
    }
}
