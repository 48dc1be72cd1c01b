//! The `sgfkit` command-line tool (being built).

fn main() {}
