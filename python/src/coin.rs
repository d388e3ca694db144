//! The coin registry in Python: `fastbip32.COINS`, `fastbip32.coin`, the `Coin` records,
//! `fastbip32.address`, and what the key classes' `address(coin=…)`, `addresses` and
//! `address_table` resolve a coin, kind and network to ([`Request`]).
//!
//! Every address goes through the library's registry ([`fastbip32::coin::encode`]); this
//! module only resolves the names Python passes and derives the children in chunks with the
//! GIL released.

use fastbip32::address::Address;
use fastbip32::address::{AddressKind, CurveFamily};
use fastbip32::coin::{self as lib, AddressFormat, Coin, Context, COINS};
use fastbip32::{ordered, AnyExtendedPublicKey, ChildNumber, Secp256k1Point};
use pyo3::exceptions::PyModuleNotFoundError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

use crate::address;
use crate::convert;
use crate::errors;
use crate::limits;
use crate::names::{self, Curve};

/// The coin named `name`: a slug (`litecoin`) or a symbol (`LTC`, any case).
///
/// # Errors
/// `fastbip32.AddressError` with kind `UnknownCoin`.
pub(crate) fn find(name: &str) -> PyResult<&'static Coin> {
    Coin::find(name).map_err(|_| {
        errors::address(
            "UnknownCoin",
            format!(
                "unknown coin {name:?}: a slug or symbol of fastbip32.COINS ([c.coin for c in fastbip32.COINS] lists the slugs)"
            ),
        )
    })
}

/// The kind of `coin` named `name`: one of its kinds, or an address kind of the package's
/// own names that is one of them (`ethereum` is Ethereum's `eip55`).
///
/// # Errors
/// `fastbip32.AddressError` with kind `UnknownAddressKind`.
fn kind_of(coin: &'static Coin, name: &str) -> PyResult<&'static AddressFormat> {
    if let Some(format) = coin.kind(name) {
        return Ok(format);
    }
    if let Ok(kind) = name.parse::<AddressKind>() {
        let (owner, format) = lib::of_kind(kind);
        if owner.slug() == coin.slug() {
            return Ok(format);
        }
    }
    let kinds: Vec<&str> = coin.kinds().map(AddressFormat::name).collect();
    Err(errors::address(
        "UnknownAddressKind",
        format!(
            "{} has no address kind {name:?} (its kinds: {})",
            coin.slug(),
            kinds.join(", ")
        ),
    ))
}

/// The curve family of a key of `curve`, or an error when it is not `coin`'s.
///
/// # Errors
/// `fastbip32.Error` with kind `UnsupportedByScheme`.
fn check_curve(coin: &Coin, curve: Curve) -> PyResult<()> {
    if fastbip32::any_key::address_family(curve) == Some(coin.curve()) {
        return Ok(());
    }
    let hint = if coin.curve() == CurveFamily::Ed25519Blake2b {
        ": this package derives no ed25519-blake2b keys; give the public key to fastbip32.address(None, public_key, coin=…)"
    } else {
        ""
    };
    Err(errors::binding(
        "UnsupportedByScheme",
        format!(
            "{} addresses are of {} keys, not {} keys{hint}",
            coin.slug(),
            coin.curve(),
            curve.name()
        ),
    ))
}

/// An address asked for: a coin, one of its kinds and what the encoder needs besides the key.
pub(crate) struct Request {
    format: &'static AddressFormat,
    ctx: Context,
}

/// What a key's address is asked with: the key's curve (None: a bare public key, whose
/// curve is the coin's) and network, and the caller's `kind`, `network`, `coin` and
/// `stake_key`.
#[derive(Clone, Copy)]
pub(crate) struct Asked<'a> {
    pub(crate) curve: Option<Curve>,
    pub(crate) key_is_test: Option<bool>,
    pub(crate) kind: Option<&'a str>,
    pub(crate) network: Option<&'a str>,
    pub(crate) coin: Option<&'a str>,
    pub(crate) stake_key: Option<&'a [u8]>,
}

