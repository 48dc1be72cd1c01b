//! `sgfkit export`: games, moves and diagnostics as tables (Parquet, Arrow
//! IPC or JSON Lines) for Spark, DuckDB, pandas and polars.

mod direct;

use crate::big::{self, Group, Grouping, StreamArgs};
use crate::input::{self, EncodingArgs, Source, WalkArgs};
use crate::output::Context;
use crate::run::{Buffers, Progress, Status};
use sgfkit::check::CheckOptions;
use sgfkit::check::Code;
use sgfkit_export::{ExportOptions, Tables};
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Write three tables of the games in the files: `games` (one row a game
/// tree: players and their ranks, komi, result, date, rules, time control,
/// counts, the root's other properties), `moves` (one row a move of the
/// main line of each Go game, with the mover's clock)
/// and `diagnostics` (what `sgfkit check` reports), as
/// DIR/games.parquet, DIR/moves.parquet and DIR/diagnostics.parquet (or
/// .arrow, .ndjson). Rows come in input order whatever -j. The columns are
/// described in docs/export.md. A file with no game tree counts as failed
/// (exit status 1).
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(flatten)]
    pub(crate) jobs: crate::output::ThreadArgs,
    /// Files or folders; `-` reads standard input.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// The file format [default: parquet in a build with the `parquet`
    /// feature, else ndjson, said on stderr]. parquet and arrow-ipc need
    /// that feature (`cargo install sgfkit-cli --features parquet`).
    #[arg(long, value_enum)]
    format: Option<Format>,
    /// The folder to write the three files into (created if missing).
    #[arg(short, long, value_name = "DIR", default_value = ".")]
    output: PathBuf,
    /// One `moves` row for every node of every variation, with its node id
    /// and parent id, instead of the main line's moves only.
    #[arg(long)]
    all_nodes: bool,
    /// Fill the diagnostics table with the lenient reader's repairs only
    /// (codes L...), without the semantic checks of `sgfkit check`
    /// (codes S...): about twice as fast.
    #[arg(long)]
    no_check: bool,
    /// Read komi, handicap and ranks as written: no source fixes (a Fox
    /// komi in hundredths, Fox's HA[1], OGS handicap stones without HA,
    /// GoGoD's pro ranks written as d; docs/sources.md), so no S054.
    #[arg(long)]
    no_source_fixes: bool,
    #[command(flatten)]
    encoding: EncodingArgs,
    #[command(flatten)]
    walk: WalkArgs,
    #[command(flatten)]
    stream: StreamArgs,
}

/// The file formats of `export`.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    /// Apache Parquet, Snappy-compressed (`.parquet`).
    Parquet,
    /// Arrow IPC files, also called Feather v2 (`.arrow`).
    ArrowIpc,
    /// JSON Lines: one object a row (`.ndjson`).
    Ndjson,
}

impl Format {
    fn extension(self) -> &'static str {
        match self {
            Format::Parquet => "parquet",
            Format::ArrowIpc => "arrow",
            Format::Ndjson => "ndjson",
        }
    }
}

/// Rows are written when this many have gathered (one Arrow batch).
const BATCH_ROWS: usize = 64 * 1024;

/// The buffers of JSON Lines text (games, moves, diagnostics) the groups
/// of files are written into, handed back once written and reused by the
/// next groups: their pages stay mapped, rather than being faulted in
/// afresh for every group (the text is some 25 times the input; on a
/// virtual machine a fresh page costs more than the text written into it).
type Texts = Buffers<[Vec<u8>; 3]>;

/// The three files being written.
enum Sink {
    Ndjson([BufWriter<File>; 3]),
    #[cfg(feature = "parquet")]
    Ipc(sgfkit_export::arrow::IpcFiles<BufWriter<File>>),
    #[cfg(feature = "parquet")]
    Parquet(sgfkit_export::parquet::ParquetFiles<BufWriter<File>>),
}

