//! SHA-512 compressions in AVX-512 lanes (AVX-512F + VL): native 64-bit rotates (`vprorq`)
//! and three-input logic (`vpternlogq`) for Σ0, Σ1, σ0, σ1, Ch and Maj. One body, three
//! widths: two lanes in xmm registers, four in ymm, eight in zmm. AVX-512VL gives the
//! narrow widths the same instructions and all 32 vector registers.

/// `vpternlogq` truth tables, operands (a, b, c) ↦ bits of (0xf0, 0xcc, 0xaa).
const XOR3: i32 = 0x96; // a ^ b ^ c
const CH: i32 = 0xca; // (a & b) ^ (!a & c)
const MAJ: i32 = 0xe8; // (a & b) | (a & c) | (b & c)

/// Σ/σ: the XOR of three rotates (or two rotates and a shift), one `vpternlogq`.
macro_rules! big_sigma {
    ($x:expr, $r1:literal, $r2:literal, $r3:literal) => {
        tern!(XOR3, ror!($x, $r1), ror!($x, $r2), ror!($x, $r3))
    };
}
macro_rules! small_sigma {
    ($x:expr, $r1:literal, $r2:literal, $s:literal) => {
        tern!(XOR3, ror!($x, $r1), ror!($x, $r2), shr!($x, $s))
    };
}

/// One round, FIPS 180-4 §6.4.2 step 3, with the working variables renamed instead of
/// moved: writes the new `e` into `$d` and the new `a` into `$h`.
macro_rules! round {
    ($a:ident, $b:ident, $c:ident, $d:ident, $e:ident, $f:ident, $g:ident, $h:ident, $kw:expr) => {
        let t1 = add!(
            add!(add!($h, $kw), tern!(CH, $e, $f, $g)),
            big_sigma!($e, 14, 18, 41)
        );
        let t2 = add!(big_sigma!($a, 28, 34, 39), tern!(MAJ, $a, $b, $c));
        $d = add!($d, t1);
        $h = add!(t1, t2);
    };
}

/// Round `16 * block + $j`: from block 1 on (`$schedule`), first the schedule word W[t]
/// (FIPS 180-4 §6.4.2 step 1) in the ring of 16, then the round.
macro_rules! step {
    ($w:ident, $block:expr, $schedule:literal, $j:literal, $a:ident, $b:ident, $c:ident, $d:ident, $e:ident, $f:ident, $g:ident, $h:ident) => {
        if $schedule {
            $w[$j] = add!(
                add!($w[$j], small_sigma!($w[($j + 1) & 15], 1, 8, 7)),
                add!(
                    $w[($j + 9) & 15],
                    small_sigma!($w[($j + 14) & 15], 19, 61, 6)
                )
            );
        }
        round!(
            $a,
            $b,
            $c,
            $d,
            $e,
            $f,
            $g,
            $h,
            add!($w[$j], splat!(K[16 * $block + $j]))
        );
    };
}

/// Sixteen rounds, the working variables back in their places at the end.
macro_rules! rounds16 {
    ($w:ident, $block:expr, $schedule:literal, $a:ident, $b:ident, $c:ident, $d:ident, $e:ident, $f:ident, $g:ident, $h:ident) => {
        step!($w, $block, $schedule, 0, $a, $b, $c, $d, $e, $f, $g, $h);
        step!($w, $block, $schedule, 1, $h, $a, $b, $c, $d, $e, $f, $g);
        step!($w, $block, $schedule, 2, $g, $h, $a, $b, $c, $d, $e, $f);
        step!($w, $block, $schedule, 3, $f, $g, $h, $a, $b, $c, $d, $e);
        step!($w, $block, $schedule, 4, $e, $f, $g, $h, $a, $b, $c, $d);
        step!($w, $block, $schedule, 5, $d, $e, $f, $g, $h, $a, $b, $c);
        step!($w, $block, $schedule, 6, $c, $d, $e, $f, $g, $h, $a, $b);
        step!($w, $block, $schedule, 7, $b, $c, $d, $e, $f, $g, $h, $a);
        step!($w, $block, $schedule, 8, $a, $b, $c, $d, $e, $f, $g, $h);
        step!($w, $block, $schedule, 9, $h, $a, $b, $c, $d, $e, $f, $g);
        step!($w, $block, $schedule, 10, $g, $h, $a, $b, $c, $d, $e, $f);
        step!($w, $block, $schedule, 11, $f, $g, $h, $a, $b, $c, $d, $e);
        step!($w, $block, $schedule, 12, $e, $f, $g, $h, $a, $b, $c, $d);
        step!($w, $block, $schedule, 13, $d, $e, $f, $g, $h, $a, $b, $c);
        step!($w, $block, $schedule, 14, $c, $d, $e, $f, $g, $h, $a, $b);
        step!($w, $block, $schedule, 15, $b, $c, $d, $e, $f, $g, $h, $a);
    };
}

