//! `sgfkit fix`: repair files and write them in canonical FF\[4\].

use crate::fmt::Formatted;
use crate::input::{self, EncodingArgs, Source, WalkArgs};
use crate::output::Context;
use crate::run::{self, Status};
use sgfkit::check::{RepairOptions, repair};
use sgfkit::print::{WriterConfig, push_sgf};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Repair files: read leniently, apply the repairs of `sgfkit::check::repair`
/// (FF[1-3] properties converted, game-info values corrected, mixed
/// move/setup nodes split, ...) and write canonical FF[4] in UTF-8, each
/// game tree's root declaring it (CA[UTF-8] first, in place of any other
/// CA).
///
/// Each repair is reported on stderr as PATH:LINE:COL: severity[CODE]:
/// message. One file is written to stdout unless --in-place; several
/// files need --in-place or --dry-run. --in-place writes a temporary file
/// beside the original and renames it over the original only once it is
/// complete, so an error never leaves a half-written file. Exit status: 0
/// when every file was read, 1 when some file has no game tree, 2 when a
/// path could not be read or written.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// Files or folders (walked for *.sgf); `-` reads standard input.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Rewrite each file instead of printing it.
    #[arg(long)]
    in_place: bool,
    /// Only report the repairs; write nothing.
    #[arg(long)]
    dry_run: bool,
    /// Read an integer komi of 100 or more as Fox's hundredths (KM[375] -> KM[3.75]).
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

pub(crate) fn run(args: &Args, ctx: &Context) -> io::Result<Status> {
    let decode = args.encoding.options()?;
    let mut status = Status::default();
    let sources = input::sources(&args.paths, &args.walk, &mut status.failed_paths);
    if args.in_place && sources.contains(&Source::Stdin) {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "--in-place cannot rewrite standard input",
        ));
    }
    if sources.len() > 1 && !args.in_place && !args.dry_run {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "{} files to fix: give --in-place or --dry-run (only one file can go to stdout)",
                sources.len()
            ),
        ));
    }
    let repairs = RepairOptions::default()
        .fox_komi(args.fox_komi)
        .remove_empty_nodes(args.remove_empty_nodes);
    let config = WriterConfig::default()
        .line_width(args.width)
        .declare_utf8(true);
    let mut stdout = io::BufWriter::new(io::stdout().lock());
    run::ordered(
        &sources,
        ctx.threads,
        |source| fix_file(source, args, &decode, &repairs, &config),
        |f| f.report(&mut stdout, &mut status),
    )?;
    stdout.flush()?;
    Ok(status)
}

fn fix_file(
    source: &Source,
    args: &Args,
    decode: &sgfkit::encoding::DecodeOptions,
    repairs: &RepairOptions,
    config: &WriterConfig,
) -> Formatted {
    let name = source.name();
    let bytes = match source.read() {
        Ok(b) => b,
        Err(e) => return Formatted::failed(&name, &e),
    };
    let (mut tree, mut messages) = input::read_for_writing(&name, &bytes, decode, false);
    // The lenient reader's L013 (or L017) line says why nothing was read.
    if tree.games().len() == 0 {
        return Formatted {
            out: Vec::new(),
            messages,
            error: true,
            failed: false,
        };
    }
    messages.extend(
        repair(&mut tree, repairs)
            .iter()
            .map(|d| format!("{name}:{d}")),
    );
    let mut out = Vec::new();
    if !args.dry_run {
        push_sgf(&mut out, &tree, config);
    }
    if args.in_place && !args.dry_run && source.archive().is_some() {
        messages.push(format!(
            "sgfkit: {name}: not rewritten: --in-place never rewrites an archive"
        ));
        return Formatted {
            out: Vec::new(),
            messages,
            error: false,
            failed: true,
        };
    }
    if let (true, Some(path)) = (args.in_place && !args.dry_run, source.path()) {
        if let Err(e) = replace_file(path, &out) {
            messages.push(format!("sgfkit: {name}: not rewritten: {e}"));
            return Formatted {
                out: Vec::new(),
                messages,
                error: false,
                failed: true,
            };
        }
        out.clear();
    }
    Formatted {
        out,
        messages,
        error: false,
        failed: false,
    }
}

/// Replaces the file at `path` by `bytes` safely: the text is written to a
/// new file in the same folder, flushed to disk and renamed over the
/// original, whose permissions it takes. On any error the original is
/// untouched and the temporary file removed.
pub(crate) fn replace_file(path: &Path, bytes: &[u8]) -> io::Result<()> {
    replace_with(path, |file| file.write_all(bytes))
}

/// [`replace_file`] with the writing done by `write`.
fn replace_with(
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
        let err = replace_with(&f, |file| {
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
        replace_file(&f, b"new").unwrap();
        assert_eq!(std::fs::read(&f).unwrap(), b"new");
        let mode = std::fs::metadata(&f).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
