//! The commands of `boggle`, one a file.

pub(crate) mod batch;
pub(crate) mod best;
pub(crate) mod count;
pub(crate) mod opening;
pub(crate) mod packs;
pub(crate) mod prove;
pub(crate) mod roll;
pub(crate) mod solve;
