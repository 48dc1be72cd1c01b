//! `sgfkit`: check, format and measure SGF files from the command line.
//!
//! Run `sgfkit --help` or `sgfkit <COMMAND> --help` for the options.

use clap::{Parser, Subcommand};
use sgfkit::check::{CheckOptions, Diagnostic, Severity, check as check_tree};
use sgfkit::{Collection, ParseOptions, Warning};
use std::io::{self, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// Read, check and write SGF (Smart Game Format) files.
#[derive(Parser, Debug)]
#[command(name = "sgfkit", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Parse and check each file and report every problem as
    /// PATH:LINE:COL: SEVERITY[CODE]: MESSAGE, with the source line.
    ///
    /// A file that does not follow the grammar is reported (as
    /// PATH:LINE:COL: error: MESSAGE), then read leniently, so that the
    /// repaired tree is still checked. The codes are listed in
    /// docs/diagnostics.md. Directories are searched recursively for *.sgf
    /// and *.SGF files. With no PATH, the example files bundled with sgfkit
    /// are checked. Exit status: 0 when no file has an error (warnings and
    /// infos are fine), 1 when some file has an error, 2 on a usage or I/O
    /// error.
    Check {
        /// Files or directories to check.
        paths: Vec<PathBuf>,
        /// Print only the summary line and errors, not warnings.
        #[arg(short, long)]
        quiet: bool,
        /// Also say which character encoding each file was read with, and why.
        #[arg(short, long)]
        verbose: bool,
        /// Add the restrictive checks of SGFC's -r: one game tree per file,
        /// HA against the handicap stones, two moves of one colour in a row,
        /// setup in the main line after the root.
        #[arg(long)]
        strict: bool,
        /// Output format: `human` (lines with source snippets) or `json` (one
        /// array of {path, line, column, code, severity, message, sgfc}).
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
        #[command(flatten)]
        encoding: EncodingArgs,
    },
    /// Print the canonical FF\[4\] form of a file (or of standard input, `-`).
    ///
    /// Damaged input is repaired (see `sgfkit::check`), each repair reported
    /// on stderr; exit status 1 only when there is no game tree at all.
    Fmt {
        /// Refuse any syntax error: exit status 1 and the positioned error
        /// on stderr.
        #[arg(long)]
        strict: bool,
        /// Break lines before nodes that would pass this width (0: never).
        #[arg(long, default_value_t = 80)]
        width: usize,
        /// The file to format; `-` or nothing reads standard input.
        path: Option<PathBuf>,
        /// Keep the bytes of the values as they are instead of writing UTF-8.
        #[arg(long)]
        keep_encoding: bool,
        #[command(flatten)]
        encoding: EncodingArgs,
    },
    /// Repair files: read leniently, apply the repairs of `sgfkit::check::repair`
    /// (FF[1-3] properties converted, game-info values corrected, mixed
    /// move/setup nodes split, ...) and write canonical FF[4] in UTF-8.
    ///
    /// Each repair is reported on stderr as PATH:LINE:COL: severity[CODE]:
    /// message. One file is written to stdout unless --in-place; several
    /// files need --in-place or --dry-run. Exit status: 0 when every file was
    /// read, 1 when some file has no game tree, 2 on a usage or I/O error.
    Fix {
        /// Files or directories (searched for *.sgf); `-` reads standard input.
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
    },
    /// Parse the files and print totals: games, nodes, properties, bytes, and
    /// the parse throughput.
    Stats {
        /// Files or directories.
        paths: Vec<PathBuf>,
    },
    /// Print a file (or standard input, `-`) as JSON with every property
    /// typed and decoded (schema: the `sgfkit::json` documentation).
    Json {
        /// The file; `-` or nothing reads standard input.
        path: Option<PathBuf>,
    },
}

/// The output formats of `check`.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    /// One line per problem, with the source line and a caret.
    Human,
    /// One JSON array.
    Json,
}

/// How to choose the character encoding of the input (as SGFC's options).
#[derive(clap::Args, Debug, Clone, Default)]
struct EncodingArgs {
    /// Read every file with this encoding, whatever it declares (e.g. GB18030, Shift_JIS).
    #[arg(long, value_name = "NAME")]
    encoding: Option<String>,
    /// The encoding of files that declare none (no CA) and are not UTF-8.
    #[arg(long, value_name = "NAME")]
    default_encoding: Option<String>,
}

