//! One look at a node's properties before [`super::repair`] touches it:
//! which repairs can apply at all, and which properties the property-level
//! repairs read. Most nodes hold one move and need nothing; this look is
//! what they cost.

use super::Ctx;
use crate::game::GameType;
use crate::property::{PropertyType, lookup};
use crate::tree::{Node, Property};

/// What one pass over a node's properties tells [`super::Repairer::game`].
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Facts {
    /// A property-level repair ([`super::Repairer::node`]) may apply: one of
    /// the conditions its passes start with holds (a pass `tt`, KI, L, M,
    /// BM with TE, an identifier given twice, TM, or a DT, RE or KM value).
    /// `true` may be too cautious, never wrong.
    pub(super) repair: bool,
    /// A move property (by the property table for the game).
    pub(super) moves: bool,
    /// A setup property.
    pub(super) setup: bool,
    /// A `B` property.
    pub(super) black: bool,
    /// A `W` property.
    pub(super) white: bool,
}

impl Facts {
    /// [`super::Repairer::split`] may split the node (a move beside setup
    /// properties, or a move in a root).
    pub(super) fn may_split(self, is_root: bool) -> bool {
        self.moves && (self.setup || is_root)
    }
}

/// Looks at every property of `node` once.
pub(super) fn facts(node: Node<'_, '_>, ctx: &Ctx) -> Facts {
    const MANY: usize = 16;
    let small =
        ctx.game == GameType::Go && ctx.size.is_some_and(|s| s.columns <= 19 && s.rows <= 19);
    let mut f = Facts::default();
    let mut seen: [&str; MANY] = [""; MANY];
    let (mut bm, mut te) = (false, false);
    for (k, p) in node.properties().enumerate() {
        let ident = p.ident();
        if k >= MANY || seen[..k].contains(&ident) {
            f.repair = true;
        } else {
            seen[k] = ident;
        }
        let ty = match ident {
            "B" => {
                f.black = true;
                f.repair |= small && is_tt(&p);
                ctx.black
            }
            "W" => {
                f.white = true;
                f.repair |= small && is_tt(&p);
                ctx.white
            }
            _ => {
                match ident {
                    "KI" | "L" | "M" | "TM" | "DT" | "RE" | "KM" => f.repair = true,
                    "BM" => bm = true,
                    "TE" => te = true,
                    _ => {}
                }
                lookup(ident, ctx.gm).map(|i| i.property_type)
            }
        };
        match ty {
            Some(PropertyType::Move) => f.moves = true,
            Some(PropertyType::Setup) => f.setup = true,
            _ => {}
        }
    }
    f.repair |= bm && te;
    f
}

/// True if a value of `p` is `tt`. The common single value `[xy]` is
/// compared in place.
fn is_tt(p: &Property<'_>) -> bool {
    match p.values_raw() {
        raw @ [b'[', _, _, b']'] => raw == b"[tt]",
        _ => p.values().any(|v| v == b"tt"),
    }
}

/// True if the property-level repairs read the values of a property with
/// this identifier (besides identifiers given twice in a node, which
/// `merge` reads): the others are kept as they are, and their values need
/// not be copied out of the tree.
pub(super) fn values_read(ident: &str) -> bool {
    matches!(
        ident,
        "B" | "W" | "KI" | "KM" | "L" | "M" | "BM" | "TE" | "TM" | "DT" | "RE"
    )
}
