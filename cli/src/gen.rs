//! `sgfkit gen`: SGF files of known meaning, for testing other readers.

use sgfkit_conform::meaning::Meaning;
use sgfkit_conform::{GameChoice, Generator, Profile};
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::output::Context;
use crate::run::Status;

/// What to generate; shared with `sgfkit conform`.
#[derive(clap::Args, Debug, Clone)]
pub(crate) struct GenArgs {
    /// The game of each game tree: go, othello, backgammon, lines-of-action,
    /// hex, amazons, octi, gess, or any (chosen per tree).
    #[arg(long, default_value = "go", value_name = "GAME")]
    pub(crate) game: GameChoice,
    /// How many files.
    #[arg(long, default_value_t = 100, value_name = "N")]
    pub(crate) count: u64,
    /// The seed: the same seed gives the same files, byte for byte.
    #[arg(long, default_value_t = 0, value_name = "S")]
    pub(crate) seed: u64,
    /// plain (what every reader must handle), tricky (escapes, line breaks,
    /// compressed lists, odd boards, unknown properties, several games),
    /// deep (deep nesting, long lines) or legacy (FF[3] habits).
    #[arg(long, default_value = "plain", value_name = "PROFILE")]
    pub(crate) profile: Profile,
}

impl GenArgs {
    pub(crate) fn generator(&self) -> Generator {
        Generator::new(self.profile, self.game, self.seed)
    }
}

/// Write generated SGF files, each `NNNN.sgf` with its meaning `NNNN.json`
/// (docs/conformance.md).
///
/// Every file is valid FF[4] (FF[3] in the legacy profile) in UTF-8, made
/// from the same proptest strategies as sgfkit's own property tests; its
/// meaning is sgfkit's reading.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(flatten)]
    generate: GenArgs,
    /// The folder to write to (created if missing).
    #[arg(short = 'o', long = "out", value_name = "DIR")]
    out: PathBuf,
}

/// Writes file `i` of `generator` and its meaning into `dir`; returns the
/// SGF file's path and its meaning.
pub(crate) fn write_one(
    generator: &Generator,
    i: u64,
    dir: &Path,
) -> io::Result<(PathBuf, Meaning)> {
    let sgf = generator.file(i);
    let tree =
        sgfkit::parse(&sgf).map_err(|e| io::Error::other(format!("generated file {i}: {e}")))?;
    let meaning = Meaning::of(&tree);
    let path = dir.join(format!("{i:04}.sgf"));
    fs::write(&path, &sgf)?;
    fs::write(path.with_extension("json"), meaning.to_json() + "\n")?;
    Ok((path, meaning))
}

pub(crate) fn run(args: &Args, _ctx: &Context) -> io::Result<Status> {
    fs::create_dir_all(&args.out)?;
    let generator = args.generate.generator();
    for i in 0..args.generate.count {
        write_one(&generator, i, &args.out)?;
    }
    writeln!(
        io::stderr(),
        "wrote {} files ({} profile, game {}, seed {}) to {}",
        args.generate.count,
        args.generate.profile,
        args.generate.game,
        args.generate.seed,
        args.out.display()
    )?;
    Ok(Status::default())
}
