//! `sgfkit dedupe`: groups of records of the same Go game across files and
//! collections.

use crate::big::{self, StreamArgs, Unit};
use crate::input::{self, EncodingArgs, Said, WalkArgs};
use crate::output::Context;
use crate::run::{Progress, Status};
use sgfkit::check::Code;
use sgfkit::signature::{GameSignature, MIN_MOVES, Reason, Rules, find_duplicates, needs_moves};
use sgfkit::stream::NamePattern;
use std::collections::{BTreeMap, HashMap, HashSet};
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
/// With --fuzzy, records that differ in one or two moves (a typo) group
/// too when both give the players and the date and those agree and their
/// lengths are equal.
///
/// Only signatures are kept (hashes and counts, about 200 bytes a record):
/// the few records whose moves a rule compares (those that share their
/// first 20 moves with a longer record while one of them has no result,
/// and with --fuzzy those of the same players, date and length) are read
/// again for their moves. Files are read on every core, big files one game
/// tree at a time; grouping hashes, never comparing all pairs. Records are
/// named by their path, with `#N` (the game tree's number) in a file of
/// several.
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
    /// Also group records that differ in one or two moves (a typo) when
    /// both give the players and the date, those agree, and their lengths
    /// are equal.
    #[arg(long)]
    fuzzy: bool,
    /// Write one record per game into the folder given with -o: `best`
    /// keeps the fullest record of each group and every record in no
    /// group (other games included), each in a file of its own named as
    /// `sgfkit split` names them ({stem}-{n}.sgf), in the canonical FF[4]
    /// form in UTF-8. Existing files are never overwritten, and the folder
    /// may not be an input or inside one.
    #[arg(long, value_enum, requires = "output")]
    keep: Option<Keep>,
    /// The folder --keep writes into (created if missing).
    #[arg(short = 'o', long = "output", value_name = "DIR", requires = "keep")]
    output: Option<PathBuf>,
    #[command(flatten)]
    encoding: EncodingArgs,
    #[command(flatten)]
    walk: WalkArgs,
    #[command(flatten)]
    stream: StreamArgs,
}

/// Which records `--keep` writes.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
enum Keep {
    /// The fullest record of each group, and every record in no group.
    Best,
}

/// The output formats of `dedupe`.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    /// One line a group: each record, why it is there, its moves.
    Human,
    /// JSON Lines: one object a group.
    Json,
}

/// The records of one input: for each game tree, its signature (`None`:
/// not a Go game, or not asked for).
struct Signed {
    name: String,
    trees: Vec<Option<GameSignature>>,
    /// The input holds more than one game tree (or is streamed).
    several: bool,
    /// For an input without a game tree: the lenient reader's line saying
    /// why.
    why: Option<String>,
}

/// Where a record is: the input (as [`big::drive`] numbers them) and its
/// game tree's number there, from 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Place {
    input: u32,
    tree: u32,
}

/// The inputs' names, and whether each holds several game trees (its
/// records are then named `PATH#N`).
#[derive(Default)]
struct Inputs(HashMap<u32, (String, bool)>);

impl Inputs {
    fn name(&self, place: Place) -> String {
        match self.0.get(&place.input) {
            Some((name, true)) => format!("{name}#{}", place.tree + 1),
            Some((name, false)) => name.clone(),
            None => String::new(),
        }
    }
}

/// Which game trees [`sign`] computes the signature of: all, or those of
/// the named inputs whose bytes hash to one of the given values (all of
/// such an input's trees when they cannot be framed apart).
enum Which<'w> {
    All,
    Some {
        inputs: &'w HashSet<String>,
        bytes: &'w HashSet<u64>,
    },
}

