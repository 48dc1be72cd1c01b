//! `sgfkit dedupe`: groups of records of the same Go game across files and
//! collections.

use crate::big::{self, StreamArgs, Unit};
use crate::input::{self, EncodingArgs, WalkArgs};
use crate::output::Context;
use crate::run::{Progress, Status};
use sgfkit::check::Code;
use sgfkit::signature::{GameSignature, MIN_MOVES, Reason, find_duplicates};
use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::PathBuf;
use std::time::Instant;

/// Find records of the same Go game: one line per group of two or more.
///
/// A record joins a group as an exact copy (the same bytes), with the same
/// moves (the same setup stones and main line, other comments, variations,
/// encoding or game information, the players and date excepted where both
/// give them), the same game under a board symmetry (rotation or
/// reflection; the same condition), or as a prefix (its main line is the start of
/// a longer one: an unfinished record, so one without a result, whose
/// players and date agree with the longer one's). The rules that look at moves need
/// at least 20 of them, so that two games that only share an opening never
/// group; handicap stones given as setup and as moves are different
/// records. Each group names its fullest record: most moves, then most
/// game information, then most comments.
///
/// Only signatures are kept (hashes, counts, and two bytes a move), files
/// are read on every core, big files one game tree at a time; grouping
/// hashes, never comparing all pairs. Records are named by their path, with
/// `#N` (the game tree's number) in a file of several.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(flatten)]
    pub(crate) jobs: crate::output::ThreadArgs,
    /// Files or folders; `-` reads standard input.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Output format: `human` (one line a group, then a summary) or `json`
    /// (JSON Lines: one object a group; the summary goes to stderr).
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
    #[command(flatten)]
    encoding: EncodingArgs,
    #[command(flatten)]
    walk: WalkArgs,
    #[command(flatten)]
    stream: StreamArgs,
}

/// The output formats of `dedupe`.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    /// One line a group: each record, why it is there, its moves.
    Human,
    /// JSON Lines: one object a group.
    Json,
}

/// The records of one input: for each game tree, its number in the input
/// and its signature (`None`: not a Go game).
struct Signed {
    name: String,
    trees: Vec<(usize, Option<GameSignature>)>,
    /// The input holds more than one game tree (or is streamed).
    several: bool,
    /// For an input without a game tree: the lenient reader's line saying
    /// why.
    why: Option<String>,
}

