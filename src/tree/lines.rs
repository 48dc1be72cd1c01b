//! [`Lines`]: every line of play of a game tree, from its root to each
//! leaf (each variation's line); and what a node inherits along its line
//! ([`Node::inherited`]).

use super::{Node, Property};

impl<'c, 'a> Node<'c, 'a> {
    /// The value in effect here of an inherited property (`DD`, `PM`, `VW`):
    /// the property on the nearest node of this node and its ancestors that
    /// has it. An empty value (`DD[]`, `VW[]`) resets, so it gives `None`,
    /// as does a property that is set nowhere above.
    ///
    /// ```
    /// let t = sgfkit::parse(b"(;VW[aa:cc];B[bb];DD[];C[x])")?;
    /// let root = t.games().next().unwrap();
    /// let nodes: Vec<_> = root.main_line().collect();
    /// assert_eq!(nodes[1].inherited("VW").unwrap().value(), b"aa:cc");
    /// assert!(nodes[3].inherited("DD").is_none());
    /// # Ok::<(), sgfkit::Error>(())
    /// ```
    pub fn inherited(&self, ident: &str) -> Option<Property<'c>> {
        let mut n = Some(*self);
        while let Some(node) = n {
            if let Some(p) = node.get(ident) {
                let mut values = p.values();
                let empty = matches!((values.next(), values.next()), (Some([]), None));
                return (!empty).then_some(p);
            }
            n = node.parent();
        }
        None
    }

    /// Every line of play from this node to a leaf of the tree below it: one
    /// list of nodes per leaf, this node first, in file order (the main line
    /// first). A tree without variations has one line.
    ///
    /// ```
    /// let c = sgfkit::parse(b"(;C[root];B[aa](;W[bb])(;W[cc];B[dd]))")?;
    /// let lines: Vec<Vec<String>> = c
    ///     .games()
    ///     .next()
    ///     .unwrap()
    ///     .lines()
    ///     .map(|line| line.iter().skip(1).map(|n| n.properties().next().unwrap().ident().to_string()).collect())
    ///     .collect();
    /// assert_eq!(lines, [vec!["B", "W"], vec!["B", "W", "B"]]);
    /// # Ok::<(), sgfkit::Error>(())
    /// ```
    pub fn lines(&self) -> Lines<'c, 'a> {
        Lines {
            path: vec![*self],
            fresh: true,
        }
    }
}

/// The iterator of [`Node::lines`]: a depth-first walk that keeps the path
/// from the top node, without recursion. Each line costs its length.
#[derive(Debug, Clone)]
pub struct Lines<'c, 'a> {
    /// The path from the top node to the node the walk stands on.
    path: Vec<Node<'c, 'a>>,
    /// The last node of `path` has not been descended from yet.
    fresh: bool,
}

impl<'c, 'a> Iterator for Lines<'c, 'a> {
    type Item = Vec<Node<'c, 'a>>;

    fn next(&mut self) -> Option<Vec<Node<'c, 'a>>> {
        if !self.fresh {
            // Up to the first node with a next sibling (never past the top
            // node, the path's first).
            loop {
                if self.path.len() <= 1 {
                    self.path.clear();
                    return None;
                }
                let last = self.path.pop()?;
                if let Some(s) = last.next_sibling() {
                    self.path.push(s);
                    break;
                }
            }
        }
        let mut at = *self.path.last()?;
        while let Some(child) = at.first_child() {
            self.path.push(child);
            at = child;
        }
        self.fresh = false;
        Some(self.path.clone())
    }
}

#[cfg(test)]
mod tests {
    /// Each leaf gives one line, and each line is the path from the top
    /// node to its leaf.
    #[test]
    fn one_line_per_leaf() {
        let c = crate::parse(b"(;A[1](;B[2](;C[3])(;D[4]))(;E[5];F[6]))(;G[7])").unwrap();
        let root = c.games().next().unwrap();
        let lines: Vec<Vec<usize>> = root
            .lines()
            .map(|l| l.iter().map(|n| n.number()).collect())
            .collect();
        let leaves: Vec<usize> = root
            .descendants()
            .filter(|n| n.first_child().is_none())
            .map(|n| n.number())
            .collect();
        assert_eq!(
            lines.iter().map(|l| *l.last().unwrap()).collect::<Vec<_>>(),
            leaves
        );
        assert_eq!(lines, [vec![0, 1, 2], vec![0, 1, 3], vec![0, 4, 5]]);
        // From a node inside the tree, the lines below it only.
        let b = root.first_child().unwrap();
        assert_eq!(b.lines().count(), 2);
        assert!(b.lines().all(|l| l[0] == b));
        // A lone node is one line.
        let g = c.games().nth(1).unwrap();
        assert_eq!(g.lines().collect::<Vec<_>>(), [vec![g]]);
    }
}
