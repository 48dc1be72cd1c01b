//! `sgfkit check`: report every problem of each file, with its position.

use crate::big::{self, StreamArgs, Unit};
use crate::input::{self, EncodingArgs, Source, Taken, WalkArgs};
use crate::output::{self, Context, Paint, Report, Tally};
use crate::run::{Progress, Status};
use sgfkit::check::{CheckOptions, Code, Severity};
use std::io::{self, Write};
use std::path::PathBuf;

/// Parse and check each file and report every problem as
/// PATH:LINE:COL: SEVERITY[CODE]: MESSAGE, with the source line.
///
/// Each file is read as every sgfkit command reads it: its encoding
/// detected, then the lenient reader, which repairs what does not follow
/// the grammar (each repair reported, codes L...); then the tree is
/// checked (codes S...). The codes and their SGFC numbers are listed in
/// docs/diagnostics.md. Folders are walked for *.sgf in any case; `-` reads
/// standard input; with no PATH the example files bundled with sgfkit are
/// checked. Repeated infos are counted on one line (-v shows each).
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(flatten)]
    pub(crate) jobs: crate::output::ThreadArgs,
    /// Files or folders to check; `-` reads standard input.
    paths: Vec<PathBuf>,
    /// Print only errors and the summary line.
    #[arg(short, long)]
    quiet: bool,
    /// Say which encoding each file (each game tree, when they differ) was
    /// read with and why, and print every repeated info instead of counting
    /// them.
    #[arg(short, long)]
    verbose: bool,
    /// Add the restrictive checks of SGFC's -r: one game tree per file,
    /// HA against the handicap stones, two moves of one colour in a row,
    /// setup in the main line after the root.
    #[arg(long)]
    strict: bool,
    /// Read every game-info value as written: no source fixes (a Fox komi
    /// in hundredths, Fox's HA[1], OGS handicap stones without HA, GoGoD's
    /// pro ranks written as d; docs/sources.md), so no S054.
    #[arg(long)]
    no_source_fixes: bool,
    /// Output format: `human` (lines with source snippets) or `json` (JSON
    /// Lines: one object per diagnostic, then one summary object; the
    /// summary for people goes to stderr).
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
    /// Print at most N findings of a file, then one line that says how
    /// many more there were, by code (0: every finding).
    #[arg(long, value_name = "N", default_value_t = 100)]
    max_findings: usize,
    /// Print no findings but a table of them: for each code and severity,
    /// the findings and the files that have them (with --format json: one
    /// summary object with the same counts).
    #[arg(long, conflicts_with = "files_with_errors")]
    summary: bool,
    /// Print only the paths of the files with errors, one a line (as
    /// `grep -l`), and no summary line.
    #[arg(short = 'l', long)]
    files_with_errors: bool,
    #[command(flatten)]
    encoding: EncodingArgs,
    #[command(flatten)]
    walk: WalkArgs,
    #[command(flatten)]
    stream: StreamArgs,
}

/// The output formats of `check`.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    /// One line per problem, with the source line and a caret.
    Human,
    /// JSON Lines: one object per diagnostic, then a summary object.
    Json,
}

/// The bundled example files; their text is compiled in, so `check` works
/// from an installed binary.
const BUNDLED: &[(&str, &[u8])] = &[
    (
        "cli/examples/sample-game.sgf",
        include_bytes!("../examples/sample-game.sgf"),
    ),
    (
        "cli/examples/variations.sgf",
        include_bytes!("../examples/variations.sgf"),
    ),
];

/// What checking one file gave.
struct Checked {
    /// The file's name in messages.
    name: String,
    /// What to print on stdout: the `-v` line, then the findings.
    out: Vec<u8>,
    /// Where the findings start in `out`.
    head: usize,
    /// The findings printed in `out`, in order: each one's code, severity,
    /// count (a folded repetition) and where it ends in `out`.
    pieces: Vec<Piece>,
    /// The file could not be read: the message for stderr.
    failed: Option<String>,
    errors: bool,
    warnings: bool,
    bytes: u64,
    /// The findings by code and severity.
    tally: Tally,
}

