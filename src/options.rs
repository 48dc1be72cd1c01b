//! [`ParseOptions`]: the limits a file must stay within, which every reader
//! that builds a tree enforces (see [`crate::limits`]).

/// Options for parsing: the limits a file must stay within. Build with
/// [`ParseOptions::default`] and the builder methods.
///
/// Each limit hit is an error of kind
/// [`ErrorKind::TooLarge`](crate::ErrorKind::TooLarge) (nesting:
/// [`ErrorKind::DepthLimitExceeded`](crate::ErrorKind::DepthLimitExceeded))
/// positioned where the limit was crossed; the lenient reader reports it as
/// diagnostic `L017` (or `L016` for nesting, which it flattens instead).
///
/// ```
/// let opts = sgfkit::ParseOptions::default().max_depth(100);
/// let deep = "(;B[aa]".repeat(101) + &")".repeat(101);
/// assert!(sgfkit::Collection::parse_with(deep.as_bytes(), &opts, &mut ()).is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct ParseOptions {
    /// The deepest nesting of game trees accepted. Default 1,048,576: the
    /// parser itself needs no stack per level, so this only bounds memory.
    pub max_depth: u32,
    /// The most nodes a tree may have. Default: no limit below 2³¹.
    pub max_nodes: usize,
    /// The longest property value, in bytes as written (escapes included).
    /// Default 16 MiB.
    pub max_value_len: usize,
    /// The most points one property's point list may expand to (compressed
    /// lists `AB[aa:ss]` counted by their area). Default 1,048,576, the
    /// most [`grammar::value::expand`](crate::grammar::value::expand) gives.
    pub max_points: usize,
    /// The most points all point lists of a file together may expand to.
    /// Default 16,777,216.
    pub max_file_points: u64,
}

impl Default for ParseOptions {
    fn default() -> Self {
        ParseOptions {
            max_depth: 1 << 20,
            max_nodes: (u32::MAX >> 1) as usize,
            max_value_len: 16 << 20,
            max_points: crate::grammar::value::MAX_EXPANDED_POINTS,
            max_file_points: 1 << 24,
        }
    }
}

impl ParseOptions {
    /// Sets [`ParseOptions::max_depth`].
    pub fn max_depth(mut self, depth: u32) -> Self {
        self.max_depth = depth;
        self
    }

    /// Sets [`ParseOptions::max_nodes`].
    pub fn max_nodes(mut self, nodes: usize) -> Self {
        self.max_nodes = nodes;
        self
    }

    /// Sets [`ParseOptions::max_value_len`].
    ///
    /// ```
    /// let opts = sgfkit::ParseOptions::default().max_value_len(5);
    /// let err = sgfkit::Collection::parse_with(b"(;C[hello];C[hello!])", &opts, &mut ()).unwrap_err();
    /// assert_eq!(err.position().column, 14); // the value that is too long
    /// ```
    pub fn max_value_len(mut self, bytes: usize) -> Self {
        self.max_value_len = bytes;
        self
    }

    /// Sets [`ParseOptions::max_points`].
    pub fn max_points(mut self, points: usize) -> Self {
        self.max_points = points;
        self
    }

    /// Sets [`ParseOptions::max_file_points`].
    ///
    /// ```
    /// let opts = sgfkit::ParseOptions::default().max_file_points(3);
    /// let err = sgfkit::Collection::parse_with(b"(;AB[aa][bb];AW[cc][dd])", &opts, &mut ()).unwrap_err();
    /// assert!(err.to_string().starts_with("1:21: input too large: more points"), "{err}");
    /// ```
    pub fn max_file_points(mut self, points: u64) -> Self {
        self.max_file_points = points;
        self
    }
}
