//! PBKDF2-HMAC-SHA512's iterations (RFC 8018 §5.2, the function F after `U_1`), lanes side
//! by side, the lanes staying in vector registers from the first iteration to the last.
//!
//! Each iteration is one HMAC of the previous 64-byte `U`: two compressions, from the lane's
//! inner and then outer keyed state, of a block whose message is a 64-byte digest. That
//! block's words 8..15 are always the same padding ([`PAD`]), so the kernels take them as
//! constants: rounds 8..15 add a precomputed `K[t] + W[t]`, and the message schedule of
//! rounds 16..31 drops the terms that are zero and adds the constant ones as precomputed
//! sums (σ0 and σ1 of padding words included). The digest of the inner compression is the
//! outer one's message as it stands in registers: nothing is transposed or converted to
//! bytes between compressions.
//!
//! Memory: each lane's inner state, outer state and running XOR `T` are rows of vectors
//! in the kernel's own arrays, read (and `T` written) with volatile accesses at each use,
//! so the compiler neither keeps copies of them in registers it would spill nor hoists
//! them out of the loop; those arrays and their transposed copies are wiped before the
//! kernel returns. `U`, the schedule and the working variables live in registers only
//! (AVX-512 has 32; the 16 of AVX2 spill to the kernel's stack frame, which the caller
//! overwrites, see [`scrub_frames`]).
//!
//! | kernel | lanes | function |
//! |---|--:|---|
//! | [`Kernel::Portable`] | 1 | [`portable`]: `sha2`'s compression, the padding built once |
//! | [`Kernel::Avx2x4`] | 4 | `avx2::iterate4` |
//! | [`Kernel::Avx512x4`], [`Kernel::Avx512x8`] | 4, 8 | `ymm::iterate4`, `zmm::iterate8` |
//!
//! [`Kernel::Avx512x2`] has no loop here ([`has_loop`]): an xmm call takes as long as a
//! ymm one (the same three vector ports), so two lanes run padded in ymm.
//!
//! The kernels are the compressions' choice ([`super::plan`], [`super::DISPATCH`]); the
//! widest runs as often as it fits, and a remainder of two lanes or more runs in one call of
//! the narrowest kernel that holds it, padded: one call of the 4-lane AVX-512 kernel costs
//! about one portable lane (an AVX2 call about two), so padding wins from two lanes on (on
//! AVX2, ties at two and wins at three; measured by the remainder rows of
//! `benches/benches/pbkdf2.rs`).
//! A single lane runs [`portable`].
//!
//! Off x86-64 (wasm32, aarch64) only [`portable`] is built: the padding constants and the
//! kernel macros below serve the vector kernels alone.
#![cfg_attr(
    not(all(target_arch = "x86_64", target_feature = "sse2")),
    allow(dead_code, unused_macros)
)]

use zeroize::Zeroize;

use super::{compress, Kernel, K};

/// Words 8..15 of an HMAC-SHA512 block whose message is a 64-byte digest: the 0x80 byte,
/// zeros, and the bit length of key block and digest, (128 + 64) · 8 (FIPS 180-4 §5.1.2).
const PAD: [u64; 8] = [0x8000_0000_0000_0000, 0, 0, 0, 0, 0, 0, (128 + 64) * 8];

/// σ0 and σ1 of the message schedule (FIPS 180-4 §4.1.3), for the constants below.
const fn small_sigma0(x: u64) -> u64 {
    x.rotate_right(1) ^ x.rotate_right(8) ^ (x >> 7)
}
const fn small_sigma1(x: u64) -> u64 {
    x.rotate_right(19) ^ x.rotate_right(61) ^ (x >> 6)
}

/// `W[8]` and `W[15]`, the padding words that are not zero.
const P8: u64 = PAD[0];
const P15: u64 = PAD[7];
/// The schedule's constant terms: σ0(W[8]) (in W[23]), σ0(W[15]) (in W[30]), σ1(W[15])
/// (in W[17]).
const S0_P8: u64 = small_sigma0(P8);
const S0_P15: u64 = small_sigma0(P15);
const S1_P15: u64 = small_sigma1(P15);

