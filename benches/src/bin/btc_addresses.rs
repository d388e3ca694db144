//! The rust-bitcoin reference loop of the pipeline bench: P2WPKH receive addresses of
//! an xpub as CSV, for the whole-process comparison with
//! `fastbip32 addresses --descriptor "wpkh(XPUB/0/*)" --count N --fields index,address --csv`.
//!
//! ```text
//! btc_addresses XPUB COUNT [THREADS]
//! cd benches && cargo build --release --bin btc_addresses   # then target/release/btc_addresses
//! ```
//!
//! Parses `XPUB` (rust-bitcoin's `Xpub`: `xpub…` or `tpub…`), takes its branch key `/0` (one
//! `ckd_pub`), then for `i` in `0..COUNT` derives the child `i` of the branch key with
//! `Xpub::ckd_pub` and its address with `Address::p2wpkh` (`bc1…` for an xpub, `tb1…` for a
//! tpub), and writes `index,address` lines after an `index,address` header through a
//! `BufWriter` on standard output.
//!
//! `THREADS` is 1 (the default) or 2. With 2, the indices go in chunks of [`CHUNK`]; each
//! chunk is cut into two contiguous halves, rendered on two threads into a buffer each (kept
//! from chunk to chunk: memory stays flat for any `COUNT`), and the buffers are written in
//! order, so the output is byte for byte the one of a single thread. This is how the CLI's
//! `--threads` cuts its chunks too.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;
use std::str::FromStr;

use bitcoin::bip32::{ChildNumber, Xpub};
use bitcoin::secp256k1::{Secp256k1, VerifyOnly};
use bitcoin::{Address, KnownHrp, NetworkKind};

/// Indices per chunk with two threads (about 50 bytes of output each).
const CHUNK: u32 = 16_384;

/// What every index needs: the branch key, the context and the address prefix.
struct Branch {
    key: Xpub,
    secp: Secp256k1<VerifyOnly>,
    hrp: KnownHrp,
}

impl Branch {
    /// Writes the CSV lines of indices `range` to `out`.
    fn render(&self, range: std::ops::Range<u32>, out: &mut impl Write) -> Result<(), String> {
        for i in range {
            let child = ChildNumber::from_normal_idx(i).map_err(|e| format!("index {i}: {e}"))?;
            let key = self
                .key
                .ckd_pub(&self.secp, child)
                .map_err(|e| format!("child {i}: {e}"))?;
            let address = Address::p2wpkh(&key.to_pub(), self.hrp);
            writeln!(out, "{i},{address}").map_err(|e| format!("writing: {e}"))?;
        }
        Ok(())
    }
}

fn run(args: &[String]) -> Result<(), String> {
    let usage = "usage: btc_addresses XPUB COUNT [THREADS (1 or 2)]";
    let (xpub, count, threads) = match args {
        [xpub, count] => (xpub, count, "1"),
        [xpub, count, threads] => (xpub, count, threads.as_str()),
        _ => return Err(usage.to_owned()),
    };
    let count: u32 = count
        .parse()
        .ok()
        .filter(|&n| n <= 1 << 31)
        .ok_or_else(|| format!("invalid COUNT {count:?}; {usage}"))?;
    let threads: u32 = match threads {
        "1" => 1,
        "2" => 2,
        _ => return Err(format!("invalid THREADS {threads:?}; {usage}")),
    };
    let secp = Secp256k1::verification_only();
    let xpub = Xpub::from_str(xpub).map_err(|e| format!("invalid XPUB: {e}"))?;
    let key = xpub
        .ckd_pub(&secp, ChildNumber::Normal { index: 0 })
        .map_err(|e| format!("branch key /0: {e}"))?;
    let hrp = match xpub.network {
        NetworkKind::Main => KnownHrp::Mainnet,
        NetworkKind::Test => KnownHrp::Testnets,
    };
    let branch = Branch { key, secp, hrp };

    let mut out = BufWriter::new(io::stdout().lock());
    let write_error = |e: io::Error| format!("writing: {e}");
    out.write_all(b"index,address\n").map_err(write_error)?;
    if threads == 1 {
        branch.render(0..count, &mut out)?;
    } else {
        let (mut first, mut second) = (Vec::new(), Vec::new());
        let mut start = 0;
        while start < count {
            let end = start + CHUNK.min(count - start);
            let mid = start + (end - start) / 2;
            first.clear();
            second.clear();
            let (a, b) = std::thread::scope(|s| {
                let other = s.spawn(|| branch.render(mid..end, &mut second));
                let a = branch.render(start..mid, &mut first);
                (a, other.join())
            });
            a?;
            b.map_err(|_| "a rendering thread panicked".to_owned())??;
            out.write_all(&first).map_err(write_error)?;
            out.write_all(&second).map_err(write_error)?;
            start = end;
        }
    }
    out.flush().map_err(write_error)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("btc_addresses: {message}");
            ExitCode::FAILURE
        }
    }
}
