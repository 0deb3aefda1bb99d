//! What `boggle` prints: word listings for people ([`listing`]), path plots
//! and SVG pictures ([`paths`]), and typed JSON records for machines
//! ([`json`]).

pub(crate) mod json;
pub(crate) mod listing;
pub(crate) mod paths;
