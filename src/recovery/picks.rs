//! Ranking of the ways to pick `k` of at most 24 positions, in lexicographic order of the
//! sorted positions: the placements of missing words (any `k` of the `n` slots) and the sets
//! of adjacent swaps (`k` pairs, no two sharing a word, only between tokens that differ).

/// The most positions (a phrase has at most 24 words).
const MAX_LEN: usize = 24;

/// Counts and (un)ranking for picks of positions `0..len`, where only eligible positions may
/// be picked and two picked positions are at least `spacing` apart.
#[derive(Clone, Debug)]
pub(super) struct Picks {
    len: usize,
    spacing: usize,
    eligible: u32,
    /// `table[i][k]`: the picks of `k` positions among `i..len` (any `i` up to `len + 2`).
    table: [[u64; MAX_LEN + 1]; MAX_LEN + 3],
}

impl Picks {
    /// Any `k` of `len` positions (combinations): every position eligible, spacing 1.
    pub(super) fn combinations(len: usize) -> Self {
        Self::new(len, 1, u32::MAX)
    }

    /// Sets of pairs `(i, i + 1)`, `i < len`, that share no position: pair `i` eligible where
    /// bit `i` of `eligible` is set.
    pub(super) fn disjoint_pairs(len: usize, eligible: u32) -> Self {
        Self::new(len, 2, eligible)
    }

    fn new(len: usize, spacing: usize, eligible: u32) -> Self {
        let len = len.min(MAX_LEN);
        let mut picks = Self {
            len,
            spacing,
            eligible,
            table: [[0u64; MAX_LEN + 1]; MAX_LEN + 3],
        };
        for row in &mut picks.table {
            row[0] = 1;
        }
        for i in (0..len).rev() {
            let pick = bit(eligible, i);
            let mut row = [0u64; MAX_LEN + 1];
            for (k, slot) in row.iter_mut().enumerate() {
                *slot = if k == 0 {
                    1
                } else {
                    let take = if pick {
                        picks.get(i + spacing, k - 1)
                    } else {
                        0
                    };
                    picks.get(i + 1, k).saturating_add(take)
                };
            }
            if let Some(dst) = picks.table.get_mut(i) {
                *dst = row;
            }
        }
        picks
    }

    /// The number of picks of `k` positions (0 for `k` above 24).
    pub(super) fn count(&self, k: usize) -> u64 {
        self.get(0, k)
    }

    fn get(&self, i: usize, k: usize) -> u64 {
        self.table
            .get(i)
            .and_then(|row| row.get(k))
            .copied()
            .unwrap_or(0)
    }

    /// Pick number `rank` (below [`count(k)`](Self::count)) of `k` positions, as a bit mask.
    pub(super) fn unrank(&self, k: usize, mut rank: u64) -> u32 {
        let mut mask = 0u32;
        let mut left = k;
        let mut i = 0;
        while left > 0 && i < self.len {
            if bit(self.eligible, i) {
                let with_i = self.get(i + self.spacing, left - 1);
                if rank < with_i {
                    mask |= 1 << i;
                    i += self.spacing;
                    left -= 1;
                    continue;
                }
                rank -= with_i;
            }
            i += 1;
        }
        mask
    }

    /// The rank of the pick `mask`, or `None` if it is not a pick of `k` positions.
    pub(super) fn rank(&self, k: usize, mask: u32) -> Option<u64> {
        if mask.count_ones() as usize != k || (self.len < 32 && mask >> self.len != 0) {
            return None;
        }
        let mut rank = 0u64;
        let mut left = k;
        let mut i = 0;
        while left > 0 && i < self.len {
            let eligible = bit(self.eligible, i);
            if bit(mask, i) {
                // Two picks closer than the spacing (a position's bits are tested in order,
                // so the next `spacing - 1` positions must be clear).
                if !eligible || (1..self.spacing).any(|d| bit(mask, i + d)) {
                    return None;
                }
                i += self.spacing;
                left -= 1;
            } else {
                if eligible {
                    rank += self.get(i + self.spacing, left - 1);
                }
                i += 1;
            }
        }
        Some(rank)
    }
}

fn bit(mask: u32, i: usize) -> bool {
    i < 32 && mask >> i & 1 == 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::vec::Vec;

    /// Every pick of `k` positions by brute force over all masks, in lexicographic order of
    /// the sorted positions.
    fn brute(len: usize, spacing: usize, eligible: u32, k: usize) -> Vec<u32> {
        let mut all: Vec<Vec<usize>> = (0u32..1 << len)
            .filter(|m| m.count_ones() as usize == k)
            .map(|m| (0..len).filter(|&i| m >> i & 1 == 1).collect::<Vec<_>>())
            .filter(|p| p.iter().all(|&i| eligible >> i & 1 == 1))
            .filter(|p| p.windows(2).all(|w| w[1] - w[0] >= spacing))
            .collect();
        all.sort();
        all.iter()
            .map(|p| p.iter().fold(0u32, |m, &i| m | 1 << i))
            .collect()
    }

    #[test]
    fn combinations_and_pairs_match_brute_force_in_order() {
        for len in 0..=10 {
            for eligible in [u32::MAX, 0b10_1101_0110, 0b11_0011_1011, 0] {
                for (picks, spacing) in [
                    (Picks::combinations(len), 1),
                    (Picks::disjoint_pairs(len, eligible), 2),
                ] {
                    let eligible = if spacing == 1 { u32::MAX } else { eligible };
                    for k in 0..=len {
                        let expected = brute(len, spacing, eligible, k);
                        assert_eq!(picks.count(k), expected.len() as u64, "{len} {k}");
                        for (r, &mask) in expected.iter().enumerate() {
                            assert_eq!(picks.unrank(k, r as u64), mask);
                            assert_eq!(picks.rank(k, mask), Some(r as u64));
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn non_picks_have_no_rank() {
        let pairs = Picks::disjoint_pairs(5, 0b11011);
        assert_eq!(pairs.rank(2, 0b00011), None); // overlapping pairs
        assert_eq!(pairs.rank(1, 0b00100), None); // ineligible pair
        assert_eq!(pairs.rank(2, 0b00001), None); // wrong count
        assert_eq!(pairs.rank(1, 0b10_0000), None); // past the end
        assert_eq!(Picks::combinations(24).count(12), 2_704_156);
        assert_eq!(Picks::combinations(24).count(25), 0);
    }
}
