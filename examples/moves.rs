//! For every game of an SGF file (any encoding): who played, komi and result,
//! then the main line's moves in GTP coordinates (`B Q16`, `W pass`).
//!
//! `cargo run --example moves -- FILE`

use sgfkit::record::GoGame;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).ok_or("usage: moves FILE")?;
    let bytes = std::fs::read(path)?;
    let doc = sgfkit::read(&bytes, &Default::default())?;
    for root in doc.collection().games() {
        let game = GoGame::new(root)?;
        let (black, white) = game.players();
        let komi = game.komi().map_or("?".to_string(), |k| k.to_string());
        let result = game.result().unwrap_or("?".to_string());
        let name = |n: Option<String>| n.unwrap_or("?".to_string());
        println!(
            "{} vs {}, komi {komi}, result {result}",
            name(black),
            name(white)
        );
        for played in game.moves() {
            match played {
                Ok((color, m)) => println!("{color} {}", m.to_gtp(game.size())?),
                Err(report) => eprintln!("skipped: {report}"),
            }
        }
    }
    Ok(())
}
