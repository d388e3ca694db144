//! Direct calls into libsecp256k1.
//!
//! Why not the safe `secp256k1` API? Two measured reasons (see `../shared/PEERS.md` and the
//! `primitives` bench group):
//! * `secp256k1::PublicKey::from_secret_key` (0.33) re-randomises the global context after
//!   every call: 41 µs per public key here against 16 µs for `secp256k1_ec_pubkey_create`
//!   on the same context. We randomise each context once, then reuse it.
//! * `secp256k1::SecretKey` is `Copy` and cannot be wiped; calling the C functions on our own
//!   zeroizing buffers keeps every copy of a secret under our control.

use secp256k1::ffi;
use secp256k1::ffi::types::c_uchar;

/// Compressed public key size.
const PUBLIC_KEY_LEN: usize = 33;

#[cfg(feature = "std")]
fn needs_randomization() -> bool {
    extern crate std;
    std::thread_local! {
        static DONE: core::cell::Cell<bool> = const { core::cell::Cell::new(false) };
    }
    // The `secp256k1` crate keeps one context per thread when `std` is on.
    DONE.with(|d| !d.replace(true))
}

#[cfg(not(feature = "std"))]
fn needs_randomization() -> bool {
    use core::sync::atomic::{AtomicBool, Ordering};
    // Without `std` the crate keeps one global context.
    static DONE: AtomicBool = AtomicBool::new(false);
    !DONE.swap(true, Ordering::Relaxed)
}

/// `[sk]G`, compressed. `None` if `sk` is zero or not below the group order.
///
/// The first call on each context re-randomises it (side-channel blinding) with a seed
/// hashed from the secret, which libsecp256k1 allows; later calls reuse it.
pub(crate) fn secp256k1_public_key(sk: &[u8; 32]) -> Option<[u8; PUBLIC_KEY_LEN]> {
    use sha2::Digest;
    let mut blind = zeroize::Zeroizing::new([0u8; 32]);
    let randomize = needs_randomization();
    if randomize {
        let mut h = sha2::Sha256::new();
        h.update(b"fastbip32 context blinding");
        h.update(sk);
        blind.copy_from_slice(&h.finalize());
    }
    let seed = if randomize { Some(&*blind) } else { None };
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
        seed,
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
