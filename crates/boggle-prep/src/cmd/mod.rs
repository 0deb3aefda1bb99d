//! The commands of `boggle-prep`, one a file.

pub mod build;
pub mod compact;
pub mod install;
pub mod pack;
pub mod recipes;
