//! Regression tests for bugs the fuzzers found (see `fuzz/README.md`), one
//! test per bug, each naming its minimised input.
