//! roundtrip
