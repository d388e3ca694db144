//! `Descriptor.address_table`: a descriptor's outputs as a `pyarrow.Table`, built from Rust
//! buffers without a Python object per row.
//!
//! The rows are cut into tasks of [`TASK_ROWS`] indices of one branch. The library's
//! ordered pool ([`fastbip32::ordered::run`]) derives each task on a worker thread into
//! Arrow's buffers (the `uint32` values, the `int32` offsets and the bytes of the string and
//! binary columns); the calling thread turns each finished task, in task order, into a
//! `pyarrow.RecordBatch` (one copy of each buffer into a Python `bytes`, which pyarrow then
//! uses in place), so what is held beyond the table is a few tasks per thread. The workers
//! never touch Python; the calling thread holds the GIL only while it makes a batch.

use fastbip32::ordered;

use fastbip32::descriptor::{Branch, Derived, Descriptor};
use fastbip32::Network;
use pyo3::exceptions::PyModuleNotFoundError;
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::convert;
use crate::errors;
use crate::limits;
use crate::outputs::{check_range, for_each_output, rows};

/// Indices per task: one `RecordBatch` of the table.
const TASK_ROWS: u32 = 1 << 14;

/// One task: `count` indices from `first` of the branch at `part` of the branches asked for.
#[derive(Clone, Copy, Debug)]
struct Task {
    part: usize,
    first: u32,
    count: u32,
}

/// One task's rows as Arrow buffers (little-endian, as Arrow lays them out).
struct Chunk {
    rows: usize,
    branch: u32,
    /// The first index, or None for a descriptor without a range (a null `index`).
    first_index: Option<u32>,
    address_offsets: Vec<u8>,
    addresses: Vec<u8>,
    script_offsets: Vec<u8>,
    scripts: Vec<u8>,
}

/// Appends `value` to an Arrow offsets buffer.
#[allow(
    clippy::expect_used,
    reason = "an invariant of the task size, not an input: it cannot fail"
)]
fn push_offset(offsets: &mut Vec<u8>, value: usize) {
    let value = i32::try_from(value)
        .expect("a task's column holds at most 2^14 values of at most 128 bytes");
    offsets.extend_from_slice(&value.to_le_bytes());
}

/// The longest address text a row holds (a segwit address is at most 90 characters).
const MAX_ADDRESS: usize = 128;

/// The longest scriptPubKey a row holds (a version 1 to 16 witness program of 40 bytes).
const MAX_SCRIPT: usize = 42;

/// Why a task has no rows: a library error, or a buffer the allocator refused. Made a Python
/// exception on the calling thread (the workers never touch Python).
#[derive(Debug)]
enum Failure {
    Library(fastbip32::descriptor::Error),
    OutOfMemory,
}

impl From<fastbip32::descriptor::Error> for Failure {
    fn from(err: fastbip32::descriptor::Error) -> Self {
        Self::Library(err)
    }
}

impl Failure {
    fn into_py(self) -> PyErr {
        match self {
            Self::Library(err) => errors::lib(err),
            Self::OutOfMemory => errors::out_of_memory("a task's rows"),
        }
    }
}

/// Why a task stopped the table: its rows failed (on a worker), or making its batch raised
/// (on the calling thread, with the GIL).
enum Stop {
    Rows(Failure),
    Python(PyErr),
}

/// An empty buffer with room for `bytes` bytes, or [`Failure::OutOfMemory`].
fn room(bytes: usize) -> Result<Vec<u8>, Failure> {
    let mut out = Vec::new();
    out.try_reserve_exact(bytes)
        .map_err(|_| Failure::OutOfMemory)?;
    Ok(out)
}

/// Derives `task`'s rows, into buffers reserved in full first (so that no allocation past
/// the reservation can fail).
fn fill(
    descriptor: &Descriptor,
    branch: &Branch<'_>,
    task: Task,
    network: Network,
    scratch: &mut Vec<Derived>,
) -> Result<Chunk, Failure> {
    let rows = rows(descriptor, task.count) as usize;
    let mut chunk = Chunk {
        rows,
        branch: u32::try_from(branch.number()).unwrap_or(u32::MAX),
        first_index: descriptor.is_ranged().then_some(task.first),
        address_offsets: room(4 * (rows + 1))?,
        addresses: room(MAX_ADDRESS * rows)?,
        script_offsets: room(4 * (rows + 1))?,
        scripts: room(MAX_SCRIPT * rows)?,
    };
    push_offset(&mut chunk.address_offsets, 0);
    push_offset(&mut chunk.script_offsets, 0);
    for_each_output(
        descriptor,
        branch,
        task.first,
        task.count,
        scratch,
        |output| {
            let address = output.address(network)?;
            chunk.addresses.extend_from_slice(address.as_bytes());
            push_offset(&mut chunk.address_offsets, chunk.addresses.len());
            chunk
                .scripts
                .extend_from_slice(output.script_pubkey().as_bytes());
            push_offset(&mut chunk.script_offsets, chunk.scripts.len());
            Ok(())
        },
    )?;
    Ok(chunk)
}

