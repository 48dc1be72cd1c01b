//! The repairs that change a game tree's shape or its root: nodes that
//! mix move and setup properties (or hold both colours' moves) split,
//! empty variations and nodes removed, `FF[4]` set.

use super::{Code, Ctx, P, Repairer, snapshot};
use crate::property::{Category, PropertyType, lookup};
use crate::tree::{Collection, NodeId, Property};

impl Repairer<'_> {
    /// Splits a node mixing move properties with setup (or root) ones.
    pub(super) fn split(&mut self, c: &mut Collection<'_>, id: NodeId, ctx: &Ctx) -> NodeId {
        let node = c.node(id);
        let is_root = node.is_root();
        // The conditions below, first on the borrowed node (most nodes hold
        // one move and nothing to split).
        let ty_of = |p: Property<'_>| lookup(p.ident(), ctx.gm).map(|i| i.property_type);
        let (mut any_move, mut any_setup) = (false, false);
        for p in node.properties() {
            match ty_of(p) {
                Some(PropertyType::Move) => any_move = true,
                Some(PropertyType::Setup) => any_setup = true,
                _ => {}
            }
        }
        if !any_move || !(any_setup || is_root) {
            return id;
        }
        let props = snapshot(c, id, ctx.gm);
        let ty = |p: &P| lookup(&p.ident, ctx.gm).map(|i| i.property_type);
        let has = |t: PropertyType| props.iter().any(|p| ty(p) == Some(t));
        let setup = has(PropertyType::Setup);
        // A move in a root is always split off: the repairs give every root
        // FF[4], so a root holding only a move would be split by a second
        // run otherwise (found by the `repair` fuzz target on `;W[`).
        if !has(PropertyType::Move) || !(setup || is_root) {
            return id;
        }
        let stays = |p: &P| {
            p.ident == "N"
                || matches!(
                    ty(p),
                    Some(PropertyType::Setup | PropertyType::Root | PropertyType::GameInfo)
                )
        };
        let which: Vec<bool> = props.iter().map(|p| !stays(p)).collect();
        let second: Vec<&P> = props.iter().filter(|p| !stays(p)).collect();
        // The first move property still at its place in the source.
        let mv = props
            .iter()
            .find(|p| ty(p) == Some(PropertyType::Move) && p.span.is_some())
            .cloned();
        let span = Self::span(c, id, mv.as_ref());
        let Ok(new) = c.insert_below(id) else {
            return id;
        };
        if c.move_properties(id, new, &which).is_err() {
            return id;
        }
        let moved: Vec<&str> = second.iter().map(|p| &*p.ident).collect();
        if setup {
            let msg = format!(
                "move and setup properties in one node: split, {} moved to a new child node",
                moved.join(", ")
            );
            self.push(Code::R006, span, msg, false);
        } else {
            let msg = format!(
                "move in the root node: split, {} moved to a new child node",
                moved.join(", ")
            );
            self.push(Code::R007, span, msg, false);
        }
        new
    }

    /// Splits a node (in a tree of game `gm`) with both a black and a white
    /// move: the second colour's move (with its time left) goes to a new
    /// child node.
    pub(super) fn split_colors(&mut self, c: &mut Collection<'_>, id: NodeId, gm: u32) {
        let node = c.node(id);
        if node.get("B").is_none() || node.get("W").is_none() {
            return;
        }
        let props = snapshot(c, id, gm);
        let b = props.iter().position(|p| p.ident == "B");
        let w = props.iter().position(|p| p.ident == "W");
        let (Some(b), Some(w)) = (b, w) else {
            return;
        };
        let later: &[&str] = if b < w {
            &["W", "WL", "OW"]
        } else {
            &["B", "BL", "OB"]
        };
        let which: Vec<bool> = props.iter().map(|p| later.contains(&&*p.ident)).collect();
        let span = Self::span(c, id, props.get(b.max(w)));
        let Ok(new) = c.insert_below(id) else {
            return;
        };
        if c.move_properties(id, new, &which).is_err() {
            return;
        }
        let msg = format!(
            "black and white move in one node: split, {} moved to a new child node",
            later[0]
        );
        self.push(Code::R019, span, msg, false);
    }

    pub(super) fn empty(&mut self, c: &mut Collection<'_>, ids: &[NodeId]) {
        for &id in ids {
            let node = c.node(id);
            if node.properties().len() != 0 {
                continue;
            }
            let Some(parent) = node.parent() else {
                continue;
            };
            let span = Self::span(c, id, None);
            if node.first_child().is_none() && parent.child_count() > 1 {
                if c.remove_subtree(id).is_ok() {
                    let msg = "variation with an empty node and nothing else removed".to_string();
                    self.push(Code::R015, span, msg, false);
                }
            } else if self.options.remove_empty_nodes && c.remove_node(id).is_ok() {
                self.push(Code::R016, span, "empty node removed".to_string(), false);
            }
        }
    }

    /// `old`: the tree's obsolete properties before the repairs
    /// ([`old_format`]); looked up again only when a repair may have
    /// converted some (`KI`, `L`, `M`). True when the tree was set to
    /// FF\[4\] here.
    pub(super) fn ff(
        &mut self,
        c: &mut Collection<'_>,
        root: NodeId,
        ctx: &Ctx,
        old: Option<Vec<String>>,
    ) -> bool {
        let ff = crate::record::file_format(c.node(root));
        let Some(old) = old else {
            return false;
        };
        let old = if old.iter().any(|i| is_converted(i)) {
            obsolete_properties(c, root, ctx.gm)
        } else {
            old
        };
        let span = Self::span(c, root, None);
        let was = match ff {
            crate::record::FileFormat::Missing => "no FF (FF[1])".to_string(),
            crate::record::FileFormat::Given(n) => format!("FF[{n}]"),
            crate::record::FileFormat::Newer(n) => format!("FF[{n}]"),
            crate::record::FileFormat::Unreadable(v) => format!("FF[{v}]"),
        };
        if old.is_empty() {
            // One FF: a root that gives it twice (`FF[]FF[4]`) keeps one.
            let several = c
                .node(root)
                .properties()
                .filter(|p| p.ident() == "FF")
                .count()
                > 1;
            if several {
                let _ = c.remove_property(root, "FF");
            }
            if c.set_property(root, "FF", ["4"]).is_ok() {
                let msg = format!("{was} set to FF[4]: the output is canonical FF[4]");
                self.push(Code::R017, span, msg, false);
                return true;
            }
        } else {
            let msg = format!(
                "{was} not set to FF[4]: {} not defined in FF[4]",
                old.join(", ")
            );
            self.push(Code::R018, span, msg, false);
        }
        false
    }
}