impl Sink {
    fn create(format: Format, dir: &Path, threads: usize) -> io::Result<Sink> {
        // Three files cannot go to standard output, nor into a file.
        if dir.as_os_str() == "-" {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "-o -: export writes three files (games, moves, diagnostics) into a folder, \
                 not to standard output (`-o ./-` for a folder named -)",
            ));
        }
        if dir.exists() && !dir.is_dir() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "{}: not a folder (export writes games, moves and diagnostics into a folder)",
                    dir.display()
                ),
            ));
        }
        std::fs::create_dir_all(dir)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", dir.display())))?;
        // JSON Lines come in writes of 64 KiB (`Tables::write_ndjson`):
        // a buffer of that size is enough.
        let capacity = if format == Format::Ndjson {
            64 << 10
        } else {
            1 << 20
        };
        let open = |table: &str| -> io::Result<BufWriter<File>> {
            let path = dir.join(format!("{table}.{}", format.extension()));
            File::create(&path)
                .map(|f| BufWriter::with_capacity(capacity, f))
                .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))
        };
        let [g, m, d] = [open("games")?, open("moves")?, open("diagnostics")?];
        let _ = threads; // only the Parquet encoder uses threads
        match format {
            Format::Ndjson => Ok(Sink::Ndjson([g, m, d])),
            #[cfg(feature = "parquet")]
            Format::ArrowIpc => sgfkit_export::arrow::IpcFiles::new(g, m, d)
                .map(Sink::Ipc)
                .map_err(io::Error::other),
            #[cfg(feature = "parquet")]
            Format::Parquet => sgfkit_export::parquet::ParquetFiles::new(g, m, d)
                .map(|files| Sink::Parquet(files.threads(threads)))
                .map_err(io::Error::other),
            #[cfg(not(feature = "parquet"))]
            Format::ArrowIpc | Format::Parquet => unreachable!("refused in run"),
        }
    }

    /// What the sink takes: rows, Arrow batches, or batches for Parquet.
    fn takes(&self) -> Takes {
        match self {
            Sink::Ndjson(_) => Takes::Rows,
            #[cfg(feature = "parquet")]
            Sink::Ipc(_) => Takes::Batches,
            #[cfg(feature = "parquet")]
            Sink::Parquet(_) => Takes::ParquetBatches,
        }
    }

    /// Writes the parts gathered (all rows, or all batches).
    fn write(&mut self, parts: &mut Vec<Part>, texts: &Texts) -> io::Result<()> {
        let parts = std::mem::take(parts);
        match self {
            Sink::Ndjson([g, m, d]) => {
                // Rows only: this sink takes rows (`Sink::takes`).
                for part in parts {
                    match part {
                        Part::Rows(t) => t.write_ndjson(g, m, d)?,
                        Part::Text(text, _) => {
                            let [tg, tm, td] = &text;
                            g.write_all(tg)?;
                            m.write_all(tm)?;
                            d.write_all(td)?;
                            texts.give(text);
                        }
                        #[cfg(feature = "parquet")]
                        Part::Building(_) | Part::Columns(_) => {}
                    }
                }
                Ok(())
            }
            #[cfg(feature = "parquet")]
            Sink::Ipc(files) => {
                let b = Part::concat(parts)?;
                files.write(&b).map_err(io::Error::other)
            }
            #[cfg(feature = "parquet")]
            Sink::Parquet(files) => Part::write_parquet(parts, files),
        }
    }

    // Without the parquet feature only one variant is left.
    #[cfg_attr(
        not(feature = "parquet"),
        allow(clippy::infallible_destructuring_match)
    )]
    fn finish(self) -> io::Result<()> {
        let writers = match self {
            Sink::Ndjson(w) => w,
            #[cfg(feature = "parquet")]
            Sink::Ipc(files) => files.finish().map_err(io::Error::other)?,
            #[cfg(feature = "parquet")]
            Sink::Parquet(files) => files.finish().map_err(io::Error::other)?,
        };
        for mut w in writers {
            w.flush()?;
        }
        Ok(())
    }
}

/// Game trees of a streamed file of at least this many bytes become Arrow
/// batches on the worker threads; smaller ones stay columns being built
/// until written (gathered, a batch for many trees): a batch costs tens of
/// microseconds more to make and concatenate than the columns of a small
/// tree.
#[cfg(feature = "parquet")]
const COLUMNS_FROM: usize = 64 << 10;

/// What a [`Sink`] takes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Takes {
    Rows,
    #[cfg(feature = "parquet")]
    Batches,
    /// Batches of `BatchesBuilder::finish_with_dictionaries`, cheaper to
    /// make, which the Parquet writer reads as the plain ones.
    #[cfg(feature = "parquet")]
    ParquetBatches,
}