/// One finding printed in [`Checked::out`].
struct Piece {
    code: Option<Code>,
    severity: Severity,
    times: usize,
    end: usize,
}

/// The file being reported (a streamed file gives one result a game tree).
struct Current {
    index: usize,
    name: String,
    errors: bool,
    warnings: bool,
    tally: Tally,
    /// Findings printed so far.
    shown: usize,
    /// The findings past `--max-findings`, not printed.
    more: Tally,
}

pub(crate) fn run(args: &Args, ctx: &Context) -> io::Result<Status> {
    let read = input::read_options(&args.encoding)?;
    let mut status = Status::default();
    // A big collection's game trees are checked on every core.
    let options = CheckOptions::default()
        .strict(args.strict)
        .source_fixes(!args.no_source_fixes)
        .threads(ctx.threads);
    let json = args.format == Format::Json;
    let bar = ctx.stderr_tty && !json;
    let (inputs, total) = if args.paths.is_empty() {
        let names: Vec<&str> = BUNDLED.iter().map(|(n, _)| *n).collect();
        eprintln!(
            "no PATH given: checking the bundled examples {}",
            names.join(", ")
        );
        let bundled: Vec<Source> = BUNDLED
            .iter()
            .map(|&(name, bytes)| Source::Bundled(name, bytes))
            .collect();
        let inputs: Box<dyn Iterator<Item = Taken>> =
            Box::new(bundled.into_iter().map(Taken::Input));
        (inputs, 0)
    } else {
        let walk = WalkArgs {
            list_skipped: args.verbose,
            ..args.walk.clone()
        };
        input::listed(&args.paths, &walk, bar, &mut status.failed_paths)
    };
    let mut progress = Progress::bytes(total, bar);
    let mut stdout = io::BufWriter::new(io::stdout().lock());
    let (mut files, mut with_errors, mut with_warnings) = (0usize, 0usize, 0usize);
    // The findings of all files, and in how many files each was found.
    let mut table = Tally::default();
    let mut current: Option<Current> = None;
    let list = args.files_with_errors;
    let limit = match args.max_findings {
        0 => usize::MAX,
        n => n,
    };
    let mut close = |current: &mut Option<Current>, out: &mut dyn Write| -> io::Result<()> {
        if let Some(file) = current.take() {
            if !file.more.is_empty() {
                if json {
                    // Counted as one file's (`files`: 1).
                    let mut more = Tally::default();
                    more.add_file(&file.more);
                    let v = serde_json::json!({
                        "type": "more",
                        "path": file.name,
                        "findings": more.findings(),
                        "by_code": more.json(),
                    });
                    writeln!(out, "{v}")?;
                } else {
                    writeln!(out, "{}: {}", file.name, file.more.more_line())?;
                }
            }
            files += 1;
            with_errors += usize::from(file.errors);
            with_warnings += usize::from(file.warnings);
            table.add_file(&file.tally);
            if list && file.errors {
                writeln!(out, "{}", file.name)?;
            }
        }
        Ok(())
    };
    big::drive(
        inputs,
        ctx.threads,
        args.stream.stream_above,
        |unit| check_unit(unit, args, &read, &options, ctx.color),
        |index, checked| {
            let checked = match checked {
                Ok(c) => c,
                Err(said) if !said.failed => {
                    // Said between inputs: the file before it is done.
                    close(&mut current, &mut stdout)?;
                    stdout.flush()?;
                    said.say();
                    return Ok(());
                }
                Err(said) => Checked::failed(said.line()),
            };
            progress.advance(checked.bytes);
            if let Some(message) = checked.failed {
                if current.as_ref().is_none_or(|c| c.index != index) {
                    status.failed_paths += 1;
                }
                stdout.flush()?;
                eprintln!("{message}");
                return Ok(());
            }
            if current.as_ref().is_some_and(|c| c.index != index) {
                close(&mut current, &mut stdout)?;
            }
            let file = current.get_or_insert_with(|| Current {
                index,
                name: checked.name.clone(),
                errors: false,
                warnings: false,
                tally: Tally::default(),
                shown: 0,
                more: Tally::default(),
            });
            file.errors |= checked.errors;
            file.warnings |= checked.warnings;
            file.tally.merge(&checked.tally);
            // The findings up to the limit (per file, a streamed file's
            // game trees together); the others counted.
            let room = limit.saturating_sub(file.shown);
            let end = if room >= checked.pieces.len() {
                checked.out.len()
            } else {
                room.checked_sub(1)
                    .map_or(checked.head, |k| checked.pieces[k].end)
            };
            for p in checked.pieces.iter().skip(room) {
                file.more.add(p.code.map(Code::as_str), p.severity, p.times);
            }
            file.shown += checked.pieces.len().min(room);
            progress.write(&mut stdout, &checked.out[..end])
        },
    )?;
    close(&mut current, &mut stdout)?;
    progress.finish();
    status.files_with_errors = with_errors;
    let summary = format!(
        "checked {files} file{}: {with_errors} with errors, {with_warnings} with warnings",
        if files == 1 { "" } else { "s" },
    );
    if list {
        stdout.flush()?;
        return Ok(status);
    }
    if json {
        let mut v = serde_json::json!({
            "type": "summary",
            "files": files,
            "files_with_errors": with_errors,
            "files_with_warnings": with_warnings,
            "unreadable_paths": status.failed_paths,
        });
        if args.summary {
            v["by_code"] = table.json();
        }
        writeln!(stdout, "{v}")?;
        stdout.flush()?;
        eprintln!("{summary}");
    } else {
        if args.summary {
            table.write_table(&mut stdout)?;
        }
        writeln!(stdout, "{summary}")?;
        stdout.flush()?;
    }
    Ok(status)
}

