//! Reading untrusted input. Nothing here panics or fails on content, whatever the bytes: content
//! is reported, and only the reader itself can fail.
//!
//! - [`lines`]: one line at a time, each capped at [`lines::MAX_LINE_BYTES`], so memory never
//!   depends on the input.
//! - [`survey`]: whether an input is a file of puzzle lines or one puzzle spread over lines.
//! - [`one_puzzle`]: one puzzle in any notation, from at most [`one_puzzle::MAX_INPUT_BYTES`].

pub mod lines;
pub mod one_puzzle;
pub mod survey;
