//! `sgfkit split`: one file per game tree, and the reading of game trees
//! that `split` and `join` share.

use crate::big::{self, StreamArgs, Unit};
use crate::input::{self, EncodingArgs, Said, WalkArgs};
use crate::output::Context;
use crate::run::Status;
use sgfkit::print::{WriterConfig, push_game};
use sgfkit::stream::{NamePattern, separate_lost_games, starts_lost_game};
use sgfkit::{Collection, ReadOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Write each game tree of the inputs to a file of its own in DIR.
///
/// Inputs are read as every sgfkit command reads them (folders walked,
/// encodings detected, damage repaired by the lenient reader and each
/// repair reported on stderr as PATH:LINE:COL: severity[CODE]: message);
/// files larger than --stream-above one game tree at a time, in bounded
/// memory. A game tree whose `)` is missing is written as far as it reads
/// and reported; it ends where the next game tree starts (a `(` and a node
/// holding GM or FF), and the games after it are written as games of their
/// own (in a file read whole, set apart again and each reported). Every game is written in the canonical FF[4] form, in
/// UTF-8 with CA[UTF-8]. Existing files are never overwritten: a name
/// taken gets a number (NAME-2.sgf, NAME-3.sgf, ...).
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(flatten)]
    pub(crate) jobs: crate::output::ThreadArgs,
    /// The files and folders to split; `-` reads standard input.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// The folder to write the games in (created if missing).
    #[arg(short = 'o', long = "output", value_name = "DIR")]
    output: PathBuf,
    /// The file names: text with placeholders {n} (the game's number in
    /// its input, zero-padded), {stem} (the input's name without its
    /// extension) and {XX} (the root's property XX: {PB}, {PW}, {DT}, ...;
    /// `unknown` when missing), made safe for any file system (only
    /// letters, digits and `-+.,_`; at most 100 bytes); `.sgf` is added.
    #[arg(long = "name", value_name = "PATTERN", default_value = "{stem}-{n}")]
    name: NamePattern,
    #[command(flatten)]
    encoding: EncodingArgs,
    #[command(flatten)]
    walk: WalkArgs,
    #[command(flatten)]
    stream: StreamArgs,
}

/// The game trees of one piece of input, read for writing them out.
pub(crate) struct ReadGames {
    /// The input's name.
    pub(crate) name: String,
    /// The game trees, each lost one set apart.
    pub(crate) tree: Collection<'static>,
    /// The reader's repairs and the games set apart, as PATH:LINE:COL
    /// lines; or the line that says the input could not be read.
    pub(crate) messages: Vec<String>,
    /// The input could not be read.
    pub(crate) failed: bool,
}

/// Reads a whole input or a streamed game tree as `fmt` does, then sets
/// apart each game tree that lost its `)` ([`separate_lost_games`]),
/// saying where it was found.
pub(crate) fn read_games(unit: Unit<'_>, read: &ReadOptions) -> ReadGames {
    let (name, tree, mut messages, game) = match unit {
        Unit::Whole(source) => {
            let name = source.name();
            match source.read() {
                Ok(bytes) => {
                    let (tree, messages) = input::read_for_writing(&name, &bytes, read, false);
                    (name, tree, messages, None)
                }
                Err(e) => {
                    return ReadGames {
                        messages: vec![format!("sgfkit: {name}: {e}")],
                        name,
                        tree: Collection::new(),
                        failed: true,
                    };
                }
            }
        }
        Unit::Game(source, game) => {
            let name = source.name();
            let (tree, messages) = input::read_game_for_writing(&name, game, read);
            (name, tree, messages, Some(game))
        }
    };
    let lost = tree.games().any(|g| g.descendants().any(starts_lost_game));
    let tree = match lost.then(|| separate_lost_games(&tree)) {
        Some(Ok((games, found))) => {
            let mut cursor = sgfkit::error::PositionCursor::new(tree.source());
            for offset in found {
                let local = cursor.position(offset.unwrap_or(0));
                let at = game.map_or(local, |g| g.place(local));
                messages.push(format!(
                    "{name}:{at}: warning: a game tree inside the one before it (whose `)` is \
                     missing): written as a game of its own"
                ));
            }
            games
        }
        Some(Err(e)) => {
            messages.push(format!("sgfkit: {name}: {e}"));
            tree
        }
        None => tree,
    };
    ReadGames {
        name,
        tree,
        messages,
        failed: false,
    }
}