/// The tables of one unit: rows for JSON Lines; for the other formats,
/// Arrow batches (built on the worker threads) of a group of files or of a
/// big game tree of a streamed file, or the columns being built of a small
/// game tree (gathered with its neighbours before they are written).
enum Part {
    Rows(Tables),
    /// The rows of a group of files already written as JSON Lines (on the
    /// worker thread), and how many rows each table got.
    Text([Vec<u8>; 3], [usize; 3]),
    #[cfg(feature = "parquet")]
    Building(Box<sgfkit_export::arrow::BatchesBuilder>),
    #[cfg(feature = "parquet")]
    Columns(sgfkit_export::arrow::Batches),
}

impl Part {
    /// The rows of one game tree of a streamed file.
    fn new(bytes: &[u8], source: &str, options: &ExportOptions, takes: Takes) -> Part {
        #[cfg(feature = "parquet")]
        if takes != Takes::Rows {
            let doc = sgfkit_export::read(bytes, options);
            let mut b = sgfkit_export::arrow::BatchesBuilder::default();
            b.push_document(&doc, source, options);
            if bytes.len() < COLUMNS_FROM {
                return Part::Building(Box::new(b));
            }
            // Arrow refuses columns only past 2 GiB of text a column; the
            // rows below say the same, the slow way.
            let batches = if takes == Takes::ParquetBatches {
                b.finish_with_dictionaries()
            } else {
                b.finish()
            };
            return match batches {
                Ok(b) => Part::Columns(b),
                Err(_) => Part::Rows(Tables::of_document(&doc, source, options)),
            };
        }
        let _ = takes; // only read with the parquet feature
        Part::Rows(sgfkit_export::tables(bytes, source, options))
    }

    /// Rows of the three tables: games, moves, diagnostics.
    fn counts(&self) -> [usize; 3] {
        match self {
            Part::Rows(t) => [t.games.len(), t.moves.len(), t.diagnostics.len()],
            Part::Text(_, counts) => *counts,
            #[cfg(feature = "parquet")]
            Part::Building(b) => b.counts(),
            #[cfg(feature = "parquet")]
            Part::Columns(b) => [
                b.games.num_rows(),
                b.moves.num_rows(),
                b.diagnostics.num_rows(),
            ],
        }
    }

    fn place(&mut self, first_game: u32, at: sgfkit::Position) -> io::Result<()> {
        match self {
            Part::Rows(t) => {
                t.place(first_game, at);
                Ok(())
            }
            // Files whole: numbered already (only streamed trees are placed).
            Part::Text(..) => Err(io::Error::other("a group of files placed in a stream")),
            #[cfg(feature = "parquet")]
            Part::Building(b) => {
                b.place(first_game, at);
                Ok(())
            }
            #[cfg(feature = "parquet")]
            Part::Columns(b) => b.place(first_game, at).map_err(io::Error::other),
        }
    }

    /// Writes the parts, in order: neighbouring small files' columns
    /// gathered into one builder first, written without a batch of their
    /// own (`write_builder`: the `source` column is not written out row by
    /// row).
    #[cfg(feature = "parquet")]
    fn write_parquet(
        parts: Vec<Part>,
        files: &mut sgfkit_export::parquet::ParquetFiles<BufWriter<File>>,
    ) -> io::Result<()> {
        use sgfkit_export::arrow::{Batches, BatchesBuilder};
        let mut building: Vec<BatchesBuilder> = Vec::new();
        let flush = |building: &mut Vec<BatchesBuilder>,
                     files: &mut sgfkit_export::parquet::ParquetFiles<BufWriter<File>>|
         -> io::Result<()> {
            if building.is_empty() {
                return Ok(());
            }
            let b = BatchesBuilder::concat(std::mem::take(building));
            files.write_builder(b).map_err(io::Error::other)
        };
        for part in parts {
            match part {
                Part::Building(b) => building.push(*b),
                Part::Columns(b) => {
                    flush(&mut building, files)?;
                    files.write(&b).map_err(io::Error::other)?;
                }
                Part::Rows(t) => {
                    flush(&mut building, files)?;
                    let b = Batches::from_tables(&t).map_err(io::Error::other)?;
                    files.write(&b).map_err(io::Error::other)?;
                }
                // Made for the JSON Lines sink only.
                Part::Text(..) => {}
            }
        }
        flush(&mut building, files)
    }

