//! `sgfkit conform`: runs another SGF reader on files of known meaning and
//! reports, with a shrunk file, where it reads something else.

use rayon::prelude::*;
use sgfkit::ReadOptions;
use sgfkit_conform::meaning::{Difference, Meaning, Where};
use sgfkit_conform::shrink;
use std::collections::HashMap;
use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use crate::r#gen::{GenArgs, write_one};
use crate::input::{self, EncodingArgs, WalkArgs};
use crate::output::Context;

/// Run another SGF reader on SGF files and compare its reading with
/// sgfkit's (docs/conformance.md).
///
/// For each file, runs `CMD ARGS... FILE`, reads its standard output as
/// meaning JSON and compares it with sgfkit's meaning of the file. Prints
/// each disagreement (the file, the first differing node and property, both
/// readings, and a shrunk file that still differs, written next to the
/// file), each failure, and the summary line. Exit status 0 when all agree,
/// 1 otherwise, 2 when the command line is wrong.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(flatten)]
    pub(crate) jobs: crate::output::ThreadArgs,
    #[command(flatten)]
    generate: GenArgs,
    /// Take the .sgf files of this folder instead of generating them.
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
    /// Where generated and shrunk files go.
    #[arg(
        short = 'o',
        long = "out",
        default_value = "conform-out",
        value_name = "DIR"
    )]
    out: PathBuf,
    /// Seconds each run of the command may take.
    #[arg(long, default_value_t = 10.0, value_name = "SECS")]
    timeout: f64,
    /// human or json.
    #[arg(long, default_value = "human", value_name = "FORMAT")]
    format: Format,
    /// Shrink every disagreement, not only the first of each kind (the
    /// kind is where it is: shape, or which property).
    #[arg(long)]
    shrink_all: bool,
    /// The most runs of the command spent shrinking one file.
    #[arg(long, default_value_t = 400, value_name = "N")]
    shrink_runs: usize,
    /// The reader: a program that prints the meaning JSON of the file named
    /// by its last argument.
    #[arg(last = true, required = true, value_name = "CMD ARGS")]
    command: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    Human,
    Json,
}

/// What the reader made of one file.
#[derive(Debug)]
enum Outcome {
    Agree,
    Differ(Difference),
    Failed(String),
    TimedOut,
}

/// Runs `command FILE`, killed after `timeout`; its stdout, or why not.
fn run_reader(command: &[String], file: &Path, timeout: Duration) -> Result<String, Outcome> {
    let mut child = Command::new(&command[0])
        .args(&command[1..])
        .arg(file)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| Outcome::Failed(format!("cannot run {}: {e}", command[0])))?;
    let (Some(mut out), Some(err)) = (child.stdout.take(), child.stderr.take()) else {
        return Err(Outcome::Failed("no pipes".into()));
    };
    let out = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = out.read_to_end(&mut s);
        s
    });
    let err = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = err.take(4096).read_to_end(&mut s);
        s
    });
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if start.elapsed() > timeout => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(Outcome::TimedOut);
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(e) => return Err(Outcome::Failed(e.to_string())),
        }
    };
    let out = out.join().unwrap_or_default();
    let err = err.join().unwrap_or_default();
    if !status.success() {
        let err = String::from_utf8_lossy(&err);
        let last = err
            .lines()
            .rev()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("");
        return Err(Outcome::Failed(format!("{status}: {last}")));
    }
    String::from_utf8(out).map_err(|_| Outcome::Failed("output is not UTF-8".into()))
}

fn compare(ours: &Meaning, command: &[String], file: &Path, timeout: Duration) -> Outcome {
    let out = match run_reader(command, file, timeout) {
        Ok(out) => out,
        Err(outcome) => return outcome,
    };
    match Meaning::from_json(&out) {
        Ok(theirs) => match ours.first_difference(&theirs) {
            None => Outcome::Agree,
            Some(d) => Outcome::Differ(d),
        },
        Err(e) => Outcome::Failed(format!("output: {e}")),
    }
}

/// The kind of a disagreement: one shrunk example per kind.
fn kind(d: &Difference) -> String {
    match &d.at {
        Where::Games => "games".into(),
        Where::Shape { .. } => "shape".into(),
        Where::Property { ident, .. } => format!("property {ident}"),
    }
}

/// sgfkit's meaning of a file of the folder, read as every command reads
/// (with `read`).
fn meaning_of(path: &Path, read: &ReadOptions) -> io::Result<Meaning> {
    let bytes = fs::read(path)?;
    let (tree, _) = input::read_for_writing(&path.display().to_string(), &bytes, read, false);
    Ok(Meaning::of(&tree))
}

struct Report {
    file: PathBuf,
    outcome: Outcome,
    shrunk: Option<PathBuf>,
}

/// At most 300 characters of `s`, for the terminal.
fn clip(s: &str) -> String {
    match s.char_indices().nth(300) {
        Some((i, _)) => format!("{}… ({} bytes)", &s[..i], s.len()),
        None => s.to_string(),
    }
}

fn json_str(s: &str) -> String {
    serde_json::Value::String(s.to_string()).to_string()
}

