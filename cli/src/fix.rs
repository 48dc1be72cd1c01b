//! `sgfkit fix`: repair files and write them in canonical FF\[4\].

use crate::big;
use crate::fmt::Formatted;
use crate::input::{self, EncodingArgs, Source, WalkArgs};
use crate::output::{Context, Tally};
use crate::run::Status;
use sgfkit::check::{
    CheckOptions, Code, REPORT_ONLY_CODES, RepairOptions, Severity, keep_outside_text, repair,
};
use sgfkit::format::Format;
use sgfkit::print::{Writer, WriterConfig, push_sgf};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Repair files: read leniently, apply the repairs of `sgfkit::check::repair`
/// (FF[1-3] properties converted, game-info values corrected, mixed
/// move/setup nodes split, ...) and write canonical FF[4] in UTF-8, each
/// game tree's root declaring it (CA[UTF-8] first, in place of any other
/// CA). Text outside the game trees is kept in a root's GC (R022).
///
/// Each repair is reported on stderr as PATH:LINE:COL: severity[CODE]:
/// message, and a last line sums up: files repaired, repairs by code
/// (`encoding`: the text transcoded to UTF-8), files unchanged, files that
/// failed. One file (or the members of one archive, one after the other) is
/// written to stdout unless -o or --in-place; several files need -o DIR,
/// --in-place or --dry-run. -o DIR writes each file under DIR, at its place
/// below the folder named (a file named directly: at the top of DIR), and
/// each member of an archive below a folder named as the archive without
/// its ending (`games.zip!/a/b.sgf` → `DIR/games/a/b.sgf`); --in-place
/// never writes an archive. A file with
/// nothing to repair is copied as it is by -o and left untouched by
/// --in-place (byte for byte, its time kept), unless --reformat.
/// --in-place writes a temporary file beside the original and renames it
/// over the original only once it is complete, so an error never leaves a
/// half-written file. Exit status: 0 when every file was read, 1 when some
/// file has no game tree, 2 when a path could not be read or written.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(flatten)]
    pub(crate) jobs: crate::output::ThreadArgs,
    /// Files or folders (walked for *.sgf); `-` reads standard input.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Write the repaired files under this folder, as the input tree.
    #[arg(short, long, value_name = "DIR", conflicts_with_all = ["in_place", "dry_run"])]
    output: Option<PathBuf>,
    /// Rewrite each file that has something to repair instead of printing it.
    #[arg(long, conflicts_with = "dry_run")]
    in_place: bool,
    /// Only report the repairs and the summary; write nothing.
    #[arg(long)]
    dry_run: bool,
    /// With -o or --in-place, also write files with nothing to repair in
    /// the canonical form.
    #[arg(long)]
    reformat: bool,
    /// Read an integer komi of 100 or more as Fox's hundredths (KM[650] -> KM[6.5]),
    /// of stones under Chinese rules (KM[375]RU[Chinese] -> KM[7.5]).
    #[arg(long)]
    fox_komi: bool,
    /// Also remove nodes without properties (never a root).
    #[arg(long)]
    remove_empty_nodes: bool,
    /// Break lines before nodes that would pass this width (0: never).
    #[arg(long, default_value_t = 80)]
    width: usize,
    #[command(flatten)]
    encoding: EncodingArgs,
    #[command(flatten)]
    walk: WalkArgs,
}

/// Where the repaired files go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    Stdout,
    InPlace,
    DryRun,
    /// Under a folder (`-o`).
    Folder,
}

/// What fixing one file gave.
enum Outcome {
    /// Something was repaired (the codes of the repairs).
    Repaired(Tally),
    /// Nothing to repair.
    Unchanged,
    /// Not read, no game tree, or not written.
    Failed,
}

