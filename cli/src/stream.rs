//! What the streamed runs (`derive --count`, `addresses`) share: the cutting of a run into
//! tasks ([`Tasks`]), the threads that fill the tasks' buffers while the calling thread
//! writes them in order ([`run`]), the thread count ([`thread_count`]), and the progress bar
//! drawn on a terminal's standard error once a run has taken [`SLOW`].

use core::time::Duration;
use std::time::Instant;

use fastbip32::ordered;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::error::CliError;
use crate::io::Io;
use crate::record::Output;

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

/// The thread count of a streamed run: `--threads K`, or every core.
pub(crate) fn thread_count(arg: Option<u16>) -> usize {
    arg.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        usize::from,
    )
}

/// Records per task: each task's records are derived by one thread into one buffer, and
/// written as one piece.
pub(crate) const TASK: u32 = 1024;

/// Up to this many records, one thread: starting threads costs more than it saves.
const SERIAL_MAX: u64 = 256;

/// One task: `count` records of part `part` (a descriptor's branch; always 0 for `derive`)
/// from index `first`. `seq` is its place in the output, and `header` is set for the run's
/// first task only (it starts with the CSV header line).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Task {
    pub(crate) seq: u64,
    pub(crate) part: usize,
    pub(crate) first: u32,
    pub(crate) count: u32,
    pub(crate) header: bool,
}

/// A run's records, cut into tasks of [`TASK`]: every index `first … first + count − 1` of
/// each of `parts` parts, part by part.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Tasks {
    parts: usize,
    first: u32,
    count: u32,
}

impl Tasks {
    /// `count` indices from `first` in each of `parts` parts.
    pub(crate) fn new(parts: usize, first: u32, count: u32) -> Self {
        Self {
            parts,
            first,
            count,
        }
    }

    /// Tasks per part.
    fn per_part(self) -> u64 {
        u64::from(self.count.div_ceil(TASK))
    }

    /// The number of tasks.
    pub(crate) fn len(self) -> u64 {
        self.per_part() * self.parts as u64
    }

    /// The number of records.
    pub(crate) fn records(self) -> u64 {
        u64::from(self.count) * self.parts as u64
    }

    /// Task `seq`, below [`Tasks::len`].
    #[allow(
        clippy::expect_used,
        reason = "seq < len bounds the part by `parts` and the offset by `count`"
    )]
    fn task(self, seq: u64) -> Task {
        let per_part = self.per_part();
        let part = usize::try_from(seq / per_part).expect("a part number is below `parts`");
        let offset = u32::try_from(seq % per_part)
            .expect("a task's place in its part is below count / TASK")
            * TASK;
        Task {
            seq,
            part,
            first: self.first + offset,
            count: TASK.min(self.count - offset),
            header: seq == 0,
        }
    }
}

/// Runs every task of `tasks`: `fill(buffer, task)` derives and renders a task's records
/// into a buffer, and `write(buffer, task)` writes them out, in task order.
///
/// With `threads` > 1 (and more than [`SERIAL_MAX`] records) the tasks are dealt round-robin
/// to `threads` threads by the library's ordered pool ([`fastbip32::ordered::run`]: task
/// `seq` to thread `seq % threads`, the calling thread writing), so the output is the same
/// for any thread count, and a thread runs at most its buffers ahead of the writer, so
/// memory stays flat for any run length. The tasks are all the same size, so the static
/// deal keeps the threads equally busy.
///
/// # Errors
/// The first error in task order (of a `fill` or a `write`): the writer stops there, and
/// the threads stop at their next send or receive. A failure if the threads cannot be
/// started, or if one of them stopped without its task (it panicked; the panic is raised
/// again on the calling thread once every thread has stopped).
pub(crate) fn run<B: Send>(
    threads: usize,
    tasks: Tasks,
    make: impl Fn() -> B,
    fill: impl Fn(&mut B, Task) -> Result<(), CliError> + Sync,
    mut write: impl FnMut(&mut B, Task) -> Result<(), CliError>,
) -> Result<(), CliError> {
    let threads = if tasks.records() <= SERIAL_MAX {
        1
    } else {
        threads
    };
    ordered::run(
        threads,
        tasks.len(),
        make,
        |buffer, seq| fill(buffer, tasks.task(seq)),
        |buffer, seq| write(buffer, tasks.task(seq)),
    )
    .map_err(|e| match e {
        ordered::Error::Task(e) => e,
        ordered::Error::Spawn { threads, source } => {
            CliError::Failure(format!("cannot start {threads} threads: {source}"))
        }
        ordered::Error::WorkerStopped => {
            CliError::Failure("a worker thread stopped unexpectedly".to_owned())
        }
    })
}

