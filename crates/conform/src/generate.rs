//! Generated SGF files: a tree of nodes of typed properties drawn from the
//! exported proptest strategies, written with the habits of a
//! [`Profile`].

use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

use super::profile::{GAMES, GameChoice, Profile};
use sgfkit::game::amazons::Amazons;
use sgfkit::game::backgammon::Backgammon;
use sgfkit::game::gess::Gess;
use sgfkit::game::go::Go;
use sgfkit::game::hex::Hex;
use sgfkit::game::lines_of_action::LinesOfAction;
use sgfkit::game::octi::Octi;
use sgfkit::game::raw::Othello;
use sgfkit::game::{BoardSize, Game, GameType};
use sgfkit::property::lookup_any;
use sgfkit::property::strategies::{self, GameStrategies};
use sgfkit::property::typed::{Prop, Value};

/// Makes SGF files for a profile and game, the same bytes for the same
/// seed and index.
///
/// ```
/// use sgfkit_conform::{GameChoice, Generator, Profile};
/// let g = Generator::new(Profile::Plain, GameChoice::default(), 7);
/// let sgf = g.file(0);
/// assert_eq!(sgf, g.file(0));
/// assert_ne!(sgf, g.file(1));
/// assert!(sgfkit::parse(&sgf).is_ok());
/// ```
#[derive(Debug, Clone)]
pub struct Generator {
    profile: Profile,
    game: GameChoice,
    seed: u64,
}

/// A node being generated: properties as written (identifier, raw values).
#[derive(Debug, Default)]
pub(super) struct GenNode {
    pub(super) props: Vec<(String, Vec<Vec<u8>>)>,
    pub(super) children: Vec<usize>,
}

/// Draws values from strategies with a seeded runner.
pub(super) struct Draw(TestRunner);

impl Draw {
    pub(super) fn new(seed: u64, index: u64) -> Draw {
        let mut bytes = [0u8; 32];
        bytes[..8].copy_from_slice(&seed.to_le_bytes());
        bytes[8..16].copy_from_slice(&index.to_le_bytes());
        let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &bytes);
        Draw(TestRunner::new_with_rng(Config::default(), rng))
    }

    /// A value of `s`; `None` when the strategy rejects too many tries.
    pub(super) fn get<S: Strategy>(&mut self, s: S) -> Option<S::Value> {
        s.new_tree(&mut self.0).ok().map(|t| t.current())
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub(super) fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        self.get(0..n).unwrap_or(0)
    }

    /// True one time in `n`.
    pub(super) fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }
}

impl Generator {
    /// A generator of files of `profile` for `game`, from `seed`.
    pub fn new(profile: Profile, game: GameChoice, seed: u64) -> Generator {
        Generator {
            profile,
            game,
            seed,
        }
    }

    /// File number `index`: the same bytes for the same generator and index.
    pub fn file(&self, index: u64) -> Vec<u8> {
        let mut d = Draw::new(self.seed, index);
        let trees = match self.profile {
            Profile::Tricky => 1 + d.below(3),
            _ => 1,
        };
        let mut games = Vec::new();
        for _ in 0..trees {
            let game = match self.game {
                GameChoice::One(g) => g,
                GameChoice::Any => GAMES[d.below(GAMES.len())],
            };
            games.push(match game {
                GameType::Othello => tree::<Othello>(&mut d, self.profile),
                GameType::Backgammon => tree::<Backgammon>(&mut d, self.profile),
                GameType::LinesOfAction => tree::<LinesOfAction>(&mut d, self.profile),
                GameType::Hex => tree::<Hex>(&mut d, self.profile),
                GameType::Amazons => tree::<Amazons>(&mut d, self.profile),
                GameType::Octi => tree::<Octi>(&mut d, self.profile),
                GameType::Gess => tree::<Gess>(&mut d, self.profile),
                _ => tree::<Go>(&mut d, self.profile),
            });
        }
        super::render::collection(&games, self.profile, &mut d)
    }
}

/// Control characters other than LF become spaces: a reader's business is
/// the format, not terminal codes.
fn tame(raw: Vec<u8>) -> Vec<u8> {
    raw.into_iter()
        .map(|b| {
            if (b < 0x20 && b != b'\n') || b == 0x7f {
                b' '
            } else {
                b
            }
        })
        .collect()
}