fn check_unit(
    unit: Unit<'_>,
    args: &Args,
    read: &sgfkit::ReadOptions,
    options: &CheckOptions,
    color: bool,
) -> Checked {
    let name = match unit {
        Unit::Whole(source) | Unit::Game(source, _) => source.name(),
    };
    match unit {
        // -v says where each game tree starts in the input: it is kept.
        Unit::Whole(source) if args.verbose => match source.read() {
            Ok(bytes) => {
                let doc = input::read(&bytes, read);
                check_doc(&name, &doc, &bytes, None, args, options, color)
            }
            Err(e) => Checked::failed(format!("sgfkit: {name}: {e}")),
        },
        // Else the input is given away to the reader (one copy of the text
        // while the tree is built); encoding warnings point into the input
        // the document then keeps, or into the text that is the input.
        Unit::Whole(source) => match source.read() {
            Ok(bytes) => {
                let len = bytes.len();
                let doc = input::read_owned(bytes, read);
                let text = doc.collection().source();
                let mut checked = check_doc(&name, &doc, text, None, args, options, color);
                checked.bytes = len as u64;
                checked
            }
            Err(e) => Checked::failed(format!("sgfkit: {name}: {e}")),
        },
        Unit::Game(_, game) => {
            let doc = input::read(game.bytes(), read);
            check_doc(&name, &doc, game.bytes(), Some(game), args, options, color)
        }
    }
}