/// Reads one unit of input and signs its game trees as `which` says.
fn sign(unit: Unit<'_>, read: &sgfkit::ReadOptions, which: &Which<'_>) -> Result<Signed, Said> {
    let (source, several) = match unit {
        Unit::Whole(source) => (source, false),
        Unit::Game(source, _) => (source, true),
    };
    let name = source.name();
    let skip = Signed {
        name: name.clone(),
        trees: Vec::new(),
        several,
        why: None,
    };
    if let Which::Some { inputs, .. } = which
        && !inputs.contains(&name)
    {
        return Ok(skip);
    }
    let bytes = match unit {
        Unit::Whole(source) => {
            std::borrow::Cow::Owned(source.read().map_err(|e| Said::failed(&source.name(), e))?)
        }
        Unit::Game(_, game) => std::borrow::Cow::Borrowed(game.bytes()),
    };
    // Each tree's own bytes, when the trees can be framed apart.
    let ranges: Vec<_> = sgfkit::stream::split_games(&bytes).collect();
    if let Which::Some { bytes: wanted, .. } = which
        && several
        && ranges.len() == 1
        && !wanted.contains(&sgfkit::signature::fnv1a(&bytes[ranges[0].clone()]))
    {
        // A streamed game tree no rule needs again: one tree, unread.
        return Ok(Signed {
            trees: vec![None],
            ..skip
        });
    }
    let doc = input::read(&bytes, read);
    let games: Vec<_> = doc.collection().games().collect();
    let why = games.is_empty().then(|| {
        let d = doc.diagnostics().iter().rev();
        let d = d
            .clone()
            .find(|d| d.code == Code::L013 || d.code == Code::L017);
        d.map_or_else(
            || format!("{name}: no game tree"),
            |d| format!("{name}:{d}"),
        )
    });
    let framed = ranges.len() == games.len();
    let trees = games
        .iter()
        .enumerate()
        .map(|(k, root)| {
            let own = framed.then(|| &bytes[ranges[k].clone()]);
            if let (Which::Some { bytes: wanted, .. }, Some(own)) = (which, own)
                && !wanted.contains(&sgfkit::signature::fnv1a(own))
            {
                return None;
            }
            GameSignature::of(*root, own)
        })
        .collect();
    Ok(Signed {
        name,
        several: several || games.len() > 1,
        trees,
        why,
    })
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
    let rules = Rules { fuzzy: args.fuzzy };
    if let Some(dir) = &args.output {
        refuse_input_folder(dir, &args.paths)?;
    }
    // Standard input cannot be read twice: its records keep their moves.
    let rereadable = !sources.iter().any(|s| matches!(s, input::Source::Stdin));
    let mut inputs = Inputs::default();
    let mut places: Vec<Place> = Vec::new();
    let mut signatures: Vec<GameSignature> = Vec::new();
    let (mut trees, mut not_go) = (0usize, 0usize);
    // The game trees seen so far of a streamed file, by input.
    let mut streamed: (Option<usize>, usize) = (None, 0);
    big::drive(
        sources.iter().cloned(),
        ctx.threads,
        args.stream.stream_above,
        |unit| {
            let len = match &unit {
                Unit::Game(_, game) => game.bytes().len(),
                Unit::Whole(source) => source.file_len().unwrap_or(0) as usize,
            };
            let mut signed = sign(unit, &read, &Which::All)?;
            if rereadable {
                signed
                    .trees
                    .iter_mut()
                    .flatten()
                    .for_each(GameSignature::drop_moves);
            }
            Ok::<_, Said>((signed, len as u64))
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
                    let input = index as u32;
                    inputs
                        .0
                        .entry(input)
                        .or_insert_with(|| (signed.name.clone(), signed.several));
                    for (k, sig) in signed.trees.into_iter().enumerate() {
                        trees += 1;
                        let Some(sig) = sig else {
                            not_go += 1;
                            continue;
                        };
                        places.push(Place {
                            input,
                            tree: (first + k) as u32,
                        });
                        signatures.push(sig);
                    }
                }
                Err(said) => {
                    status.failed_paths += usize::from(said.failed);
                    said.say();
                }
            }
            Ok(())
        },
    )?;
    progress.finish();
    let reread = if rereadable {
        restore_moves(
            args,
            ctx,
            &sources,
            &read,
            rules,
            &inputs,
            &places,
            &mut signatures,
        )?
    } else {
        0
    };
    let groups = find_duplicates(&signatures, rules);
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
                            inputs.name(places[m.index]),
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
                            "record": inputs.name(places[m.index]),
                            "reason": m.reason.as_str(),
                            "moves": signatures[m.index].moves,
                        })
                    })
                    .collect();
                let v = serde_json::json!({
                    "group": n + 1,
                    "fullest": inputs.name(places[group.fullest]),
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
        Reason::Fuzzy,
    ]
    .iter()
    .map(|r| format!("{} {}", r.as_str(), by_reason.get(r.as_str()).unwrap_or(&0)))
    .collect();
    let summary = format!(
        "{} game trees ({} Go, {not_go} other), {} groups of {in_groups} records: {} \
         (moves rules need {MIN_MOVES} moves; {reread} records read again for their moves); \
         {:.3} s",
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
    drop(out);
    if let (Some(Keep::Best), Some(dir)) = (args.keep, &args.output) {
        let dropped: HashSet<Place> = groups
            .iter()
            .flat_map(|g| g.members.iter())
            .filter(|m| m.reason != Reason::Fullest)
            .map(|m| places[m.index])
            .collect();
        keep_best(args, ctx, &sources, &read, &dropped, dir, &mut status)?;
    }
    Ok(status)
}

/// Refuses an output folder that is one of the inputs or inside one, then
/// creates it.
fn refuse_input_folder(dir: &std::path::Path, paths: &[PathBuf]) -> io::Result<()> {
    // The folder as an absolute path, though it may not exist yet: its
    // nearest existing ancestor resolved, the rest added.
    let absolute = std::path::absolute(dir)?;
    let existing = absolute
        .ancestors()
        .find(|a| a.exists())
        .unwrap_or(&absolute);
    let rest = absolute
        .strip_prefix(existing)
        .unwrap_or(std::path::Path::new(""));
    let out = existing.canonicalize()?.join(rest);
    for p in paths {
        if let Ok(p) = p.canonicalize()
            && out.starts_with(&p)
        {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "{}: the output folder is an input or inside one ({})",
                    dir.display(),
                    p.display()
                ),
            ));
        }
    }
    std::fs::create_dir_all(dir)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", dir.display())))
}

