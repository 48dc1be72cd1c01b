//! How another Rust crate property-tests its own SGF reader against
//! sgfkit's meaning: generate files with `sgfkit_conform::Generator`, let
//! the reader under test say what each file means, compare with
//! `Meaning::first_difference`, and shrink a file that disagrees.
//!
//! The "reader under test" here is a toy that reads only the main line's
//! moves, so it disagrees on any variation; replace `my_reader` with yours.
//! Run: `cargo run -p sgfkit-conform --example conformance`.

use sgfkit_conform::meaning::{Difference, GameMeaning, Item, Meaning, PropMeaning};
use sgfkit_conform::{GameChoice, Generator, Profile, shrink};
use std::mem::discriminant;

/// The reader under test, printing its reading in the meaning format.
fn my_reader(sgf: &[u8]) -> Meaning {
    let tree = sgfkit::parse(sgf).expect("generated files are valid");
    let games = tree.games().map(|root| {
        let line: Vec<_> = root.main_line().collect();
        let nodes = line.iter().map(|n| {
            let props = n.properties().map(|p| PropMeaning {
                ident: p.ident().to_string(),
                values: vec![Item::One(String::from_utf8_lossy(p.value()).into_owned())],
            });
            props.collect()
        });
        let children = (0..line.len())
            .map(|i| usize::from(i + 1 < line.len()))
            .collect();
        GameMeaning {
            children,
            nodes: nodes.collect(),
        }
    });
    Meaning {
        games: games.collect(),
    }
}

fn disagreement(sgf: &[u8]) -> Option<Difference> {
    let ours = Meaning::of(&sgfkit::parse(sgf).ok()?);
    ours.first_difference(&my_reader(sgf))
}

fn main() {
    let generator = Generator::new(Profile::Plain, GameChoice::default(), 1);
    for i in 0..50 {
        let sgf = generator.file(i);
        if let Some(d) = disagreement(&sgf) {
            // Shrink while the same kind of disagreement remains (a shape
            // stays a shape, not some other bug the smaller file shows).
            let kind = discriminant(&d.at);
            let same = |f: &[u8]| disagreement(f).is_some_and(|e| discriminant(&e.at) == kind);
            let small = shrink(&sgf, same, 300);
            println!("file {i}: {d}");
            println!("shrunk: {}", String::from_utf8_lossy(&small));
            return;
        }
    }
    println!("50 files, all agree");
}