impl Request {
    /// The coin and kind `asked` names: with `coin`, its default kind unless `kind` names one
    /// of its kinds; without, `kind` is one of the package's address kinds (`p2wpkh`,
    /// `ethereum`, …).
    ///
    /// # Errors
    /// `TypeError` without `kind` and `coin`, or for a `stake_key` where none is taken;
    /// `fastbip32.AddressError` (`UnknownCoin`, `UnknownAddressKind`) for unknown names;
    /// `fastbip32.Error` (`UnsupportedByScheme`) for a key of another curve than the coin's,
    /// `NetworkMismatch` for a network the key's version or the coin rules out.
    pub(crate) fn new(asked: Asked<'_>) -> PyResult<Self> {
        let (format, coin) = match (asked.coin, asked.kind) {
            (Some(name), kind) => {
                let coin = find(name)?;
                if let Some(curve) = asked.curve {
                    check_curve(coin, curve)?;
                }
                let format = match kind {
                    Some(kind) => kind_of(coin, kind)?,
                    None => coin.default_kind(),
                };
                (format, Some(coin))
            }
            (None, Some(kind)) => {
                let kind = names::address_kind(kind)?;
                if let Some(curve) = asked.curve {
                    address::check_curve(kind, curve)?;
                }
                (lib::of_kind(kind).1, None)
            }
            (None, None) => {
                return Err(errors::wrong_type(
                    "give kind= (p2wpkh, ethereum, …) or coin= (a slug of fastbip32.COINS)"
                        .to_owned(),
                ))
            }
        };
        let encoder = format.encoder();
        if let (Some(coin), Some(network)) = (coin, asked.network) {
            if !address::has_network(encoder) {
                return Err(errors::binding(
                    "NetworkMismatch",
                    format!(
                        "network={network:?}: {} addresses have one form; network= is for bitcoin's and cardano's",
                        coin.slug()
                    ),
                ));
            }
        }
        let ctx = address::context(encoder, asked.network, asked.key_is_test, asked.stake_key)?;
        Ok(Self { format, ctx })
    }

    /// The address of `public_key`.
    ///
    /// # Errors
    /// `fastbip32.AddressError` (`InvalidPublicKey`, `NeedsStakeKey`, …).
    pub(crate) fn encode(&self, public_key: &[u8]) -> PyResult<String> {
        self.format
            .encode(public_key, &self.ctx)
            .map(|a| a.as_str().to_owned())
            .map_err(errors::lib)
    }
}

/// The address of kind `kind` of a public key: `p2pkh`, `p2sh-p2wpkh`, `p2wpkh`, `p2tr`,
/// `ethereum` (33-byte secp256k1 keys), `solana` (32-byte ed25519 keys),
/// `cardano-enterprise`, `cardano-base`, `cardano-reward` (32-byte BIP32-Ed25519 keys).
/// `network`: `mainnet`, `testnet`, `signet`, `regtest` for Bitcoin; `mainnet`, `testnet`
/// (`preprod`, `preview`) for Cardano; not used by Ethereum and Solana. `cardano-base` needs
/// `stake_key`, the account's `2/0` public key. With `coin` (a slug or symbol of
/// `fastbip32.COINS`), the coin's address of kind `kind` (None: its default kind).
#[pyfunction]
#[pyo3(name = "address", signature = (kind, public_key, network = None, *, stake_key = None, coin = None), text_signature = "(kind, public_key, network = None, *, stake_key = None, coin = None)")]
pub(crate) fn address_of_key(
    kind: Option<String>,
    public_key: &[u8],
    network: Option<String>,
    stake_key: Option<&[u8]>,
    coin: Option<String>,
) -> PyResult<String> {
    match (coin, kind) {
        (Some(name), kind) => {
            let request = Request::new(Asked {
                curve: None,
                key_is_test: None,
                kind: kind.as_deref(),
                network: network.as_deref(),
                coin: Some(&name),
                stake_key,
            })?;
            address::check_key(find(&name)?.curve(), public_key)?;
            request.encode(public_key)
        }
        (None, Some(kind)) => address::encode(
            names::address_kind(&kind)?,
            public_key,
            network.as_deref().unwrap_or("mainnet"),
            stake_key,
        ),
        (None, None) => Err(errors::wrong_type(
            "give kind (p2wpkh, ethereum, …) or coin= (a slug of fastbip32.COINS)".to_owned(),
        )),
    }
}

