//! The position after the last move of the main line of an SGF file's first
//! game: one row a line, `X` black, `O` white, `.` empty; then the captures.
//!
//! `cargo run --example final_position -- FILE`

use sgfkit::game::go::Color;
use sgfkit::record::GoGame;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args()
        .nth(1)
        .ok_or("usage: final_position FILE")?;
    let bytes = std::fs::read(path)?;
    let doc = sgfkit::read(&bytes, &Default::default())?;
    let root = doc
        .collection()
        .games()
        .next()
        .ok_or("no game in the file")?;
    let board = GoGame::new(root)?.final_position();
    print!("{board}");
    // A side's captures are the opponent's stones taken off the board.
    println!("Black captured {}", board.captured(Color::White));
    println!("White captured {}", board.captured(Color::Black));
    Ok(())
}