pub(crate) fn run(args: &Args, ctx: &Context) -> io::Result<Status> {
    let read = input::read_options(&args.encoding)?;
    let mut status = Status::default();
    let sources = input::sources(&args.paths, &args.walk, &mut status.failed_paths);
    let mode = match (&args.output, args.in_place, args.dry_run) {
        (Some(_), ..) => Mode::Folder,
        (None, true, _) => Mode::InPlace,
        (None, _, true) => Mode::DryRun,
        _ => Mode::Stdout,
    };
    if sources.contains(&Source::Stdin) && matches!(mode, Mode::InPlace | Mode::Folder) {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "-: -o and --in-place cannot write standard input (without them, its repair goes to stdout)",
        ));
    }
    if sources.len() > 1 && mode == Mode::Stdout {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "{} files to fix: give -o DIR, --in-place or --dry-run (only one file can go to stdout)",
                sources.len()
            ),
        ));
    }
    if let Some(dir) = &args.output {
        refuse_input_folder(dir, &args.paths)?;
    }
    let mut places = args
        .output
        .as_ref()
        .map(|dir| input::Places::new(dir, &args.paths, &sources));
    let repairs = RepairOptions::default()
        .fox_komi(args.fox_komi)
        .remove_empty_nodes(args.remove_empty_nodes);
    let config = WriterConfig::default()
        .line_width(args.width)
        .declare_utf8(true);
    let mut stdout = io::BufWriter::new(io::stdout().lock());
    let (mut repaired, mut unchanged, mut failed) = (0usize, 0usize, 0usize);
    let mut codes = Tally::default();
    let mut count = |outcome: Outcome| match outcome {
        Outcome::Repaired(t) => {
            repaired += 1;
            codes.add_file(&t);
        }
        Outcome::Unchanged => unchanged += 1,
        Outcome::Failed => failed += 1,
    };
    // An archive is never rewritten: said once, its members not read.
    let mut sources = sources;
    if mode == Mode::InPlace {
        for source in sources.iter().filter(|s| s.archive().is_some()) {
            Formatted::failed_with(format!(
                "sgfkit: {}: not written: --in-place never rewrites an archive \
                 (-o DIR writes its members repaired)",
                source.name()
            ))
            .report(&mut stdout, &mut status)?;
            count(Outcome::Failed);
        }
        sources.retain(|s| s.archive().is_none());
    }
    // Every file and every member of an archive, whole; -o DIR writes in
    // input order, each at its place (input::Places).
    big::drive_whole(
        sources,
        ctx.threads,
        |source| {
            let fixed = fix_file(source, mode, args, &read, &repairs, &config);
            (source.for_places(), fixed)
        },
        |_, fixed| {
            let (
                placed,
                Fixed {
                    name,
                    mut formatted,
                    mut outcome,
                    write,
                },
            ) = match fixed {
                Ok(f) => f,
                Err(said) => {
                    if said.failed {
                        count(Outcome::Failed);
                    }
                    return Formatted::said(&said).report(&mut stdout, &mut status);
                }
            };
            if let (Some(bytes), Some(places)) = (write, places.as_mut())
                && let Err((place, e)) = places.write(placed.as_ref(), &name, &bytes)
            {
                let at = place.map_or(name, |t| t.display().to_string());
                formatted
                    .messages
                    .push(format!("sgfkit: {at}: not written: {e}"));
                formatted.failed = true;
                outcome = Outcome::Failed;
            }
            formatted.report(&mut stdout, &mut status)?;
            count(outcome);
            Ok(())
        },
    )?;
    stdout.flush()?;
    let by_code = if codes.is_empty() {
        String::new()
    } else {
        format!(" ({})", codes.by_code())
    };
    let files = repaired + unchanged + failed;
    let unchanged_what = match mode {
        Mode::InPlace if !args.reformat => "unchanged (left as they were)",
        Mode::Folder if !args.reformat => "unchanged (copied as they were)",
        _ => "unchanged",
    };
    writeln!(
        io::stderr().lock(),
        "{}{files} file{}: {repaired} repaired{by_code}, {unchanged} {unchanged_what}, {failed} failed",
        if mode == Mode::DryRun {
            "dry run, nothing written: "
        } else {
            "fixed "
        },
        if files == 1 { "" } else { "s" },
    )?;
    Ok(status)
}

/// `-o DIR` must not be one of the folders read: the originals would be
/// overwritten (that is what --in-place is for).
fn refuse_input_folder(dir: &Path, paths: &[PathBuf]) -> io::Result<()> {
    let Ok(out) = dir.canonicalize() else {
        return Ok(());
    };
    for p in paths.iter().filter(|p| p.is_dir()) {
        if p.canonicalize().is_ok_and(|p| p == out) {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "{}: -o names a folder being read: give another folder, or --in-place",
                    dir.display()
                ),
            ));
        }
    }
    Ok(())
}

/// What fixing one input gave, and (with -o DIR) what to write for it.
struct Fixed {
    /// The input's name in messages.
    name: String,
    formatted: Formatted,
    outcome: Outcome,
    /// The bytes to write under the -o folder.
    write: Option<Vec<u8>>,
}

