//! The `moves` table: each Go game's moves replayed on a board in file
//! order, as rows borrowed from the tree ([`MoveView`]).

use super::*;
use sgfkit::game::go::Snapshot;
use sgfkit::record::Clock;

/// A `moves` row as [`walk`] finds it, borrowing from the tree: what a
/// [`MoveRow`] holds, the comment decoded, the other properties still in
/// the node.
pub(crate) struct MoveView<'v, 'c, 'a> {
    pub(crate) game: u32,
    pub(crate) move_number: u32,
    pub(crate) node_id: u32,
    pub(crate) parent_id: Option<u32>,
    pub(crate) color: Option<char>,
    pub(crate) column: Option<u16>,
    pub(crate) row: Option<u16>,
    pub(crate) vertex: Option<Vertex>,
    pub(crate) pass: bool,
    pub(crate) captures: Option<u16>,
    pub(crate) legal: Option<bool>,
    /// The mover's clock after the move (`BL`/`WL`, `OB`/`OW`).
    pub(crate) clock: Clock,
    pub(crate) comment: Option<&'v str>,
    /// The node, for its other properties ([`MoveView::properties`]).
    pub(crate) node: Node<'c, 'a>,
    /// False when the node has no property but `B`, `W` and `C`.
    pub(crate) others: bool,
}

impl<'c> MoveView<'_, 'c, '_> {
    /// The node's properties but `B`, `W` and `C`, in file order.
    pub(crate) fn properties(&self) -> impl Iterator<Item = Property<'c>> + use<'c, '_> {
        let n = if self.others { usize::MAX } else { 0 };
        self.node
            .properties()
            .take(n)
            .filter(|p| !is_move_column(p.ident().as_bytes()))
    }

    /// [`MoveView::properties`] as identifiers and raw values texts (as
    /// [`Node::raw_properties`] gives them).
    #[cfg(feature = "arrow")]
    #[inline]
    pub(crate) fn raw_properties(
        &self,
    ) -> impl Iterator<Item = (&'c [u8], &'c [u8])> + use<'c, '_> {
        let n = if self.others { usize::MAX } else { 0 };
        self.node
            .raw_properties()
            .take(n)
            .filter(|(ident, _)| !is_move_column(ident))
    }

    pub(crate) fn to_row(&self, source: &Arc<str>) -> MoveRow {
        MoveRow {
            source: Arc::clone(source),
            game: self.game,
            move_number: self.move_number,
            node_id: self.node_id,
            parent_id: self.parent_id,
            color: self.color,
            column: self.column,
            row: self.row,
            vertex: self.vertex.map(Vertex::as_str),
            pass: self.pass,
            captures: self.captures,
            legal: self.legal,
            time_left_s: self.clock.time_left_s,
            periods_left: self.clock.periods_left,
            comment: self.comment.map(str::to_string),
            properties: property_entries(|| self.properties()),
        }
    }
}

/// The identifiers that have columns of their own in `moves`.
fn is_move_column(ident: &[u8]) -> bool {
    matches!(ident, b"B" | b"W" | b"C")
}

