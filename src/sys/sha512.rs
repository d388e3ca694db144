//! SHA-512 compression kernels and their run-time dispatch: the kernels and the round
//! constants, nothing else (HMAC lives in `hash`).
//!
//! SHA-512 rounds are one long dependency chain, so a single compression leaves most of a
//! wide core idle; independent compressions side by side in SIMD lanes fill it. The kernels:
//!
//! | kernel | lanes | needs | file |
//! |---|--:|---|---|
//! | [`Kernel::Portable`] | 1 | — | `sha2::block_api::compress512` |
//! | [`Kernel::Avx2x4`] | 4 | AVX2 | `sha512/avx2.rs` (rotates as two shifts and an OR) |
//! | [`Kernel::Avx512x2`], [`Kernel::Avx512x4`], [`Kernel::Avx512x8`] | 2, 4, 8 | AVX-512F + VL | `sha512/avx512.rs` (`vprorq`, `vpternlogq`) |
//!
//! [`detect`] picks, once per process, the kernel for each batch width from [`DISPATCH`]
//! and the CPU (`cpufeatures`, so the default build needs no `-C target-cpu`). A batch of
//! N compressions runs the widest chosen kernel of at most N lanes as often as it fits, then
//! narrower ones, then [`Kernel::Portable`] for what is left.
//!
//! **Testing switch.** With the unstable `sha512-kernel-override` feature (and only then:
//! other builds never read the environment), the environment variable
//! `FASTBIP32_SHA512_KERNEL` = `portable` | `avx2` | `avx512`, read once at detection, caps
//! the instruction set the dispatch may use (it never enables one the CPU lacks; an empty
//! value is no cap; other values are ignored, and make the unit test
//! `forced_kernel_is_honoured` fail, as does a value set in a build without the feature).
//! CI runs the test suite once per value the machine supports. Every kernel is also tested
//! directly, whatever the switch, against `sha2` (`tests` below).

mod dispatch;
mod lanes;

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[macro_use]
mod macros;
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod avx2;
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod avx512;
#[cfg(any(
    feature = "mnemonic-english",
    feature = "ed25519-bip32",
    feature = "sr25519"
))]
pub(crate) mod pbkdf2;

#[cfg(any(
    feature = "bench-internals",
    feature = "mnemonic-english",
    feature = "ed25519-bip32",
    feature = "sr25519"
))]
pub use self::dispatch::plan;
pub use self::dispatch::Kernel;
pub(crate) use self::dispatch::{compress, compress_many};
#[cfg(any(test, feature = "bench-internals"))]
pub use self::dispatch::{compress_with, supported};
#[cfg(feature = "bench-internals")]
pub use self::dispatch::{detect, Isa, Plan, DISPATCH};
pub(crate) use self::lanes::K;
