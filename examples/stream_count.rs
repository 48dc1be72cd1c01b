//! Counts the games and nodes of a collection of any size, one game tree at a
//! time, and points at syntax errors in the big file.
//!
//! Run with `cargo run --release --example stream_count -- FILE` (or `-` for
//! standard input). Memory stays at about the largest game tree plus 1 MiB.

use sgfkit::stream::{Games, StreamError};
use std::io::Read;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).unwrap_or_else(|| "-".into());
    let input: Box<dyn Read> = if path == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        Box::new(std::fs::File::open(&path)?)
    };
    let (mut games, mut nodes, mut errors) = (0u64, 0u64, 0u64);
    for game in Games::new(input) {
        let game = match game {
            Ok(g) => g,
            Err(e @ StreamError::TooLarge { .. }) => {
                eprintln!("{path}:{e}");
                errors += 1;
                continue;
            }
            Err(e) => return Err(e.into()),
        };
        games += 1;
        match game.parse() {
            Ok(tree) => nodes += tree.node_count() as u64,
            Err(e) => {
                // The error's position is within the game: move it to the file.
                let at = game.position_in_input(e.offset());
                eprintln!("{path}:{at}: {}", e.kind());
                errors += 1;
            }
        }
    }
    println!("{games} games, {nodes} nodes, {errors} errors");
    Ok(())
}
