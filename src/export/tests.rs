//! Tests of the rows on small inputs; the corpus tests are in tests/it/export.rs.

use super::*;

#[test]
fn placeholder_compiles() {}
