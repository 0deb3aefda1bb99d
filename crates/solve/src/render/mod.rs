//! Drawing solutions for people: a word's path on the board as terminal
//! text ([`terminal`]) or as an SVG picture ([`svg`]), and the path
//! geometry both share ([`path`]).

pub mod path;
pub mod svg;
pub mod terminal;
