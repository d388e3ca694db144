//! What the streamed runs (`derive --count`, `addresses`) share: the thread pool and the
//! cutting of each chunk into one sub-range per task ([`Chunks`]), the ordered write of the
//! tasks' buffers, and the progress bar drawn on a terminal's standard error once a run has
//! taken [`SLOW`].

use core::time::Duration;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

use crate::error::CliError;
use crate::record::Output;
use crate::Io;

/// The largest child index, 2³¹ − 1.
pub(crate) const MAX_INDEX: u64 = (1 << 31) - 1;

/// Checks `--start` and `--count` (`what` names the records, `children` or `indices`): the
/// first index and the count, as `u32`s.
///
/// # Errors
/// A usage error for a count of 0, or records past index 2³¹ − 1.
pub(crate) fn index_range(start: u64, count: u64, what: &str) -> Result<(u32, u32), CliError> {
    if count == 0 {
        return Err(CliError::Usage(format!(
            "invalid --count: 0; give at least one of the {what}"
        )));
    }
    if start > MAX_INDEX {
        return Err(CliError::Usage(format!(
            "invalid --start: {start} is not a child index (the largest is {MAX_INDEX}, 2^31 - 1)"
        )));
    }
    let last = start.saturating_add(count - 1);
    if last > MAX_INDEX {
        return Err(CliError::Usage(format!(
            "invalid --count: {what} {start} to {last} run past the largest child index, {MAX_INDEX} (2^31 - 1)"
        )));
    }
    match (u32::try_from(start), u32::try_from(count)) {
        (Ok(first), Ok(count)) => Ok((first, count)),
        _ => Err(CliError::Usage(format!(
            "invalid --count: {count} {what} from {start}"
        ))),
    }
}

/// Sub-ranges per thread in a chunk, so that a thread that finishes early takes another.
const TASKS_PER_THREAD: usize = 4;

/// Up to this many records, one thread: starting a pool costs more than it saves.
const SERIAL_MAX: u64 = 256;

/// How a run's chunks are cut and run: serially, or on a local pool of `--threads` threads,
/// [`TASKS_PER_THREAD`] sub-ranges per thread.
pub(crate) struct Chunks {
    pool: Option<rayon::ThreadPool>,
    tasks: usize,
}

impl Chunks {
    /// For a run of `total` records on at most `threads` threads.
    ///
    /// # Errors
    /// A failure if the threads cannot be started.
    pub(crate) fn new(threads: usize, total: u64) -> Result<Self, CliError> {
        if threads <= 1 || total <= SERIAL_MAX {
            return Ok(Self {
                pool: None,
                tasks: 1,
            });
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("fastbip32-{i}"))
            .build()
            .map_err(|e| CliError::Failure(format!("cannot start {threads} threads: {e}")))?;
        Ok(Self {
            pool: Some(pool),
            tasks: threads.saturating_mul(TASKS_PER_THREAD),
        })
    }

    /// The number of tasks (and of workers the caller keeps) per chunk.
    pub(crate) fn tasks(&self) -> usize {
        self.tasks
    }

    /// Cuts the `count` records from `base` into one sub-range per worker (`per` each, the
    /// last ones shorter or empty) and runs `fill(task, worker, first, len)` on each non-empty
    /// one, on the pool if there is one.
    ///
    /// # Errors
    /// The first error of a `fill`.
    pub(crate) fn run<W: Send>(
        &self,
        workers: &mut [W],
        base: u32,
        count: u32,
        fill: impl Fn(usize, &mut W, u32, u32) -> Result<(), CliError> + Sync,
    ) -> Result<(), CliError> {
        let per = count
            .div_ceil(u32::try_from(workers.len()).unwrap_or(u32::MAX))
            .max(1);
        let task = |(i, worker): (usize, &mut W)| -> Result<(), CliError> {
            let offset = u32::try_from(i).unwrap_or(u32::MAX).saturating_mul(per);
            if offset >= count {
                return Ok(());
            }
            fill(i, worker, base + offset, per.min(count - offset))
        };
        match &self.pool {
            Some(pool) => pool.install(|| workers.par_iter_mut().enumerate().try_for_each(task)),
            None => workers.iter_mut().enumerate().try_for_each(task),
        }
    }
}

/// Writes the tasks' buffers to standard output in order, wiping each.
///
/// # Errors
/// [`CliError::output`] of a write error.
pub(crate) fn write_in_order<'a>(
    io: &mut Io<'_>,
    outputs: impl Iterator<Item = &'a mut Output>,
) -> Result<(), CliError> {
    for out in outputs {
        let written = io.stdout.write_all(out.as_bytes());
        out.wipe();
        written.map_err(|e| CliError::output(&e))?;
    }
    Ok(())
}

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