impl EncodingArgs {
    fn options(&self) -> io::Result<sgfkit::encoding::DecodeOptions> {
        let mut opts = sgfkit::encoding::DecodeOptions::default();
        let label = |name: &str| {
            sgfkit::encoding::encoding_for_label(name).ok_or_else(|| {
                io::Error::new(
                    io::ErrorKind::InvalidInput,
                    format!("unknown encoding `{name}`"),
                )
            })
        };
        if let Some(name) = &self.encoding {
            opts = opts.force(label(name)?);
        }
        if let Some(name) = &self.default_encoding {
            opts = opts.default_charset(label(name)?);
        }
        Ok(opts)
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Check {
            paths,
            quiet,
            verbose,
            strict,
            format,
            encoding,
        } => check(
            paths,
            &CheckArgs {
                quiet,
                verbose,
                strict,
                format,
            },
            &encoding,
        ),
        Command::Fmt {
            path,
            width,
            keep_encoding,
            encoding,
            strict,
        } => fmt(path, width, strict, keep_encoding, &encoding),
        Command::Fix {
            paths,
            in_place,
            dry_run,
            fox_komi,
            remove_empty_nodes,
            width,
            encoding,
        } => fix(
            &paths,
            in_place,
            dry_run,
            &sgfkit::check::RepairOptions::default()
                .fox_komi(fox_komi)
                .remove_empty_nodes(remove_empty_nodes),
            width,
            &encoding,
        ),
        Command::Stats { paths } => stats(paths),
        Command::Json { path } => json(path),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            let _ = writeln!(io::stderr(), "sgfkit: {e}");
            ExitCode::from(2)
        }
    }
}

/// The bundled example files, found beside the crate's manifest; their text
/// is compiled in too, so `check` works from an installed binary.
const BUNDLED: &[(&str, &[u8])] = &[
    (
        "examples/sample-game.sgf",
        include_bytes!("../examples/sample-game.sgf"),
    ),
    (
        "examples/variations.sgf",
        include_bytes!("../examples/variations.sgf"),
    ),
];

struct Input {
    name: String,
    bytes: Vec<u8>,
}

/// The options of `check` besides the paths and encoding.
struct CheckArgs {
    quiet: bool,
    verbose: bool,
    strict: bool,
    format: Format,
}

/// One reported problem, ready to print.
struct Report {
    line: u32,
    column: u32,
    span: std::ops::Range<usize>,
    code: Option<&'static str>,
    severity: Severity,
    message: String,
    sgfc: Option<u32>,
}

impl Report {
    fn from_diag(d: &Diagnostic) -> Report {
        Report {
            line: d.position.line,
            column: d.position.column,
            span: d.span.clone(),
            code: Some(d.code),
            severity: d.severity,
            message: d.message.clone(),
            sgfc: d.sgfc,
        }
    }

    fn plain(
        severity: Severity,
        p: sgfkit::Position,
        span: std::ops::Range<usize>,
        message: String,
    ) -> Report {
        Report {
            line: p.line,
            column: p.column,
            span,
            code: None,
            severity,
            message,
            sgfc: None,
        }
    }
}