/// `K[t] + W[t]` for rounds 8..15, whose message words are the padding.
#[allow(clippy::indexing_slicing)] // const fn over fixed 0..8
const KW_PAD: [u64; 8] = {
    let mut out = [0u64; 8];
    let mut i = 0;
    while i < 8 {
        out[i] = K[8 + i].wrapping_add(PAD[i]);
        i += 1;
    }
    out
};

/// A vector of one of the kernel's own arrays, read from memory now (volatile).
macro_rules! vload {
    ($v:expr) => {
        // SAFETY: `$v` is an element of a local array of vectors: aligned for its type,
        // initialised, and not borrowed elsewhere.
        unsafe { core::ptr::read_volatile(&$v) }
    };
}

/// Sixteen rounds whose `K[t] + W[t]` are the sixteen expressions given (each may first
/// write its schedule word), the working variables back in their places at the end.
macro_rules! rounds16_by {
    (
        $a:ident, $b:ident, $c:ident, $d:ident, $e:ident, $f:ident, $g:ident, $h:ident;
        [$k0:expr, $k1:expr, $k2:expr, $k3:expr, $k4:expr, $k5:expr, $k6:expr, $k7:expr,
         $k8:expr, $k9:expr, $k10:expr, $k11:expr, $k12:expr, $k13:expr, $k14:expr, $k15:expr $(,)?]
    ) => {
        round!($a, $b, $c, $d, $e, $f, $g, $h, $k0);
        round!($h, $a, $b, $c, $d, $e, $f, $g, $k1);
        round!($g, $h, $a, $b, $c, $d, $e, $f, $k2);
        round!($f, $g, $h, $a, $b, $c, $d, $e, $k3);
        round!($e, $f, $g, $h, $a, $b, $c, $d, $k4);
        round!($d, $e, $f, $g, $h, $a, $b, $c, $k5);
        round!($c, $d, $e, $f, $g, $h, $a, $b, $k6);
        round!($b, $c, $d, $e, $f, $g, $h, $a, $k7);
        round!($a, $b, $c, $d, $e, $f, $g, $h, $k8);
        round!($h, $a, $b, $c, $d, $e, $f, $g, $k9);
        round!($g, $h, $a, $b, $c, $d, $e, $f, $k10);
        round!($f, $g, $h, $a, $b, $c, $d, $e, $k11);
        round!($e, $f, $g, $h, $a, $b, $c, $d, $k12);
        round!($d, $e, $f, $g, $h, $a, $b, $c, $k13);
        round!($c, $d, $e, $f, $g, $h, $a, $b, $k14);
        round!($b, $c, $d, $e, $f, $g, $h, $a, $k15);
    };
}

/// σ0 and σ1 in lanes.
macro_rules! s0 {
    ($x:expr) => {
        small_sigma!($x, 1, 8, 7)
    };
}
macro_rules! s1 {
    ($x:expr) => {
        small_sigma!($x, 19, 61, 6)
    };
}