/// The kernel body for one vector width: `states[i] := compress(states[i], blocks[i])`.
macro_rules! kernel {
    ($(#[$attr:meta])* $name:ident, $lanes:literal, $features:literal) => {
        $(#[$attr])*
        #[target_feature(enable = $features)]
        #[allow(
            clippy::cast_possible_wrap,
            clippy::many_single_char_names,
            clippy::indexing_slicing
        )] // round constants are reinterpreted bit for bit; indices are constants below 80
        pub(in crate::sys) fn $name(states: &mut [[u64; 8]; $lanes], blocks: &[[u8; 128]; $lanes]) {
            let (mut wl, mut sl) = to_lanes(states, blocks);
            let mut w = [zero!(); 16];
            for (v, row) in w.iter_mut().zip(&wl) {
                // SAFETY: `row` is `$lanes` u64s, exactly one vector; the load is unaligned.
                *v = unsafe { load!(row.as_ptr().cast()) };
            }
            let mut init = [zero!(); 8];
            for (v, row) in init.iter_mut().zip(&sl) {
                // SAFETY: as above.
                *v = unsafe { load!(row.as_ptr().cast()) };
            }
            let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut h] = init;
            rounds16!(w, 0, false, a, b, c, d, e, f, g, h);
            for block in 1..5 {
                rounds16!(w, block, true, a, b, c, d, e, f, g, h);
            }
            let mut s = [a, b, c, d, e, f, g, h];
            for ((v, start), row) in s.iter_mut().zip(&init).zip(sl.iter_mut()) {
                *v = add!(*v, *start);
                // SAFETY: `row` is `$lanes` u64s, exactly one vector; the store is unaligned.
                unsafe { store!(row.as_mut_ptr().cast(), *v) };
            }
            from_lanes(states, &sl);
            // The transposed rows in memory are functions of secret blocks and states: wiped.
            // The schedule ring and the working variables stay in registers (AVX-512 has 32:
            // the round loop has no spill, per `objdump`); wiping them as arrays would force
            // them onto the stack first, and slow every round down with memory traffic.
            zeroize::Zeroize::zeroize(&mut wl);
            zeroize::Zeroize::zeroize(&mut sl);
        }
    };
}

/// The instructions of one vector width, under the names the kernel body uses.
macro_rules! width {
    (
        add = $add:ident, ror = $ror:ident, shr = $shr:ident, tern = $tern:ident,
        splat = $splat:ident, zero = $zero:ident, load = $load:ident, store = $store:ident
    ) => {
        use core::arch::x86_64::{$add, $load, $ror, $shr, $splat, $store, $tern, $zero};
        macro_rules! add {
            ($x:expr, $y:expr) => {
                $add($x, $y)
            };
        }
        macro_rules! ror {
            ($x:expr, $n:literal) => {
                $ror::<$n>($x)
            };
        }
        macro_rules! shr {
            ($x:expr, $n:literal) => {
                $shr::<$n>($x)
            };
        }
        macro_rules! tern {
            ($imm:expr, $x:expr, $y:expr, $z:expr) => {
                $tern::<{ $imm }>($x, $y, $z)
            };
        }
        macro_rules! splat {
            ($k:expr) => {
                $splat($k as i64)
            };
        }
        macro_rules! zero {
            () => {
                $zero()
            };
        }
        macro_rules! load {
            ($p:expr) => {
                $load($p)
            };
        }
        macro_rules! store {
            ($p:expr, $v:expr) => {
                $store($p, $v)
            };
        }
    };
}

/// Eight lanes in zmm registers.
pub(in crate::sys) mod zmm {
    use super::super::{from_lanes, to_lanes, K};
    use super::{CH, MAJ, XOR3};
    width!(
        add = _mm512_add_epi64,
        ror = _mm512_ror_epi64,
        shr = _mm512_srli_epi64,
        tern = _mm512_ternarylogic_epi64,
        splat = _mm512_set1_epi64,
        zero = _mm512_setzero_si512,
        load = _mm512_loadu_epi64,
        store = _mm512_storeu_epi64
    );
    kernel!(
        /// Eight compressions in zmm lanes.
        compress8, 8, "avx512f"
    );
}

/// Four lanes in ymm registers.
pub(in crate::sys) mod ymm {
    use super::super::{from_lanes, to_lanes, K};
    use super::{CH, MAJ, XOR3};
    width!(
        add = _mm256_add_epi64,
        ror = _mm256_ror_epi64,
        shr = _mm256_srli_epi64,
        tern = _mm256_ternarylogic_epi64,
        splat = _mm256_set1_epi64x,
        zero = _mm256_setzero_si256,
        load = _mm256_loadu_epi64,
        store = _mm256_storeu_epi64
    );
    kernel!(
        /// Four compressions in ymm lanes.
        compress4, 4, "avx512f,avx512vl"
    );
}

/// Two lanes in xmm registers: an HMAC key's inner and outer states, or any two
/// independent compressions.
pub(in crate::sys) mod xmm {
    use super::super::{from_lanes, to_lanes, K};
    use super::{CH, MAJ, XOR3};
    width!(
        add = _mm_add_epi64,
        ror = _mm_ror_epi64,
        shr = _mm_srli_epi64,
        tern = _mm_ternarylogic_epi64,
        splat = _mm_set1_epi64x,
        zero = _mm_setzero_si128,
        load = _mm_loadu_epi64,
        store = _mm_storeu_epi64
    );
    kernel!(
        /// Two compressions in xmm lanes.
        compress2, 2, "avx512f,avx512vl"
    );
}
