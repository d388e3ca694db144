//! What the streamed runs (`derive --count`, `addresses`) share: the cutting of a run into
//! tasks ([`Tasks`]), the threads that fill the tasks' buffers while the calling thread
//! writes them in order ([`run`]), and the progress bar drawn on a terminal's standard error once a run has
//! taken [`SLOW`].

use core::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use core::time::Duration;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Instant;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

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

/// Records per task: each task's records are derived by one thread into one buffer, and
/// written as one piece.
pub(crate) const TASK: u32 = 1024;

/// Task buffers per thread: how far the threads may run ahead of the writer.
const SLOTS_PER_THREAD: usize = 4;

/// Up to this many records, one thread: starting threads costs more than it saves.
const SERIAL_MAX: u64 = 256;

/// One task: `count` records of part `part` (a descriptor's branch; always 0 for `derive`)
/// from index `first`. `seq` is its place in the output, and `header` is set for the run's
/// first task only (it starts with the CSV header line).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Job {
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

    /// Task `seq` (below [`Tasks::len`]).
    fn job(self, seq: u64) -> Job {
        let per_part = self.per_part().max(1);
        let part = usize::try_from(seq / per_part).unwrap_or(usize::MAX);
        // Below count.div_ceil(TASK), so the offset is below count (a u32).
        let offset = u32::try_from(seq % per_part)
            .unwrap_or(u32::MAX)
            .saturating_mul(TASK);
        Job {
            seq,
            part,
            first: self.first + offset,
            count: TASK.min(self.count - offset),
            header: seq == 0,
        }
    }
}

/// Runs every task of `tasks`: `fill(worker, job)` derives and renders a task's records into
/// a worker, and `write(worker, job)` writes them out, in task order.
///
/// With `threads` > 1 (and more than [`SERIAL_MAX`] records) the tasks are filled on
/// `threads` scoped threads while the calling thread writes: the workers form a ring of
/// [`SLOTS_PER_THREAD`] per thread, a thread takes the next task as soon as it is done with
/// one, and waits only when the writer is a whole ring behind. So no thread waits for the
/// others between tasks, the output is the same for any thread count, and memory stays the
/// ring's, whatever the run's length.
///
/// # Errors
/// The first error in task order (of a `fill` or a `write`); the threads stop at their next
/// task. A failure if the threads cannot be started or one of them panicked.
pub(crate) fn run<W: Send>(
    threads: usize,
    tasks: Tasks,
    make: impl Fn() -> W,
    fill: impl Fn(&mut W, Job) -> Result<(), CliError> + Sync,
    mut write: impl FnMut(&mut W, Job) -> Result<(), CliError>,
) -> Result<(), CliError> {
    if threads <= 1 || tasks.records() <= SERIAL_MAX {
        let mut worker = make();
        for seq in 0..tasks.len() {
            let job = tasks.job(seq);
            fill(&mut worker, job)?;
            write(&mut worker, job)?;
        }
        return Ok(());
    }
    let ring = Ring::new(threads.saturating_mul(SLOTS_PER_THREAD), &make);
    std::thread::scope(|scope| {
        for i in 0..threads {
            let spawned = std::thread::Builder::new()
                .name(format!("fastbip32-{i}"))
                .spawn_scoped(scope, || ring.fill_loop(tasks, &fill));
            if let Err(e) = spawned {
                ring.abort();
                return Err(CliError::Failure(format!(
                    "cannot start {threads} threads: {e}"
                )));
            }
        }
        let written = ring.write_loop(tasks, &mut write);
        if written.is_err() {
            ring.abort();
        }
        written
    })
}

/// Where a ring slot's worker is in its cycle.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    /// Ready to be filled with task `seq`.
    Free(u64),
    /// Holds task `seq`, to be written.
    Filled(u64),
}

/// A ring slot: a worker, its state, and the error its last `fill` returned.
struct Slot<W> {
    state: State,
    error: Option<CliError>,
    worker: W,
}

/// The ring of [`run`]: task `seq` goes to slot `seq % len`. The filling threads take tasks
/// in order from `next`; `aborted` stops everyone.
struct Ring<W> {
    slots: Vec<(Mutex<Slot<W>>, Condvar)>,
    next: AtomicU64,
    aborted: AtomicBool,
}

