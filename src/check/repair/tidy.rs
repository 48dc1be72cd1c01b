//! Values put into their FF\[4\] form where nothing is guessed (R023), and
//! values that repeat or say nothing dropped (R024).
//!
//! SGFC corrects these while reading (its 15); `check` reports them (S045,
//! S010, S013, S011) and `fix` writes what SGFC would read, leaving alone
//! every case where the intent is not plain: `B[foobar]`, `OB[1 kk]`, two
//! different values of a single-value property.

use super::values::{Fix, fix_time};
use super::{Ctx, P, Repairer};
use crate::check::Code;
use crate::game::GameType;
use crate::grammar::RawValues;
use crate::property::lookup;
use crate::tree::{Collection, NodeId};

impl Repairer<'_> {
    /// R023 and R024 on the properties of one node. True if one changed.
    pub(super) fn tidy(
        &mut self,
        c: &Collection<'_>,
        id: NodeId,
        ctx: &Ctx,
        props: &mut Vec<P>,
    ) -> bool {
        let mut changed = false;
        let mut drop = vec![false; props.len()];
        for (k, p) in props.iter_mut().enumerate() {
            let Some(info) = lookup(&p.ident, ctx.gm) else {
                continue;
            };
            if !p.copied {
                // Only a property with several values can repeat one.
                let several = p
                    .orig
                    .and_then(|k| c.node(id).properties().nth(k))
                    .is_some_and(|q| q.values().nth(1).is_some());
                if !several {
                    continue;
                }
                super::copy_values(c, id, p);
            }
            let span = Self::span(c, id, Some(&*p));
            if p.values.len() > 1 {
                let before = p.values.len();
                let list = info.value_type.is_list();
                if list {
                    let mut seen = std::collections::HashSet::new();
                    p.values.retain(|v| seen.insert(v.clone()));
                } else if p.values.iter().all(|v| *v == p.values[0]) {
                    p.values.truncate(1);
                }
                if p.values.len() != before {
                    let what = if list {
                        "values"
                    } else {
                        "copies of its value"
                    };
                    let msg = format!(
                        "{}: {} repeated {what} dropped",
                        p.ident,
                        before - p.values.len()
                    );
                    self.push(Code::R024, span.clone(), msg, false);
                    changed = true;
                }
            }
            let [value] = p.values.as_slice() else {
                continue;
            };
            match &*p.ident {
                "TM" | "BL" | "WL" if value.is_empty() => {
                    let msg = format!("{}[] says nothing: removed", p.ident);
                    self.push(Code::R024, span, msg, false);
                    drop[k] = true;
                    changed = true;
                }
                "BL" | "WL" => {
                    let Ok(text) = std::str::from_utf8(value) else {
                        continue;
                    };
                    if let Fix::Fixed(secs) = fix_time(text) {
                        let msg = format!("{}[{text}] written {}[{secs}]", p.ident, p.ident);
                        self.push(Code::R023, span, msg, false);
                        p.values = vec![secs.into_bytes()];
                        changed = true;
                    }
                }
                "B" | "W" if ctx.game == GameType::Go => {
                    if let Some(point) = spaced_go_point(value, ctx) {
                        let msg = format!(
                            "{}[{}] written {}[{}]: white space in a move",
                            p.ident,
                            String::from_utf8_lossy(value),
                            p.ident,
                            String::from_utf8_lossy(&point)
                        );
                        self.push(Code::R023, span, msg, false);
                        p.values = vec![point];
                        changed = true;
                    }
                }
                _ => {}
            }
        }
        if drop.contains(&true) {
            let mut k = 0;
            props.retain(|_| {
                k += 1;
                !drop[k - 1]
            });
        }
        changed
    }
}

/// A Go move written with white space in or around it (`c c`, ` bc`):
/// its two letters, when they name a point of the board.
pub(super) fn spaced_go_point(value: &[u8], ctx: &Ctx) -> Option<Vec<u8>> {
    if !value.iter().any(u8::is_ascii_whitespace) {
        return None;
    }
    let letters: Vec<u8> = value
        .iter()
        .copied()
        .filter(|b| !b.is_ascii_whitespace())
        .collect();
    let size = ctx.size?;
    let coord = |b: u8| super::go_coord(b).map(u16::from);
    match letters[..] {
        [x, y] if coord(x)? < size.columns && coord(y)? < size.rows => Some(letters),
        _ => None,
    }
}

/// True if a property's values text `raw` holds a value twice (R024).
pub(super) fn repeats_a_value(raw: &[u8]) -> bool {
    let mut values = RawValues::new(raw);
    let Some(first) = values.next() else {
        return false;
    };
    let Some(second) = values.next() else {
        return false;
    };
    if first == second {
        return true;
    }
    let mut seen = std::collections::HashSet::from([first, second]);
    values.any(|v| !seen.insert(v))
}
