//! Writing generated game trees as SGF text, with the white space habits
//! of a profile.

use super::generate::{Draw, GenNode};
use super::profile::Profile;

/// White space between tokens: none in the deep profile (one long line),
/// a line break after each node sequence in plain and legacy, anything
/// FF\[4\] allows in tricky.
fn space(out: &mut Vec<u8>, profile: Profile, d: &mut Draw) {
    if profile == Profile::Tricky && d.one_in(3) {
        out.extend_from_slice([&b" "[..], b"\n", b"\t", b"\r\n", b"  \n "][d.below(5)]);
    }
}

fn node(out: &mut Vec<u8>, n: &GenNode, profile: Profile, d: &mut Draw) {
    out.push(b';');
    for (ident, values) in &n.props {
        space(out, profile, d);
        out.extend_from_slice(ident.as_bytes());
        for v in values {
            space(out, profile, d);
            out.push(b'[');
            out.extend_from_slice(v);
            out.push(b']');
        }
    }
    space(out, profile, d);
}

/// One game tree, without recursion (the deep profile nests thousands of
/// levels).
fn tree(out: &mut Vec<u8>, nodes: &[GenNode], profile: Profile, d: &mut Draw) {
    enum Step {
        Open(usize),
        Close,
    }
    let mut stack = vec![Step::Open(0)];
    while let Some(step) = stack.pop() {
        match step {
            Step::Close => {
                out.push(b')');
                if matches!(profile, Profile::Plain | Profile::Legacy) {
                    out.push(b'\n');
                }
                space(out, profile, d);
            }
            Step::Open(mut id) => {
                out.push(b'(');
                space(out, profile, d);
                loop {
                    node(out, &nodes[id], profile, d);
                    if id == 0 && profile != Profile::Deep {
                        out.push(b'\n');
                    }
                    match nodes[id].children.as_slice() {
                        [only] => id = *only,
                        children => {
                            stack.push(Step::Close);
                            stack.extend(children.iter().rev().map(|&c| Step::Open(c)));
                            break;
                        }
                    }
                }
            }
        }
    }
}

/// A collection of game trees.
pub(super) fn collection(games: &[Vec<GenNode>], profile: Profile, d: &mut Draw) -> Vec<u8> {
    let mut out = Vec::new();
    for g in games {
        tree(&mut out, g, profile, d);
    }
    if profile != Profile::Deep && out.last() != Some(&b'\n') {
        out.push(b'\n');
    }
    out
}
