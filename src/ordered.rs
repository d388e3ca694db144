//! Ordered work on a few threads: `threads` scoped threads fill buffers for tasks `0..count`
//! while the calling thread consumes them in task order ([`run`]).
//!
//! Task `seq` runs on thread `seq % threads`, so the order of the results is the same for any
//! thread count. Each thread owns [`SLOTS_PER_THREAD`] buffers, which travel between it and
//! the consumer over two bounded channels (filled ones to the consumer, consumed ones back):
//! a thread runs at most that many tasks ahead of the consumer, so memory stays flat for any
//! number of tasks. The static deal keeps the threads equally busy when the tasks are all
//! the same size. Failing to start a thread is an error ([`Error::Spawn`]), never a panic.
//!
//! # What crosses between threads
//! A channel's slots are heap blocks, and a message is copied into its slot whole: with the
//! bytes its type leaves unused (padding, the unused part of an enum such as
//! `Result<(), E>` holding `Ok`), which are whatever the sending thread's stack held there.
//! A filling thread's stack holds the copies of the secrets its `fill` worked with, so a
//! message with such a gap could carry one into a block freed unwiped. So every message is
//! written in full: a buffer travels as its box (a pointer; it is made by `make` on the
//! calling thread and boxed there, once), a filled one with its error as an
//! `Option<Box<E>>` (a pointer, null for none). A failing `fill`'s error is boxed on its
//! thread: an `E` whose variants leave 32 bytes or more unused would take that much of the
//! stack into the box, so the callers' error types keep their variants near one size.

use std::boxed::Box;
use std::string::String;
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::vec::Vec;
use std::{fmt, format, io, thread};

/// Buffers per thread: how many tasks a thread may run ahead of the consumer.
pub const SLOTS_PER_THREAD: usize = 4;

/// Why [`run`] stopped.
#[derive(Debug)]
pub enum Error<E> {
    /// A `fill` or a `consume` failed: the first failure in task order.
    Task(E),
    /// A thread could not be started (the threads already started are stopped first).
    Spawn {
        /// The number of threads asked for.
        threads: usize,
        /// The operating system's error.
        source: io::Error,
    },
    /// A thread stopped without handing over its task: it panicked. The panic is raised
    /// again on the calling thread once every thread has stopped, so this is seen only
    /// where the panic is caught.
    WorkerStopped,
}

impl<E: fmt::Display> fmt::Display for Error<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Task(e) => e.fmt(f),
            Self::Spawn { threads, source } => {
                write!(f, "cannot start {threads} threads: {source}")
            }
            Self::WorkerStopped => f.write_str("a worker thread stopped unexpectedly"),
        }
    }
}

impl<E: fmt::Debug + fmt::Display> core::error::Error for Error<E> {}

/// Runs tasks `0..count`: for each, `fill` a buffer on one of `threads` threads, then
/// `consume` it on the calling thread, in task order. Buffers come from `make` (once per
/// slot, [`SLOTS_PER_THREAD`] per thread) and are reused. With `threads` ≤ 1 everything
/// runs on the calling thread, with one buffer.
///
/// # Errors
/// [`Error::Task`] with the first error in task order (of a `fill` or a `consume`): the
/// consumer stops there, and the threads stop at their next send or receive, as the channels
/// close. [`Error::Spawn`] if a thread cannot be started; [`Error::WorkerStopped`] if one
/// stopped without its task.
///
/// # Panics
/// A panic of `fill` on a thread is raised again on the calling thread, after every thread
/// has stopped (as [`std::thread::scope`] does).
///
/// # Examples
///
/// ```
/// use fastbip32::ordered;
///
/// let mut out = Vec::new();
/// ordered::run(
///     3,
///     10,
///     || 0u64,
///     |square: &mut u64, task| -> Result<(), ()> {
///         *square = task * task;
///         Ok(())
///     },
///     |square, _| {
///         out.push(*square);
///         Ok(())
///     },
/// )
/// .unwrap();
/// assert_eq!(out, [0, 1, 4, 9, 16, 25, 36, 49, 64, 81]);
/// ```
pub fn run<B: Send, E: Send>(
    threads: usize,
    count: u64,
    make: impl Fn() -> B,
    fill: impl Fn(&mut B, u64) -> Result<(), E> + Sync,
    mut consume: impl FnMut(&mut B, u64) -> Result<(), E>,
) -> Result<(), Error<E>> {
    if threads <= 1 {
        let mut buffer = make();
        for task in 0..count {
            fill(&mut buffer, task).map_err(Error::Task)?;
            consume(&mut buffer, task).map_err(Error::Task)?;
        }
        return Ok(());
    }
    thread::scope(|scope| {
        let fill = &fill;
        let mut lanes = Vec::new();
        lanes.try_reserve_exact(threads).map_err(|_| Error::Spawn {
            threads,
            source: io::Error::from(io::ErrorKind::OutOfMemory),
        })?;
        for i in 0..threads {
            let (free_tx, free_rx) = sync_channel::<Box<B>>(SLOTS_PER_THREAD);
            let (done_tx, done_rx) = sync_channel::<Filled<B, E>>(SLOTS_PER_THREAD);
            for _ in 0..SLOTS_PER_THREAD {
                // The channel holds SLOTS_PER_THREAD buffers and its receiver is alive, so
                // this cannot fail; a failure would only mean fewer buffers in flight.
                let _ = free_tx.send(Box::new(make()));
            }
            let name: String = format!("fastbip32-{i}");
            let spawned = thread::Builder::new()
                .name(name)
                .spawn_scoped(scope, move || {
                    let mine = (i as u64..count).step_by(threads);
                    fill_loop(mine, fill, &free_rx, &done_tx);
                });
            if let Err(source) = spawned {
                // Dropping the lanes closes every channel: the started threads stop.
                return Err(Error::Spawn { threads, source });
            }
            lanes.push(Lane {
                free: free_tx,
                done: done_rx,
            });
        }
        // Returning drops the lanes, which stops every thread before the scope joins them.
        consume_loop(&lanes, count, &mut consume)
    })
}