pub(crate) fn run(args: &Args, ctx: &Context) -> io::Result<Status> {
    let read = input::read_options(&args.encoding)?;
    let start = Instant::now();
    let mut status = Status::default();
    let sources = input::sources(&args.paths, &args.walk, &mut status.failed_paths);
    let mut progress = Progress::bytes(
        input::total_bytes(&sources),
        ctx.stderr_tty && args.format == Format::Human,
    );
    let mut names: Vec<String> = Vec::new();
    let mut signatures: Vec<GameSignature> = Vec::new();
    let (mut trees, mut not_go) = (0usize, 0usize);
    // The game trees seen so far of a streamed file, by input.
    let mut streamed: (Option<usize>, usize) = (None, 0);
    big::drive(
        &sources,
        ctx.threads,
        args.stream.stream_above,
        |unit| -> Result<(Signed, u64), String> {
            let (source, bytes, several) = match unit {
                Unit::Whole(source) => {
                    let bytes = source
                        .read()
                        .map_err(|e| format!("sgfkit: {}: {e}", source.name()))?;
                    (source, std::borrow::Cow::Owned(bytes), false)
                }
                Unit::Game(source, game) => {
                    (source, std::borrow::Cow::Borrowed(game.bytes()), true)
                }
            };
            let doc = input::read(&bytes, &read);
            let games: Vec<_> = doc.collection().games().collect();
            let why = games.is_empty().then(|| {
                let d = doc.diagnostics().iter().rev();
                let d = d
                    .clone()
                    .find(|d| d.code == Code::L013 || d.code == Code::L017);
                d.map_or_else(
                    || format!("{}: no game tree", source.name()),
                    |d| format!("{}:{d}", source.name()),
                )
            });
            // Each tree's own bytes, when the trees can be framed apart.
            let ranges: Vec<_> = sgfkit::stream::split_games(&bytes).collect();
            let framed = ranges.len() == games.len();
            let trees = games
                .iter()
                .enumerate()
                .map(|(k, root)| {
                    let own = framed.then(|| &bytes[ranges[k].clone()]);
                    (k, GameSignature::of(*root, own))
                })
                .collect();
            Ok((
                Signed {
                    name: source.name(),
                    several: several || games.len() > 1,
                    trees,
                    why,
                },
                bytes.len() as u64,
            ))
        },
        |index, signed| {
            match signed.and_then(|s| s) {
                Ok((signed, bytes)) => {
                    progress.advance(bytes);
                    if let Some(why) = &signed.why {
                        status.files_with_errors += 1;
                        eprintln!("{why}");
                    }
                    // A streamed file comes a tree at a time: number them.
                    let first = if streamed.0 == Some(index) {
                        streamed.1
                    } else {
                        0
                    };
                    streamed = (Some(index), first + signed.trees.len());
                    for (k, sig) in signed.trees {
                        trees += 1;
                        let Some(sig) = sig else {
                            not_go += 1;
                            continue;
                        };
                        names.push(if signed.several {
                            format!("{}#{}", signed.name, first + k + 1)
                        } else {
                            signed.name.clone()
                        });
                        signatures.push(sig);
                    }
                }
                Err(message) => {
                    status.failed_paths += 1;
                    eprintln!("{message}");
                }
            }
            Ok(())
        },
    )?;
    progress.finish();
    let groups = find_duplicates(&signatures);
    let mut by_reason: BTreeMap<&str, usize> = BTreeMap::new();
    let mut out = io::BufWriter::new(io::stdout().lock());
    for (n, group) in groups.iter().enumerate() {
        for m in &group.members {
            *by_reason.entry(m.reason.as_str()).or_default() += 1;
        }
        match args.format {
            Format::Human => {
                let members: Vec<String> = group
                    .members
                    .iter()
                    .map(|m| {
                        format!(
                            "{} {} ({} moves)",
                            names[m.index],
                            m.reason.as_str(),
                            signatures[m.index].moves
                        )
                    })
                    .collect();
                writeln!(out, "group {}: {}", n + 1, members.join("; "))?;
            }
            Format::Json => {
                let members: Vec<serde_json::Value> = group
                    .members
                    .iter()
                    .map(|m| {
                        serde_json::json!({
                            "record": names[m.index],
                            "reason": m.reason.as_str(),
                            "moves": signatures[m.index].moves,
                        })
                    })
                    .collect();
                let v = serde_json::json!({
                    "group": n + 1,
                    "fullest": names[group.fullest],
                    "members": members,
                });
                writeln!(out, "{v}")?;
            }
        }
    }
    let in_groups: usize = groups.iter().map(|g| g.members.len()).sum();
    let reasons: Vec<String> = [
        Reason::Exact,
        Reason::SameMoves,
        Reason::Symmetry,
        Reason::Prefix,
    ]
    .iter()
    .map(|r| format!("{} {}", r.as_str(), by_reason.get(r.as_str()).unwrap_or(&0)))
    .collect();
    let summary = format!(
        "{} game trees ({} Go, {not_go} other), {} groups of {in_groups} records: {} \
         (moves rules need {MIN_MOVES} moves); {:.3} s",
        trees,
        signatures.len(),
        groups.len(),
        reasons.join(", "),
        start.elapsed().as_secs_f64()
    );
    match args.format {
        Format::Human => writeln!(out, "{summary}")?,
        Format::Json => {
            out.flush()?;
            eprintln!("{summary}");
        }
    }
    out.flush()?;
    Ok(status)
}