/// One compression of a block whose message is the digest `$u` (eight vectors, words 0..7)
/// and [`PAD`], from the state in the array `$s` (read at each use); evaluates to the new
/// state, the block's digest. The schedule ring `w` holds W[t] in slot `t & 15`; slots
/// 8..15 are first written at t = 24, and rounds 16..31 name the padding words they read
/// as constants.
macro_rules! compress_digest {
    ($s:ident, $u:ident) => {{
        let z = zero!();
        let mut w = [
            $u[0], $u[1], $u[2], $u[3], $u[4], $u[5], $u[6], $u[7], z, z, z, z, z, z, z, z,
        ];
        let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut h] = [
            vload!($s[0]),
            vload!($s[1]),
            vload!($s[2]),
            vload!($s[3]),
            vload!($s[4]),
            vload!($s[5]),
            vload!($s[6]),
            vload!($s[7]),
        ];
        rounds16_by!(a, b, c, d, e, f, g, h; [
            add!(w[0], splat!(K[0])),
            add!(w[1], splat!(K[1])),
            add!(w[2], splat!(K[2])),
            add!(w[3], splat!(K[3])),
            add!(w[4], splat!(K[4])),
            add!(w[5], splat!(K[5])),
            add!(w[6], splat!(K[6])),
            add!(w[7], splat!(K[7])),
            splat!(KW_PAD[0]),
            splat!(KW_PAD[1]),
            splat!(KW_PAD[2]),
            splat!(KW_PAD[3]),
            splat!(KW_PAD[4]),
            splat!(KW_PAD[5]),
            splat!(KW_PAD[6]),
            splat!(KW_PAD[7]),
        ]);
        // W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16], without the zero terms
        // (W[9..15], σ0 and σ1 of them) and with the constant ones summed in advance.
        rounds16_by!(a, b, c, d, e, f, g, h; [
            {
                w[0] = add!(w[0], s0!(w[1]));
                add!(w[0], splat!(K[16]))
            },
            {
                w[1] = add!(add!(w[1], s0!(w[2])), splat!(S1_P15));
                add!(w[1], splat!(K[17]))
            },
            {
                w[2] = add!(add!(w[2], s0!(w[3])), s1!(w[0]));
                add!(w[2], splat!(K[18]))
            },
            {
                w[3] = add!(add!(w[3], s0!(w[4])), s1!(w[1]));
                add!(w[3], splat!(K[19]))
            },
            {
                w[4] = add!(add!(w[4], s0!(w[5])), s1!(w[2]));
                add!(w[4], splat!(K[20]))
            },
            {
                w[5] = add!(add!(w[5], s0!(w[6])), s1!(w[3]));
                add!(w[5], splat!(K[21]))
            },
            {
                w[6] = add!(add!(w[6], s0!(w[7])), add!(s1!(w[4]), splat!(P15)));
                add!(w[6], splat!(K[22]))
            },
            {
                w[7] = add!(add!(w[7], splat!(S0_P8)), add!(s1!(w[5]), w[0]));
                add!(w[7], splat!(K[23]))
            },
            {
                w[8] = add!(add!(s1!(w[6]), w[1]), splat!(P8));
                add!(w[8], splat!(K[24]))
            },
            {
                w[9] = add!(s1!(w[7]), w[2]);
                add!(w[9], splat!(K[25]))
            },
            {
                w[10] = add!(s1!(w[8]), w[3]);
                add!(w[10], splat!(K[26]))
            },
            {
                w[11] = add!(s1!(w[9]), w[4]);
                add!(w[11], splat!(K[27]))
            },
            {
                w[12] = add!(s1!(w[10]), w[5]);
                add!(w[12], splat!(K[28]))
            },
            {
                w[13] = add!(s1!(w[11]), w[6]);
                add!(w[13], splat!(K[29]))
            },
            {
                w[14] = add!(add!(s1!(w[12]), w[7]), splat!(S0_P15));
                add!(w[14], splat!(K[30]))
            },
            {
                w[15] = add!(add!(s1!(w[13]), w[8]), add!(s0!(w[0]), splat!(P15)));
                add!(w[15], splat!(K[31]))
            },
        ]);
        rounds16!(w, 2, true, a, b, c, d, e, f, g, h);
        rounds16!(w, 3, true, a, b, c, d, e, f, g, h);
        rounds16!(w, 4, true, a, b, c, d, e, f, g, h);
        [
            add!(a, vload!($s[0])),
            add!(b, vload!($s[1])),
            add!(c, vload!($s[2])),
            add!(d, vload!($s[3])),
            add!(e, vload!($s[4])),
            add!(f, vload!($s[5])),
            add!(g, vload!($s[6])),
            add!(h, vload!($s[7])),
        ]
    }};
}

