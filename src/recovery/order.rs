//! Token orders: which token stands in which slot of a phrase. Either the template's order
//! changed by sets of adjacent swaps (`--swaps`), or any order of the words that are not
//! anchored, drawn from the template's free words and its extra words (`--unordered`).
//!
//! Both are counted and unranked by a public index only: the token sets are never read here.

use super::error::{Error, Result};
use super::picks::Picks;

/// The most words of a phrase (and tokens an order places).
pub(super) const MAX_WORDS: usize = 24;

/// The most token orders an `--unordered` template may have (2⁴⁰ ≈ 1.1 × 10¹²: 14 free
/// words, 14! ≈ 8.7 × 10¹⁰, fit; 15 do not); see [`Error::TooManyOrders`].
pub const MAX_ORDERS: u64 = 1 << 40;

/// The token orders a space walks.
#[derive(Clone, Debug)]
pub(super) enum Orders {
    /// The template's order with `k` disjoint adjacent swaps (pairs of `len + 1` tokens).
    Swaps(Picks),
    /// The free slots filled with an ordered choice from the free tokens and the extra words.
    Unordered(Arrangements),
}

impl Orders {
    /// The number of orders of `swaps` swaps (an unordered template has orders of 0 swaps
    /// only).
    pub(super) fn count(&self, swaps: usize) -> u64 {
        match self {
            Self::Swaps(pairs) => pairs.count(swaps),
            Self::Unordered(arrangements) => {
                if swaps == 0 {
                    arrangements.count()
                } else {
                    0
                }
            }
        }
    }

    /// Order number `rank` (below [`count(swaps)`](Self::count)): entry `j` is the token of
    /// the `j`-th slot that is not a missing word.
    pub(super) fn unrank(&self, swaps: usize, rank: u64) -> [u8; MAX_WORDS] {
        match self {
            Self::Swaps(pairs) => {
                let mask = pairs.unrank(swaps, rank);
                let mut order = identity();
                for i in 0..MAX_WORDS - 1 {
                    if mask >> i & 1 == 1 {
                        order.swap(i, i + 1);
                    }
                }
                order
            }
            Self::Unordered(arrangements) => arrangements.unrank(rank),
        }
    }
}

/// The orders of an `--unordered` template of `len` tokens, `anchored` (a bit per token) of
/// them fixed in their slots, with `extra` extra words (tokens `len..len + extra`).
///
/// Order number `rank` is `choice * f! + permutation`, with `f` the free slots: `choice`
/// ranks, in [`Picks`]' order, the `f` tokens chosen from the pool (the free tokens in
/// template order, then the extra words), and `permutation` ranks their order in the
/// lexicographic order of permutations (the chosen tokens in pool order first). Rank 0 is the
/// template as written.
#[derive(Clone, Debug)]
pub(super) struct Arrangements {
    /// The free slots, then unused entries.
    free: [u8; MAX_WORDS],
    /// The pool: the free tokens, then the extra words.
    pool: [u8; MAX_WORDS],
    free_len: usize,
    pool_len: usize,
    choices: Picks,
    /// `f!`.
    permutations: u64,
    count: u64,
}

impl Arrangements {
    /// The orders of `len` tokens with `anchored` fixed and `extra` extra words.
    ///
    /// # Errors
    /// [`Error::TooManyExtraWords`] for a pool (free tokens and extra words) of more than
    /// 24; [`Error::TooManyOrders`] for more than [`MAX_ORDERS`] orders.
    pub(super) fn new(len: usize, anchored: u32, extra: usize) -> Result<Self> {
        let mut free = [0u8; MAX_WORDS];
        let mut free_len = 0;
        for (slot, i) in (0..len.min(MAX_WORDS))
            .filter(|&i| anchored >> i & 1 == 0)
            .enumerate()
        {
            if let Some(dst) = free.get_mut(slot) {
                *dst = small(i);
            }
            free_len += 1;
        }
        let pool_len = free_len + extra;
        if pool_len > MAX_WORDS {
            return Err(Error::TooManyExtraWords {
                extra,
                max: MAX_WORDS - free_len,
            });
        }
        let mut pool = free;
        for (dst, token) in pool.iter_mut().skip(free_len).zip(len..len + extra) {
            *dst = small(token);
        }
        let choices = Picks::combinations(pool_len);
        let too_many = Error::TooManyOrders {
            orders: u64::MAX,
            max: MAX_ORDERS,
        };
        let permutations = (1..=free_len as u64)
            .try_fold(1u64, u64::checked_mul)
            .ok_or(too_many)?;
        let count = choices
            .count(free_len)
            .checked_mul(permutations)
            .ok_or(too_many)?;
        if count > MAX_ORDERS {
            return Err(Error::TooManyOrders {
                orders: count,
                max: MAX_ORDERS,
            });
        }
        Ok(Self {
            free,
            pool,
            free_len,
            pool_len,
            choices,
            permutations,
            count,
        })
    }