    /// The parts as one batch a table, in order: neighbouring parts of the
    /// same kind gathered into one batch first.
    #[cfg(feature = "parquet")]
    fn concat(parts: Vec<Part>) -> io::Result<sgfkit_export::arrow::Batches> {
        use sgfkit_export::arrow::{Batches, BatchesBuilder};
        let mut batches = Vec::new();
        let mut rows = Tables::default();
        let mut building: Vec<BatchesBuilder> = Vec::new();
        // The gathered rows or columns made into a batch (one of them is empty).
        let flush = |batches: &mut Vec<Batches>,
                     rows: &mut Tables,
                     building: &mut Vec<BatchesBuilder>|
         -> io::Result<()> {
            if !rows.is_empty() {
                let t = std::mem::take(rows);
                batches.push(Batches::from_tables(&t).map_err(io::Error::other)?);
            }
            if !building.is_empty() {
                let b = BatchesBuilder::concat(std::mem::take(building));
                batches.push(b.finish().map_err(io::Error::other)?);
            }
            Ok(())
        };
        for part in parts {
            match part {
                Part::Rows(mut t) => {
                    if !building.is_empty() {
                        flush(&mut batches, &mut rows, &mut building)?;
                    }
                    rows.append(&mut t);
                }
                Part::Building(b) => {
                    if !rows.is_empty() {
                        flush(&mut batches, &mut rows, &mut building)?;
                    }
                    building.push(*b);
                }
                Part::Columns(b) => {
                    flush(&mut batches, &mut rows, &mut building)?;
                    batches.push(b);
                }
                // Made for the JSON Lines sink only.
                Part::Text(..) => {}
            }
        }
        flush(&mut batches, &mut rows, &mut building)?;
        if batches.is_empty() {
            batches.push(Batches::from_tables(&rows).map_err(io::Error::other)?);
        }
        Batches::concat(&batches).map_err(io::Error::other)
    }
}

/// Why a file has no game tree: its last `L013`/`L017` diagnostic among
/// `diagnostics` (the file's), as `sgfkit check` prints it.
fn why_empty(diagnostics: &[sgfkit_export::DiagnosticRow]) -> Option<String> {
    let is_why = |code: Code| code == Code::L013 || code == Code::L017;
    diagnostics.iter().rev().find(|d| is_why(d.code)).map(|d| {
        format!(
            "{}:{}:{}: {}[{}]: {}",
            d.source, d.line, d.column, d.severity, d.code, d.message
        )
    })
}

/// Small files are exported this many bytes at a time (or
/// [`Grouping::files`] files) for Parquet and Arrow IPC: each group's rows
/// are gathered in one builder and made into batches on the worker thread,
/// with no columns a file to allocate and concatenate; a group's batches
/// hold some 25,000 moves, which the writers gather into row groups of
/// their own size. Two groups a thread are in flight or waiting: a group's
/// rows are 15–25 times its bytes, and a group keeps a worker busy long
/// enough that two are plenty. Groups of 1 MiB took no less time for the
/// corpus's folder and made it peak at 117 MB with `-j 2`, this size at
/// 90 MB (`export --format parquet`, medians of 11).
const GROUPING: Grouping = Grouping {
    bytes: 256 << 10,
    files: 256,
    ahead: 2,
};

/// The groups of JSON Lines: 16 KiB of input or 16 files. A group's text
/// is written as soon as its turn comes, with no batch to fill, so a group
/// needs only to keep a worker busy for longer than a hand-over takes
/// (16 KiB of move-dense games is some 400 KB of lines, a millisecond of
/// work); bigger groups only held more text in flight: groups of 256 KiB
/// made `export` of the corpus's folder peak at 91 MB with `-j 2`, this
/// size at 33 MB, in no more time.
const NDJSON_GROUPING: Grouping = Grouping {
    bytes: 16 << 10,
    files: 16,
    ahead: 2,
};

/// What a worker thread did with a group.
enum Work {
    Done(Exported),
    /// A big file, left to the thread that writes ([`direct::DIRECT_FROM`]).
    Direct(Source),
}

/// What reading one group of files, or one game tree of a streamed file,
/// gave.
struct Exported {
    /// The rows, or why they cannot be made into batches.
    part: Result<Part, String>,
    /// For a group of files: what to report of each, in order.
    files: Vec<FileReport>,
    /// The unit is a game tree of a streamed file: where it starts.
    streamed: Option<sgfkit::Position>,
    bytes: u64,
}

