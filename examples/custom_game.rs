//! A game that sgfkit does not know, defined outside the crate: tic-tac-toe.
//!
//! Cells are written as one digit, `1` (top left) to `9` (bottom right); a stone is a cell.
//! Run with `cargo run --example custom_game`.

use sgfkit::game::{BoardSize, Game, Reason, ValueError, ValueResult};
use sgfkit::nom::Parser;
use sgfkit::nom::character::complete::satisfy;

/// Tic-tac-toe, with a made-up GM number.
#[derive(Debug)]
struct TicTacToe;

/// A cell, 0-based: 0 is written `1`, 8 is written `9`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Cell(u8);

impl Game for TicTacToe {
    const GM: u32 = 1000;
    const NAME: &'static str = "Tic-tac-toe";
    const STONE_IS_POINT: bool = true;
    type Point = Cell;
    type Move = Cell;
    type Stone = Cell;

    fn default_size() -> BoardSize {
        BoardSize::square(3)
    }

    fn parse_point(i: &[u8], size: BoardSize) -> ValueResult<'_, Cell> {
        // Any nom 8 combinator works with sgfkit's error type.
        let (rest, c) = satisfy(|c| c.is_ascii_digit()).parse_complete(i)?;
        let n = c as u8 - b'0';
        if n == 0 || u16::from(n) > size.columns * size.rows {
            return Err(sgfkit::nom::Err::Error(ValueError::new(
                i,
                Reason::OffBoard,
            )));
        }
        Ok((rest, Cell(n - 1)))
    }

    fn parse_move(i: &[u8], size: BoardSize) -> ValueResult<'_, Cell> {
        Self::parse_point(i, size)
    }

    fn parse_stone(i: &[u8], size: BoardSize) -> ValueResult<'_, Cell> {
        Self::parse_point(i, size)
    }

    fn write_point(p: &Cell, _size: BoardSize, out: &mut Vec<u8>) {
        out.push(b'1' + p.0);
    }

    fn write_move(m: &Cell, size: BoardSize, out: &mut Vec<u8>) {
        Self::write_point(m, size, out);
    }

    fn write_stone(s: &Cell, size: BoardSize, out: &mut Vec<u8>) {
        Self::write_point(s, size, out);
    }
}

fn main() {
    let size = TicTacToe::default_size();
    println!("{} (GM[{}])", TicTacToe::NAME, TicTacToe::GM);
    for value in [&b"5"[..], b"1", b"9", b"0", b"x", b"55"] {
        match TicTacToe::read_move(value, size) {
            Ok(m) => {
                let mut out = Vec::new();
                TicTacToe::write_move(&m, size, &mut out);
                assert_eq!(out, value);
                println!(
                    "B[{}] -> {m:?} -> B[{}]",
                    value.escape_ascii(),
                    out.escape_ascii()
                );
            }
            Err(e) => println!("B[{}] rejected: {e}", value.escape_ascii()),
        }
    }
}