/// The `count` public keys of the normal children from `first` of `key`, end to end
/// ([`AnyExtendedPublicKey::public_key_len`] bytes each; batched, variable time: its inputs
/// are public).
fn children(key: &AnyExtendedPublicKey, first: u32, count: u32) -> Result<Vec<u8>, Failure> {
    let n = count as usize * key.public_key_len();
    let mut out = Vec::new();
    out.try_reserve_exact(n).map_err(|_| Failure::OutOfMemory)?;
    out.resize(n, 0);
    let start = ChildNumber::normal(first).map_err(Failure::Key)?;
    key.derive_public_keys_into_vartime(start, &mut out)
        .map_err(Failure::Key)?;
    Ok(out)
}

/// Calls `each` with the public key and the address of `request`'s kind of each normal child
/// `first … first + count − 1` of `key`, in order (batched, variable time: its inputs are
/// public). A secp256k1 key's children come as points ([`Secp256k1Point`]), which the encoder
/// takes without decompressing or checking them; the other schemes' as key bytes.
///
/// # Errors
/// The derivation's or the encoder's first error, or `each`'s.
fn each_address(
    key: &AnyExtendedPublicKey,
    first: u32,
    count: u32,
    request: &Request,
    mut each: impl FnMut(&[u8], Address) -> Result<(), Failure>,
) -> Result<(), Failure> {
    if let Some(key) = key.as_secp256k1() {
        let filler = Secp256k1Point::from_compressed(&key.public_key()).map_err(Failure::Key)?;
        let mut points = Vec::new();
        points
            .try_reserve_exact(count as usize)
            .map_err(|_| Failure::OutOfMemory)?;
        points.resize(count as usize, filler);
        let start = ChildNumber::normal(first).map_err(Failure::Key)?;
        key.derive_public_points_into_vartime(start, &mut points)
            .map_err(Failure::Key)?;
        for point in &points {
            let address = request
                .format
                .encode_point(point, &request.ctx)
                .map_err(Failure::Address)?;
            each(point.compressed(), address)?;
        }
        return Ok(());
    }
    for public in children(key, first, count)?.chunks_exact(key.public_key_len()) {
        let address = request
            .format
            .encode(public, &request.ctx)
            .map_err(Failure::Address)?;
        each(public, address)?;
    }
    Ok(())
}

/// Why a chunk has no rows: made a Python exception on the calling thread.
#[derive(Debug)]
enum Failure {
    Key(fastbip32::Error),
    Address(fastbip32::address::Error),
    OutOfMemory,
    /// A worker thread that stopped before its tasks were done.
    Worker,
}

impl Failure {
    fn into_py(self) -> PyErr {
        match self {
            Self::Key(err) => errors::lib(err),
            Self::Address(err) => errors::lib(err),
            Self::OutOfMemory => errors::out_of_memory("a chunk of addresses"),
            Self::Worker => errors::binding(
                "ThreadSpawnFailed",
                "a worker thread stopped before its addresses were derived".to_owned(),
            ),
        }
    }
}

/// Checks that the normal children `start … start + count − 1` of `key` exist.
///
/// # Errors
/// `fastbip32.PathError` (`InvalidChildIndex`) for a range that reaches the hardened indices.
fn check_range(key: &AnyExtendedPublicKey, start: u32, count: u32) -> PyResult<()> {
    let first = ChildNumber::normal(start).map_err(errors::lib)?;
    key.check_children_vartime(first, count as usize)
        .map_err(errors::lib)
}

/// `ExtendedPublicKey.addresses`: the addresses of the normal children `start … start +
/// count − 1` of `key`, derived [`TABLE_ROWS`] at a time with the GIL released (a check for
/// Ctrl-C between chunks).
///
/// # Errors
/// As [`check_range`]; the encoder's errors; `KeyboardInterrupt`.
pub(crate) fn addresses<'py>(
    py: Python<'py>,
    key: &AnyExtendedPublicKey,
    start: u32,
    count: u32,
    request: &Request,
) -> PyResult<Bound<'py, PyList>> {
    check_range(key, start, count)?;
    let out = PyList::empty(py);
    let mut done = 0u32;
    while done < count {
        let n = (count - done).min(TABLE_ROWS);
        let first = start.saturating_add(done);
        let texts = py
            .detach(|| -> Result<Vec<String>, Failure> {
                let mut texts = Vec::new();
                texts
                    .try_reserve_exact(n as usize)
                    .map_err(|_| Failure::OutOfMemory)?;
                each_address(key, first, n, request, |_, address| {
                    texts.push(address.as_str().to_owned());
                    Ok(())
                })?;
                Ok(texts)
            })
            .map_err(Failure::into_py)?;
        for text in &texts {
            out.append(convert::string(py, text)?)?;
        }
        py.check_signals()?;
        done += n;
    }
    Ok(out)
}

