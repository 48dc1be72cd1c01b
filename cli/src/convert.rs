//! `sgfkit convert`: records of other formats (and SGF) written as SGF.

use crate::big;
use crate::fmt::Formatted;
use crate::input::{self, EncodingArgs, Source, WalkArgs};
use crate::output::Context;
use crate::run::Status;
use sgfkit::print::{WriterConfig, push_sgf};
use std::io::{self, Write};
use std::path::PathBuf;

/// Write files as SGF: Tygem (.gib), WBaduk (.ngf) and Pandanet (.ugf,
/// .ugi) records read into SGF, and SGF files, in the canonical FF[4] form
/// in UTF-8.
///
/// Folders are walked as every command walks them, and archives (zip, tar,
/// tar.gz, tar.bz2, *.sgf.gz) are read member by member. Without -o the SGF
/// goes to stdout (several files one after the other: a collection). With
/// -o FILE (one input, or one archive) it goes to that file; with -o DIR
/// each input goes to DIR, at its path below the folder named (or its file
/// name), ending in `.sgf`, and each member of an archive below a folder
/// named as the archive without its ending (`games.zip!/a/b.gib` →
/// `DIR/games/a/b.sgf`; `x.sgf.gz` → `DIR/x.sgf`). What the reading
/// reports (codes I… for the other formats, L… for SGF) goes to stderr as
/// PATH:LINE:COL: severity[CODE]: message.
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
    // -o FILE: one input, a name that is no folder; everything read (an
    // archive's members one after the other) goes to it.
    let to_file = args
        .output
        .as_ref()
        .filter(|o| !o.is_dir() && sources.len() == 1 && o.extension().is_some());
    let mut to = match (&args.output, to_file) {
        (Some(_), Some(file)) => To::File(file, None),
        (Some(dir), None) => {
            std::fs::create_dir_all(dir)?;
            To::Dir(input::Places::new(dir, &args.paths, &sources))
        }
        _ => To::Stdout,
    };
    let mut stdout = io::BufWriter::new(io::stdout().lock());
    // Every file and every member of an archive, whole.
    big::drive_whole(
        sources,
        ctx.threads,
        |source| {
            let placed = source.for_places();
            let name = source.name();
            let bytes = match source.read() {
                Ok(b) => b,
                Err(e) => return (placed, name, Formatted::failed(&source.name(), &e)),
            };
            let (tree, messages) = input::read_to_write(&name, &bytes, &read, false);
            let mut out = Vec::new();
            push_sgf(&mut out, &tree, &config);
            let error = tree.games().len() == 0;
            let f = Formatted {
                out,
                messages,
                error,
                failed: false,
            };
            (placed, name, f)
        },
        |_, converted| {
            let (placed, name, mut f) = match converted {
                Ok(c) => c,
                Err(said) => return Formatted::said(&said).report(&mut stdout, &mut status),
            };
            if !f.failed
                && let Err(e) = to.write(placed.as_ref(), &name, &f.out)
            {
                f.messages.push(format!("sgfkit: {name}: not written: {e}"));
                f.failed = true;
            }
            if !matches!(to, To::Stdout) {
                f.out.clear();
            }
            f.report(&mut stdout, &mut status)
        },
    )?;
    stdout.flush()?;
    Ok(status)
}

/// Where `convert` writes.
enum To<'a> {
    Stdout,
    /// `-o FILE`, created at the first write.
    File(&'a std::path::Path, Option<std::fs::File>),
    /// `-o DIR`.
    Dir(input::Places),
}

impl To<'_> {
    /// Writes the SGF of `source`, or of the member of an archive named
    /// `name` (to stdout: left to the report).
    fn write(&mut self, source: Option<&Source>, name: &str, sgf: &[u8]) -> io::Result<()> {
        match self {
            To::Stdout => Ok(()),
            To::File(path, file) => {
                if file.is_none() {
                    *file = Some(std::fs::File::create(path)?);
                }
                file.as_mut().map_or(Ok(()), |f| f.write_all(sgf))
            }
            To::Dir(places) => places
                .write(source, name, sgf)
                .map(drop)
                .map_err(|(_, e)| e),
        }
    }
}
