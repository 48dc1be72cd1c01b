//! Go: duplicate points, playing the tree out, redundant setup and the handicap.

use super::*;

impl<'c> Checker<'c> {
    /// S013: a point twice in one list, or in two setup (or two markup)
    /// properties of one node.
    pub(super) fn duplicate_points(
        &mut self,
        node: Node<'c, 'c>,
        props: &[Property<'c>],
        infos: &[Option<&'static PropertyInfo>],
        info: &TreeInfo,
    ) {
        let go_like = matches!(info.game, GameType::Go | GameType::Amazons | GameType::Gess);
        let mut marks = std::mem::take(&mut self.scratch.marks);
        marks.next_node();
        // Values that name no cell (not two letters, or another game's):
        // compared as bytes. Rare; the sets are made only when one is met.
        let mut raw_groups: [Option<HashSet<&[u8]>>; 2] = Default::default();
        for (p, found) in props.iter().zip(infos) {
            let ident = p.ident();
            let Some(pi) = found else {
                continue;
            };
            if !is_point_list(&pi.value_type) {
                continue;
            }
            let group = match ident {
                "AB" | "AW" | "AE" => 1,
                "MA" | "TR" | "CR" | "SQ" | "SL" => 2,
                _ => 0,
            };
            marks.next_property();
            let mut raw_own: Option<HashSet<&[u8]>> = None;
            let mut dups: Vec<String> = Vec::new();
            // The common list, points only, without the value scanner: the
            // values of two letters up to the first other one (all of
            // them, most often), then the rest value by value.
            let rest = if go_like {
                plain_cells_then(p.values_raw(), |x, y| {
                    if marks.give(x, y, group) && dups.len() < 20 {
                        dups.push(letters(x, y).into_iter().map(char::from).collect());
                    }
                })
            } else {
                p.values_raw()
            };
            for v in crate::grammar::RawValues::new(rest) {
                let rect = if go_like { go_rectangle(v) } else { None };
                if let Some((a, b)) = rect {
                    for (x, y) in go_cells(a, b) {
                        if marks.give(x, y, group) && dups.len() < 20 {
                            dups.push(letters(x, y).into_iter().map(char::from).collect());
                        }
                    }
                    continue;
                }
                let twice = match go_cell(v).filter(|_| go_like) {
                    Some((x, y)) => marks.give(x, y, group),
                    None => {
                        !raw_own.get_or_insert_with(HashSet::new).insert(v)
                            || (group != 0
                                && raw_groups[group - 1]
                                    .as_ref()
                                    .is_some_and(|g| g.contains(v)))
                    }
                };
                if twice && dups.len() < 20 {
                    dups.push(String::from_utf8_lossy(v).into_owned());
                }
            }
            if group != 0
                && let Some(own) = raw_own
            {
                raw_groups[group - 1]
                    .get_or_insert_with(HashSet::new)
                    .extend(own);
            }
            if !dups.is_empty() {
                self.push(
                    Code::S013,
                    p.span().unwrap_or_else(|| node_span(&node)),
                    format!(
                        "{ident}: point{} [{}] given more than once in this node",
                        if dups.len() == 1 { "" } else { "s" },
                        dups.join("][")
                    ),
                );
            }
        }
        self.scratch.marks = marks;
    }

    /// The setup (`AE`, `AB`, `AW` values text, in bytes) from which a
    /// node's setup lets the board regroup once instead of stone by stone:
    /// about 40 points, where one pass over a 19×19 board costs less.
    const DEFER_SETUP_BYTES: usize = 160;

    /// Go only: plays `node` (its properties `props`) on `board`, the
    /// position before it (S030, S031 and the strict S034, S035); `last`
    /// is the colour of the last move on the path above. Returns the
    /// colour of the last move at the node.
    pub(super) fn go_node(
        &mut self,
        node: Node<'c, 'c>,
        props: &[Property<'c>],
        board: &mut Board,
        last: Option<Color>,
        on_main_line: bool,
        options: &CheckOptions,
    ) -> Option<Color> {
        let size = board.size();
        // AE, AB, AW, B, W of the node, found in one pass.
        let mut picked: [Option<&Property<'c>>; 5] = [None; 5];
        for p in props {
            let k = match p.ident().as_bytes() {
                b"B" => 3,
                b"W" => 4,
                b"AE" => 0,
                b"AB" => 1,
                b"AW" => 2,
                _ => continue,
            };
            if picked[k].is_none() {
                picked[k] = Some(p);
            }
        }
        if picked[..3].iter().any(Option::is_some) {
            self.setup_node(node, props, &picked, board, on_main_line, options);
        }
        let mut moved = [false; 2];
        for (k, colour) in [Color::Black, Color::White].into_iter().enumerate() {
            let Some(p) = picked[3 + k] else { continue };
            // A point on the board, the common case, without the value
            // scanner.
            let quick = match p.values_raw() {
                [b'[', x, y, b']'] => match (go_coord(*x), go_coord(*y)) {
                    (Some(x), Some(y)) => Some(crate::game::go::Point::new(x.into(), y.into()))
                        .filter(|pt| pt.is_on(size))
                        .map(crate::game::go::Move::Play),
                    _ => None,
                },
                _ => None,
            };
            let Some(m) = quick.or_else(|| Go::read_move(p.value(), size).ok()) else {
                continue;
            };
            moved[k] = true;
            let played = match m {
                crate::game::go::Move::Play(point) => board.play_stone_counted(colour, point),
                crate::game::go::Move::Pass => board.play_counted(colour, m),
            };
            if let (Ok(done), crate::game::go::Move::Play(point)) = (played, m)
                && !done.is_legal()
            {
                self.illegal_move(&node, p, colour, point, done);
            }
        }
        // Moves with an unreadable value do not count.
        let mover = match moved {
            [true, false] => Some(Color::Black),
            [false, true] => Some(Color::White),
            _ => None,
        };
        if let Some(m) = mover {
            self.two_in_a_row(&node, m, last, on_main_line, options);
        }
        mover.or(last)
    }

    /// S030, S048 and S049: the move `p` of `colour` on `point` broke a rule
    /// the board checks, as `done` tells. A suicide or a ko retake is a
    /// warning when the tree's `RU` names rules that forbid it, else
    /// information.
    #[cold]
    #[inline(never)]
    pub(super) fn illegal_move(
        &mut self,
        node: &Node<'_, '_>,
        p: &Property<'_>,
        colour: Color,
        point: crate::game::go::Point,
        done: MoveSummary,
    ) {
        let id = if colour == Color::Black { "B" } else { "W" };
        let span = || p.span().unwrap_or(node_span(node));
        let name = |c: Color| if c == Color::Black { "black" } else { "white" };
        // Past the per-code limit the message would be dropped.
        if let Some(was) = done.occupied
            && !self.saturated(Code::S030)
        {
            let shown = String::from_utf8_lossy(p.value()).into_owned();
            self.push(
                Code::S030,
                span(),
                format!(
                    "{id}[{shown}] is played on a point that holds a {} stone",
                    name(was)
                ),
            );
        }
        let rules = self.rules;
        let ruled = |forbidden: bool| match rules {
            Some(r) if forbidden => (Severity::Warning, format!(", which {r:?} rules forbid")),
            _ => (Severity::Info, String::new()),
        };
        if done.suicide > 0 && !self.saturated(Code::S048) {
            let (severity, why) = ruled(rules.is_some_and(|r| !r.allows_suicide(done.suicide)));
            let stones = match done.suicide {
                1 => "its own stone".to_string(),
                n => format!("{n} of its own stones"),
            };
            self.push_as(
                Code::S048,
                severity,
                span(),
                format!("{id}[{point}] is suicide: it removes {stones}{why}"),
            );
        }
        if done.ko && !self.saturated(Code::S049) {
            let (severity, why) = ruled(rules.is_some());
            self.push_as(
                Code::S049,
                severity,
                span(),
                format!("{id}[{point}] retakes the ko at once{why}"),
            );
        }
    }

    /// S035 (strict): a move of `colour` in the main line after a move of
    /// the same colour (`last`).
    #[inline]
    pub(super) fn two_in_a_row(
        &mut self,
        node: &Node<'_, '_>,
        colour: Color,
        last: Option<Color>,
        on_main_line: bool,
        options: &CheckOptions,
    ) {
        if options.strict && on_main_line && last == Some(colour) {
            let id = if colour == Color::Black { "B" } else { "W" };
            let name = if colour == Color::Black {
                "black"
            } else {
                "white"
            };
            self.push(
                Code::S035,
                prop_span(node, id),
                format!("two {name} moves in a row"),
            );
        }
    }

    /// The setup of a Go node (`picked`: its first AE, AB, AW, B and W):
    /// S031, the strict S034, and the setup played on `board`.
    fn setup_node(
        &mut self,
        node: Node<'c, 'c>,
        props: &[Property<'c>],
        picked: &[Option<&Property<'c>>; 5],
        board: &mut Board,
        on_main_line: bool,
        options: &CheckOptions,
    ) {
        let size = board.size();
        let effect = self.redundant_setup(&node, picked, board);
        // Setup in the main line after the root (only setup that
        // changes something counts).
        // One report a node, as SGFC's 62.
        if options.strict && on_main_line && !node.is_root() {
            let ids: Vec<&str> = [(1, "AB"), (2, "AW"), (0, "AE")]
                .into_iter()
                .filter(|(k, _)| effect[*k])
                .map(|(_, id)| id)
                .collect();
            if let Some(first) = ids.first() {
                self.push(
                    Code::S034,
                    prop_span(&node, first),
                    format!("{} in the main line after the root node", ids.join(", ")),
                );
            }
        }
        // Setup, then moves, as `go::apply_node` does (which is not
        // used here: it numbers each node by walking to the root).
        // Every AE, AB and AW of the node (a property given twice is
        // S005; SGFC merges the values, and so does the board).
        // Setup of many points: regroup the board once, at the next
        // move, instead of stone by stone.
        let setup = picked[..3].iter().flatten();
        let setup_bytes: usize = setup.clone().map(|p| p.values_raw().len()).sum();
        if setup_bytes >= Self::DEFER_SETUP_BYTES
            || setup.clone().any(|p| p.values_raw().contains(&b':'))
        {
            board.defer_groups();
        }
        for (k, stone) in [(0, None), (1, Some(Color::Black)), (2, Some(Color::White))] {
            if picked[k].is_none() {
                continue;
            }
            let id = ["AE", "AB", "AW"][k];
            for p in props.iter().filter(|p| p.ident() == id) {
                each_go_point_of(p.values_raw(), size, |point| {
                    let _ = board.setup(point, stone);
                });
            }
        }
    }

    /// S031: AB, AW or AE points that already hold what they set.
    fn redundant_setup(
        &mut self,
        node: &Node<'_, '_>,
        picked: &[Option<&Property<'_>>; 5],
        board: &Board,
    ) -> [bool; 3] {
        let size = board.size();
        // Whether AE, AB, AW change at least one point.
        let mut effect = [false; 3];
        for (k, id, want) in [
            (1, "AB", Some(Color::Black)),
            (2, "AW", Some(Color::White)),
            (0, "AE", None),
        ] {
            let Some(p) = picked[k] else { continue };
            let mut useless: Vec<String> = Vec::new();
            // Past the limit of S031 (when pushing changes nothing) only the
            // effect counts.
            let saturated = self.saturated(Code::S031);
            each_go_point_of(p.values_raw(), size, |point| {
                if board.get(point) != want {
                    effect[k] = true;
                } else if !saturated && useless.len() < 20 {
                    useless.push(point.to_string());
                }
            });
            if !useless.is_empty() {
                self.push(
                    Code::S031,
                    p.span().unwrap_or(node_span(node)),
                    format!(
                        "{id}[{}] changes nothing: the point{} already {}",
                        useless.join("]["),
                        if useless.len() == 1 { "" } else { "s" },
                        match want {
                            Some(Color::Black) => "holds a black stone",
                            Some(Color::White) => "holds a white stone",
                            None => "is empty",
                        }
                    ),
                );
            }
        }
        effect
    }

    /// S033 (SGFC's 61): an AB without AW in the root is a handicap, and
    /// HA must count its values; without HA there must be no such AB.
    pub(super) fn handicap(&mut self, root: Node<'_, '_>) {
        let setup = match root.get("AB") {
            Some(ab) if root.get("AW").is_none() => ab.values().count(),
            _ => 0,
        };
        let ha = root.get("HA");
        let ha_n = ha.as_ref().map(|p| leading_number(p.value()));
        let differs = match ha_n {
            Some(n) => n != setup as i64,
            None => setup != 0,
        };
        if !differs {
            return;
        }
        let span = prop_span(&root, if ha.is_some() { "HA" } else { "AB" });
        let ha_text = ha_n.map_or("no HA".to_string(), |n| format!("HA[{n}]"));
        self.push(
            Code::S033,
            span,
            format!("{ha_text}, but the root sets up {setup} handicap stone(s) (AB without AW)"),
        );
    }
}

/// The coordinate of a Go letter (`a`=0 … `z`=25, `A`=26 … `Z`=51).
pub(super) fn go_coord(b: u8) -> Option<u8> {
    match b {
        b'a'..=b'z' => Some(b - b'a'),
        b'A'..=b'Z' => Some(b - b'A' + 26),
        _ => None,
    }
}

/// The two letters of the cell `(x, y)` (both below 52).
fn letters(x: u8, y: u8) -> [u8; 2] {
    let letter = |n: u8| if n < 26 { b'a' + n } else { b'A' + n - 26 };
    [letter(x), letter(y)]
}

/// The cell of a raw value of two Go letters.
fn go_cell(v: &[u8]) -> Option<(u8, u8)> {
    match v {
        [a, b] => Some((go_coord(*a)?, go_coord(*b)?)),
        _ => None,
    }
}

/// The corners (column, row) of a raw Go rectangle `ab:cd`, or `None`
/// when `v` is not one.
fn go_rectangle(v: &[u8]) -> Option<((u8, u8), (u8, u8))> {
    match v {
        [a, b, b':', c, d] => Some((
            (go_coord(*a)?, go_coord(*b)?),
            (go_coord(*c)?, go_coord(*d)?),
        )),
        _ => None,
    }
}

/// The cells of the Go rectangle with corners `a` and `b` (any order), in
/// the order of the one expansion of a compressed point list
/// ([`rectangle_cells`](crate::grammar::value::rectangle_cells): row by
/// row).
fn go_cells(a: (u8, u8), b: (u8, u8)) -> impl Iterator<Item = (u8, u8)> {
    let wide = |(x, y): (u8, u8)| (u16::from(x), u16::from(y));
    // Go letters give cells below 52: they fit back in a byte.
    crate::grammar::value::rectangle_cells(wide(a), wide(b)).map(|(x, y)| (x as u8, y as u8))
}

/// Calls `f` with each point on a board of `size` of one raw Go
/// point-list value: the value itself when it is a point (two letters), or
/// each point of a rectangle `ab:cd` (row by row, as [`go_cells`] gives
/// them; corners in any order), where [`Go::read_point`] would read it.
/// Values that are no point give nothing.
fn each_go_point(v: &[u8], size: BoardSize, mut f: impl FnMut(crate::game::go::Point)) {
    let (w, h) = (size.columns.min(52) as u8, size.rows.min(52) as u8);
    match go_rectangle(v) {
        Some((a, b)) => {
            // The part of the rectangle on the board.
            for (x, y) in go_cells(a, b).filter(|&(x, y)| x < w && y < h) {
                f(crate::game::go::Point::new(x.into(), y.into()));
            }
        }
        None => {
            if let Some((x, y)) = go_cell(v)
                && x < w
                && y < h
            {
                f(crate::game::go::Point::new(x.into(), y.into()));
            }
        }
    }
}

/// [`each_go_point`] for every value of a raw values text (`[ab][cd:ef]`),
/// in order; values of two letters are read without the value scanner.
fn each_go_point_of(raw: &[u8], size: BoardSize, mut f: impl FnMut(crate::game::go::Point)) {
    let (w, h) = (size.columns.min(52) as u8, size.rows.min(52) as u8);
    let rest = plain_cells_then(raw, |x, y| {
        if x < w && y < h {
            f(crate::game::go::Point::new(x.into(), y.into()));
        }
    });
    for v in crate::grammar::RawValues::new(rest) {
        each_go_point(v, size, &mut f);
    }
}

/// Calls `f` with the cell of each value of two Go letters at the start of
/// a raw values text (`[ab][cd]`, blanks between values allowed), in
/// order, and gives the text after them: from the first value that is not
/// two letters (a rectangle, another value, an escape), or empty. Reading
/// the values of that rest one by one gives the values after those read
/// here, as reading the whole text would.
#[inline]
fn plain_cells_then(raw: &[u8], mut f: impl FnMut(u8, u8)) -> &[u8] {
    let mut rest = raw;
    loop {
        match rest {
            [b'[', x, y, b']', tail @ ..] => match (go_coord(*x), go_coord(*y)) {
                (Some(x), Some(y)) => {
                    f(x, y);
                    rest = tail;
                }
                _ => return rest,
            },
            [b, tail @ ..] if b.is_ascii_whitespace() => rest = tail,
            _ => return rest,
        }
    }
}

/// Stamps over the 52×52 cells that two Go letters can name, for S013:
/// which cells the current property gave, and which the node's setup
/// (group 1) and markup (group 2) properties gave; new stamps instead of
/// clearing between properties and nodes.
#[derive(Default)]
pub(super) struct PointMarks {
    /// Per cell, the stamp of the property that last gave it.
    own: Vec<u32>,
    /// Per group and cell, the stamp of the node that last gave it.
    group: [Vec<u32>; 2],
    property: u32,
    node: u32,
}

impl PointMarks {
    const CELLS: usize = 52 * 52;

    fn next_node(&mut self) {
        if self.own.is_empty() {
            self.own = vec![0; Self::CELLS];
            self.group = [vec![0; Self::CELLS], vec![0; Self::CELLS]];
        }
        if self.node == u32::MAX {
            self.group.iter_mut().for_each(|g| g.fill(0));
            self.node = 0;
        }
        self.node += 1;
    }

    fn next_property(&mut self) {
        if self.property == u32::MAX {
            self.own.fill(0);
            self.property = 0;
        }
        self.property += 1;
    }

    /// Marks cell `(x, y)` (below 52 each) as given by the current property
    /// of `group` (0: none); true when it was given before.
    fn give(&mut self, x: u8, y: u8, group: usize) -> bool {
        let k = usize::from(y) * 52 + usize::from(x);
        let mut twice = self.own[k] == self.property;
        self.own[k] = self.property;
        if group != 0 {
            let g = &mut self.group[group - 1];
            twice |= g[k] == self.node;
            g[k] = self.node;
        }
        twice
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The values of two letters at the start of a list are read as its
    /// values read one by one give, and the rest gives the values after
    /// them.
    #[test]
    fn plain_cells_agree_with_the_values() {
        for raw in [
            &b"[aa]"[..],
            b"[ab][cd]",
            b"[ab]\n [Zz]\r\n[sS]",
            b"[tt][aa][tt]",
            b"[aa:bb]",
            b"[a]",
            b"[abc]",
            b"[a\\]]",
            b"[a1]",
            b"x[aa]",
            b"[aa]x",
            b"[aa",
            b"[aa][bb:cc] [dd]",
            b"[aa] [b\\]][cc]",
            b"[aa]x[bb][cc]",
            b"",
        ] {
            let mut cells = Vec::new();
            let rest = plain_cells_then(raw, |x, y| cells.push(letters(x, y).to_vec()));
            let mut both: Vec<Vec<u8>> = cells;
            both.extend(crate::grammar::RawValues::new(rest).map(<[u8]>::to_vec));
            let read: Vec<Vec<u8>> = crate::grammar::RawValues::new(raw)
                .map(<[u8]>::to_vec)
                .collect();
            assert_eq!(both, read, "{}", String::from_utf8_lossy(raw));
        }
        // Where the cells stop.
        let rest = |raw: &'static [u8]| plain_cells_then(raw, |_, _| {});
        assert_eq!(rest(b"[ab] [cd]\n"), b"");
        assert_eq!(rest(b"[ab][cd:ef][gh]"), b"[cd:ef][gh]");
        assert_eq!(rest(b"[ab]x[cd]"), b"x[cd]");
    }

    /// Points of a plain list off the board are skipped, as value by value.
    #[test]
    fn each_point_of_a_list_stays_on_the_board() {
        let size = BoardSize::square(9);
        for raw in [
            &b"[aa][jj][ii][ss]"[..],
            b"[aa][ab:bb][jj]",
            b"[jj][aa] [ab:bb]x[jj][ii]",
        ] {
            let mut all = Vec::new();
            each_go_point_of(raw, size, |p| all.push(p));
            let mut one_by_one = Vec::new();
            for v in crate::grammar::RawValues::new(raw) {
                each_go_point(v, size, |p| one_by_one.push(p));
            }
            assert_eq!(all, one_by_one);
        }
    }
}