/// Indices per chunk of `addresses` and `address_table` (one `RecordBatch`): a chunk takes a
/// few milliseconds, the latency of Ctrl-C.
const TABLE_ROWS: u32 = 1 << 14;

/// One chunk of `address_table` as Arrow buffers (little-endian, as Arrow lays them out).
struct Chunk {
    first: u32,
    rows: usize,
    address_offsets: Vec<u8>,
    addresses: Vec<u8>,
    key_offsets: Vec<u8>,
    keys: Vec<u8>,
}

/// The longest address text a row holds (a Cardano base address on a test network is 108
/// characters; the other families' are shorter).
const MAX_ADDRESS: usize = 128;

/// Appends `value` to an Arrow offsets buffer.
#[allow(
    clippy::expect_used,
    reason = "an invariant of the chunk size, not an input: it cannot fail"
)]
fn push_offset(offsets: &mut Vec<u8>, value: usize) {
    let value = i32::try_from(value)
        .expect("a chunk's column holds at most 2^14 values of at most 128 bytes");
    offsets.extend_from_slice(&value.to_le_bytes());
}

/// The rows of the `n` children from `first`, into buffers reserved in full first.
fn fill(
    key: &AnyExtendedPublicKey,
    request: &Request,
    first: u32,
    n: u32,
) -> Result<Chunk, Failure> {
    let key_len = key.public_key_len();
    let rows = n as usize;
    let room = |bytes: usize| -> Result<Vec<u8>, Failure> {
        let mut out = Vec::new();
        out.try_reserve_exact(bytes)
            .map_err(|_| Failure::OutOfMemory)?;
        Ok(out)
    };
    let mut chunk = Chunk {
        first,
        rows,
        address_offsets: room(4 * (rows + 1))?,
        addresses: room(MAX_ADDRESS * rows)?,
        key_offsets: room(4 * (rows + 1))?,
        keys: room(key_len * rows)?,
    };
    push_offset(&mut chunk.address_offsets, 0);
    push_offset(&mut chunk.key_offsets, 0);
    each_address(key, first, n, request, |public, address| {
        chunk
            .addresses
            .extend_from_slice(address.as_str().as_bytes());
        push_offset(&mut chunk.address_offsets, chunk.addresses.len());
        chunk.keys.extend_from_slice(public);
        push_offset(&mut chunk.key_offsets, chunk.keys.len());
        Ok(())
    })?;
    Ok(chunk)
}

/// Why the ordered run of `address_table` stopped.
enum Stop {
    /// A chunk's rows could not be made.
    Rows(Failure),
    /// Making a batch raised (or Ctrl-C).
    Python(PyErr),
}

