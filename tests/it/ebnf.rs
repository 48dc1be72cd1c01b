//! ebnf