/// The pyarrow objects a table is made with.
struct Arrow<'py> {
    pa: Bound<'py, PyModule>,
    schema: Bound<'py, PyAny>,
}

impl<'py> Arrow<'py> {
    /// The module and schema, to be bound again under another hold of the GIL.
    fn unbind(&self) -> (Py<PyModule>, Py<PyAny>) {
        (self.pa.clone().unbind(), self.schema.clone().unbind())
    }

    /// The objects [`unbind`](Self::unbind) gave, bound to `py`.
    fn bind(py: Python<'py>, (pa, schema): &(Py<PyModule>, Py<PyAny>)) -> Self {
        Self {
            pa: pa.bind(py).clone(),
            schema: schema.bind(py).clone(),
        }
    }

    fn new(py: Python<'py>) -> PyResult<Self> {
        let pa = py.import("pyarrow").map_err(|_| {
            PyModuleNotFoundError::new_err(
                "Descriptor.address_table needs pyarrow: pip install 'fastbip32[arrow]'",
            )
        })?;
        let field = |name: &str, kind: &str, nullable: bool| -> PyResult<Bound<'py, PyAny>> {
            let kind = pa.getattr(kind)?.call0()?;
            pa.getattr("field")?.call1((name, kind, nullable))
        };
        let fields = PyList::new(
            py,
            [
                field("branch", "uint32", false)?,
                field("index", "uint32", true)?,
                field("address", "string", false)?,
                field("script_pubkey", "binary", false)?,
            ],
        )?;
        let schema = pa.getattr("schema")?.call1((fields,))?;
        Ok(Self { pa, schema })
    }

    /// A pyarrow buffer holding a copy of `data`.
    fn buffer(&self, data: &[u8]) -> PyResult<Bound<'py, PyAny>> {
        let py = self.pa.py();
        self.pa
            .getattr("py_buffer")?
            .call1((convert::bytes(py, data)?,))
    }

    /// An array of `rows` values of type `kind` from Arrow `buffers` (no validity bitmap).
    fn array(
        &self,
        kind: &str,
        rows: usize,
        buffers: Vec<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = self.pa.py();
        let kind = self.pa.getattr(kind)?.call0()?;
        let mut all = vec![py.None().into_bound(py)];
        all.extend(buffers);
        self.pa.getattr("Array")?.getattr("from_buffers")?.call1((
            kind,
            rows,
            PyList::new(py, all)?,
        ))
    }

    /// The `RecordBatch` of `chunk`.
    fn batch(&self, chunk: &Chunk) -> PyResult<Bound<'py, PyAny>> {
        let py = self.pa.py();
        let rows = chunk.rows;
        let mut repeat = convert::reserve(4 * rows, "a batch's columns")?;
        repeat.extend(core::iter::repeat_n(chunk.branch.to_le_bytes(), rows).flatten());
        let branch = self.array("uint32", rows, vec![self.buffer(&repeat)?])?;
        let index = match chunk.first_index {
            Some(first) => {
                let mut values = convert::reserve(4 * rows, "a batch's columns")?;
                values.extend((0..rows).flat_map(|i| {
                    first
                        .saturating_add(u32::try_from(i).unwrap_or(u32::MAX))
                        .to_le_bytes()
                }));
                self.array("uint32", rows, vec![self.buffer(&values)?])?
            }
            None => self
                .pa
                .getattr("nulls")?
                .call1((rows, self.pa.getattr("uint32")?.call0()?))?,
        };
        let address = self.array(
            "string",
            rows,
            vec![
                self.buffer(&chunk.address_offsets)?,
                self.buffer(&chunk.addresses)?,
            ],
        )?;
        let script = self.array(
            "binary",
            rows,
            vec![
                self.buffer(&chunk.script_offsets)?,
                self.buffer(&chunk.scripts)?,
            ],
        )?;
        let columns = PyList::new(py, [branch, index, address, script])?;
        let kwargs = pyo3::types::PyDict::new(py);
        kwargs.set_item("schema", &self.schema)?;
        self.pa
            .getattr("RecordBatch")?
            .getattr("from_arrays")?
            .call((columns,), Some(&kwargs))
    }

    fn table(&self, batches: Vec<Bound<'py, PyAny>>) -> PyResult<Bound<'py, PyAny>> {
        let py = self.pa.py();
        let kwargs = pyo3::types::PyDict::new(py);
        kwargs.set_item("schema", &self.schema)?;
        self.pa
            .getattr("Table")?
            .getattr("from_batches")?
            .call((PyList::new(py, batches)?,), Some(&kwargs))
    }
}