fn written<G: Game>(p: &Prop<G>, size: BoardSize) -> (String, Vec<Vec<u8>>) {
    let (ident, values) = p.to_raw(size);
    (ident, values.into_iter().map(tame).collect())
}

fn board<G: GameStrategies>(d: &mut Draw, profile: Profile) -> BoardSize {
    if G::GM != 1 {
        return G::default_size();
    }
    match profile {
        Profile::Tricky => match d.below(6) {
            0 => BoardSize::square(20 + d.below(33) as u16),
            1 => BoardSize::new(1 + d.below(52) as u16, 1 + d.below(52) as u16),
            _ => BoardSize::square(1 + d.below(19) as u16),
        },
        _ => BoardSize::square([9, 13, 19][d.below(3)]),
    }
}

/// The FF\[3\] long name of an identifier, where there is one.
fn legacy_name(ident: &str) -> &str {
    match ident {
        "AB" => "AddBlack",
        "AW" => "AddWhite",
        "AE" => "AddEmpty",
        "B" => "Black",
        "W" => "White",
        "C" => "Comment",
        "N" => "NodeName",
        "PB" => "PlayerBlack",
        "PW" => "PlayerWhite",
        "GM" => "GaMe",
        "SZ" => "SiZe",
        "KM" => "KoMi",
        "RE" => "REsult",
        _ => ident,
    }
}

/// Printable text for the plain profile: comments any reader must handle.
fn plain_text(d: &mut Draw) -> String {
    let t = d.get(strategies::text()).unwrap_or_default();
    t.chars()
        .map(|c| if c.is_control() && c != '\n' { ' ' } else { c })
        .collect()
}

fn text_prop<G: Game>(ident: &str, text: String, size: BoardSize) -> (String, Vec<Vec<u8>>) {
    let p: Prop<G> = Prop::from_value(ident, Value::Text(text));
    let (id, v) = written(&p, size);
    (id, v)
}

fn stones<G: GameStrategies>(d: &mut Draw, size: BoardSize) -> Vec<Vec<u8>> {
    let n = 1 + d.below(4);
    let mut out: Vec<Vec<u8>> = Vec::new();
    for _ in 0..n {
        if let Some(s) = d.get(G::stone_strategy(size)) {
            let mut v = Vec::new();
            G::write_stone(&s, size, &mut v);
            if !out.contains(&v) {
                out.push(v);
            }
        }
    }
    out
}

/// A node of the plain kind: a move, maybe a comment; now and then setup.
fn plain_node<G: GameStrategies>(d: &mut Draw, size: BoardSize, k: usize) -> GenNode {
    let mut node = GenNode::default();
    if d.one_in(10) {
        let ident = if d.one_in(2) { "AB" } else { "AW" };
        let v = stones::<G>(d, size);
        if !v.is_empty() {
            node.props.push((ident.to_string(), v));
        }
    } else if let Some(m) = d.get(G::move_strategy(size)) {
        let mut v = Vec::new();
        G::write_move(&m, size, &mut v);
        node.props.push((
            (if k.is_multiple_of(2) { "B" } else { "W" }).to_string(),
            vec![v],
        ));
    }
    if d.one_in(3) {
        let text = plain_text(d);
        node.props.push(text_prop::<G>("C", text, size));
    }
    node
}

/// An unknown identifier with values that need escapes.
fn unknown_prop(d: &mut Draw) -> Option<(String, Vec<Vec<u8>>)> {
    let ident = d.get("[A-Z]{2,3}")?;
    if lookup_any(&ident).next().is_some() {
        return None;
    }
    let values = d.get(prop::collection::vec(
        "([a-z0-9 ]|\\\\\\]|\\\\\\\\){0,6}",
        1..3,
    ))?;
    Some((ident, values.into_iter().map(String::into_bytes).collect()))
}