fn check(paths: Vec<PathBuf>, args: &CheckArgs, enc: &EncodingArgs) -> io::Result<ExitCode> {
    let enc_opts = enc.options()?;
    let inputs = if paths.is_empty() {
        let names: Vec<&str> = BUNDLED.iter().map(|(n, _)| *n).collect();
        eprintln!(
            "no PATH given: checking the bundled examples {}",
            names.join(", ")
        );
        BUNDLED
            .iter()
            .map(|(name, bytes)| Input {
                name: (*name).to_string(),
                bytes: bytes.to_vec(),
            })
            .collect()
    } else {
        read_all(&paths)?
    };
    let stdout = io::stdout();
    let colour = stdout.is_terminal();
    let mut out = stdout.lock();
    let mut json = Vec::new();
    let check_opts = CheckOptions::default().strict(args.strict);
    let (mut bad, mut warned) = (0usize, 0usize);
    for input in &inputs {
        let decoded = sgfkit::encoding::to_utf8_per_tree(&input.bytes, &enc_opts);
        if args.verbose && args.format == Format::Human {
            let d = &decoded.detection;
            writeln!(
                out,
                "{}: read as {} ({:?})",
                input.name,
                d.charset.name(),
                d.reason
            )?;
        }
        let mut reports: Vec<Report> = Vec::new();
        // Encoding warnings are positioned in the original bytes.
        let mut encoding_reports: Vec<Report> = decoded
            .all_warnings()
            .map(|w| {
                let p = sgfkit::Position::of(&input.bytes, w.offset);
                Report::plain(Severity::Warning, p, w.offset..w.offset, w.message.clone())
            })
            .collect();
        let src: &[u8] = &decoded.text;
        let mut warnings: Vec<Warning> = Vec::new();
        match Collection::parse_with(src, &ParseOptions::default(), &mut warnings) {
            Ok(tree) => {
                for w in &warnings {
                    let at = w.span().start;
                    reports.push(Report::plain(
                        Severity::Warning,
                        w.position(),
                        at..w.span().end,
                        message(&w.to_string()).to_string(),
                    ));
                }
                reports.extend(check_tree(&tree, &check_opts).iter().map(Report::from_diag));
            }
            Err(e) => {
                reports.push(Report::plain(
                    Severity::Error,
                    e.position(),
                    e.offset()..e.offset() + 1,
                    e.kind().to_string(),
                ));
                // Read it leniently, so the rest of the file is still checked.
                let (tree, diags) = sgfkit::check::parse_lenient(src, &ParseOptions::default());
                reports.extend(diags.iter().map(Report::from_diag));
                reports.extend(check_tree(&tree, &check_opts).iter().map(Report::from_diag));
            }
        }
        reports.sort_by_key(|r| r.span.start);
        if reports.iter().any(|r| r.severity == Severity::Error) {
            bad += 1;
        }
        if reports
            .iter()
            .chain(&encoding_reports)
            .any(|r| r.severity == Severity::Warning)
        {
            warned += 1;
        }
        match args.format {
            Format::Json => {
                for r in encoding_reports.iter().chain(&reports) {
                    json.push(serde_json::json!({
                        "path": input.name,
                        "line": r.line,
                        "column": r.column,
                        "code": r.code,
                        "severity": r.severity.to_string(),
                        "message": r.message,
                        "sgfc": r.sgfc,
                    }));
                }
            }
            Format::Human => {
                for r in &encoding_reports {
                    if !args.quiet {
                        print_report(&mut out, &input.name, r, &input.bytes, colour)?;
                    }
                }
                encoding_reports.clear();
                for r in &reports {
                    if !args.quiet || r.severity == Severity::Error {
                        print_report(&mut out, &input.name, r, src, colour)?;
                    }
                }
            }
        }
    }
    let summary = format!(
        "checked {} file{}: {} with errors, {} with warnings",
        inputs.len(),
        if inputs.len() == 1 { "" } else { "s" },
        bad,
        warned
    );
    if args.format == Format::Json {
        let text = serde_json::to_string_pretty(&json).map_err(io::Error::other)?;
        writeln!(out, "{text}")?;
        eprintln!("{summary}");
    } else {
        writeln!(out, "{summary}")?;
    }
    Ok(if bad > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// Prints `PATH:LINE:COL: severity[CODE]: message` (or without `[CODE]`),
/// then the source line with carets under the span.
fn print_report(
    out: &mut impl Write,
    path: &str,
    r: &Report,
    src: &[u8],
    colour: bool,
) -> io::Result<()> {
    let (on, off) = if colour {
        let c = match r.severity {
            Severity::Error => "\x1b[1;31m",
            Severity::Warning => "\x1b[1;33m",
            Severity::Info => "\x1b[1;36m",
        };
        (c, "\x1b[0m")
    } else {
        ("", "")
    };
    let code = r.code.map(|c| format!("[{c}]")).unwrap_or_default();
    writeln!(
        out,
        "{path}:{}:{}: {on}{}{code}{off}: {}",
        r.line, r.column, r.severity, r.message
    )?;
    if let Some((line, pad, carets)) = snippet(src, &r.span) {
        writeln!(out, "    {line}")?;
        writeln!(out, "    {pad}{on}{carets}{off}")?;
    }
    Ok(())
}

/// The source line holding `span.start` (at most about 100 characters of
/// it, around the spot), the padding up to the spot (tabs kept, so the caret
/// lines up) and one `^` per character of the span on that line.
fn snippet(src: &[u8], span: &std::ops::Range<usize>) -> Option<(String, String, String)> {
    const WIDTH: usize = 100;
    let at = span.start.min(src.len());
    // Look at most a few hundred bytes either side, so a huge one-line file
    // costs no more per diagnostic than a short line.
    let lo = at.saturating_sub(4 * WIDTH);
    let hi = (at + 4 * WIDTH).min(src.len());
    let start = src[lo..at]
        .iter()
        .rposition(|&b| b == b'\n' || b == b'\r')
        .map_or_else(
            || {
                // Start on a character boundary.
                let mut s = lo;
                while s < at && (src[s] & 0xC0) == 0x80 {
                    s += 1;
                }
                s
            },
            |p| lo + p + 1,
        );
    let end = src[at..hi]
        .iter()
        .position(|&b| b == b'\n' || b == b'\r')
        .map_or(hi, |p| at + p);
    let before: Vec<char> = String::from_utf8_lossy(&src[start..at]).chars().collect();
    let span_end = span.end.clamp(at, end);
    let inside = String::from_utf8_lossy(&src[at..span_end])
        .chars()
        .count()
        .max(1);
    let after: Vec<char> = String::from_utf8_lossy(&src[at..end]).chars().collect();
    if before.is_empty() && after.is_empty() && at >= src.len() && src.is_empty() {
        return None;
    }
    // A window around the spot on long lines.
    let skip = before.len().saturating_sub(WIDTH / 2);
    let shown_before: String = before[skip..].iter().collect();
    let room = WIDTH.saturating_sub(before.len() - skip).max(10);
    let shown_after: String = after.iter().take(room).collect();
    let clean = |s: &str| -> String {
        s.chars()
            .map(|c| if c.is_control() && c != '\t' { ' ' } else { c })
            .collect()
    };
    let line = format!(
        "{}{}{}{}",
        if skip > 0 { "…" } else { "" },
        clean(&shown_before),
        clean(&shown_after),
        if after.len() > room { "…" } else { "" }
    );
    let mut pad: String = shown_before
        .chars()
        .map(|c| if c == '\t' { '\t' } else { ' ' })
        .collect();
    if skip > 0 {
        pad.insert(0, ' ');
    }
    let carets = "^".repeat(inside.min(room.max(1)));
    Some((line, pad, carets))
}

/// A warning's message without its leading `LINE:COL: `.
fn message(shown: &str) -> &str {
    shown.split_once(": ").map_or(shown, |(_, m)| m)
}

fn fmt(
    path: Option<PathBuf>,
    width: usize,
    strict: bool,
    keep_encoding: bool,
    enc: &EncodingArgs,
) -> io::Result<ExitCode> {
    let enc_opts = enc.options()?;
    let (name, raw) = read_one(path)?;
    // Values are written in UTF-8 (with CA[UTF-8]) unless asked to keep
    // the original bytes.
    let (bytes, transcoded) = decode(&name, &raw, &enc_opts, keep_encoding);
    let config = sgfkit::print::WriterConfig::default().line_width(width);
    let mut tree = if strict {
        let mut warnings: Vec<Warning> = Vec::new();
        match Collection::parse_with(&bytes, &ParseOptions::default(), &mut warnings) {
            Ok(tree) => {
                for w in &warnings {
                    eprintln!("{name}:{w}");
                }
                tree
            }
            Err(e) => {
                eprint!("{name}:{}", e.render(&bytes));
                return Ok(ExitCode::from(1));
            }
        }
    } else {
        let (tree, diags) = sgfkit::check::parse_lenient(&bytes, &ParseOptions::default());
        for d in &diags {
            eprintln!("{name}:{d}");
        }
        if tree.games().len() == 0 {
            return Ok(ExitCode::from(1));
        }
        tree
    };
    if transcoded {
        mark_utf8(&mut tree);
    }
    let mut out = Vec::new();
    sgfkit::print::push_sgf(&mut out, &tree, &config);
    io::stdout().lock().write_all(&out)?;
    Ok(ExitCode::SUCCESS)
}

/// Transcodes `bytes` to UTF-8 (printing the encoding warnings) unless
/// `keep` is set; says whether the text changed.
fn decode<'b>(
    name: &str,
    bytes: &'b [u8],
    opts: &sgfkit::encoding::DecodeOptions,
    keep: bool,
) -> (std::borrow::Cow<'b, [u8]>, bool) {
    if keep {
        return (std::borrow::Cow::Borrowed(bytes), false);
    }
    let decoded = sgfkit::encoding::to_utf8_per_tree(bytes, opts);
    for w in decoded.all_warnings() {
        let p = sgfkit::Position::of(bytes, w.offset);
        eprintln!("{name}:{}:{}: warning: {}", p.line, p.column, w.message);
    }
    (decoded.text, decoded.transcoded)
}

/// Marks every game tree of a transcoded collection `CA[UTF-8]`.
fn mark_utf8(tree: &mut Collection<'_>) {
    let roots: Vec<_> = tree.games().map(|g| g.id()).collect();
    for root in roots {
        // Setting a valid value on an existing root cannot fail.
        let _ = tree.set_property(root, "CA", ["UTF-8"]);
    }
}

/// `sgfkit fix`: lenient read, repairs, canonical FF[4] in UTF-8.
fn fix(
    paths: &[PathBuf],
    in_place: bool,
    dry_run: bool,
    options: &sgfkit::check::RepairOptions,
    width: usize,
    enc: &EncodingArgs,
) -> io::Result<ExitCode> {
    let enc_opts = enc.options()?;
    let stdin = paths.iter().any(|p| p.as_os_str() == "-");
    if stdin && in_place {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "--in-place cannot rewrite standard input",
        ));
    }
    let inputs = if stdin {
        let (name, bytes) = read_one(None)?;
        vec![Input { name, bytes }]
    } else {
        read_all(paths)?
    };
    if inputs.len() > 1 && !in_place && !dry_run {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "{} files to fix: give --in-place or --dry-run (only one file can go to stdout)",
                inputs.len()
            ),
        ));
    }
    let config = sgfkit::print::WriterConfig::default().line_width(width);
    let mut unreadable = 0usize;
    for input in &inputs {
        let name = &input.name;
        let (text, transcoded) = decode(name, &input.bytes, &enc_opts, false);
        let (mut tree, diags) = sgfkit::check::parse_lenient(&text, &ParseOptions::default());
        if transcoded {
            mark_utf8(&mut tree);
        }
        for d in &diags {
            eprintln!("{name}:{d}");
        }
        if tree.games().len() == 0 {
            unreadable += 1;
            continue;
        }
        for d in sgfkit::check::repair(&mut tree, options) {
            eprintln!("{name}:{d}");
        }
        if dry_run {
            continue;
        }
        let mut out = Vec::new();
        sgfkit::print::push_sgf(&mut out, &tree, &config);
        if in_place {
            std::fs::write(name, &out)
                .map_err(|e| io::Error::new(e.kind(), format!("{name}: {e}")))?;
        } else {
            io::stdout().lock().write_all(&out)?;
        }
    }
    Ok(if unreadable > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn stats(paths: Vec<PathBuf>) -> io::Result<ExitCode> {
    let inputs = read_all(&paths)?;
    let (mut games, mut nodes, mut props, mut bytes, mut failed) = (0, 0, 0, 0, 0);
    let start = Instant::now();
    for input in &inputs {
        bytes += input.bytes.len();
        match sgfkit::parse(&input.bytes) {
            Ok(t) => {
                games += t.games().len();
                nodes += t.node_count();
                props += t.property_count();
            }
            Err(_) => failed += 1,
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!("files {} failed {failed}", inputs.len());
    println!("games {games} nodes {nodes} properties {props} bytes {bytes}");
    println!(
        "parsed in {:.3} s: {:.1} MB/s (tree building included)",
        secs,
        bytes as f64 / 1e6 / secs.max(1e-9)
    );
    Ok(if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// Reads every file named, searching directories (iteratively) for
/// `*.sgf` / `*.SGF` files in sorted order.
fn read_all(paths: &[PathBuf]) -> io::Result<Vec<Input>> {
    let mut files = Vec::new();
    for p in paths {
        if p.is_dir() {
            collect_dir(p, &mut files)?;
        } else {
            files.push(p.clone());
        }
    }
    files
        .into_iter()
        .map(|f| {
            let bytes = std::fs::read(&f)
                .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", f.display())))?;
            Ok(Input {
                name: f.display().to_string(),
                bytes,
            })
        })
        .collect()
}

fn collect_dir(dir: &Path, files: &mut Vec<PathBuf>) -> io::Result<()> {
    let mut stack = vec![dir.to_path_buf()];
    let mut found = Vec::new();
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d)? {
            let path = entry?.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "sgf" || e == "SGF") {
                found.push(path);
            }
        }
    }
    found.sort();
    files.extend(found);
    Ok(())
}

fn json(path: Option<PathBuf>) -> io::Result<ExitCode> {
    let (name, raw) = read_one(path)?;
    // Texts come out as Unicode: transcode first.
    let decoded = sgfkit::encoding::to_utf8_per_tree(&raw, &Default::default());
    let bytes = decoded.text;
    match sgfkit::parse(&bytes) {
        Ok(tree) => {
            // Streamed node by node: memory stays bounded on huge trees.
            let mut out = io::BufWriter::new(io::stdout().lock());
            sgfkit::json::write_json(&tree, &mut out)?;
            out.flush()?;
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            eprint!("{name}:{}", e.render(&bytes));
            Ok(ExitCode::from(1))
        }
    }
}

/// Reads one file, or standard input for `-` or no path; returns its name
/// for messages and its bytes.
fn read_one(path: Option<PathBuf>) -> io::Result<(String, Vec<u8>)> {
    match path {
        Some(p) if p.as_os_str() != "-" => Ok((p.display().to_string(), std::fs::read(&p)?)),
        _ => {
            let mut buf = Vec::new();
            io::stdin().read_to_end(&mut buf)?;
            Ok(("<stdin>".to_string(), buf))
        }
    }
}