/// The tasks of `count` indices from `start` of each of `parts` branches, branch by branch.
fn tasks(descriptor: &Descriptor, parts: usize, start: u32, count: u32) -> Vec<Task> {
    let rows = rows(descriptor, count);
    let mut out = Vec::new();
    for part in 0..parts {
        let mut done = 0u32;
        while done < rows {
            let n = (rows - done).min(TASK_ROWS);
            out.push(Task {
                part,
                first: start.saturating_add(done),
                count: n,
            });
            done += n;
        }
    }
    out
}

/// `Descriptor.address_table`; see there.
pub(crate) fn address_table<'py>(
    py: Python<'py>,
    descriptor: &Descriptor,
    start: u32,
    count: u32,
    branches: &[usize],
    network: Network,
    threads: Option<u64>,
) -> PyResult<Bound<'py, PyAny>> {
    let threads = limits::thread_count(threads)?;
    let arrow = Arrow::new(py)?;
    // Every branch's index-independent work, and the range check, before any task.
    let prepared = py
        .detach(
            || -> Result<Vec<Branch<'_>>, fastbip32::descriptor::Error> {
                let prepared = branches
                    .iter()
                    .map(|&b| descriptor.branch(b))
                    .collect::<Result<Vec<_>, _>>()?;
                if let Some(first) = prepared.first() {
                    check_range(descriptor, first, start, count)?;
                }
                Ok(prepared)
            },
        )
        .map_err(errors::lib)?;
    let tasks = tasks(descriptor, prepared.len(), start, count);
    let threads = threads.min(tasks.len()).max(1);
    let fill = |(scratch, chunk): &mut (Vec<Derived>, Option<Chunk>), i: u64| {
        #[allow(
            clippy::expect_used,
            reason = "the pool numbers the tasks below the count it is given, tasks.len()"
        )]
        let task = *usize::try_from(i)
            .ok()
            .and_then(|i| tasks.get(i))
            .expect("a task number below the number of tasks");
        let branch =
            prepared
                .get(task.part)
                .ok_or(fastbip32::descriptor::Error::BranchOutOfRange {
                    branch: task.part,
                    branches: prepared.len(),
                });
        let branch = branch.map_err(|e| Stop::Rows(e.into()))?;
        *chunk = Some(fill(descriptor, branch, task, network, scratch).map_err(Stop::Rows)?);
        Ok(())
    };
    let objects = arrow.unbind();
    let mut batches: Vec<Py<PyAny>> = convert::reserve(tasks.len(), "the batches")?;
    // The GIL is released for the whole run, and taken again by the calling thread for each
    // batch it makes.
    let run = py.detach(|| {
        ordered::run(
            threads,
            tasks.len() as u64,
            || (Vec::new(), None),
            fill,
            |(_, chunk), _| {
                let Some(chunk) = chunk.take() else {
                    return Ok(());
                };
                Python::attach(|py| {
                    let batch = Arrow::bind(py, &objects).batch(&chunk)?;
                    py.check_signals()?;
                    batches.push(batch.unbind());
                    Ok(())
                })
                .map_err(Stop::Python)
            },
        )
    });
    match run {
        Ok(()) => arrow.table(batches.into_iter().map(|b| b.into_bound(py)).collect()),
        Err(ordered::Error::Task(Stop::Rows(failure))) => Err(failure.into_py()),
        Err(ordered::Error::Task(Stop::Python(err))) => Err(err),
        Err(ordered::Error::Spawn { source, .. }) => Err(errors::binding(
            "ThreadSpawnFailed",
            format!("cannot start a worker thread: {source}"),
        )),
        Err(ordered::Error::WorkerStopped) => Err(errors::binding(
            "ThreadSpawnFailed",
            "a worker thread stopped without its task".to_owned(),
        )),
    }
}