/// Writes every game tree of the inputs but the `dropped` ones into `dir`,
/// one file each, named as `split` names them.
fn keep_best(
    args: &Args,
    ctx: &Context,
    sources: &[input::Source],
    read: &sgfkit::ReadOptions,
    dropped: &HashSet<Place>,
    dir: &std::path::Path,
    status: &mut Status,
) -> io::Result<()> {
    let config = sgfkit::print::WriterConfig::default().declare_utf8(true);
    let mut taken = crate::split::Taken::default();
    let mut streamed: (Option<usize>, usize) = (None, 0);
    let mut written = 0usize;
    big::drive(
        sources.iter().cloned(),
        ctx.threads,
        args.stream.stream_above,
        |unit| -> Result<(String, Vec<Vec<u8>>), Said> {
            let (source, bytes) = match unit {
                Unit::Whole(source) => (
                    source,
                    std::borrow::Cow::Owned(
                        source.read().map_err(|e| Said::failed(&source.name(), e))?,
                    ),
                ),
                Unit::Game(source, game) => (source, std::borrow::Cow::Borrowed(game.bytes())),
            };
            // Read as the signatures were, so that trees count alike.
            let doc = input::read(&bytes, read);
            let texts = doc
                .collection()
                .games()
                .map(|root| {
                    let mut text = Vec::new();
                    sgfkit::print::push_game(&mut text, root, &config);
                    text
                })
                .collect();
            Ok((source.name(), texts))
        },
        |index, result| {
            let (name, texts) = match result.and_then(|r| r) {
                Ok(read) => read,
                // Said when the signatures were made.
                Err(said) => {
                    status.failed_paths += usize::from(said.failed);
                    return Ok(());
                }
            };
            let first = if streamed.0 == Some(index) {
                streamed.1
            } else {
                0
            };
            streamed = (Some(index), first + texts.len());
            let stem = crate::split::stem(&name);
            for (k, text) in texts.iter().enumerate() {
                let place = Place {
                    input: index as u32,
                    tree: (first + k) as u32,
                };
                if dropped.contains(&place) {
                    continue;
                }
                let Ok(c) = sgfkit::parse(text) else {
                    continue;
                };
                let Some(root) = c.games().next() else {
                    continue;
                };
                let file = NamePattern::default().name(root, &stem, first + k + 1);
                taken.write_new(dir, &file, text)?;
                written += 1;
            }
            Ok(())
        },
    )?;
    eprintln!("sgfkit: {written} records written to {}", dir.display());
    Ok(())
}

/// Reads again the records whose moves the rules compare
/// ([`needs_moves`]) and gives them their moves back; returns how many.
/// A record that reads differently now (a file changed meanwhile) keeps
/// none: the rules skip it.
#[allow(clippy::too_many_arguments)]
fn restore_moves(
    args: &Args,
    ctx: &Context,
    sources: &[input::Source],
    read: &sgfkit::ReadOptions,
    rules: Rules,
    inputs: &Inputs,
    places: &[Place],
    signatures: &mut [GameSignature],
) -> io::Result<usize> {
    let needed = needs_moves(signatures, rules);
    if needed.is_empty() {
        return Ok(0);
    }
    let at: HashMap<Place, usize> = needed.iter().map(|&i| (places[i], i)).collect();
    let names: HashSet<String> = needed
        .iter()
        .filter_map(|&i| inputs.0.get(&places[i].input).map(|(n, _)| n.clone()))
        .collect();
    // Records whose bytes are unknown (trees that could not be framed
    // apart) are read again with all the trees of their input.
    let bytes: HashSet<u64> = needed.iter().filter_map(|&i| signatures[i].bytes).collect();
    let which = Which::Some {
        inputs: &names,
        bytes: &bytes,
    };
    let mut streamed: (Option<usize>, usize) = (None, 0);
    let mut restored = 0;
    big::drive(
        sources.iter().cloned(),
        ctx.threads,
        args.stream.stream_above,
        |unit| sign(unit, read, &which),
        |index, signed| {
            let Ok(Ok(signed)) = signed else {
                return Ok(());
            };
            let first = if streamed.0 == Some(index) {
                streamed.1
            } else {
                0
            };
            streamed = (Some(index), first + signed.trees.len());
            for (k, sig) in signed.trees.into_iter().enumerate() {
                let place = Place {
                    input: index as u32,
                    tree: (first + k) as u32,
                };
                if let (Some(sig), Some(&i)) = (sig, at.get(&place))
                    && signatures[i].restore_moves(sig)
                {
                    restored += 1;
                }
            }
            Ok(())
        },
    )?;
    Ok(restored)
}
