//! Direct calls into libsecp256k1.
//!
//! Why not the safe `secp256k1` API? Two reasons:
//! * `secp256k1::PublicKey::from_secret_key` (0.33) re-randomises the global context after
//!   every call, which costs about as much as the public key itself (a re-randomisation is
//!   one base-point multiplication). We randomise each context before its first use and
//!   every [`REFRESH_EVERY`] uses (with `std`), and call `secp256k1_ec_pubkey_create` on it.
//! * `secp256k1::SecretKey` is `Copy` and cannot be wiped; calling the C functions on our own
//!   zeroizing buffers keeps every copy of a secret under our control.

use secp256k1::ffi;
use secp256k1::ffi::types::c_uchar;

/// Compressed public key size.
const PUBLIC_KEY_LEN: usize = 33;

/// How many public-key computations a thread's context serves before it is re-randomised
/// with fresh entropy (with `std`). Re-randomising costs about one public key; this keeps the
/// cost below 0.1 %.
#[cfg(feature = "std")]
const REFRESH_EVERY: u32 = 1024;

/// Blinds this thread's context before its first use, and again every [`REFRESH_EVERY`] uses,
/// with 32 bytes from the OS RNG. Should the OS RNG fail, a hash of the secret about to be
/// used is mixed in instead (libsecp256k1 allows secret data as blinding seed).
#[cfg(feature = "std")]
fn blind_before_use(sk: &[u8; 32]) {
    extern crate std;
    std::thread_local! {
        static USES: core::cell::Cell<u32> = const { core::cell::Cell::new(0) };
    }
    // The `secp256k1` crate keeps one context per thread when `std` is on.
    let due = USES.with(|uses| {
        let n = uses.get();
        uses.set(if n + 1 >= REFRESH_EVERY { 0 } else { n + 1 });
        n == 0
    });
    if due {
        let mut seed = zeroize::Zeroizing::new([0u8; 32]);
        if getrandom::fill(&mut seed[..]).is_err() {
            hash_seed(sk, &mut seed);
        }
        secp256k1::rerandomize_global_context(&seed);
        #[cfg(test)]
        tests::BLINDINGS.with(|b| b.set(b.get() + 1));
    }
}

/// Without `std` the crate keeps one global context: it is blinded before its first use with a
/// hash of the first secret, unless the caller has called `Secp256k1::randomize_context`
/// first, which is the way to give it real entropy. Best effort: the `secp256k1` crate drops
/// a re-randomisation that finds its spin lock taken (SECURITY.md, "Blinding").
#[cfg(not(feature = "std"))]
fn blind_before_use(sk: &[u8; 32]) {
    use core::sync::atomic::Ordering;
    if !BLINDED.swap(true, Ordering::Relaxed) {
        let mut seed = zeroize::Zeroizing::new([0u8; 32]);
        hash_seed(sk, &mut seed);
        secp256k1::rerandomize_global_context(&seed);
    }
}

#[cfg(not(feature = "std"))]
static BLINDED: core::sync::atomic::AtomicBool = core::sync::atomic::AtomicBool::new(false);

/// Re-randomises libsecp256k1's context (side-channel blinding) with `seed`: 32 bytes of
/// entropy from the caller (with `std` the crate seeds each thread's context from the OS RNG
/// by itself; without `std` this is how to give it real entropy).
pub(crate) fn randomize_context(seed: &[u8; 32]) {
    secp256k1::rerandomize_global_context(seed);
    #[cfg(not(feature = "std"))]
    BLINDED.store(true, core::sync::atomic::Ordering::Relaxed);
}

/// `SHA-256("fastbip32 context blinding" ‖ sk)` into `out`, over a zeroizing state.
fn hash_seed(sk: &[u8; 32], out: &mut [u8; 32]) {
    use sha2::Digest;
    let mut h = sha2::Sha256::new();
    h.update(b"fastbip32 context blinding");
    h.update(sk);
    h.finalize_into(out.into());
}

