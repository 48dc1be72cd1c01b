//! What a generated file exercises: the [`Profile`], and which game
//! ([`GameChoice`]).

use std::fmt;
use std::str::FromStr;

use sgfkit::game::GameType;

/// What the generated files exercise.
///
/// ```
/// use sgfkit_conform::Profile;
/// assert_eq!("tricky".parse::<Profile>(), Ok(Profile::Tricky));
/// assert_eq!(Profile::Legacy.to_string(), "legacy");
/// assert!("fancy".parse::<Profile>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Profile {
    /// What every reader must handle: one FF\[4\] game (Go unless another
    /// game is asked for), game information, moves, setup stones given one
    /// by one, comments with escaped `]`, `\` and `:`, a few variations.
    #[default]
    Plain,
    /// Soft and hard line breaks of every kind, `\` before any character,
    /// `:` in composed values, empty values, white space between tokens,
    /// compressed point lists, boards up to 52×52 and rectangular ones,
    /// unknown properties, any typed property, several games in a file.
    Tricky,
    /// Deep nesting of variations (hundreds to thousands of levels) and
    /// long lines (the whole file on one line, long comments).
    Deep,
    /// FF\[3\] habits: `FF[3]`, long identifiers with lower-case letters
    /// (`AddBlack`), passes written `tt`.
    Legacy,
}

/// The profiles, in the order `conformance/run-peers.sh` runs them.
pub const PROFILES: [Profile; 4] = [
    Profile::Plain,
    Profile::Tricky,
    Profile::Deep,
    Profile::Legacy,
];

impl fmt::Display for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Profile::Plain => "plain",
            Profile::Tricky => "tricky",
            Profile::Deep => "deep",
            Profile::Legacy => "legacy",
        })
    }
}

impl FromStr for Profile {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        PROFILES
            .into_iter()
            .find(|p| p.to_string() == s)
            .ok_or_else(|| format!("unknown profile `{s}` (plain, tricky, deep or legacy)"))
    }
}

/// The games files can be generated for: those with typed values in
/// sgfkit, and Othello for the games whose values are raw.
pub const GAMES: [GameType; 8] = [
    GameType::Go,
    GameType::Othello,
    GameType::Backgammon,
    GameType::LinesOfAction,
    GameType::Hex,
    GameType::Amazons,
    GameType::Octi,
    GameType::Gess,
];

/// Which game each generated game tree records.
///
/// ```
/// use sgfkit_conform::GameChoice;
/// use sgfkit::game::GameType;
/// assert_eq!("hex".parse::<GameChoice>(), Ok(GameChoice::One(GameType::Hex)));
/// assert_eq!("lines-of-action".parse::<GameChoice>(), Ok(GameChoice::One(GameType::LinesOfAction)));
/// assert_eq!("any".parse::<GameChoice>(), Ok(GameChoice::Any));
/// assert_eq!(GameChoice::One(GameType::Go).to_string(), "go");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameChoice {
    /// Always this game.
    One(GameType),
    /// Any of [`GAMES`], chosen per game tree.
    Any,
}

impl Default for GameChoice {
    fn default() -> Self {
        GameChoice::One(GameType::Go)
    }
}

fn slug(g: GameType) -> String {
    g.name()
        .to_ascii_lowercase()
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join("-")
}

impl fmt::Display for GameChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameChoice::One(g) => f.write_str(&slug(*g)),
            GameChoice::Any => f.write_str("any"),
        }
    }
}

impl FromStr for GameChoice {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        if s == "any" {
            return Ok(GameChoice::Any);
        }
        GAMES
            .into_iter()
            .find(|g| slug(*g) == s)
            .map(GameChoice::One)
            .ok_or_else(|| {
                let names: Vec<String> = GAMES.iter().map(|g| slug(*g)).collect();
                format!("unknown game `{s}` ({} or any)", names.join(", "))
            })
    }
}
