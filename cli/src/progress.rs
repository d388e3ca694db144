//! The progress bar of a long streamed run (`derive --count`, `addresses`), drawn on a
//! terminal's standard error once the run has taken [`SLOW`].

use core::time::Duration;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A run this long gets a progress bar (on a terminal) and the throughput line.
pub(crate) const SLOW: Duration = Duration::from_secs(1);

/// The progress bar of a long run on a terminal: made at the start, hidden, so that its
/// rate and time estimates cover the whole run, and drawn once the run has taken [`SLOW`].
pub(crate) struct Progress {
    started: Instant,
    bar: Option<ProgressBar>,
    shown: bool,
    /// What is counted (`keys`, `addresses`).
    unit: &'static str,
}

impl Progress {
    /// A bar for `total` records counted as `unit`, shown only when `terminal`.
    pub(crate) fn new(terminal: bool, total: u64, started: Instant, unit: &'static str) -> Self {
        let bar = terminal.then(|| {
            let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden());
            if let Ok(style) = ProgressStyle::with_template(&format!(
                "{{wide_bar}} {{human_pos}}/{{human_len}} {unit}, {{msg}}, {{eta}} left"
            )) {
                bar.set_style(style);
            }
            bar
        });
        Self {
            started,
            bar,
            shown: false,
            unit,
        }
    }

    /// `done` records are out.
    #[allow(clippy::cast_precision_loss, reason = "a rate, for display")]
    pub(crate) fn update(&mut self, done: u64) {
        let Some(bar) = &self.bar else {
            return;
        };
        let elapsed = self.started.elapsed();
        bar.set_message(format!(
            "{:.0} {}/s",
            done as f64 / elapsed.as_secs_f64().max(1e-9),
            self.unit
        ));
        bar.set_position(done);
        if !self.shown && elapsed >= SLOW && bar.position() < bar.length().unwrap_or(0) {
            bar.set_draw_target(ProgressDrawTarget::stderr());
            self.shown = true;
        }
    }
}

impl Drop for Progress {
    /// Clears the bar, so that the `note:` or `error:` line that follows stands alone.
    fn drop(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}