/// What `split` and `join` do with each input or streamed tree read:
/// its messages said on stderr, an input that could not be read counted
/// as failed (`None`); else what was read.
pub(crate) fn accept<T>(
    result: Result<(ReadGames, T), Said>,
    status: &mut Status,
) -> io::Result<Option<(ReadGames, T)>> {
    let (games, made) = match result {
        Ok(r) => r,
        Err(said) => {
            status.failed_paths += usize::from(said.failed);
            said.say();
            return Ok(None);
        }
    };
    report(&games.messages)?;
    if games.failed {
        status.failed_paths += 1;
        return Ok(None);
    }
    Ok(Some((games, made)))
}

/// The messages of an input to stderr, after the output so far.
pub(crate) fn report(messages: &[String]) -> io::Result<()> {
    if messages.is_empty() {
        return Ok(());
    }
    let mut text = String::new();
    for m in messages {
        text.push_str(m);
        text.push('\n');
    }
    io::stderr().lock().write_all(text.as_bytes())
}

pub(crate) fn run(args: &Args, ctx: &Context) -> io::Result<Status> {
    let read = input::read_options(&args.encoding)?;
    let mut status = Status::default();
    let sources = input::sources(&args.paths, &args.walk, &mut status.failed_paths);
    std::fs::create_dir_all(&args.output)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", args.output.display())))?;
    let config = WriterConfig::default().declare_utf8(true);
    // The input of the last game written and the number of its games.
    let mut current: Option<(usize, usize)> = None;
    let mut written = 0usize;
    let mut taken = Taken::default();
    big::drive(
        sources.iter().cloned(),
        ctx.threads,
        args.stream.stream_above,
        |unit| {
            let games = read_games(unit, &read);
            let texts: Vec<Vec<u8>> = games
                .tree
                .games()
                .map(|root| {
                    let mut text = Vec::new();
                    push_game(&mut text, root, &config);
                    text
                })
                .collect();
            (games, texts)
        },
        |index, result| {
            let Some((games, texts)) = accept(result, &mut status)? else {
                return Ok(());
            };
            let first = current.is_none_or(|(i, _)| i != index);
            if first && games.tree.games().len() == 0 {
                status.files_with_errors += 1;
            }
            let count = match &mut current {
                Some((i, n)) if *i == index => n,
                _ => &mut current.insert((index, 0)).1,
            };
            let stem = stem(&games.name);
            for (root, text) in games.tree.games().zip(&texts) {
                *count += 1;
                let name = args.name.name(root, &stem, *count);
                taken.write_new(&args.output, &name, text)?;
                written += 1;
            }
            Ok(())
        },
    )?;
    writeln!(
        io::stderr().lock(),
        "sgfkit: {written} game{} written to {}",
        if written == 1 { "" } else { "s" },
        args.output.display()
    )?;
    Ok(status)
}

/// The stem of an input's name (`games/a.sgf`: `a`; an archive member
/// `x.zip!/b.sgf`: `b`; standard input: `stdin`).
pub(crate) fn stem(name: &str) -> String {
    let last = name.rsplit(['/', '\\', '!']).next().unwrap_or(name);
    let stem = Path::new(last)
        .file_stem()
        .map_or_else(|| last.to_string(), |s| s.to_string_lossy().into_owned());
    stem.trim_matches(['<', '>']).to_string()
}

/// The names that were taken, and the next number to try for each: only
/// names that collided are kept, so memory grows with the names that
/// collide (players, with `--name {PB}`), not with the games.
#[derive(Default)]
pub(crate) struct Taken(std::collections::HashMap<String, usize>);

impl Taken {
    /// Writes `text` to DIR/NAME.sgf, or NAME-2.sgf, NAME-3.sgf, ... if
    /// taken: never over an existing file.
    pub(crate) fn write_new(&mut self, dir: &Path, name: &str, text: &[u8]) -> io::Result<()> {
        let mut k = self.0.get(name).copied().unwrap_or(1);
        loop {
            let file = if k == 1 {
                format!("{name}.sgf")
            } else {
                format!("{name}-{k}.sgf")
            };
            let path = dir.join(file);
            let open = std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&path);
            let in_path =
                |e: io::Error| io::Error::new(e.kind(), format!("{}: {e}", path.display()));
            match open {
                Ok(mut f) => {
                    if k > 1 {
                        self.0.insert(name.to_string(), k + 1);
                    }
                    return f.write_all(text).map_err(in_path);
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => k += 1,
                Err(e) => return Err(in_path(e)),
            }
        }
    }
}