/// The kernel for one vector width: for each lane `l`, `iterations` HMACs
/// `U := HMAC(U)` under the keyed states `inner[l]`, `outer[l]`, starting from
/// `blocks[l]` (`U_1`), each one XOR-ed into `blocks[l]` (so it ends as `T`).
macro_rules! pbkdf2_kernel {
    ($(#[$attr:meta])* $name:ident, $lanes:literal, $features:literal) => {
        $(#[$attr])*
        #[target_feature(enable = $features)]
        #[allow(
            clippy::cast_possible_wrap,
            clippy::many_single_char_names,
            clippy::indexing_slicing,
            clippy::too_many_lines
        )] // round constants are reinterpreted bit for bit; indices are constants below 16
        pub(super) fn $name(
            inner: &[[u64; 8]; $lanes],
            outer: &[[u64; 8]; $lanes],
            blocks: &mut [[u64; 8]; $lanes],
            iterations: u32,
        ) {
            let mut rows = [rows_of(inner), rows_of(outer), rows_of(blocks)];
            let mut si = [zero!(); 8];
            let mut so = [zero!(); 8];
            let mut t = [zero!(); 8];
            for (i, ((vi, vo), vt)) in si.iter_mut().zip(&mut so).zip(&mut t).enumerate() {
                // SAFETY: each row is `$lanes` u64s, exactly one vector; the loads are
                // unaligned.
                unsafe {
                    *vi = load!(rows[0][i].as_ptr().cast());
                    *vo = load!(rows[1][i].as_ptr().cast());
                    *vt = load!(rows[2][i].as_ptr().cast());
                }
            }
            let mut u = t;
            for _ in 0..iterations {
                u = compress_digest!(si, u);
                u = compress_digest!(so, u);
                for (row, word) in t.iter_mut().zip(u) {
                    let sum = xor!(vload!(*row), word);
                    // SAFETY: `row` is an element of `t`, a local array: aligned, and
                    // borrowed only here.
                    unsafe { core::ptr::write_volatile(row, sum) };
                }
            }
            for (row, v) in rows[2].iter_mut().zip(&t) {
                let v = vload!(*v);
                // SAFETY: `row` is `$lanes` u64s, exactly one vector; the store is
                // unaligned.
                unsafe { store!(row.as_mut_ptr().cast(), v) };
            }
            lanes_of(blocks, &rows[2]);
            // `u`, the schedule and the working variables stay in registers (wiping them
            // as arrays would force them onto the stack).
            si.zeroize();
            so.zeroize();
            t.zeroize();
            rows.zeroize();
        }
    };
}

/// `x` transposed: row `i` holds word `i` of every lane. The caller wipes it.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[allow(clippy::indexing_slicing)] // i < 8, l < L by construction
fn rows_of<const L: usize>(x: &[[u64; 8]; L]) -> [[u64; L]; 8] {
    let mut rows = [[0u64; L]; 8];
    for (l, lane) in x.iter().enumerate() {
        for (i, &word) in lane.iter().enumerate() {
            rows[i][l] = word;
        }
    }
    rows
}

/// The inverse of [`rows_of`].
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[allow(clippy::indexing_slicing)] // i < 8, l < L by construction
fn lanes_of<const L: usize>(x: &mut [[u64; 8]; L], rows: &[[u64; L]; 8]) {
    for (l, lane) in x.iter_mut().enumerate() {
        for (i, word) in lane.iter_mut().enumerate() {
            *word = rows[i][l];
        }
    }
}

/// Eight lanes in zmm registers.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod zmm {
    use super::super::avx512::{CH, MAJ, XOR3};
    use super::{lanes_of, rows_of, K, KW_PAD, P15, P8, S0_P15, S0_P8, S1_P15};
    use zeroize::Zeroize;
    width!(
        add = _mm512_add_epi64,
        xor = _mm512_xor_si512,
        ror = _mm512_ror_epi64,
        shr = _mm512_srli_epi64,
        tern = _mm512_ternarylogic_epi64,
        splat = _mm512_set1_epi64,
        zero = _mm512_setzero_si512,
        load = _mm512_loadu_epi64,
        store = _mm512_storeu_epi64
    );
    pbkdf2_kernel!(
        /// Eight lanes in zmm registers.
        iterate8, 8, "avx512f"
    );
}