/// Locks a slot, through a poisoned lock too: a thread that panicked set `aborted` first.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Waits on a slot's condition variable, through a poisoned lock too.
fn wait<'a, T>(cv: &Condvar, guard: MutexGuard<'a, T>) -> MutexGuard<'a, T> {
    cv.wait(guard).unwrap_or_else(PoisonError::into_inner)
}

/// Aborts the ring when dropped during a panic, so that the writer does not wait for a task
/// that will never be filled.
struct AbortOnPanic<'a, W>(&'a Ring<W>);

impl<W> Drop for AbortOnPanic<'_, W> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.abort();
        }
    }
}

impl<W> Ring<W> {
    fn new(len: usize, make: impl Fn() -> W) -> Self {
        let slots = (0..len)
            .map(|i| {
                let slot = Slot {
                    state: State::Free(i as u64),
                    error: None,
                    worker: make(),
                };
                (Mutex::new(slot), Condvar::new())
            })
            .collect();
        Self {
            slots,
            next: AtomicU64::new(0),
            aborted: AtomicBool::new(false),
        }
    }

    /// The slot of task `seq` (`None` only for a ring without slots, which [`run`] never
    /// makes).
    fn slot(&self, seq: u64) -> Option<&(Mutex<Slot<W>>, Condvar)> {
        let len = self.slots.len() as u64;
        let i = usize::try_from(seq.checked_rem(len)?).ok()?;
        self.slots.get(i)
    }

    fn is_aborted(&self) -> bool {
        self.aborted.load(Ordering::Acquire)
    }

    /// Stops every thread: sets the flag, then wakes each slot's waiters (under its lock, so
    /// that no waiter misses it between its check and its wait).
    fn abort(&self) {
        self.aborted.store(true, Ordering::Release);
        for (mutex, cv) in &self.slots {
            drop(lock(mutex));
            cv.notify_all();
        }
    }

    /// A filling thread: takes the next task, waits for its slot to be free, fills it, and
    /// so on until the tasks run out or the ring is aborted.
    fn fill_loop(&self, tasks: Tasks, fill: &impl Fn(&mut W, Job) -> Result<(), CliError>) {
        let _guard = AbortOnPanic(self);
        while !self.is_aborted() {
            let seq = self.next.fetch_add(1, Ordering::Relaxed);
            if seq >= tasks.len() {
                return;
            }
            let Some((mutex, cv)) = self.slot(seq) else {
                return;
            };
            let mut slot = lock(mutex);
            while slot.state != State::Free(seq) {
                if self.is_aborted() {
                    return;
                }
                slot = wait(cv, slot);
            }
            // The lock is held while filling: only the writer, waiting for this very task,
            // can want it meanwhile.
            let job = tasks.job(seq);
            slot.error = fill(&mut slot.worker, job).err();
            let failed = slot.error.is_some();
            slot.state = State::Filled(seq);
            drop(slot);
            cv.notify_all();
            if failed {
                // The writer stops the run at this task; the tasks after it are not needed.
                return;
            }
        }
    }

    /// The writer: waits for each task in order, writes it, and frees its slot for the task
    /// a ring later.
    fn write_loop(
        &self,
        tasks: Tasks,
        write: &mut impl FnMut(&mut W, Job) -> Result<(), CliError>,
    ) -> Result<(), CliError> {
        let len = self.slots.len() as u64;
        for seq in 0..tasks.len() {
            let Some((mutex, cv)) = self.slot(seq) else {
                return Err(CliError::Failure("no worker threads".to_owned()));
            };
            let mut slot = lock(mutex);
            while slot.state != State::Filled(seq) {
                if self.is_aborted() {
                    return Err(CliError::Failure(
                        "a worker thread stopped unexpectedly".to_owned(),
                    ));
                }
                slot = wait(cv, slot);
            }
            if let Some(error) = slot.error.take() {
                return Err(error);
            }
            write(&mut slot.worker, tasks.job(seq))?;
            slot.state = State::Free(seq + len);
            drop(slot);
            cv.notify_all();
        }
        Ok(())
    }
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
    type Collected = (Result<(), CliError>, Vec<(usize, u32)>, Vec<Job>);

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
