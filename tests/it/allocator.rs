//! The test binary's global allocator: it counts the allocations of each thread (for
//! `alloc.rs`) and, while armed, scans every block before it is freed for registered 32-byte
//! secrets (for `freed_memory.rs`), and hands out every block cleared ([`clear_if_armed`]).
//!
//! Counting is per thread, so tests running in parallel do not disturb each other's counts.
//! The scanner is global (the library may free on rayon's threads): the tests that arm it
//! take [`SERIAL`], and look for secrets derived from seeds no other test uses.

#![allow(unsafe_code)] // a counting and scanning global allocator needs `unsafe impl GlobalAlloc`

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicUsize, Ordering};
use std::sync::Mutex;

/// Up to this many secrets are looked for.
pub(crate) const SLOTS: usize = 4;

static PATTERNS: [[AtomicU8; 32]; SLOTS] = [const { [const { AtomicU8::new(0) }; 32] }; SLOTS];
static PATTERN_COUNT: AtomicUsize = AtomicUsize::new(0);
static ARMED: AtomicBool = AtomicBool::new(false);
static HITS: AtomicUsize = AtomicUsize::new(0);
/// The tests arm one global scanner, so they run one at a time.
static SERIAL: Mutex<()> = Mutex::new(());

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

struct Instrumented;

fn count_one() {
    // `try_with`: a thread's allocations after its thread-locals are gone are not counted.
    let _ = ALLOCATIONS.try_with(|a| a.set(a.get() + 1));
}

fn contains_pattern(block: &[u8]) -> bool {
    let count = PATTERN_COUNT.load(Ordering::Acquire).min(SLOTS);
    PATTERNS.iter().take(count).any(|pattern| {
        let first = pattern[0].load(Ordering::Relaxed);
        block.windows(32).any(|w| {
            w[0] == first
                && w.iter()
                    .zip(pattern.iter())
                    .all(|(a, b)| *a == b.load(Ordering::Relaxed))
        })
    })
}

fn scan(ptr: *mut u8, layout: Layout) {
    if ARMED.load(Ordering::Acquire) && layout.size() >= 32 {
        // SAFETY: the callers pass a live block of `layout.size()` bytes, before freeing it.
        let block = unsafe { std::slice::from_raw_parts(ptr, layout.size()) };
        if contains_pattern(block) {
            HITS.fetch_add(1, Ordering::AcqRel);
        }
    }
}

/// While armed, a block is handed out filled with zeros: what it holds when it is freed was
/// written into it after it was allocated. Without this, a block could come with a copy
/// left in recycled memory by code that ran before the scanner was armed (a test's own
/// setup derives the secrets it watches for, and a growing vector of them frees its smaller
/// blocks unscanned), and be counted when code under test frees it without having written
/// over that part (seen: blocks of 64 bytes, aligned to 8, the copy at offset 16 or 32). A
/// copy the code under test frees is counted at that free, so clearing the blocks it is
/// handed hides none.
fn clear_if_armed(block: *mut u8, size: usize) {
    if !block.is_null() && ARMED.load(Ordering::Acquire) {
        // SAFETY: a block `System` has just allocated, `size` bytes long, not yet handed
        // out.
        unsafe { std::ptr::write_bytes(block, 0, size) };
    }
}

// SAFETY: delegates every allocation to `System`; it only counts, writes zeros over a block
// `System` has just allocated (`clear_if_armed`), and before a block is freed (or moved away
// from by a reallocation) it only reads it, while it is still allocated and `layout.size()`
// bytes long.
unsafe impl GlobalAlloc for Instrumented {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count_one();
        // SAFETY: forwarded unchanged.
        let block = unsafe { System.alloc(layout) };
        clear_if_armed(block, layout.size());
        block
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        scan(ptr, layout);
        // SAFETY: forwarded unchanged.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_one();
        // Alloc, copy and free, so that the block moved away from is scanned like any other.
        // SAFETY: `layout.align()` is a valid alignment and `new_size` is non-zero (the
        // trait's contract), so the new layout is valid.
        let new_layout = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
        // SAFETY: forwarded.
        let new = unsafe { System.alloc(new_layout) };
        clear_if_armed(new, new_size);
        if !new.is_null() {
            // SAFETY: both blocks are live and at least `min(old, new)` bytes long, and
            // distinct.
            unsafe { std::ptr::copy_nonoverlapping(ptr, new, layout.size().min(new_size)) };
            scan(ptr, layout);
            // SAFETY: the old block, freed once.
            unsafe { System.dealloc(ptr, layout) };
        }
        new
    }
}

#[global_allocator]
static GLOBAL: Instrumented = Instrumented;

/// Runs `f` and returns how many allocations (and reallocations) this thread made in it.
pub(crate) fn allocations<R>(f: impl FnOnce() -> R) -> (usize, R) {
    let before = ALLOCATIONS.with(Cell::get);
    let r = f();
    (ALLOCATIONS.with(Cell::get) - before, r)
}

/// Runs `f` with the scanner looking for `secrets`, and returns how many freed blocks held
/// one of them.
pub(crate) fn freed_blocks_holding(secrets: &[[u8; 32]], f: impl FnOnce()) -> usize {
    let _serial = SERIAL
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    assert!(secrets.len() <= SLOTS);
    for (slot, secret) in PATTERNS.iter().zip(secrets) {
        for (byte, value) in slot.iter().zip(secret) {
            byte.store(*value, Ordering::Relaxed);
        }
    }
    PATTERN_COUNT.store(secrets.len(), Ordering::Release);
    HITS.store(0, Ordering::Release);
    ARMED.store(true, Ordering::Release);
    f();
    ARMED.store(false, Ordering::Release);
    HITS.load(Ordering::Acquire)
}