/// Four lanes in ymm registers (AVX-512VL: all 32 registers, `vprorq`, `vpternlogq`).
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod ymm {
    use super::super::avx512::{CH, MAJ, XOR3};
    use super::{lanes_of, rows_of, K, KW_PAD, P15, P8, S0_P15, S0_P8, S1_P15};
    use zeroize::Zeroize;
    width!(
        add = _mm256_add_epi64,
        xor = _mm256_xor_si256,
        ror = _mm256_ror_epi64,
        shr = _mm256_srli_epi64,
        tern = _mm256_ternarylogic_epi64,
        splat = _mm256_set1_epi64x,
        zero = _mm256_setzero_si256,
        load = _mm256_loadu_epi64,
        store = _mm256_storeu_epi64
    );
    pbkdf2_kernel!(
        /// Four lanes in ymm registers.
        iterate4, 4, "avx512f,avx512vl"
    );
}

/// Four lanes in AVX2 ymm registers: rotates as two shifts and an OR (by 8: one byte
/// shuffle), three-input logic as two or three instructions.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod avx2 {
    use super::{lanes_of, rows_of, K, KW_PAD, P15, P8, S0_P15, S0_P8, S1_P15};
    use core::arch::x86_64::{
        _mm256_add_epi64, _mm256_and_si256, _mm256_andnot_si256, _mm256_loadu_si256,
        _mm256_or_si256, _mm256_set1_epi64x, _mm256_setr_epi8, _mm256_setzero_si256,
        _mm256_shuffle_epi8, _mm256_slli_epi64, _mm256_srli_epi64, _mm256_storeu_si256,
        _mm256_xor_si256,
    };
    use zeroize::Zeroize;

    macro_rules! add {
        ($x:expr, $y:expr) => {
            _mm256_add_epi64($x, $y)
        };
    }
    macro_rules! xor {
        ($x:expr, $y:expr) => {
            _mm256_xor_si256($x, $y)
        };
    }
    macro_rules! ror {
        ($x:expr, 8) => {
            // Bytes 1..7, 0 of each 64-bit lane: a rotate right by 8.
            _mm256_shuffle_epi8(
                $x,
                _mm256_setr_epi8(
                    1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8, 1, 2, 3, 4, 5, 6, 7, 0,
                    9, 10, 11, 12, 13, 14, 15, 8,
                ),
            )
        };
        ($x:expr, $n:literal) => {{
            let x = $x;
            _mm256_or_si256(
                _mm256_srli_epi64::<$n>(x),
                _mm256_slli_epi64::<{ 64 - $n }>(x),
            )
        }};
    }
    macro_rules! shr {
        ($x:expr, $n:literal) => {
            _mm256_srli_epi64::<$n>($x)
        };
    }
    macro_rules! tern {
        (XOR3, $x:expr, $y:expr, $z:expr) => {
            _mm256_xor_si256(_mm256_xor_si256($x, $y), $z)
        };
        (CH, $e:expr, $f:expr, $g:expr) => {{
            let e = $e;
            _mm256_xor_si256(_mm256_and_si256(e, $f), _mm256_andnot_si256(e, $g))
        }};
        (MAJ, $a:expr, $b:expr, $c:expr) => {{
            let (a, b) = ($a, $b);
            _mm256_xor_si256(
                _mm256_and_si256(_mm256_xor_si256(a, b), $c),
                _mm256_and_si256(a, b),
            )
        }};
    }
    macro_rules! splat {
        ($k:expr) => {
            _mm256_set1_epi64x($k as i64)
        };
    }
    macro_rules! zero {
        () => {
            _mm256_setzero_si256()
        };
    }
    macro_rules! load {
        ($p:expr) => {
            _mm256_loadu_si256($p)
        };
    }
    macro_rules! store {
        ($p:expr, $v:expr) => {
            _mm256_storeu_si256($p, $v)
        };
    }
    pbkdf2_kernel!(
        /// Four lanes in AVX2 ymm registers.
        iterate4, 4, "avx2"
    );
}