/// Writes a task's buffer to standard output and wipes it.
///
/// # Errors
/// [`CliError::output`] of a write error.
pub(crate) fn write_out(io: &mut Io<'_>, out: &mut Output) -> Result<(), CliError> {
    let written = io.stdout.write_all(out.as_bytes());
    out.wipe();
    written.map_err(|e| CliError::output(&e))
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

#[cfg(test)]
mod tests {
    use super::*;

    /// What [`collect`] returns: the run's result, every record written (part, index), and
    /// the tasks in the order they were written.
    type Collected = (Result<(), CliError>, Vec<(usize, u32)>, Vec<Task>);

    /// Each task's records, as its indices, through [`run`]; the fill of task `fail_at`
    /// fails.
    fn collect(threads: usize, tasks: Tasks, fail_at: Option<u64>) -> Collected {
        let mut out = Vec::new();
        let mut jobs = Vec::new();
        let result = run(
            threads,
            tasks,
            Vec::new,
            |buf: &mut Vec<(usize, u32)>, job| {
                if Some(job.seq) == fail_at {
                    return Err(CliError::Failure(format!("task {}", job.seq)));
                }
                buf.clear();
                buf.extend((job.first..job.first + job.count).map(|i| (job.part, i)));
                Ok(())
            },
            |buf, job| {
                out.extend_from_slice(buf);
                jobs.push(job);
                Ok(())
            },
        );
        (result, out, jobs)
    }

    #[test]
    fn tasks_cover_every_record_in_order_for_any_thread_count() {
        let tasks = Tasks::new(3, 5, 10 * TASK + 17);
        let expected: Vec<(usize, u32)> = (0..3)
            .flat_map(|part| (5..5 + 10 * TASK + 17).map(move |i| (part, i)))
            .collect();
        for threads in [1, 2, 3, 8] {
            let (result, out, jobs) = collect(threads, tasks, None);
            assert_eq!(result, Ok(()));
            assert_eq!(out, expected, "{threads} threads");
            assert_eq!(jobs.len(), 33);
            assert!(jobs.iter().enumerate().all(|(i, j)| j.seq == i as u64));
            assert_eq!(jobs.iter().filter(|j| j.header).count(), 1);
            assert!(jobs[0].header);
            assert_eq!(jobs[10].count, 17);
            assert_eq!((jobs[11].part, jobs[11].first), (1, 5));
        }
    }

    #[test]
    fn the_last_index_is_reached_without_overflow() {
        let count = 3 * TASK + 1;
        let first = u32::try_from(MAX_INDEX).unwrap() - (count - 1);
        let (result, out, _) = collect(2, Tasks::new(1, first, count), None);
        assert_eq!(result, Ok(()));
        assert_eq!(out.last(), Some(&(0, u32::try_from(MAX_INDEX).unwrap())));
        assert_eq!(out.len(), count as usize);
    }

    #[test]
    fn a_fill_error_stops_the_run_after_the_tasks_before_it() {
        for threads in [1, 2, 4] {
            let (result, out, jobs) = collect(threads, Tasks::new(1, 0, 40 * TASK), Some(13));
            assert_eq!(result, Err(CliError::Failure("task 13".to_owned())));
            assert_eq!(jobs.len(), 13, "{threads} threads");
            assert_eq!(out.len(), 13 * TASK as usize);
        }
    }

    #[test]
    fn a_write_error_stops_the_threads() {
        let mut writes = 0;
        let result = run(
            2,
            Tasks::new(1, 0, 1000 * TASK),
            || (),
            |(), _| Ok(()),
            |(), _| {
                writes += 1;
                if writes == 3 {
                    Err(CliError::ReaderGone)
                } else {
                    Ok(())
                }
            },
        );
        assert_eq!(result, Err(CliError::ReaderGone));
        assert_eq!(writes, 3);
    }

    #[test]
    fn a_panicking_thread_does_not_leave_the_writer_waiting() {
        let result = std::panic::catch_unwind(|| {
            run(
                2,
                Tasks::new(1, 0, 20 * TASK),
                || (),
                |(), job| {
                    assert_ne!(job.seq, 5, "a deliberate panic");
                    Ok(())
                },
                |(), _| Ok(()),
            )
        });
        // The scope re-raises the thread's panic once every thread has stopped.
        assert!(result.is_err());
    }

    #[test]
    fn small_runs_stay_on_the_calling_thread() {
        let caller = std::thread::current().id();
        let result = run(
            8,
            Tasks::new(1, 0, u32::try_from(SERIAL_MAX).unwrap()),
            || (),
            |(), _| {
                assert_eq!(std::thread::current().id(), caller);
                Ok(())
            },
            |(), _| Ok(()),
        );
        assert_eq!(result, Ok(()));
    }
}
