//! `sgfkit tree`: the variation tree of each game in the terminal (the
//! crate `sgfkit-render`'s `tree`).

use crate::input::{self, EncodingArgs};
use crate::output::Context;
use crate::run::Status;
use sgfkit_render::{TreeOptions, tree};
use std::io::{self, Write};
use std::path::PathBuf;

/// Print the variation tree, as `git log --graph` prints history: one line
/// per run of nodes (a chain without branches, ended by a branch, a leaf,
/// a comment or a name), with its node numbers (the root is 0, then file
/// order: the numbers `sgfkit show --node` takes), its first and last moves
/// with their numbers, and the first words of its last node's name and
/// comment.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The file; `-` or nothing reads standard input.
    path: Option<PathBuf>,
    /// Only this game tree of the file (1 is the first); all by default.
    #[arg(long, value_name = "N")]
    game: Option<usize>,
    /// How many words of each comment to show.
    #[arg(long, value_name = "N", default_value_t = 6)]
    words: usize,
    #[command(flatten)]
    encoding: EncodingArgs,
}

pub(crate) fn run(args: &Args, _ctx: &Context) -> io::Result<Status> {
    let read = input::read_options(&args.encoding)?;
    let mut status = Status::default();
    let Some((name, bytes)) = input::read_single(args.path.as_deref(), &mut status)? else {
        return Ok(status);
    };
    let doc = input::read(&bytes, &read);
    let games: Vec<_> = doc.collection().games().collect();
    if games.is_empty() {
        writeln!(io::stderr(), "{}", input::no_game_tree(&name, &doc))?;
        status.files_with_errors += 1;
        return Ok(status);
    }
    let options = TreeOptions {
        comment_words: args.words,
        ..TreeOptions::default()
    };
    let mut out = io::stdout().lock();
    for (i, root) in games.iter().enumerate() {
        if args.game.is_some_and(|g| g != i + 1) {
            continue;
        }
        if games.len() > 1 {
            writeln!(out, "game {}", i + 1)?;
        }
        out.write_all(tree(*root, &options).as_bytes())?;
    }
    if let Some(g) = args.game.filter(|&g| g == 0 || g > games.len()) {
        writeln!(
            io::stderr(),
            "sgfkit: {name}: no game {g} (the file has {})",
            games.len()
        )?;
        status.failed_paths += 1;
    }
    out.flush()?;
    Ok(status)
}