/// A filled buffer, with its `fill`'s error if that failed. Both are boxes: the message
/// is two pointers, every byte of it written (see the module's rule on what crosses).
struct Filled<B, E> {
    /// The buffer, filled.
    buffer: Box<B>,
    /// The error of the `fill`, if it failed.
    error: Option<Box<E>>,
}

/// The consumer's end of one thread's channels.
struct Lane<B, E> {
    /// Consumed buffers, back to the thread.
    free: SyncSender<Box<B>>,
    /// Filled buffers, from the thread, in its tasks' order.
    done: Receiver<Filled<B, E>>,
}

/// A filling thread: for each of its tasks, takes a free buffer, fills it and sends it to
/// the consumer; stops after a failed fill or when the consumer has gone.
fn fill_loop<B, E>(
    mine: impl Iterator<Item = u64>,
    fill: &impl Fn(&mut B, u64) -> Result<(), E>,
    free: &Receiver<Box<B>>,
    done: &SyncSender<Filled<B, E>>,
) {
    for task in mine {
        let Ok(mut buffer) = free.recv() else {
            return;
        };
        let error = fill(&mut buffer, task).err().map(Box::new);
        let failed = error.is_some();
        if done.send(Filled { buffer, error }).is_err() || failed {
            return;
        }
    }
}

/// The consumer: takes each task in order from its thread's lane, consumes it, and sends
/// the buffer back.
fn consume_loop<B, E>(
    lanes: &[Lane<B, E>],
    count: u64,
    consume: &mut impl FnMut(&mut B, u64) -> Result<(), E>,
) -> Result<(), Error<E>> {
    for task in 0..count {
        let lane = usize::try_from(task % lanes.len() as u64)
            .ok()
            .and_then(|i| lanes.get(i))
            .ok_or(Error::WorkerStopped)?;
        let Ok(Filled { mut buffer, error }) = lane.done.recv() else {
            return Err(Error::WorkerStopped);
        };
        if let Some(error) = error {
            return Err(Error::Task(*error));
        }
        consume(&mut buffer, task).map_err(Error::Task)?;
        // A thread that has no task left has dropped its receiver: nothing to give back.
        let _ = lane.free.send(buffer);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    fn squares(threads: usize, count: u64) -> Vec<u64> {
        let mut out = Vec::new();
        run(
            threads,
            count,
            || 0u64,
            |b: &mut u64, t| -> Result<(), ()> {
                *b = t * t;
                Ok(())
            },
            |b, t| {
                assert_eq!(*b, t * t);
                out.push(*b);
                Ok(())
            },
        )
        .unwrap();
        out
    }

    #[test]
    fn the_order_is_the_same_for_any_thread_count() {
        let expected: Vec<u64> = (0..1000).map(|t| t * t).collect();
        for threads in [0, 1, 2, 3, 7, 16] {
            assert_eq!(squares(threads, 1000), expected, "{threads} threads");
        }
        assert_eq!(squares(4, 0), Vec::<u64>::new());
    }

    #[test]
    fn the_first_error_in_task_order_is_returned() {
        for threads in [1, 2, 5] {
            let mut seen = Vec::new();
            let result = run(
                threads,
                100,
                || 0u64,
                |b: &mut u64, t| {
                    *b = t;
                    if t == 37 || t == 60 {
                        Err(t)
                    } else {
                        Ok(())
                    }
                },
                |b, _| {
                    seen.push(*b);
                    Ok(())
                },
            );
            assert!(matches!(result, Err(Error::Task(37))), "{threads} threads");
            assert_eq!(seen, (0..37).collect::<Vec<u64>>());
            let consumed = run(
                threads,
                100,
                || (),
                |(), _| Ok(()),
                |(), t| if t == 12 { Err("stop") } else { Ok(()) },
            );
            assert!(matches!(consumed, Err(Error::Task("stop"))));
        }
    }

    /// Every message is two pointers at most, each written: no byte of a buffer or an
    /// error, and no gap a sending thread's stack could fill, goes through a channel.
    #[test]
    fn messages_are_pointers_only() {
        use core::mem::size_of;
        let pointer = size_of::<usize>();
        assert_eq!(size_of::<Box<[u128; 25]>>(), pointer);
        assert_eq!(size_of::<Filled<[u128; 25], [u8; 300]>>(), 2 * pointer);
        assert_eq!(size_of::<Filled<u8, ()>>(), 2 * pointer);
    }

    #[test]
    fn spawn_errors_are_displayed() {
        let e: Error<&str> = Error::Spawn {
            threads: 5000,
            source: io::Error::from(io::ErrorKind::WouldBlock),
        };
        assert!(e.to_string().starts_with("cannot start 5000 threads: "));
        assert_eq!(
            Error::<&str>::WorkerStopped.to_string(),
            "a worker thread stopped unexpectedly"
        );
    }
}
