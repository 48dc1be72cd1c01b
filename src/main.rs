//! `sgfkit`: check, format and measure SGF files from the command line.
//!
//! Run `sgfkit --help` or `sgfkit <COMMAND> --help` for the options.

use clap::{Parser, Subcommand};
use sgfkit::{Collection, ParseOptions, Warning};
use std::io::{self, Read, Write};
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
    /// Parse each file and report every problem as PATH:LINE:COL: SEVERITY: MESSAGE.
    ///
    /// Directories are searched recursively for *.sgf and *.SGF files. With no
    /// PATH, the example files bundled with sgfkit are checked. Exit status: 0
    /// when no file has an error, 1 when some file has an error, 2 on a usage
    /// or I/O error.
    Check {
        /// Files or directories to check.
        paths: Vec<PathBuf>,
        /// Print only the summary line and errors, not warnings.
        #[arg(short, long)]
        quiet: bool,
        /// Also say which character encoding each file was read with, and why.
        #[arg(short, long)]
        verbose: bool,
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
            encoding,
        } => check(paths, quiet, verbose, &encoding),
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

fn check(
    paths: Vec<PathBuf>,
    quiet: bool,
    verbose: bool,
    enc: &EncodingArgs,
) -> io::Result<ExitCode> {
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
    let mut out = stdout.lock();
    let (mut bad, mut warned) = (0usize, 0usize);
    for input in &inputs {
        let decoded = sgfkit::encoding::to_utf8_per_tree(&input.bytes, &enc_opts);
        if verbose {
            let d = &decoded.detection;
            writeln!(
                out,
                "{}: read as {} ({:?})",
                input.name,
                d.charset.name(),
                d.reason
            )?;
        }
        if !quiet {
            for w in decoded.all_warnings() {
                let p = sgfkit::Position::of(&input.bytes, w.offset);
                writeln!(
                    out,
                    "{}:{}:{}: warning: {}",
                    input.name, p.line, p.column, w.message
                )?;
            }
        }
        let mut warnings: Vec<Warning> = Vec::new();
        let result = Collection::parse_with(&decoded.text, &ParseOptions::default(), &mut warnings);
        if !quiet {
            for w in &warnings {
                let p = w.position();
                writeln!(
                    out,
                    "{}:{}:{}: warning: {}",
                    input.name,
                    p.line,
                    p.column,
                    message(&w.to_string())
                )?;
            }
        }
        if !warnings.is_empty() || decoded.all_warnings().next().is_some() {
            warned += 1;
        }
        if let Err(e) = result {
            bad += 1;
            let p = e.position();
            writeln!(
                out,
                "{}:{}:{}: error: {}",
                input.name,
                p.line,
                p.column,
                e.kind()
            )?;
        }
    }
    writeln!(
        out,
        "checked {} file{}: {} with errors, {} with warnings",
        inputs.len(),
        if inputs.len() == 1 { "" } else { "s" },
        bad,
        warned
    )?;
    Ok(if bad > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
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
            let text = serde_json::to_string_pretty(&sgfkit::json::to_json(&tree))
                .map_err(io::Error::other)?;
            writeln!(io::stdout().lock(), "{text}")?;
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
