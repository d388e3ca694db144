//! The SHA-512 round in vector lanes, written once for every kernel: the sigma functions,
//! a round, a schedule step and sixteen rounds, over per-width primitives (`add!`, `ror!`,
//! `shr!`, `tern!`, `splat!`, …) that each kernel module defines for its registers
//! (`width!` for AVX-512). `tern!(XOR3 | CH | MAJ, x, y, z)` is three-input logic: one
//! `vpternlogq` on AVX-512, two or three instructions on AVX2.

/// Σ/σ: the XOR of three rotates (or two rotates and a shift), one `vpternlogq`. The amounts
/// are token trees, so that a width's `ror!` can match an amount (AVX2 rotates by 8 with a
/// byte shuffle).
macro_rules! big_sigma {
    ($x:expr, $r1:tt, $r2:tt, $r3:tt) => {
        tern!(XOR3, ror!($x, $r1), ror!($x, $r2), ror!($x, $r3))
    };
}
macro_rules! small_sigma {
    ($x:expr, $r1:tt, $r2:tt, $s:tt) => {
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

/// The instructions of one vector width, under the names the kernel body uses.
macro_rules! width {
    (
        add = $add:ident, xor = $xor:ident, ror = $ror:ident, shr = $shr:ident,
        tern = $tern:ident, splat = $splat:ident, zero = $zero:ident, load = $load:ident,
        store = $store:ident
    ) => {
        macro_rules! add {
            ($x:expr, $y:expr) => {
                core::arch::x86_64::$add($x, $y)
            };
        }
        #[allow(unused_macros)] // used by the PBKDF2 loop only
        macro_rules! xor {
            ($x:expr, $y:expr) => {
                core::arch::x86_64::$xor($x, $y)
            };
        }
        macro_rules! ror {
            ($x:expr, $n:literal) => {
                core::arch::x86_64::$ror::<$n>($x)
            };
        }
        macro_rules! shr {
            ($x:expr, $n:literal) => {
                core::arch::x86_64::$shr::<$n>($x)
            };
        }
        macro_rules! tern {
            ($imm:expr, $x:expr, $y:expr, $z:expr) => {
                core::arch::x86_64::$tern::<{ $imm }>($x, $y, $z)
            };
        }
        macro_rules! splat {
            ($k:expr) => {
                core::arch::x86_64::$splat($k as i64)
            };
        }
        macro_rules! zero {
            () => {
                core::arch::x86_64::$zero()
            };
        }
        macro_rules! load {
            ($p:expr) => {
                core::arch::x86_64::$load($p)
            };
        }
        macro_rules! store {
            ($p:expr, $v:expr) => {
                core::arch::x86_64::$store($p, $v)
            };
        }
    };
}
