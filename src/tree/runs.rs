//! Runs of whole game trees of about equal work: how the trees of a big
//! collection are shared out among threads ([`crate::check::check`],
//! [`crate::json::write_json_with`]).
//!
//! The work of a tree is counted as its nodes plus its properties, both
//! read off the arena while node ids are in pre-order (a parsed, unedited
//! collection): the tree of root `k` is the ids up to the next root, and
//! its properties are those of its nodes.

use super::{Collection, NodeData};
use std::ops::Range;

impl Collection<'_> {
    /// The nodes and properties of the game trees before tree `k`
    /// (`k` = the number of trees: all of them).
    fn work_before(&self, k: usize) -> usize {
        let node = self.games.get(k).map_or(self.nodes.len(), |&g| g as usize);
        let props = self
            .nodes
            .get(node)
            .map_or(self.props.len(), |n: &NodeData| n.props_start());
        node + props
    }

    /// The nodes and properties of the game trees `run` (indices into
    /// [`Collection::games`]); 0 once edited.
    #[cfg(any(feature = "parallel", test))]
    pub(crate) fn run_work(&self, run: &Range<usize>) -> usize {
        if self.edited {
            return 0;
        }
        self.work_before(run.end) - self.work_before(run.start)
    }

    /// The game trees as contiguous runs of indices into
    /// [`Collection::games`], in order, covering them all: at most `parts`
    /// runs, each closed as soon as it holds its share of the work (the
    /// total over `parts`, and not below `min_work` nodes and properties),
    /// so only the last may be lighter. One run of every tree when
    /// `parts` is 1, when there is too little work for two, or once the
    /// collection is edited (ids then tell no tree's size).
    pub(crate) fn game_runs(&self, parts: usize, min_work: usize) -> Vec<Range<usize>> {
        let n = self.games.len();
        let all = 0..n;
        if parts <= 1 || n < 2 || self.edited {
            return vec![all];
        }
        let total = self.work_before(n);
        let parts = parts.min(total / min_work.max(1)).min(n);
        if parts <= 1 {
            return vec![all];
        }
        // Each run closes once it holds its share: a tree heavier than a
        // share is a run of its own, and the trees after it are shared as
        // before it.
        let share = total / parts;
        let mut runs = Vec::with_capacity(parts);
        let mut from = 0;
        let mut start = 0;
        for k in 1..n {
            let at = self.work_before(k);
            if at - start >= share {
                runs.push(from..k);
                from = k;
                start = at;
            }
        }
        runs.push(from..n);
        runs
    }
}

#[cfg(test)]
mod tests {
    /// `n` game trees of one move each: 2 nodes and 2 properties a tree.
    fn many(n: usize) -> String {
        "(;FF[4];B[aa])".repeat(n)
    }

    #[test]
    fn runs_cover_every_tree_in_order_with_about_equal_work() {
        let src = many(700);
        let t = crate::parse(src.as_bytes()).unwrap();
        assert_eq!(t.game_runs(1, 1), vec![0..700]);
        let runs = t.game_runs(3, 100);
        assert_eq!(runs.len(), 3);
        assert_eq!(runs[0].start, 0);
        assert_eq!(runs[2].end, 700);
        assert!(runs.windows(2).all(|w| w[0].end == w[1].start));
        assert!(runs.iter().all(|r| r.len().abs_diff(700 / 3) <= 2));
        assert!(runs.iter().all(|r| t.run_work(r) == 4 * r.len()));
        // As many runs as the work allows: 2,800 nodes and properties in
        // runs of at least 400.
        let runs = t.game_runs(usize::MAX, 400);
        assert_eq!(runs.len(), 7);
        assert_eq!(runs.iter().map(|r| r.len()).sum::<usize>(), 700);
        // Too little work for two runs.
        assert_eq!(t.game_runs(8, 2_000), vec![0..700]);
    }

    #[test]
    fn a_heavy_tree_is_a_run_of_its_own_work() {
        let mut src = many(10);
        src.push_str(&format!("(;FF[4]{})", "C[x]".repeat(1_000)));
        src.push_str(&many(10));
        let t = crate::parse(src.as_bytes()).unwrap();
        let runs = t.game_runs(usize::MAX, 50);
        let heavy = runs.iter().find(|r| r.contains(&10)).unwrap();
        assert!(t.run_work(heavy) >= 1_002);
        assert_eq!(runs.last().unwrap().end, 21);
    }

    #[test]
    fn an_edited_collection_is_one_run() {
        let src = many(100);
        let mut t = crate::parse(src.as_bytes()).unwrap();
        let root = t.games().next().unwrap().id();
        t.add_child(root).unwrap();
        assert_eq!(t.game_runs(4, 1), vec![0..100]);
        assert_eq!(t.run_work(&(0..100)), 0);
    }
}