fn fix_file(
    source: &Source,
    mode: Mode,
    args: &Args,
    read: &sgfkit::ReadOptions,
    repairs: &RepairOptions,
    config: &WriterConfig,
) -> Fixed {
    let name = source.name();
    let failed = |formatted: Formatted| Fixed {
        name: source.name(),
        formatted,
        outcome: Outcome::Failed,
        write: None,
    };
    let bytes = match source.read() {
        Ok(b) => b,
        Err(e) => return failed(Formatted::failed(&name, &e)),
    };
    // A record of another format is converted, not repaired in place: its
    // name would hold SGF.
    if mode == Mode::InPlace
        && source.path().is_some_and(sgfkit::format::is_record_name)
        && let Some(format @ (Format::Gib | Format::Ngf | Format::Ugf)) =
            sgfkit::format::sniff(&bytes)
    {
        return failed(Formatted::failed_with(format!(
            "sgfkit: {name}: not written: --in-place never writes SGF over {format}; \
             `sgfkit convert -o DIR` writes it as SGF"
        )));
    }
    let (read, mut messages) = input::read_for_fixing(&name, bytes, read);
    let mut tree = read.tree;
    // The lenient reader's L013 (or L017) line says why nothing was read.
    if tree.games().len() == 0 {
        let formatted = Formatted {
            out: Vec::new(),
            messages,
            error: true,
            failed: false,
        };
        return failed(formatted);
    }
    let kept = keep_outside_text(&mut tree, &read.diagnostics);
    let repaired = repair(&mut tree, repairs);
    messages.extend(kept.iter().chain(&repaired).map(|d| format!("{name}:{d}")));
    // What was done: the reader's repairs and the changes made here
    // (reports that change nothing are not repairs).
    let mut tally = Tally::default();
    for d in read.diagnostics.iter().chain(&kept).chain(&repaired) {
        if !REPORT_ONLY_CODES.contains(&d.code) {
            tally.add(Some(d.code.as_str()), d.severity, 1);
        }
    }
    if read.transcoded {
        tally.add(Some("encoding"), Severity::Info, 1);
    }
    // A CA too late for readers that sniff the start (S046) is repaired by
    // writing it first: looked for only where nothing else is repaired.
    if tally.is_empty() {
        let late = sgfkit::check::check(&tree, &CheckOptions::default());
        if let Some(d) = late.iter().find(|d| d.code == Code::S046) {
            tally.add(Some(d.code.as_str()), d.severity, 1);
        }
    }
    let outcome = if tally.is_empty() {
        Outcome::Unchanged
    } else {
        Outcome::Repaired(tally)
    };
    let rewrite = !matches!(outcome, Outcome::Unchanged) || args.reformat;
    let mut out = Vec::new();
    let mut write = None;
    match mode {
        Mode::DryRun => {}
        Mode::Stdout => push_sgf(&mut out, &tree, config),
        Mode::InPlace => {
            if let (true, Some(path)) = (rewrite, source.path()) {
                // Into the new file as it is printed: the text is never
                // held whole beside the tree.
                let written =
                    replace_file(path, |file| Writer::new(file, config.clone()).write(&tree));
                if let Err(e) = written {
                    messages.push(format!("sgfkit: {name}: not rewritten: {e}"));
                    return failed(Formatted {
                        out: Vec::new(),
                        messages,
                        error: false,
                        failed: true,
                    });
                }
            }
        }
        Mode::Folder => {
            write = Some(if rewrite {
                push_sgf(&mut out, &tree, config);
                std::mem::take(&mut out)
            } else {
                // Nothing repaired, so nothing transcoded: the tree's
                // source is the file's bytes.
                tree.into_source().into_owned()
            });
        }
    }
    let formatted = Formatted {
        out,
        messages,
        error: false,
        failed: false,
    };
    Fixed {
        name,
        formatted,
        outcome,
        write,
    }
}

/// Replaces the file at `path` by what `write` writes, safely: the text is
/// written to a new file in the same folder, flushed to disk and renamed
/// over the original, whose permissions it takes. On any error the
/// original is untouched and the temporary file removed.
fn replace_file(
    path: &Path,
    write: impl FnOnce(&mut std::fs::File) -> io::Result<()>,
) -> io::Result<()> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let file_name = path.file_name().unwrap_or_default().to_string_lossy();
    let permissions = std::fs::metadata(path)?.permissions();
    let mut attempt = 0u32;
    let (tmp, mut file) = loop {
        let tmp = dir.join(format!(
            ".{file_name}.sgfkit-{}-{attempt}.tmp",
            std::process::id()
        ));
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)
        {
            Ok(f) => break (tmp, f),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && attempt < 100 => attempt += 1,
            Err(e) => return Err(e),
        }
    };
    let written = write(&mut file)
        .and_then(|()| file.sync_all())
        .and_then(|()| std::fs::set_permissions(&tmp, permissions))
        .and_then(|()| std::fs::rename(&tmp, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> std::path::PathBuf {
        let d = std::env::temp_dir().join(format!("sgfkit-fix-unit-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn a_failed_write_leaves_the_original_and_no_temporary_file() {
        let dir = temp_dir("fail");
        let f = dir.join("game.sgf");
        std::fs::write(&f, b"(;B[aa])").unwrap();
        let err = replace_file(&f, |file| {
            file.write_all(b"(;B[")?;
            Err(io::Error::new(
                io::ErrorKind::StorageFull,
                "disk full (injected)",
            ))
        })
        .unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::StorageFull);
        assert_eq!(std::fs::read(&f).unwrap(), b"(;B[aa])");
        let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
        assert_eq!(left.len(), 1, "the temporary file is removed");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[cfg(unix)]
    #[test]
    fn a_replaced_file_keeps_its_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let dir = temp_dir("perm");
        let f = dir.join("game.sgf");
        std::fs::write(&f, b"old").unwrap();
        std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o640)).unwrap();
        replace_file(&f, |file| file.write_all(b"new")).unwrap();
        assert_eq!(std::fs::read(&f).unwrap(), b"new");
        let mode = std::fs::metadata(&f).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