/// `ExtendedPublicKey.address_table`: the children's `index`, `address` and `public_key` as a
/// `pyarrow.Table`, built from Rust buffers on `threads` threads with the GIL released.
///
/// # Errors
/// As [`check_range`]; `ModuleNotFoundError` without pyarrow; the encoder's errors.
pub(crate) fn address_table<'py>(
    py: Python<'py>,
    key: &AnyExtendedPublicKey,
    start: u32,
    count: u32,
    request: &Request,
    threads: Option<u64>,
) -> PyResult<Bound<'py, PyAny>> {
    let threads = limits::thread_count(threads)?;
    check_range(key, start, count)?;
    let pa = py.import("pyarrow").map_err(|_| {
        PyModuleNotFoundError::new_err(
            "ExtendedPublicKey.address_table needs pyarrow: pip install 'fastbip32[arrow]'",
        )
    })?;
    let field = |name: &str, kind: &str| -> PyResult<Bound<'py, PyAny>> {
        let kind = pa.getattr(kind)?.call0()?;
        pa.getattr("field")?.call1((name, kind, false))
    };
    let schema = pa.getattr("schema")?.call1((PyList::new(
        py,
        [
            field("index", "uint32")?,
            field("address", "string")?,
            field("public_key", "binary")?,
        ],
    )?,))?;
    let mut tasks = Vec::new();
    let mut done = 0u32;
    while done < count {
        let n = (count - done).min(TABLE_ROWS);
        tasks.push((start.saturating_add(done), n));
        done += n;
    }
    let threads = threads.min(tasks.len()).max(1);
    let mut batches: Vec<Py<PyAny>> = convert::reserve(tasks.len(), "the batches")?;
    let (module, layout) = (pa.clone().unbind(), schema.clone().unbind());
    // The library's ordered pool: chunks are derived on the worker threads with the GIL
    // released, and made into batches in task order on this thread, which takes the GIL for
    // each batch and checks for Ctrl-C there.
    let run = py.detach(|| {
        ordered::run(
            threads,
            tasks.len() as u64,
            || None,
            |slot: &mut Option<Chunk>, i| {
                #[allow(
                    clippy::expect_used,
                    reason = "the pool numbers the tasks below the count it is given, tasks.len()"
                )]
                let &(first, n) = usize::try_from(i)
                    .ok()
                    .and_then(|i| tasks.get(i))
                    .expect("a task number below the number of tasks");
                *slot = Some(fill(key, request, first, n).map_err(Stop::Rows)?);
                Ok(())
            },
            |slot, _| {
                let Some(chunk) = slot.take() else {
                    return Ok(());
                };
                Python::attach(|py| {
                    let made = batch(module.bind(py), layout.bind(py), &chunk)?;
                    py.check_signals()?;
                    batches.push(made.unbind());
                    Ok(())
                })
                .map_err(Stop::Python)
            },
        )
    });
    match run {
        Ok(()) => {}
        Err(ordered::Error::Task(Stop::Rows(failure))) => return Err(failure.into_py()),
        Err(ordered::Error::Task(Stop::Python(err))) => return Err(err),
        Err(ordered::Error::Spawn { source, .. }) => {
            return Err(errors::binding(
                "ThreadSpawnFailed",
                format!("cannot start a worker thread: {source}"),
            ))
        }
        Err(ordered::Error::WorkerStopped) => return Err(Failure::Worker.into_py()),
    }
    let batches: Vec<Bound<'py, PyAny>> = batches.into_iter().map(|b| b.into_bound(py)).collect();
    let kwargs = PyDict::new(py);
    kwargs.set_item("schema", &schema)?;
    pa.getattr("Table")?
        .getattr("from_batches")?
        .call((PyList::new(py, batches)?,), Some(&kwargs))
}

/// The `RecordBatch` of `chunk`.
fn batch<'py>(
    pa: &Bound<'py, PyModule>,
    schema: &Bound<'py, PyAny>,
    chunk: &Chunk,
) -> PyResult<Bound<'py, PyAny>> {
    let py = pa.py();
    let buffer = |data: &[u8]| -> PyResult<Bound<'py, PyAny>> {
        pa.getattr("py_buffer")?.call1((convert::bytes(py, data)?,))
    };
    let array = |kind: &str, buffers: Vec<Bound<'py, PyAny>>| -> PyResult<Bound<'py, PyAny>> {
        let kind = pa.getattr(kind)?.call0()?;
        let mut all = vec![py.None().into_bound(py)];
        all.extend(buffers);
        pa.getattr("Array")?.getattr("from_buffers")?.call1((
            kind,
            chunk.rows,
            PyList::new(py, all)?,
        ))
    };
    let mut indices = convert::reserve(4 * chunk.rows, "a batch's columns")?;
    indices.extend((0..chunk.rows).flat_map(|i| {
        chunk
            .first
            .saturating_add(u32::try_from(i).unwrap_or(u32::MAX))
            .to_le_bytes()
    }));
    let columns = PyList::new(
        py,
        [
            array("uint32", vec![buffer(&indices)?])?,
            array(
                "string",
                vec![buffer(&chunk.address_offsets)?, buffer(&chunk.addresses)?],
            )?,
            array(
                "binary",
                vec![buffer(&chunk.key_offsets)?, buffer(&chunk.keys)?],
            )?,
        ],
    )?;
    let kwargs = PyDict::new(py);
    kwargs.set_item("schema", schema)?;
    pa.getattr("RecordBatch")?
        .getattr("from_arrays")?
        .call((columns,), Some(&kwargs))
}