/// The identifiers of the game tree at `root` that FF\[4\] does not
/// define (obsolete FF\[1\]–FF\[3\] properties), each once: while one
/// remains, the file keeps its old format (R018).
fn obsolete_properties(c: &Collection<'_>, root: NodeId, gm: u32) -> Vec<String> {
    let mut old: Vec<String> = Vec::new();
    for n in c.node(root).descendants() {
        for p in n.properties() {
            let obsolete = lookup(p.ident(), gm)
                .is_some_and(|i| i.category == Category::Obsolete && !i.versions.contains(4));
            if obsolete && !old.iter().any(|o| o == p.ident()) {
                old.push(p.ident().to_string());
            }
        }
    }
    old
}

/// The obsolete properties of the game tree at `root` when it is not
/// FF\[4\] (`None` for an FF\[4\] tree, which stays so).
pub(super) fn old_format(c: &Collection<'_>, root: NodeId, gm: u32) -> Option<Vec<String>> {
    (crate::record::file_format(c.node(root)) != crate::record::FileFormat::Given(4))
        .then(|| obsolete_properties(c, root, gm))
}

/// An obsolete property a repair converts to FF\[4\] (R002–R004).
fn is_converted(ident: &str) -> bool {
    matches!(ident, "KI" | "L" | "M")
}

/// True if a tree with these obsolete properties ([`old_format`]) keeps
/// its FF\[1\]–FF\[3\] format after the repairs: one of them has no
/// FF\[4\] form. Its passes stay `tt`, as those formats write them.
pub(super) fn stays_old(old: &[String]) -> bool {
    old.iter().any(|i| !is_converted(i))
}