/// A node of the tricky kind: any typed properties of the game, unknown
/// ones, each identifier once.
fn tricky_node<G: GameStrategies>(d: &mut Draw, size: BoardSize) -> GenNode {
    let mut node = GenNode::default();
    let except = ["FF", "GM", "SZ", "CA"];
    for _ in 0..d.below(5) {
        let prop = if d.one_in(8) {
            unknown_prop(d)
        } else {
            d.get(strategies::prop::<G>(size, &except)).map(|p| {
                let (ident, mut values) = written(&p, size);
                if matches!(p.value(), Some(Value::Text(_) | Value::SimpleText(_))) {
                    values = values.into_iter().map(|v| roughen(d, &v)).collect();
                }
                (ident, values)
            })
        };
        if let Some(p) = prop
            && !node.props.iter().any(|q| q.0 == p.0)
        {
            node.props.push(p);
        }
    }
    node
}

/// A game tree of game `G` for `profile`: nodes in pre-order, the root
/// first.
fn tree<G: GameStrategies>(d: &mut Draw, profile: Profile) -> Vec<GenNode> {
    let size = board::<G>(d, profile);
    let mut root = GenNode::default();
    let ff = if profile == Profile::Legacy { "3" } else { "4" };
    root.props.push(("FF".into(), vec![ff.into()]));
    root.props
        .push(("GM".into(), vec![G::GM.to_string().into_bytes()]));
    if size != G::default_size() || G::GM == 1 {
        let sz = if size.columns == size.rows {
            size.columns.to_string()
        } else {
            format!("{}:{}", size.columns, size.rows)
        };
        root.props.push(("SZ".into(), vec![sz.into_bytes()]));
    }
    root.props.push(("CA".into(), vec![b"UTF-8".to_vec()]));
    if profile != Profile::Tricky {
        for ident in ["PB", "PW"] {
            let name: Prop<G> =
                Prop::from_value(ident, Value::SimpleText(plain_text(d).replace('\n', " ")));
            root.props.push(written(&name, size));
        }
    }
    let mut nodes = vec![root];
    let count = match profile {
        Profile::Deep => 100 + d.below(2900),
        Profile::Tricky => 1 + d.below(30),
        _ => 1 + d.below(60),
    };
    // Each new node hangs from the last one (the main line) or, now and
    // then, from an earlier one (a variation); in the deep profile every
    // node of the main line also gets a short side line, so the variations
    // nest as deep as the main line is long.
    for k in 0..count {
        let parent = if profile == Profile::Deep || d.below(8) != 0 {
            nodes.len() - 1
        } else {
            d.below(nodes.len())
        };
        let node = match profile {
            Profile::Tricky => tricky_node::<G>(d, size),
            _ => plain_node::<G>(d, size, k),
        };
        nodes.push(node);
        let id = nodes.len() - 1;
        nodes[parent].children.push(id);
        if profile == Profile::Deep {
            let mut side = plain_node::<G>(d, size, k);
            if d.one_in(200) && !side.props.iter().any(|p| p.0 == "C") {
                side.props
                    .push(text_prop::<G>("C", "long line ".repeat(2000), size));
            }
            nodes.push(side);
            let sid = nodes.len() - 1;
            nodes[parent].children.push(sid);
        }
    }
    if profile == Profile::Legacy {
        for node in &mut nodes {
            for (ident, values) in &mut node.props {
                if G::GM == 1
                    && (ident == "B" || ident == "W")
                    && values.first().is_some_and(Vec::is_empty)
                    && size.columns <= 19
                    && size.rows <= 19
                {
                    values[0] = b"tt".to_vec();
                }
                *ident = legacy_name(ident).to_string();
            }
        }
    }
    nodes
}

/// Rewrites an escaped text value without changing what it says... mostly:
/// soft line breaks inserted, `\` before ordinary characters, line feeds
/// written as CRLF, CR or LFCR, tabs for spaces. What it then says is what
/// sgfkit reads, as for every generated file.
fn roughen(d: &mut Draw, raw: &[u8]) -> Vec<u8> {
    let text = String::from_utf8_lossy(raw);
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if d.one_in(12) {
            out.push_str(["\\\n", "\\\r\n", "\\\r", "\\\n\r"][d.below(4)]);
        }
        match c {
            '\\' => {
                out.push(c);
                if let Some(e) = chars.next() {
                    out.push(e);
                }
            }
            '\n' => out.push_str(["\n", "\r\n", "\r", "\n\r"][d.below(4)]),
            ' ' if d.one_in(4) => out.push('\t'),
            c if c.is_alphanumeric() && d.one_in(10) => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out.into_bytes()
}