pub(crate) fn run(args: &Args, ctx: &Context) -> io::Result<ExitCode> {
    let timeout = Duration::from_secs_f64(args.timeout.max(0.001));
    fs::create_dir_all(&args.out)?;
    // The files and sgfkit's meaning of each.
    let files: Vec<(PathBuf, Meaning)> = match &args.dir {
        Some(dir) => {
            let mut failed = 0;
            let read = input::read_options(&EncodingArgs::default())?;
            let sources =
                input::sources(std::slice::from_ref(dir), &WalkArgs::default(), &mut failed);
            sources
                .iter()
                .filter_map(|s| s.path().map(Path::to_path_buf))
                .map(|p| meaning_of(&p, &read).map(|m| (p, m)))
                .collect::<io::Result<_>>()?
        }
        None => {
            let generator = args.generate.generator();
            (0..args.generate.count)
                .map(|i| write_one(&generator, i, &args.out))
                .collect::<io::Result<_>>()?
        }
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(ctx.threads)
        .build()
        .map_err(io::Error::other)?;
    let outcomes: Vec<Outcome> = pool.install(|| {
        files
            .par_iter()
            .map(|(path, ours)| compare(ours, &args.command, path, timeout))
            .collect()
    });
    // Shrink the first disagreement of each kind (or all of them).
    let mut shrunk_of_kind: HashMap<String, PathBuf> = HashMap::new();
    let mut reports = Vec::new();
    for ((file, _), outcome) in files.iter().zip(outcomes) {
        let mut shrunk = None;
        if let Outcome::Differ(d) = &outcome {
            let k = kind(d);
            shrunk = match shrunk_of_kind.get(&k) {
                Some(p) if !args.shrink_all => Some(p.clone()),
                _ => {
                    let p = shrink_file(
                        file,
                        &k,
                        &args.command,
                        timeout,
                        args.shrink_runs,
                        &args.out,
                    )?;
                    shrunk_of_kind.insert(k, p.clone());
                    Some(p)
                }
            };
        }
        reports.push(Report {
            file: file.clone(),
            outcome,
            shrunk,
        });
    }
    let count = |f: fn(&Outcome) -> bool| reports.iter().filter(|r| f(&r.outcome)).count();
    let agree = count(|o| matches!(o, Outcome::Agree));
    let differ = count(|o| matches!(o, Outcome::Differ(_)));
    let failed = count(|o| matches!(o, Outcome::Failed(_)));
    let timed_out = count(|o| matches!(o, Outcome::TimedOut));
    let summary = format!(
        "{} files, {agree} agree, {differ} differ, {failed} failed, {timed_out} timed out",
        reports.len()
    );
    let mut stdout = io::stdout().lock();
    match args.format {
        Format::Human => {
            for r in &reports {
                let file = r.file.display();
                match &r.outcome {
                    Outcome::Differ(d) => {
                        writeln!(stdout, "{file}: differs at {}", d.at)?;
                        writeln!(stdout, "  sgfkit: {}", clip(&d.ours))?;
                        writeln!(stdout, "  reader: {}", clip(&d.theirs))?;
                        if let Some(s) = &r.shrunk {
                            let small = fs::read(s).unwrap_or_default();
                            writeln!(
                                stdout,
                                "  shrunk: {} ({} bytes): {}",
                                s.display(),
                                small.len(),
                                String::from_utf8_lossy(&small).escape_debug()
                            )?;
                        }
                    }
                    Outcome::Failed(e) => writeln!(stdout, "{file}: failed: {e}")?,
                    Outcome::TimedOut => writeln!(stdout, "{file}: timed out")?,
                    Outcome::Agree => {}
                }
            }
            writeln!(stdout, "{summary}")?;
        }
        Format::Json => {
            let items: Vec<String> = reports
                .iter()
                .filter(|r| !matches!(r.outcome, Outcome::Agree))
                .map(|r| {
                    let file = json_str(&r.file.display().to_string());
                    match &r.outcome {
                        Outcome::Differ(d) => format!(
                            "{{\"file\":{file},\"outcome\":\"differ\",\"where\":{},\"sgfkit\":{},\"reader\":{},\"shrunk\":{}}}",
                            json_str(&d.at.to_string()),
                            json_str(&d.ours),
                            json_str(&d.theirs),
                            r.shrunk.as_ref().map_or("null".into(), |p| json_str(&p.display().to_string()))
                        ),
                        Outcome::Failed(e) => format!("{{\"file\":{file},\"outcome\":\"failed\",\"error\":{}}}", json_str(e)),
                        _ => format!("{{\"file\":{file},\"outcome\":\"timed out\"}}"),
                    }
                })
                .collect();
            writeln!(
                stdout,
                "{{\"files\":{},\"agree\":{agree},\"differ\":{differ},\"failed\":{failed},\"timed_out\":{timed_out},\"summary\":{},\"problems\":[{}]}}",
                reports.len(),
                json_str(&summary),
                items.join(",")
            )?;
        }
    }
    Ok(if agree == reports.len() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Shrinks `file` while the reader still disagrees in the same way (the
/// same [`kind`]: a smaller file may well show another bug); writes
/// `NAME.shrunk.sgf` into `out` and returns its path.
fn shrink_file(
    file: &Path,
    kind_of: &str,
    command: &[String],
    timeout: Duration,
    runs: usize,
    out: &Path,
) -> io::Result<PathBuf> {
    let bytes = fs::read(file)?;
    let stem = file.file_stem().and_then(|s| s.to_str()).unwrap_or("file");
    let scratch = out.join(format!("{stem}.shrinking.sgf"));
    let small = shrink(
        &bytes,
        |candidate| {
            let Ok(tree) = sgfkit::parse(candidate) else {
                return false;
            };
            if fs::write(&scratch, candidate).is_err() {
                return false;
            }
            matches!(
                compare(&Meaning::of(&tree), command, &scratch, timeout),
                Outcome::Differ(d) if kind(&d) == kind_of
            )
        },
        runs,
    );
    let _ = fs::remove_file(&scratch);
    let path = out.join(format!("{stem}.shrunk.sgf"));
    fs::write(&path, small)?;
    Ok(path)
}