/// What to report of one file of a group.
enum FileReport {
    /// It could not be read: the message.
    Failed(String),
    Read {
        /// Game trees found in it.
        games: usize,
        /// With no game tree: why (see [`why_empty`]).
        why: Option<String>,
    },
}

/// Reads the files of a group and gathers their rows in one part: Arrow
/// batches for Parquet and Arrow IPC, rows for JSON Lines.
fn export_files(
    files: &[Source],
    options: &ExportOptions,
    takes: Takes,
    texts: &Texts,
) -> Exported {
    let mut reports = Vec::with_capacity(files.len());
    let mut bytes = 0u64;
    let mut read = |source: &Source, reports: &mut Vec<FileReport>| match source.read() {
        Ok(data) => {
            bytes += data.len() as u64;
            Some(data)
        }
        Err(e) => {
            reports.push(FileReport::Failed(format!(
                "sgfkit: {}: {e}",
                source.name()
            )));
            None
        }
    };
    #[cfg(feature = "parquet")]
    if takes != Takes::Rows {
        let mut b = sgfkit_export::arrow::BatchesBuilder::default();
        // The walk's sizes: the group's columns grow once.
        b.reserve_for_bytes(
            files
                .iter()
                .filter_map(Source::file_len)
                .map(|n| usize::try_from(n).unwrap_or(0))
                .sum(),
        );
        for source in files {
            let Some(data) = read(source, &mut reports) else {
                continue;
            };
            let doc = sgfkit_export::read(&data, options);
            let before = b.counts();
            b.push_document(&doc, &source.name(), options);
            let games = b.counts()[0] - before[0];
            reports.push(FileReport::Read {
                games,
                why: (games == 0)
                    .then(|| why_empty(&b.diagnostics()[before[2]..]))
                    .flatten(),
            });
        }
        let batches = if takes == Takes::ParquetBatches {
            b.finish_with_dictionaries()
        } else {
            b.finish()
        };
        return Exported {
            // Arrow refuses columns only past 2 GiB of text a column.
            part: batches.map(Part::Columns).map_err(|e| {
                format!("sgfkit: {e} (read files this big one game tree at a time: --stream-above)")
            }),
            files: reports,
            streamed: None,
            bytes,
        };
    }
    let _ = takes; // only read with the parquet feature
    // JSON Lines: each file's lines written into the group's text as they
    // are made, on this worker thread (no rows held).
    let mut text = texts.take();
    let mut counts = [0usize; 3];
    for source in files {
        let Some(data) = read(source, &mut reports) else {
            continue;
        };
        let name = source.name();
        let doc = sgfkit_export::read(&data, options);
        let [g, m, d] = &mut text;
        // Writing into memory cannot fail.
        let n = sgfkit_export::write_ndjson(&doc, &name, options, g, m, d).unwrap_or_default();
        for (total, n) in counts.iter_mut().zip(n) {
            *total += n;
        }
        reports.push(FileReport::Read {
            games: n[0],
            why: (n[0] == 0)
                .then(|| why_empty(&Tables::of_document(&doc, &name, options).diagnostics))
                .flatten(),
        });
    }
    Exported {
        part: Ok(Part::Text(text, counts)),
        files: reports,
        streamed: None,
        bytes,
    }
}

