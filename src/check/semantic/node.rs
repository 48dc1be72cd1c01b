//! The checks of one node: where each property may stand, and FF versions.

use super::values::has_nul;
use super::*;

impl<'c> Checker<'c> {
    /// The checks of one node.
    pub(super) fn node(
        &mut self,
        node: Node<'c, 'c>,
        props: &[Property<'c>],
        info: &TreeInfo,
        gi_above: bool,
        own_gi: &mut bool,
    ) {
        // The node's `;`, found only when a property without a span needs
        // it (a binary search in the tree).
        let nspan = || node_span(&node);
        let mut seen = std::mem::take(&mut self.scratch.seen);
        seen.clear();
        self.scratch.next_ident_node();
        // Only for nodes of more than 16 properties.
        let mut seen_many: Option<HashSet<&str>> = None;
        let (mut any_move, mut any_setup) = (false, false);
        let (mut has_b, mut has_w) = (false, false);
        let mut infos = std::mem::take(&mut self.scratch.infos);
        infos.clear();
        // Each identifier as text, read once for the loops below.
        let mut idents = std::mem::take(&mut self.scratch.idents);
        idents.clear();
        for p in props {
            let ident = p.ident();
            has_b |= ident == "B";
            has_w |= ident == "W";
            idents.push(ident);
            infos.push(lookup(ident, info.gm));
        }
        let has_move = has_b || has_w;
        for ((p, found), &ident) in props.iter().zip(&infos).zip(&idents) {
            let span = p.span().unwrap_or_else(nspan);
            // A property whose every value lacks the `:` of its composed
            // type is reported by S038; SGFC drops it while reading, so it
            // makes no duplicate (Fox's second `AP[foxwq]`).
            let twice = if found.is_some_and(|pi| compose_missing_everywhere(p, pi)) {
                false
            } else if let Some(slot) = ident_slot(ident) {
                // The common identifiers, each in a slot of its own (no other
                // identifier equals them).
                self.scratch.ident_given(slot)
            } else if props.len() <= 16 {
                let t = seen.contains(&ident);
                seen.push(ident);
                t
            } else {
                !seen_many.get_or_insert_with(HashSet::new).insert(ident)
            };
            if twice {
                self.push(
                    Code::S005,
                    span.clone(),
                    format!("{ident} is given more than once in this node"),
                );
            }
            if has_nul(p.values_raw()) {
                self.push(
                    Code::S042,
                    span.clone(),
                    format!("{ident}: a value holds a NUL byte (binary data?)"),
                );
            }
            if ident == "CA" {
                let label = String::from_utf8_lossy(p.value());
                if crate::charset::charset_name(label.trim()).is_none() {
                    self.push(
                        Code::S043,
                        span.clone(),
                        format!(
                            "CA[{label}] names no known charset; the text is read by detection"
                        ),
                    );
                }
            }
            if ident.len() > 100 {
                self.push(
                    Code::S037,
                    span.clone(),
                    format!(
                        "identifier of {} letters: not a property (kept)",
                        ident.len()
                    ),
                );
                continue;
            }
            if ident.len() > 2 {
                self.push(
                    Code::S020,
                    span.clone(),
                    format!("identifier {ident} has more than two letters"),
                );
            }
            let Some(pi) = *found else {
                let other: Vec<String> = lookup_any(ident)
                    .filter_map(|e| e.game)
                    .map(|g| g.to_string())
                    .collect();
                let msg = if other.is_empty() {
                    format!("unknown property {ident} (kept)")
                } else {
                    format!(
                        "{ident} is defined for GM[{}] only, not for this game (kept)",
                        other.join("], GM[")
                    )
                };
                self.push(Code::S019, span, msg);
                continue;
            };
            match pi.property_type {
                // Past the per-code limit (root and game-info properties
                // in a long collection) the message would be dropped.
                PropertyType::Root if !node.is_root() && !self.saturated(Code::S001) => self.push(
                    Code::S001,
                    span.clone(),
                    format!("root property {ident} outside the root node"),
                ),
                PropertyType::GameInfo => {
                    *own_gi = true;
                    if gi_above && !self.saturated(Code::S002) {
                        self.push(
                            Code::S002,
                            span.clone(),
                            format!(
                                "game-info property {ident}, but a node above already holds game information"
                            ),
                        );
                    }
                }
                PropertyType::Move => any_move = true,
                PropertyType::Setup => any_setup = true,
                _ => {}
            }
            // SGFC drops a value without its `:` before it looks at the
            // version (aya.sgf: `AP[Aya 5.56]` in an FF[1] file is its 23
            // only).
            // Nor is a property a program added to a parsed node (the
            // reader's CA[UTF-8] after transcoding) the file's format.
            let added = p.span().is_none() && node.offset().is_some();
            if !compose_missing_everywhere(p, pi) && !added {
                self.versions(ident, pi, info, &span);
            }
            self.value(p, ident, pi, info, &span);
        }
        self.scratch.seen = seen;
        if any_move && any_setup {
            // The lists of the message, as the loop above met them.
            let (mut move_props, mut setup_props): (Vec<&str>, Vec<&str>) = (vec![], vec![]);
            for (p, found) in props.iter().zip(&infos) {
                match found {
                    Some(pi) if p.ident().len() <= 100 => match pi.property_type {
                        PropertyType::Move => move_props.push(p.ident()),
                        PropertyType::Setup => setup_props.push(p.ident()),
                        _ => {}
                    },
                    _ => {}
                }
            }
            let at = props
                .iter()
                .filter(|p| {
                    lookup(p.ident(), info.gm).is_some_and(|i| {
                        matches!(i.property_type, PropertyType::Move | PropertyType::Setup)
                    })
                })
                .nth(1)
                .and_then(|p| p.span())
                .unwrap_or_else(nspan);
            self.push(
                Code::S003,
                at,
                format!(
                    "move and setup properties mixed in one node ({}, {})",
                    move_props.join(", "),
                    setup_props.join(", ")
                ),
            );
        }
        if has_move && node.is_root() {
            let id = if has_b { "B" } else { "W" };
            self.push(
                Code::S041,
                prop_span(&node, id),
                format!(
                    "{id} in the root node: many programs expect the first move in a child node"
                ),
            );
        }
        if has_b && has_w {
            let at = props
                .iter()
                .filter(|p| p.ident() == "B" || p.ident() == "W")
                .nth(1)
                .and_then(|p| p.span())
                .unwrap_or_else(nspan);
            self.push(
                Code::S004,
                at,
                "a black and a white move in one node".into(),
            );
        }
        if !has_move {
            for (p, &id) in props.iter().zip(&idents) {
                if matches!(id, "BM" | "TE" | "DO" | "IT") {
                    self.push(
                        Code::S006,
                        p.span().unwrap_or_else(nspan),
                        format!("move annotation {id} in a node without a move"),
                    );
                } else if id == "KO" {
                    self.push(
                        Code::S021,
                        p.span().unwrap_or_else(nspan),
                        "KO in a node without a move".into(),
                    );
                }
            }
        }
        // Contradicting annotations.
        let mut position_ann: Option<&str> = None;
        let mut move_ann: Option<&str> = None;
        for (p, &id) in props.iter().zip(&idents) {
            if matches!(id, "DM" | "GB" | "GW" | "UC") {
                let span = p.span().unwrap_or_else(nspan);
                match position_ann {
                    Some(prev) if prev != id => self.push(
                        Code::S007,
                        span,
                        format!("{id} contradicts {prev} in the same node"),
                    ),
                    _ => position_ann = Some(id),
                }
            } else if matches!(id, "BM" | "TE" | "DO" | "IT") && has_move {
                let span = p.span().unwrap_or_else(nspan);
                match move_ann {
                    Some(prev) if matches!((prev, id), ("BM", "TE") | ("TE", "BM")) => self.push(
                        Code::S008,
                        span,
                        format!("{prev} and {id} together: FF[4] has DO or IT for this"),
                    ),
                    Some(prev) if prev != id => self.push(
                        Code::S007,
                        span,
                        format!("{id} contradicts {prev} in the same node"),
                    ),
                    _ => move_ann = Some(id),
                }
            }
        }
        self.duplicate_points(node, props, &infos, info);
        self.scratch.infos = infos;
        self.scratch.idents = idents;
    }

    /// S016–S018: the property and the file's FF version.
    fn versions(&mut self, ident: &str, pi: &PropertyInfo, info: &TreeInfo, span: &Range<usize>) {
        if ident == "KI" {
            self.push(
                Code::S018,
                span.clone(),
                "KI (integer komi, twice the komi) is obsolete: FF[4] has KM".into(),
            );
            return;
        }
        if ident == "FF" || pi.versions.contains(info.ff) {
            return;
        }
        if info.ff == 4 {
            self.push(
                Code::S017,
                span.clone(),
                format!("{ident} is obsolete: FF[4] does not define it (kept)"),
            );
        } else {
            self.push(
                Code::S016,
                span.clone(),
                format!(
                    "{ident} is not defined in FF[{}], the file's format (defined in {})",
                    info.ff, pi.versions
                ),
            );
        }
    }
}
