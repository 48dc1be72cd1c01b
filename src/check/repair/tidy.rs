//! Values put into their FF\[4\] form where nothing is guessed (R023), and
//! values that repeat or say nothing dropped (R024): one value given
//! several times (`PW[Ann][Ann]`), an empty time.
//!
//! SGFC corrects these while reading (its 15); `check` reports them (S045,
//! S010, S013, S011) and `fix` writes what SGFC would read, leaving alone
//! every case where the intent is not plain: `B[foobar]`, `OB[1 kk]`, two
//! different values of a single-value property.

use super::values::{Fix, fix_time};
use super::{Ctx, P, Repairer};
use crate::check::Code;
use crate::game::{GameType, go};
use crate::grammar::RawValues;
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
            // One value given several times, looked for in the text as
            // written (most properties are not copied out, and repeat
            // nothing); comments, the long values, are not searched.
            let repeats = if matches!(&*p.ident, "C" | "GC") || !p.known {
                false
            } else if p.copied {
                one_value_repeated(&p.values)
            } else {
                p.orig
                    .and_then(|k| c.node(id).properties().nth(k))
                    .is_some_and(|q| repeats_a_value(q.values_raw()))
            };
            if repeats {
                super::copy_values(c, id, p);
                let span = Self::span(c, id, Some(&*p));
                let msg = format!(
                    "{} gives one value {} times: kept once",
                    p.ident,
                    p.values.len()
                );
                p.values.truncate(1);
                self.push(Code::R024, span, msg, false);
                changed = true;
            }
            if !p.copied || !matches!(&*p.ident, "TM" | "BL" | "WL" | "B" | "W") {
                continue;
            }
            let span = Self::span(c, id, Some(&*p));
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
    match go::point(&letters, ctx.size?) {
        Ok(([], _)) => Some(letters),
        _ => None,
    }
}

/// True if `values` (copied out) are one value given several times.
fn one_value_repeated(values: &[Vec<u8>]) -> bool {
    values.len() > 1 && values.iter().all(|v| *v == values[0])
}

/// True if a property's values text `raw` gives one value several times
/// and nothing else (R024): `PW[Ann][Ann]`, `AB[aa][aa]`. Looked at for
/// every property of the nodes [`super::facts`] reads, so it stops at the
/// first value that differs (a list of different points, after two).
pub(super) fn repeats_a_value(raw: &[u8]) -> bool {
    // A second value starts with a second `[`.
    if memchr::memchr(b'[', raw.get(1..).unwrap_or_default()).is_none() {
        return false;
    }
    let mut values = RawValues::new(raw);
    let (Some(first), Some(second)) = (values.next(), values.next()) else {
        return false;
    };
    first == second && values.all(|v| v == first)
}

#[cfg(test)]
mod tests {
    use super::repeats_a_value;

    #[test]
    fn one_value_given_several_times_is_found() {
        assert!(!repeats_a_value(b"[aa]"));
        assert!(!repeats_a_value(b"[a[b]"));
        assert!(repeats_a_value(b"[aa][aa]"));
        assert!(repeats_a_value(b"[aa][aa][aa]"));
        assert!(!repeats_a_value(b"[aa][bb]"));
        assert!(!repeats_a_value(b"[aa][aa][bb]"));
        // The last value of a damaged file may end without its `]`.
        assert!(repeats_a_value(b"[]["));
    }
}