/// The loop for one lane through `sha2`'s compression ([`compress`]), the padding of the
/// block written once. The block and the states are wiped.
pub(super) fn portable(inner: &[u64; 8], outer: &[u64; 8], block: &mut [u64; 8], iterations: u32) {
    let mut bytes = [0u8; 128];
    for (chunk, word) in bytes.chunks_exact_mut(8).skip(8).zip(&PAD) {
        chunk.copy_from_slice(&word.to_be_bytes());
    }
    let mut u = *block;
    for _ in 0..iterations {
        for half in [inner, outer] {
            for (chunk, word) in bytes.chunks_exact_mut(8).zip(&u) {
                chunk.copy_from_slice(&word.to_be_bytes());
            }
            u = *half;
            compress(&mut u, &bytes);
        }
        for (t, word) in block.iter_mut().zip(&u) {
            *t ^= word;
        }
    }
    bytes.zeroize();
    u.zeroize();
}

/// `iterations` PBKDF2 iterations for every lane `l`: `blocks[l]` holds `U_1` on entry and
/// `T` on return; `inner[l]` and `outer[l]` are the keyed states of the lane's password.
/// Lanes beyond the shortest of the three slices are left alone. Through this process's
/// [`plan`](super::plan); the kernels' stack frames are overwritten afterwards
/// ([`scrub_frames`]).
pub(crate) fn iterate(
    inner: &[[u64; 8]],
    outer: &[[u64; 8]],
    blocks: &mut [[u64; 8]],
    iterations: u32,
) {
    let plan = super::plan();
    // SAFETY: every kernel of the plan has `isa() <= plan.isa <= cpu_isa()` (`detect`).
    unsafe { run_plan(&plan.by_width, inner, outer, blocks, iterations) };
    scrub_frames();
}

/// Writes zeros over the 8 KiB of stack below the caller's frame ([`crate::secret::scrub_stack`]),
/// where the frames of the kernels it just ran lay: the AVX2 kernel's spilled schedule and
/// working variables (its frame is about 4 KiB), `sha2`'s schedule in the portable loop, the
/// AVX-512 kernels' wiped arrays.
fn scrub_frames() {
    crate::secret::scrub_stack::<1024>();
}

/// Whether `kernel` has a PBKDF2 loop (every kernel but [`Kernel::Avx512x2`]).
pub const fn has_loop(kernel: Kernel) -> bool {
    !matches!(kernel, Kernel::Avx512x2)
}

#[cfg(any(test, feature = "bench-internals"))]
/// `iterate` through `kernel` alone, for tests and benches. Returns `false`, doing
/// nothing, where the kernel has no loop ([`has_loop`]), the CPU lacks its instruction set,
/// or the slices are not all of one length, a multiple of its lane count.
pub fn iterate_with(
    kernel: Kernel,
    inner: &[[u64; 8]],
    outer: &[[u64; 8]],
    blocks: &mut [[u64; 8]],
    iterations: u32,
) -> bool {
    let n = blocks.len();
    if !has_loop(kernel)
        || !super::supported(kernel)
        || inner.len() != n
        || outer.len() != n
        || !n.is_multiple_of(kernel.lanes())
    {
        return false;
    }
    for ((i, o), b) in inner
        .chunks_exact(kernel.lanes())
        .zip(outer.chunks_exact(kernel.lanes()))
        .zip(blocks.chunks_exact_mut(kernel.lanes()))
    {
        // SAFETY: the CPU has `kernel.isa()` (checked above).
        unsafe { run(kernel, i, o, b, iterations) };
    }
    true
}