/// A coin of the registry, as `fastbip32 coins --json` prints it: `coin` (the slug),
/// `symbol`, `name`, `slip44`, `curve`, `address_kinds` (the default first), `default_path`
/// and `default_path_wallets`. Public data: it pickles as `fastbip32.coin(slug)`, compares
/// and hashes by its slug, and copies as itself (it is immutable).
#[pyclass(name = "Coin", module = "fastbip32", frozen)]
pub(crate) struct PyCoin {
    inner: &'static Coin,
}

#[pymethods]
impl PyCoin {
    /// The slug: lowercase, hyphenated (`bitcoin-sv`).
    #[getter]
    fn coin(&self) -> &'static str {
        self.inner.slug()
    }

    /// The ticker symbol (`BSV`).
    #[getter]
    fn symbol(&self) -> &'static str {
        self.inner.symbol()
    }

    /// The name (`Bitcoin SV`).
    #[getter]
    fn name(&self) -> &'static str {
        self.inner.name()
    }

    /// The SLIP-44 coin type.
    #[getter]
    fn slip44(&self) -> u32 {
        self.inner.slip44()
    }

    /// The curve its keys are derived on: `secp256k1`, `nist256p1`, `ed25519`,
    /// `ed25519-bip32` or `ed25519-blake2b`.
    #[getter]
    fn curve(&self) -> &'static str {
        self.inner.curve().as_str()
    }

    /// Its address kinds, the default first.
    #[getter]
    fn address_kinds<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let kinds: Vec<&str> = self.inner.kinds().map(AddressFormat::name).collect();
        PyTuple::new(py, kinds)
    }

    /// The default path: account 0's first receive address.
    #[getter]
    fn default_path(&self) -> &'static str {
        self.inner.default_path().path()
    }

    /// The standard or the wallets whose convention the default path is.
    #[getter]
    fn default_path_wallets(&self) -> &'static str {
        self.inner.default_path().wallets()
    }

    /// The record as a dict, with the fields of `fastbip32 coins --json` in their order.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("coin", self.coin())?;
        d.set_item("symbol", self.symbol())?;
        d.set_item("name", self.name())?;
        d.set_item("slip44", self.slip44())?;
        d.set_item("curve", self.curve())?;
        let kinds: Vec<&str> = self.inner.kinds().map(AddressFormat::name).collect();
        d.set_item("address_kinds", PyList::new(py, kinds)?)?;
        d.set_item("default_path", self.default_path())?;
        d.set_item("default_path_wallets", self.default_path_wallets())?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        format!(
            "Coin(coin='{}', symbol='{}', slip44={}, curve='{}')",
            self.inner.slug(),
            self.inner.symbol(),
            self.inner.slip44(),
            self.inner.curve()
        )
    }

    fn __eq__(&self, other: &Self) -> bool {
        self.inner.slug() == other.inner.slug()
    }

    fn __hash__(&self) -> u64 {
        use core::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.inner.slug().hash(&mut hasher);
        hasher.finish()
    }

    /// Pickles as `fastbip32.coin(slug)`.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let find = py.import("fastbip32")?.getattr("coin")?;
        let args = PyTuple::new(py, [slf.get().inner.slug()])?;
        PyTuple::new(py, [find, args.into_any()])
    }

    fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: PyRef<'py, Self>, _memo: &Bound<'py, PyAny>) -> PyRef<'py, Self> {
        slf
    }
}

/// The coin named `name`: a slug (`tron`) or a symbol (`TRX`, any case; a symbol several
/// chains share names its home chain).
///
/// # Errors
/// `fastbip32.AddressError` with kind `UnknownCoin`.
#[pyfunction]
pub(crate) fn coin(name: &str) -> PyResult<PyCoin> {
    find(name).map(|inner| PyCoin { inner })
}

/// Adds `Coin`, `COINS` (every coin, Bitcoin first) and `coin` to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<PyCoin>()?;
    let records = COINS
        .iter()
        .map(|inner| Bound::new(py, PyCoin { inner }))
        .collect::<PyResult<Vec<_>>>()?;
    m.add("COINS", PyTuple::new(py, records)?)?;
    m.add_function(wrap_pyfunction!(coin, m)?)?;
    Ok(())
}