/// Hands the `moves` rows of a Go game tree to `out`; gives the main
/// line's move count.
pub(crate) fn move_rows(
    root: Node<'_, '_>,
    go: &GoGame<'_, '_>,
    game: u32,
    options: &ExportOptions,
    out: &mut impl FnMut(&MoveView<'_, '_, '_>),
) -> u32 {
    let size = go.size();
    let mut replay = Replay::new(size);
    let mut main_count = 0u32;
    let mut before: Vec<u32> = Vec::new();
    let numbers = Numbers::of_tree(root);
    let mut all = options.all_nodes.then(|| root.descendants());
    let mut main = root.main_line();
    // On the main line, a node's parent is the node before it.
    let mut last_id: Option<u32> = None;
    while let Some(node) = match &mut all {
        Some(all) => all.next(),
        None => main.next(),
    } {
        // One pass over the properties: the moves, the comment, the rest.
        let (mut b, mut w, mut c, mut others, mut clocks) = (None, None, None, false, false);
        for (ident, values) in node.raw_properties() {
            match ident {
                b"B" if b.is_none() => b = Some(values),
                b"W" if w.is_none() => w = Some(values),
                b"C" if c.is_none() => c = Some(values),
                b"BL" | b"WL" | b"OB" | b"OW" => {
                    others = true;
                    clocks = true;
                }
                _ => others = true,
            }
        }
        // `[pd]` and `[]` read in place; any other form by the general reader.
        let read = |p: Option<&[u8]>| {
            p.and_then(|p| quick_move(p, size).or_else(|| Go::read_move(first_value(p), size).ok()))
        };
        let moves = [(read(b), Color::Black), (read(w), Color::White)];
        // The position before the node: its parent's (with `all_nodes`,
        // not always the node before). A node of moves alone (and a
        // comment), most of them, plays the moves read above; any other
        // goes through the one apply-a-node function, setup first.
        if options.all_nodes {
            replay.enter(node);
        }
        let outcomes = if others {
            replay.apply(node)
        } else {
            moves.map(|(m, color)| m.and_then(|m| replay.play(color, m)))
        };
        let comment = c.map(|c| decode_str(first_value(c), TextKind::Text));
        let node_id = numbers.of(node);
        let parent_id = if options.all_nodes {
            node.parent().map(|p| numbers.of(p))
        } else {
            last_id
        };
        last_id = Some(node_id);
        let mut number = if options.all_nodes {
            parent_id
                .and_then(|p| before.get(p as usize).copied())
                .unwrap_or(0)
        } else {
            main_count
        };
        let mut view = MoveView {
            game,
            move_number: number,
            node_id,
            parent_id,
            color: None,
            column: None,
            row: None,
            vertex: None,
            pass: false,
            captures: None,
            legal: None,
            clock: Clock::default(),
            comment: comment.as_deref(),
            node,
            others,
        };
        let mut any = false;
        for ((m, color), played) in moves.into_iter().zip(outcomes) {
            if let Some(m) = m {
                number += 1;
                any = true;
                (view.column, view.row, view.vertex) = match m {
                    Move::Play(p) => (Some(p.x), Some(p.y), p.vertex(size).ok()),
                    Move::Pass => (None, None, None),
                };
                view.move_number = number;
                view.color = Some(color.letter());
                view.pass = m == Move::Pass;
                view.captures = played.map(|p| u16::try_from(p.captured).unwrap_or(u16::MAX));
                view.legal = played.map(|p| p.is_legal());
                // Read only on the nodes that give a clock (the others need
                // no second look at their properties).
                if clocks {
                    view.clock = Clock::after(node, color);
                }
                out(&view);
            }
        }
        if options.all_nodes {
            replay.leave(node);
        }
        if options.all_nodes {
            if !any {
                out(&view);
            }
            let k = node_id as usize;
            if before.len() <= k {
                before.resize(k + 1, 0);
            }
            before[k] = number;
        } else {
            main_count = number;
        }
    }
    if options.all_nodes {
        main_count = u32::try_from(go.moves().flatten().count()).unwrap_or(u32::MAX);
    }
    main_count
}

/// The Go position of a game replayed node by node for the `captures` and
/// `legal` columns: a node with setup or other properties through
/// [`apply_node`](sgfkit::record::apply_node)'s code (setup, then `B`, then
/// `W`), a node of moves alone by the board's counted move (the same
/// position and outcome,
/// without reading the node again). On the main line one board is enough; over every node (in file
/// order), a node that is not the first child starts from its parent's
/// position, kept on a stack: a snapshot of the board (its cells, without
/// the groups) at a node with more than one child, for each child but the
/// first.
struct Replay {
    board: Board,
    /// The positions the later children of branch nodes start from, one
    /// a child, the innermost branch on top.
    pending: Vec<Snapshot>,
    /// The reports of [`apply_numbered`], not used here.
    reports: Vec<MoveReport>,
}

impl Replay {
    fn new(size: BoardSize) -> Replay {
        Replay {
            board: Board::new(size),
            pending: Vec::new(),
            reports: Vec::new(),
        }
    }

    /// Before the node `node` of a walk in file order: a node that is not
    /// its parent's first child starts from the parent's position.
    fn enter(&mut self, node: Node<'_, '_>) {
        let first = node.parent().and_then(|p| p.first_child());
        if first.is_some_and(|f| f != node)
            && let Some(s) = self.pending.pop()
        {
            self.board.restore(&s);
        }
    }

    /// After the node `node` (its moves applied): the position each later
    /// child starts from, kept.
    fn leave(&mut self, node: Node<'_, '_>) {
        let Some(second) = node.first_child().and_then(|c| c.next_sibling()) else {
            return;
        };
        let mut c = Some(second);
        while let Some(k) = c {
            self.pending.push(self.board.snapshot());
            c = k.next_sibling();
        }
    }

    /// Plays a move of a node without setup, as [`apply_numbered`]
    /// would; gives what it did (`None` for a point off the board).
    #[inline]
    fn play(&mut self, color: Color, m: Move) -> Option<MoveSummary> {
        match m {
            // A stone on an empty point that takes nothing costs its placing.
            Move::Play(p) => self.board.play_stone_counted(color, p).ok(),
            Move::Pass => self.board.play_counted(color, m).ok(),
        }
    }

    /// Applies the node's setup and moves; gives what its `B` and its `W`
    /// did, in that order (`None` for a colour that does not play).
    #[inline]
    fn apply(&mut self, node: Node<'_, '_>) -> [Option<MoveSummary>; 2] {
        let mut out = [None; 2];
        self.reports.clear();
        for (c, _, s) in apply_numbered(&mut self.board, node, 0, &mut self.reports).iter() {
            out[usize::from(c == Color::White)] = Some(s);
        }
        out
    }
}

/// Node numbers in file order: the arena index less the root's when the
/// arena is in file order (as parsed; what [`Node::number`] gives), else
/// counted once for the whole tree (an edited tree), so that numbering
/// stays linear.
pub(crate) enum Numbers {
    Direct(usize),
    Counted(std::collections::HashMap<sgfkit::NodeId, u32>),
}

impl Numbers {
    pub(crate) fn of_tree(root: Node<'_, '_>) -> Numbers {
        if root.collection().ids_in_preorder() {
            return Numbers::Direct(root.id().index());
        }
        let ids = root.descendants().map(|n| n.id());
        Numbers::Counted(ids.zip(0u32..).collect())
    }

    pub(crate) fn of(&self, node: Node<'_, '_>) -> u32 {
        match self {
            Numbers::Direct(root) => {
                u32::try_from(node.id().index().wrapping_sub(*root)).unwrap_or(u32::MAX)
            }
            Numbers::Counted(map) => map.get(&node.id()).copied().unwrap_or(u32::MAX),
        }
    }
}