/// Runs the widest of `kernels` with a loop as often as it fits; then a remainder of two
/// lanes or more in one call of the narrowest kernel that holds it, padded with copies of
/// its first lane (discarded, and wiped); a single lane, or every lane where no kernel has a
/// loop, through [`portable`].
///
/// # Safety
/// The CPU has every kernel's instruction set.
unsafe fn run_plan(
    kernels: &[Kernel],
    mut inner: &[[u64; 8]],
    mut outer: &[[u64; 8]],
    mut blocks: &mut [[u64; 8]],
    iterations: u32,
) {
    let simd = || {
        kernels
            .iter()
            .copied()
            .filter(|&k| k != Kernel::Portable && has_loop(k))
    };
    if let Some(widest) = simd().max_by_key(|k| k.lanes()) {
        let lanes = widest.lanes();
        while blocks.len() >= lanes && inner.len() >= lanes && outer.len() >= lanes {
            let (b, b_rest) = core::mem::take(&mut blocks).split_at_mut(lanes);
            let (i, i_rest) = inner.split_at(lanes);
            let (o, o_rest) = outer.split_at(lanes);
            // SAFETY: the caller guarantees the CPU has `widest.isa()`.
            unsafe { run(widest, i, o, b, iterations) };
            (inner, outer, blocks) = (i_rest, o_rest, b_rest);
        }
    }
    let rest = blocks.len().min(inner.len()).min(outer.len());
    let padded = simd()
        .filter(|k| k.lanes() >= rest)
        .min_by_key(|k| k.lanes());
    if let (true, Some(kernel), Some(first)) = (rest >= 2, padded, blocks.first()) {
        let (mut i, mut o, mut b) = ([[0u64; 8]; 8], [[0u64; 8]; 8], [*first; 8]);
        for (((dst_i, dst_o), dst_b), l) in i.iter_mut().zip(&mut o).zip(&mut b).zip(0..8) {
            // The lanes past `rest` repeat lane 0.
            let src = if l < rest { l } else { 0 };
            if let (Some(si), Some(so), Some(sb)) =
                (inner.get(src), outer.get(src), blocks.get(src))
            {
                (*dst_i, *dst_o, *dst_b) = (*si, *so, *sb);
            }
        }
        let lanes = kernel.lanes().min(8);
        if let (Some(i), Some(o), Some(b)) = (i.get(..lanes), o.get(..lanes), b.get_mut(..lanes)) {
            // SAFETY: the caller guarantees the CPU has `kernel.isa()`.
            unsafe { run(kernel, i, o, b, iterations) };
        }
        for (dst, src) in blocks.iter_mut().zip(&b) {
            *dst = *src;
        }
        i.zeroize();
        o.zeroize();
        b.zeroize();
        return;
    }
    for ((i, o), b) in inner.iter().zip(outer).zip(blocks) {
        portable(i, o, b, iterations);
    }
}

/// One call of `kernel`; slices of any other length than its lane count run portably.
///
/// # Safety
/// The CPU has `kernel.isa()`.
unsafe fn run(
    kernel: Kernel,
    inner: &[[u64; 8]],
    outer: &[[u64; 8]],
    blocks: &mut [[u64; 8]],
    iterations: u32,
) {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    match kernel {
        Kernel::Portable | Kernel::Avx512x2 => {}
        Kernel::Avx2x4 => {
            if let (Ok(i), Ok(o), Ok(b)) = (
                inner.try_into(),
                outer.try_into(),
                (&mut *blocks).try_into(),
            ) {
                // SAFETY: the caller guarantees AVX2, the kernel's only requirement.
                unsafe { avx2::iterate4(i, o, b, iterations) };
                return;
            }
        }
        Kernel::Avx512x4 => {
            if let (Ok(i), Ok(o), Ok(b)) = (
                inner.try_into(),
                outer.try_into(),
                (&mut *blocks).try_into(),
            ) {
                // SAFETY: as above.
                unsafe { ymm::iterate4(i, o, b, iterations) };
                return;
            }
        }
        Kernel::Avx512x8 => {
            if let (Ok(i), Ok(o), Ok(b)) = (
                inner.try_into(),
                outer.try_into(),
                (&mut *blocks).try_into(),
            ) {
                // SAFETY: the caller guarantees AVX-512F, the kernel's requirement.
                unsafe { zmm::iterate8(i, o, b, iterations) };
                return;
            }
        }
    }
    let _ = kernel;
    for ((i, o), b) in inner.iter().zip(outer).zip(blocks) {
        portable(i, o, b, iterations);
    }
}