/// Checks a document read from `bytes`, a file or one game tree of a
/// streamed file (`game`: positions are then moved to the whole file).
/// `bytes` places `-v`'s game trees; a document that owns its input (read
/// without `-v`) passes its text.
fn check_doc(
    name: &str,
    doc: &sgfkit::Document<'_>,
    bytes: &[u8],
    game: Option<&sgfkit::stream::Game>,
    args: &Args,
    options: &CheckOptions,
    color: bool,
) -> Checked {
    let text = doc.collection().source();
    // Nothing read (a binary file, say): no warning for each malformed
    // byte sequence, only the line that says why.
    let nothing = doc.collection().games().len() == 0;
    let mut reports: Vec<Report> = doc
        .encoding_warnings()
        .iter()
        .filter(|_| !nothing)
        .map(Report::encoding)
        .collect();
    let mut found: Vec<Report> = doc
        .check(options)
        .into_iter()
        .map(Report::from_diag)
        .collect();
    if doc.collection().games().len() == 0 && !found.iter().any(|r| r.severity == Severity::Error) {
        found.push(Report {
            position: sgfkit::Position { line: 1, column: 1 },
            span: 0..0,
            code: None,
            severity: Severity::Error,
            message: "no game tree found".to_string(),
            sgfc: None,
            line: None,
        });
    }
    reports.extend(found);
    if let Some(game) = game {
        // Positions in the whole input: counted in the game tree's bytes in
        // one forward pass (reports in offset order), then moved by where
        // the tree starts (`Game::place`).
        let mut order: Vec<usize> = (0..reports.len()).collect();
        order.sort_by_key(|&k| reports[k].span.start);
        let mut cursor = sgfkit::error::PositionCursor::new(game.bytes());
        for k in order {
            reports[k].position = game.place(cursor.position(reports[k].span.start));
        }
    }
    // In position order, whichever source a finding was found in (the
    // decoder's in the original bytes, the others in the UTF-8 text: their
    // lines agree).
    reports.sort_by_key(|r| (r.position.line, r.position.column));
    let errors = reports.iter().any(|r| r.severity == Severity::Error);
    let warnings = reports.iter().any(|r| r.severity == Severity::Warning);
    let mut out = Vec::new();
    let people = args.format == Format::Human && !args.summary && !args.files_with_errors;
    if args.verbose && people {
        // One line when every game tree was decoded alike (nearly every
        // file), else one a tree, at the line where it starts: the
        // encoding findings below then match the line above them.
        let trees = doc.trees();
        let alike = trees.windows(2).all(|w| {
            (w[0].detection.charset, w[0].detection.reason)
                == (w[1].detection.charset, w[1].detection.reason)
        });
        let mut cursor = sgfkit::error::PositionCursor::new(bytes);
        for t in trees.iter().take(if alike { 1 } else { trees.len() }) {
            let d = &t.detection;
            let place = if alike {
                ":".to_string()
            } else {
                format!(":{}: game tree", cursor.position(t.input.start).line)
            };
            let _ = writeln!(
                out,
                "{name}{place} read as {} ({:?})",
                Paint::bold(color).paint(d.charset.name()),
                d.reason
            );
        }
    }
    let json = args.format == Format::Json;
    // JSON keeps each finding; people get repeated infos counted.
    let folded = if json {
        reports.into_iter().map(|r| (r, 1)).collect()
    } else {
        output::fold(reports, args.verbose)
    };
    let mut tally = Tally::default();
    for (r, times) in &folded {
        tally.add(r.code.map(Code::as_str), r.severity, *times);
    }
    let head = out.len();
    let mut pieces = Vec::new();
    if !args.summary && !args.files_with_errors {
        let shown = folded
            .iter()
            .filter(|(r, _)| !args.quiet || r.severity == Severity::Error);
        for (r, times) in shown {
            if json {
                output::write_json_line(&mut out, name, r);
            } else {
                output::write_human(&mut out, name, r, *times, text, color);
            }
            pieces.push(Piece {
                code: r.code,
                severity: r.severity,
                times: *times,
                end: out.len(),
            });
        }
    }
    Checked {
        name: name.to_string(),
        out,
        head,
        pieces,
        failed: None,
        errors,
        warnings,
        bytes: bytes.len() as u64,
        tally,
    }
}

impl Checked {
    fn failed(message: String) -> Checked {
        Checked {
            name: String::new(),
            out: Vec::new(),
            head: 0,
            pieces: Vec::new(),
            failed: Some(message),
            errors: false,
            warnings: false,
            bytes: 0,
            tally: Tally::default(),
        }
    }
}
