//! `sgfkit export`: games, moves and diagnostics as tables (Parquet, Arrow
//! IPC or JSON Lines) for Spark, DuckDB, pandas and polars.

use crate::big::{self, StreamArgs, Unit};
use crate::input::{self, EncodingArgs, WalkArgs};
use crate::output::Context;
use crate::run::{Progress, Status};
use sgfkit::export::{ExportOptions, Tables};
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Write three tables of the games in the files: `games` (one row a game
/// tree: players, komi, result, date, counts, the root's other
/// properties), `moves` (one row a move of the main line of each Go game)
/// and `diagnostics` (what `sgfkit check` reports), as
/// DIR/games.parquet, DIR/moves.parquet and DIR/diagnostics.parquet (or
/// .arrow, .ndjson). Rows come in input order whatever -j. The columns are
/// described in docs/export.md. A file with no game tree counts as failed
/// (exit status 1).
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// Files or folders; `-` reads standard input.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// The file format. parquet and arrow-ipc need a build with the
    /// `parquet` feature (`cargo install sgfkit-cli --features parquet`).
    #[arg(long, value_enum, default_value_t = Format::Parquet)]
    format: Format,
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

/// The three files being written.
enum Sink {
    Ndjson([BufWriter<File>; 3]),
    #[cfg(feature = "parquet")]
    Ipc(sgfkit::export::arrow::IpcFiles<BufWriter<File>>),
    #[cfg(feature = "parquet")]
    Parquet(sgfkit::export::parquet::ParquetFiles<BufWriter<File>>),
}

impl Sink {
    fn create(format: Format, dir: &Path) -> io::Result<Sink> {
        std::fs::create_dir_all(dir)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", dir.display())))?;
        let open = |table: &str| -> io::Result<BufWriter<File>> {
            let path = dir.join(format!("{table}.{}", format.extension()));
            File::create(&path)
                .map(|f| BufWriter::with_capacity(1 << 20, f))
                .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))
        };
        let [g, m, d] = [open("games")?, open("moves")?, open("diagnostics")?];
        match format {
            Format::Ndjson => Ok(Sink::Ndjson([g, m, d])),
            #[cfg(feature = "parquet")]
            Format::ArrowIpc => sgfkit::export::arrow::IpcFiles::new(g, m, d)
                .map(Sink::Ipc)
                .map_err(io::Error::other),
            #[cfg(feature = "parquet")]
            Format::Parquet => sgfkit::export::parquet::ParquetFiles::new(g, m, d)
                .map(Sink::Parquet)
                .map_err(io::Error::other),
            #[cfg(not(feature = "parquet"))]
            Format::ArrowIpc | Format::Parquet => unreachable!("refused in run"),
        }
    }

    fn write(&mut self, t: &Tables) -> io::Result<()> {
        match self {
            Sink::Ndjson([g, m, d]) => t.write_ndjson(g, m, d),
            #[cfg(feature = "parquet")]
            Sink::Ipc(files) => sgfkit::export::arrow::Batches::from_tables(t)
                .and_then(|b| files.write(&b))
                .map_err(io::Error::other),
            #[cfg(feature = "parquet")]
            Sink::Parquet(files) => sgfkit::export::arrow::Batches::from_tables(t)
                .map_err(io::Error::other)
                .and_then(|b| files.write(&b).map_err(io::Error::other)),
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

/// What reading one unit gave.
struct Exported {
    tables: Tables,
    /// The unit is a game tree of a streamed file: where it starts.
    streamed: Option<sgfkit::Position>,
    bytes: u64,
}

pub(crate) fn run(args: &Args, ctx: &Context) -> io::Result<Status> {
    if cfg!(not(feature = "parquet")) && args.format != Format::Ndjson {
        return Err(io::Error::new(
            io::ErrorKind::Unsupported,
            format!(
                "--format {} needs sgfkit built with the `parquet` feature: \
                 `cargo install sgfkit-cli --features parquet`, or in the repository \
                 `cargo run --release --features parquet -- export ...`; \
                 `--format ndjson` works in every build",
                match args.format {
                    Format::ArrowIpc => "arrow-ipc",
                    _ => "parquet",
                }
            ),
        ));
    }
    let decode = args.encoding.options()?;
    let options = ExportOptions::default()
        .all_nodes(args.all_nodes)
        .semantic_checks(!args.no_check)
        .decode(decode)
        .parse(input::parse_options().clone());
    let start = Instant::now();
    let mut status = Status::default();
    let sources = input::sources(&args.paths, &args.walk, &mut status.failed_paths);
    let total: u64 = sources
        .iter()
        .filter_map(|s| s.path().and_then(|p| p.metadata().ok()).map(|m| m.len()))
        .sum();
    let mut sink = Sink::create(args.format, &args.output)?;
    let mut progress = Progress::bytes(total, ctx.stderr_tty);
    let mut pending = Tables::default();
    let (mut games, mut moves, mut diagnostics, mut bytes) = (0usize, 0usize, 0usize, 0u64);
    // The file of the last unit, and the game trees seen in it so far.
    let mut file: Option<(usize, u32)> = None;
    big::drive(
        &sources,
        ctx.threads,
        args.stream.stream_above,
        |unit| -> Result<Exported, String> {
            match unit {
                Unit::Whole(source) => {
                    let data = source
                        .read()
                        .map_err(|e| format!("sgfkit: {}: {e}", source.name()))?;
                    Ok(Exported {
                        tables: sgfkit::export::tables(&data, &source.name(), &options),
                        streamed: None,
                        bytes: data.len() as u64,
                    })
                }
                Unit::Game(source, game) => Ok(Exported {
                    tables: sgfkit::export::tables(game.bytes(), &source.name(), &options),
                    streamed: Some(game.position()),
                    bytes: game.bytes().len() as u64,
                }),
            }
        },
        |index, unit| {
            let mut unit = match unit.and_then(|u| u) {
                Ok(u) => u,
                Err(message) => {
                    status.failed_paths += 1;
                    eprintln!("{message}");
                    return Ok(());
                }
            };
            progress.advance(unit.bytes);
            bytes += unit.bytes;
            let seen = match file {
                Some((i, seen)) if i == index => seen,
                _ => 0,
            };
            let found = u32::try_from(unit.tables.games.len()).unwrap_or(u32::MAX);
            if let Some(at) = unit.streamed {
                unit.tables.place(seen, at);
            } else if found == 0 {
                status.files_with_errors += 1;
                let why = unit
                    .tables
                    .diagnostics
                    .iter()
                    .rev()
                    .find(|d| d.code == "L013" || d.code == "L017");
                if let Some(d) = why {
                    eprintln!(
                        "{}:{}:{}: {}[{}]: {}",
                        d.source, d.line, d.column, d.severity, d.code, d.message
                    );
                }
            }
            file = Some((index, seen.saturating_add(found)));
            games += unit.tables.games.len();
            moves += unit.tables.moves.len();
            diagnostics += unit.tables.diagnostics.len();
            pending.append(&mut unit.tables);
            if pending.games.len() + pending.moves.len() + pending.diagnostics.len() >= BATCH_ROWS {
                sink.write(&pending)?;
                pending = Tables::default();
            }
            Ok(())
        },
    )?;
    if !pending.is_empty() {
        sink.write(&pending)?;
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
                args.format.extension()
            ))
            .display()
    );
    Ok(status)
}
