//! The progress bar of `solve`, on stderr, for a person watching a long run.
//!
//! It shows only when stderr is a terminal, so that logs and pipes never get its control
//! characters, and only for a large input, where it is worth the screen line: a bar over the
//! bytes when the size of every input is known (files), a counter of lines once that many have
//! been read otherwise (stdin). It is cleared at the end, so the summary stands alone.

use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Files at least this large get a bar: about 12,000 puzzle lines, a second or more of work.
const LARGE_INPUT_BYTES: u64 = 1 << 20;

/// An input of unknown size gets a counter once this many lines have been read.
const LARGE_INPUT_LINES: u64 = 10_000;

/// The bar over the bytes of inputs of known size.
const BAR_TEMPLATE: &str = "{bar:40} {binary_bytes}/{binary_total_bytes}, {msg}, {eta} left";

/// The counter for inputs of unknown size.
const COUNTER_TEMPLATE: &str = "{spinner} {msg}, {binary_bytes} read";

/// The progress shown on stderr, or nothing.
pub struct Progress {
    bar: ProgressBar,
    /// For an input of unknown size: the number of lines after which the counter shows.
    reveal_at_lines: Option<u64>,
    lines: u64,
}

impl Progress {
    /// Progress over inputs of `total_bytes`, or of unknown size when `None`. indicatif's stderr
    /// target draws only on a terminal: anywhere else the bar stays hidden.
    pub fn new(total_bytes: Option<u64>) -> Progress {
        let bar = match total_bytes {
            Some(total) if total >= LARGE_INPUT_BYTES => {
                ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr())
                    .with_style(style(BAR_TEMPLATE))
            }
            _ => ProgressBar::hidden(),
        };
        Progress {
            bar,
            reveal_at_lines: total_bytes.is_none().then_some(LARGE_INPUT_LINES),
            lines: 0,
        }
    }

    /// Records `lines` more lines done, and `bytes` read in all so far.
    pub fn advance(&mut self, lines: u64, bytes: u64) {
        self.lines += lines;
        if self.reveal_at_lines.is_some_and(|at| self.lines >= at) {
            self.reveal_at_lines = None;
            self.bar.set_style(style(COUNTER_TEMPLATE));
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
            self.bar.enable_steady_tick(Duration::from_millis(200));
        }
        self.bar.set_message(format!("{} lines", self.lines));
        self.bar.set_position(bytes);
    }

    /// Writes `message` on stderr, with the bar out of its way.
    pub fn println(&self, message: impl std::fmt::Display) {
        self.bar.suspend(|| errln!("{message}"));
    }

    /// Clears the bar from the screen.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// The style for `template`; the templates are fixed, so the plain bar is only a safety net.
fn style(template: &str) -> ProgressStyle {
    ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_templates_are_valid() {
        for template in [BAR_TEMPLATE, COUNTER_TEMPLATE] {
            assert!(ProgressStyle::with_template(template).is_ok(), "{template}");
        }
    }
}