/// `[sk]G`, compressed. `None` if `sk` is zero or not below the group order.
///
/// The context is blinded before its first use and refreshed as [`blind_before_use`] says.
pub(crate) fn secp256k1_public_key(sk: &[u8; 32]) -> Option<[u8; PUBLIC_KEY_LEN]> {
    blind_before_use(sk);
    secp256k1::with_raw_global_context(
        |ctx| {
            // SAFETY: `ffi::PublicKey::new` makes an all-zero placeholder that libsecp256k1
            // overwrites on success; it is read only when the call returned 1.
            let mut pk = unsafe { ffi::PublicKey::new() };
            // SAFETY: `ctx` is a live context owned by the `secp256k1` crate for the duration
            // of this closure; `pk` is a valid out-pointer and `sk` points to 32 readable bytes,
            // as the function requires.
            let ok =
                unsafe { ffi::secp256k1_ec_pubkey_create(ctx.as_ptr(), &raw mut pk, sk.as_ptr()) };
            if ok != 1 {
                return None;
            }
            let mut out = [0u8; PUBLIC_KEY_LEN];
            let mut len = PUBLIC_KEY_LEN;
            // SAFETY: `out` has room for the 33 bytes of a compressed key and `len` says so;
            // `pk` was initialised by the successful call above.
            let ok = unsafe {
                ffi::secp256k1_ec_pubkey_serialize(
                    ctx.as_ptr(),
                    out.as_mut_ptr(),
                    &raw mut len,
                    &raw const pk,
                    ffi::SECP256K1_SER_COMPRESSED,
                )
            };
            (ok == 1 && len == PUBLIC_KEY_LEN).then_some(out)
        },
        None,
    )
}

/// `sk := sk + tweak mod n` in place. Returns false (leaving `sk` unspecified, to be
/// discarded) when `tweak ≥ n` or the sum is zero: BIP-32's invalid-child condition.
pub(crate) fn secp256k1_seckey_tweak_add(sk: &mut [u8; 32], tweak: &[u8; 32]) -> bool {
    // SAFETY: the static context is valid for functions that need no precomputation, which
    // `ec_seckey_tweak_add` is; both pointers refer to 32 valid bytes, `sk` writable.
    let ok = unsafe {
        ffi::secp256k1_ec_seckey_tweak_add(
            ffi::secp256k1_context_static,
            sk.as_mut_ptr().cast::<c_uchar>(),
            tweak.as_ptr().cast::<c_uchar>(),
        )
    };
    ok == 1
}

/// `K + tweak·G`, compressed, through libsecp256k1's `ec_pubkey_tweak_add`. `None` when
/// `tweak ≥ n` or the sum is the point at infinity: BIP-32's invalid child. Variable time:
/// every input is public (a parent public key and its child's `I_L`).
pub(crate) fn secp256k1_tweak_public_vartime(
    parent: &secp256k1::PublicKey,
    tweak: &[u8; 32],
) -> Option<[u8; PUBLIC_KEY_LEN]> {
    secp256k1_tweak_point_vartime(parent, tweak).map(|p| p.serialize())
}

/// [`secp256k1_tweak_public_vartime`]'s sum as libsecp256k1's point, for callers that want
/// more than its compressed encoding. Variable time, as that one.
pub(crate) fn secp256k1_tweak_point_vartime(
    parent: &secp256k1::PublicKey,
    tweak: &[u8; 32],
) -> Option<secp256k1::PublicKey> {
    let tweak = secp256k1::Scalar::from_be_bytes(*tweak).ok()?;
    parent.add_exp_tweak(&tweak).ok()
}

/// Whether `sk` is a valid secret key: non-zero and below the group order.
pub(crate) fn secp256k1_seckey_verify(sk: &[u8; 32]) -> bool {
    // SAFETY: as above; `sk` points to 32 readable bytes.
    let ok = unsafe {
        ffi::secp256k1_ec_seckey_verify(
            ffi::secp256k1_context_static,
            sk.as_ptr().cast::<c_uchar>(),
        )
    };
    ok == 1
}

#[cfg(all(test, feature = "std"))]
mod tests {
    extern crate std;

    std::thread_local! {
        pub(super) static BLINDINGS: core::cell::Cell<u32> = const { core::cell::Cell::new(0) };
    }

    #[test]
    fn each_thread_is_blinded_before_its_first_key_and_refreshed() {
        let counts = std::thread::spawn(|| {
            let sk = [7u8; 32];
            let before = BLINDINGS.with(core::cell::Cell::get);
            let first = super::secp256k1_public_key(&sk);
            let after_first = BLINDINGS.with(core::cell::Cell::get);
            for _ in 1..super::REFRESH_EVERY {
                let _ = super::secp256k1_public_key(&sk);
            }
            let before_refresh = BLINDINGS.with(core::cell::Cell::get);
            let refreshed = super::secp256k1_public_key(&sk);
            let after_refresh = BLINDINGS.with(core::cell::Cell::get);
            assert_eq!(first, refreshed, "blinding never changes a result");
            (before, after_first, before_refresh, after_refresh)
        })
        .join()
        .unwrap();
        assert_eq!(counts, (0, 1, 1, 2));
    }
}
