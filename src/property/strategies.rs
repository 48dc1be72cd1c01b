//! Proptest strategies for every value type (feature `proptest`).