pub(crate) fn run(args: &Args, ctx: &Context) -> io::Result<Status> {
    let format = match args.format {
        Some(format) => format,
        None if cfg!(feature = "parquet") => Format::Parquet,
        None => {
            eprintln!(
                "sgfkit: no --format given: writing JSON Lines (.ndjson), as this build has no Parquet; \
                 `cargo install sgfkit-cli --features parquet` makes Parquet the default"
            );
            Format::Ndjson
        }
    };
    if cfg!(not(feature = "parquet")) && format != Format::Ndjson {
        return Err(io::Error::new(
            io::ErrorKind::Unsupported,
            format!(
                "--format {} needs sgfkit built with the `parquet` feature: \
                 `cargo install sgfkit-cli --features parquet`, or in the repository \
                 `cargo run --release --features parquet -- export ...`; \
                 `--format ndjson` works in every build",
                match format {
                    Format::ArrowIpc => "arrow-ipc",
                    _ => "parquet",
                }
            ),
        ));
    }
    let options = ExportOptions::default()
        .all_nodes(args.all_nodes)
        .semantic_checks(!args.no_check)
        .check(CheckOptions::default().source_fixes(!args.no_source_fixes))
        .read(input::read_options(&args.encoding)?);
    // A big file exported directly is checked on every thread.
    let mut direct = options.clone();
    direct.check = direct.check.clone().threads(ctx.threads);
    let start = Instant::now();
    let mut status = Status::default();
    let (inputs, total) = input::listed(
        &args.paths,
        &args.walk,
        ctx.stderr_tty,
        &mut status.failed_paths,
    );
    let mut sink = Sink::create(format, &args.output, ctx.threads)?;
    let texts = Texts::default();
    let takes = sink.takes();
    let mut progress = Progress::bytes(total, ctx.stderr_tty);
    let mut pending: Vec<Part> = Vec::new();
    let mut pending_rows = 0usize;
    let (mut games, mut moves, mut diagnostics, mut bytes) = (0usize, 0usize, 0usize, 0u64);
    // The file of the last unit, and the game trees seen in it so far.
    let mut file: Option<(usize, u32)> = None;
    big::drive_grouped(
        inputs,
        ctx.threads,
        args.stream.stream_above,
        if format == Format::Ndjson {
            NDJSON_GROUPING
        } else {
            GROUPING
        },
        |group| match group {
            Group::Files([source])
                if source.file_len().is_some_and(|n| n >= direct::DIRECT_FROM) =>
            {
                Work::Direct(source.clone())
            }
            Group::Files(files) => Work::Done(export_files(files, &options, takes, &texts)),
            Group::Game(source, game) => Work::Done(Exported {
                part: Ok(Part::new(game.bytes(), &source.name(), &options, takes)),
                files: Vec::new(),
                streamed: Some(game.position()),
                bytes: game.bytes().len() as u64,
            }),
        },
        |index, unit| {
            let mut unit = match unit {
                Ok(Work::Done(u)) => u,
                Ok(Work::Direct(source)) => {
                    // What is gathered goes first: the rows stay in order.
                    if pending_rows > 0 {
                        sink.write(&mut pending, &texts)?;
                        pending_rows = 0;
                    }
                    file = None;
                    let counts = direct::export_direct(&source, &direct, &mut sink, &mut status)?;
                    progress.advance(counts.bytes);
                    bytes += counts.bytes;
                    games += counts.rows[0];
                    moves += counts.rows[1];
                    diagnostics += counts.rows[2];
                    return Ok(());
                }
                Err(said) => {
                    status.failed_paths += usize::from(said.failed);
                    said.say();
                    return Ok(());
                }
            };
            let mut part = unit.part.map_err(io::Error::other)?;
            progress.advance(unit.bytes);
            bytes += unit.bytes;
            let [g, m, d] = part.counts();
            if let Some(at) = unit.streamed {
                // A game tree of file `index`: its games are counted on
                // from those of the trees before it.
                let seen = match file {
                    Some((i, seen)) if i == index => seen,
                    _ => 0,
                };
                part.place(seen, at)?;
                let found = u32::try_from(g).unwrap_or(u32::MAX);
                file = Some((index, seen.saturating_add(found)));
            } else {
                file = None;
            }
            for report in unit.files.drain(..) {
                match report {
                    FileReport::Failed(message) => {
                        status.failed_paths += 1;
                        eprintln!("{message}");
                    }
                    FileReport::Read { games: 0, why, .. } => {
                        status.files_with_errors += 1;
                        if let Some(why) = why {
                            eprintln!("{why}");
                        }
                    }
                    FileReport::Read { .. } => {}
                }
            }
            games += g;
            moves += m;
            diagnostics += d;
            pending.push(part);
            pending_rows += g + m + d;
            // JSON Lines are written as they come; the other formats gather
            // a batch's worth.
            if pending_rows >= BATCH_ROWS || takes == Takes::Rows {
                sink.write(&mut pending, &texts)?;
                pending_rows = 0;
            }
            Ok(())
        },
    )?;
    if pending_rows > 0 {
        sink.write(&mut pending, &texts)?;
    }
    sink.finish()?;
    progress.finish();
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "exported {games} games, {moves} moves, {diagnostics} diagnostics from {} MB in {secs:.3} s ({:.1} MB/s) to {}",
        bytes as f64 / 1e6,
        bytes as f64 / 1e6 / secs.max(1e-9),
        args.output
            .join(format!(
                "{{games,moves,diagnostics}}.{}",
                format.extension()
            ))
            .display()
    );
    Ok(status)
}