#[cfg(test)]
mod tests {
    use super::super::supported;
    use super::*;
    use proptest::prelude::*;
    use std::vec::Vec;

    /// The iterations written out from FIPS 180-4 and RFC 2104 over `sha2`'s compression:
    /// each block padded in full, byte by byte.
    fn reference(inner: &[u64; 8], outer: &[u64; 8], u1: &[u64; 8], iterations: u32) -> [u64; 8] {
        let mut u = *u1;
        let mut t = *u1;
        for _ in 0..iterations {
            for key in [inner, outer] {
                let mut block = [0u8; 128];
                for (chunk, word) in block.chunks_exact_mut(8).zip(&u) {
                    chunk.copy_from_slice(&word.to_be_bytes());
                }
                block[64] = 0x80;
                block[112..].copy_from_slice(&((128u128 + 64) * 8).to_be_bytes());
                u = *key;
                sha2::block_api::compress512(&mut u, core::slice::from_ref(&block));
            }
            for (t, u) in t.iter_mut().zip(&u) {
                *t ^= u;
            }
        }
        t
    }

    type Lanes = (Vec<[u64; 8]>, Vec<[u64; 8]>, Vec<[u64; 8]>);

    fn lanes(n: usize) -> impl Strategy<Value = Lanes> {
        let v = || proptest::collection::vec(any::<[u64; 8]>(), n);
        (v(), v(), v())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        /// Every kernel this CPU has, called directly over 16 lanes of independent random
        /// states and blocks, equals the reference lane by lane (so no lane reads
        /// another's data), for iteration counts around the unrolled shapes.
        #[test]
        fn every_kernel_equals_reference((inner, outer, u1) in lanes(16), iterations in 0u32..5) {
            let expected: Vec<[u64; 8]> = (0..16)
                .map(|l| reference(&inner[l], &outer[l], &u1[l], iterations))
                .collect();
            for kernel in Kernel::ALL {
                let mut got = u1.clone();
                let ran = iterate_with(kernel, &inner, &outer, &mut got, iterations);
                prop_assert_eq!(ran, supported(kernel) && has_loop(kernel), "{:?}", kernel);
                if ran {
                    prop_assert_eq!(&got, &expected, "{:?}", kernel);
                }
            }
        }

        /// The plan of every level this CPU has, over every lane count up to 15 (full
        /// kernels and remainders), equals the reference.
        #[test]
        fn every_plan_equals_reference((inner, outer, u1) in lanes(15), iterations in 1u32..4) {
            for isa in [super::super::dispatch::Isa::Portable, super::super::dispatch::Isa::Avx2, super::super::dispatch::Isa::Avx512] {
                if isa > super::super::dispatch::cpu_isa() {
                    continue;
                }
                let plan = super::super::dispatch::Plan::for_isa(isa);
                for n in 1..=15 {
                    let mut got = u1[..n].to_vec();
                    // SAFETY: `isa <= cpu_isa()`, so the CPU has every kernel of the plan.
                    unsafe { run_plan(&plan.by_width, &inner, &outer, &mut got, iterations) };
                    for l in 0..n {
                        prop_assert_eq!(
                            got[l],
                            reference(&inner[l], &outer[l], &u1[l], iterations),
                            "{:?} n={} lane {}", isa, n, l
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn mismatched_lengths_run_nothing() {
        let mut blocks = [[1u64; 8]; 8];
        for kernel in Kernel::ALL {
            assert!(!iterate_with(
                kernel,
                &[[0; 8]; 7],
                &[[0; 8]; 8],
                &mut blocks,
                3
            ));
            assert!(!iterate_with(
                kernel,
                &[[0; 8]; 8],
                &[[0; 8]; 8],
                &mut blocks[..7],
                3
            ));
        }
        assert_eq!(blocks, [[1u64; 8]; 8]);
    }
}
