//! What sgfkit knows about SGF properties.
//!
//! Everything the crate knows about a property identifier — its
//! [property type](PropertyType), its [value type](ValueType), whether it is
//! inherited, which file format versions define it and which game it belongs
//! to — lives in one table, [`PROPERTIES`]. The parser, the checker, the
//! converters and the printer all read that table through [`lookup`] and
//! [`lookup_any`] instead of keeping lists of their own.
//!
//! ```
//! use sgfkit::property::{lookup, PropertyType, ValueType};
//!
//! let ab = lookup("AB", 1).unwrap();
//! assert_eq!(ab.property_type, PropertyType::Setup);
//! assert_eq!(ab.value_type, ValueType::List(&ValueType::Stone));
//! assert!(lookup("XX", 1).is_none());
//! ```
//!
//! [`typed`] reads property values into Rust types through that table
//! ([`typed::Value`], [`typed::Prop`]); with the `proptest` feature,
//! `strategies` generates them.

mod any;
mod node;

pub use crate::table::{
    Category, PROPERTIES, ParseVersionsError, PropertyInfo, PropertyType, ValueType, Versions,
    lookup, lookup_any, stone_is_point,
};
pub use any::AnyProp;
pub use node::TypedProps;

#[cfg(any(test, feature = "proptest"))]
pub mod strategies;
pub mod typed;