    /// The number of orders.
    pub(super) fn count(&self) -> u64 {
        self.count
    }

    /// Order number `rank` (below [`count`](Self::count)), as a token per slot.
    fn unrank(&self, rank: u64) -> [u8; MAX_WORDS] {
        let mut order = identity();
        let permutations = self.permutations.max(1);
        let mask = self.choices.unrank(self.free_len, rank / permutations);
        let mut permutation = rank % permutations;
        // The chosen tokens, in pool order.
        let mut chosen = [0u8; MAX_WORDS];
        let mut left = 0;
        for (bit, &token) in self.pool.iter().enumerate().take(self.pool_len) {
            if mask >> bit & 1 == 1 {
                if let Some(dst) = chosen.get_mut(left) {
                    *dst = token;
                }
                left += 1;
            }
        }
        // The factorial number system: digit k picks among the `f - k` tokens left.
        let mut radix = self.permutations;
        for &slot in self.free.iter().take(self.free_len) {
            radix /= left.max(1) as u64;
            let digit = usize::try_from(permutation / radix.max(1)).unwrap_or(0);
            permutation %= radix.max(1);
            let token = chosen.get(digit).copied().unwrap_or(0);
            if let Some(rest) = chosen.get_mut(digit..left) {
                rest.rotate_left(1);
            }
            left = left.saturating_sub(1);
            if let Some(dst) = order.get_mut(usize::from(slot)) {
                *dst = token;
            }
        }
        order
    }
}

fn identity() -> [u8; MAX_WORDS] {
    core::array::from_fn(small)
}

/// A token number below 256 (token numbers are below 48).
#[allow(clippy::cast_possible_truncation)] // callers pass numbers below 2 × 24
fn small(i: usize) -> u8 {
    i as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;
    use std::vec::Vec;

    fn orders(len: usize, anchored: u32, extra: usize) -> Vec<Vec<u8>> {
        let a = Arrangements::new(len, anchored, extra).unwrap();
        (0..a.count())
            .map(|r| a.unrank(r).get(..len).unwrap().to_vec())
            .collect()
    }

    #[test]
    fn every_order_once_anchors_kept() {
        // 5 tokens, token 1 and 3 anchored, 2 extra words (tokens 5 and 6): the 3 free slots
        // take an ordered choice of 3 of the 5 pool tokens, 5 · 4 · 3 = 60 orders.
        let all = orders(5, 0b01010, 2);
        assert_eq!(all.len(), 60);
        assert_eq!(all.iter().collect::<BTreeSet<_>>().len(), 60);
        assert_eq!(all[0], [0, 1, 2, 3, 4]);
        for order in &all {
            assert_eq!((order[1], order[3]), (1, 3));
            let free: BTreeSet<u8> = [order[0], order[2], order[4]].into_iter().collect();
            assert_eq!(free.len(), 3);
            assert!(free.iter().all(|t| [0, 2, 4, 5, 6].contains(t)));
        }
    }

    #[test]
    fn permutations_in_lexicographic_order() {
        let all = orders(3, 0, 0);
        let expected: Vec<Vec<u8>> = [
            [0, 1, 2],
            [0, 2, 1],
            [1, 0, 2],
            [1, 2, 0],
            [2, 0, 1],
            [2, 1, 0],
        ]
        .map(|o| o.to_vec())
        .to_vec();
        assert_eq!(all, expected);
    }

    #[test]
    fn bounds() {
        assert_eq!(Arrangements::new(12, 0, 0).unwrap().count(), 479_001_600);
        assert_eq!(
            Arrangements::new(15, 0, 0).unwrap_err(),
            Error::TooManyOrders {
                orders: 1_307_674_368_000,
                max: MAX_ORDERS
            }
        );
        assert!(matches!(
            Arrangements::new(24, 0, 0),
            Err(Error::TooManyOrders { .. })
        ));
        assert_eq!(
            Arrangements::new(12, 0b1111_1111_1100, 23).unwrap_err(),
            Error::TooManyExtraWords { extra: 23, max: 22 }
        );
        // 2 free words and 15 extra words: 17 · 16 orders.
        assert_eq!(
            Arrangements::new(12, 0b1111_1111_1100, 15).unwrap().count(),
            272
        );
        // 24 words, 22 anchored, 2 extra words: 4 · 3 orders.
        assert_eq!(Arrangements::new(24, 0xff_fffc, 2).unwrap().count(), 12);
    }
}
