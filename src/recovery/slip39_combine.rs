//! Combining SLIP-39 shares into the master secret: Shamir's secret sharing over GF(256)
//! on two levels (the members of each group give the group's secret, the groups give the
//! encrypted master secret), the digest check of each level, and the four-round Feistel
//! decryption of the master secret with the passphrase.
//!
//! GF(256) is SLIP-39's field: polynomial x⁸ + x⁴ + x³ + x + 1. A secret of a threshold `t`
//! above 1 is the value at x = 255 of the polynomial through the `t` shares (x = index);
//! the value at x = 254 is the digest share: 4 bytes of HMAC-SHA256 (keyed with the rest of
//! it) of the secret, then that rest. The encrypted master secret's halves go through four
//! Feistel rounds, each `L, R = R, L ⊕ F(i, R)` for i = 3, 2, 1, 0, with `F(i, R)` =
//! PBKDF2-HMAC-SHA256(password `i ‖ passphrase`, salt `"shamir" ‖ identifier ‖ R` (only
//! `R` with the extendable flag), 2500 × 2^e iterations, as long as `R`).
//!
//! # Security
//!
//! The shares, the group secrets and the master secret are secrets, held in buffers wiped on
//! drop. The field arithmetic is branch-free and table-free (a multiplication by shifts and
//! masks, an inverse by exponentiation), the digest compared in constant time, HMAC and
//! PBKDF2 are `sha2`'s constant-time compressions. What the code branches on is public: the
//! share indices, thresholds and counts, and the lengths. Checking that the shares are of one
//! set and of the right counts branches on those public fields.

use alloc::vec::Vec;

use sha2::{Digest as _, Sha256};
use subtle::ConstantTimeEq;
use zeroize::{Zeroize, Zeroizing};

use super::slip39::{Slip39Error, Slip39Share};

/// The x coordinate of the shared secret.
const SECRET_X: u8 = 255;

/// The x coordinate of the digest share.
const DIGEST_X: u8 = 254;

/// The digest bytes at the front of the digest share.
const DIGEST_LEN: usize = 4;

/// PBKDF2 iterations of a Feistel round at iteration exponent 0 (10000 in all, 4 rounds).
const BASE_ROUNDS: u32 = 2500;

/// The Feistel rounds.
const ROUNDS: u8 = 4;

/// The product in GF(256) modulo x⁸ + x⁴ + x³ + x + 1, without branches or tables.
fn mul(a: u8, b: u8) -> u8 {
    let (mut a, mut b, mut out) = (a, b, 0u8);
    for _ in 0..8 {
        out ^= a & 0u8.wrapping_sub(b & 1);
        let carry = 0u8.wrapping_sub(a >> 7);
        a = (a << 1) ^ (carry & 0x1b);
        b >>= 1;
    }
    out
}

/// The inverse in GF(256) (`a`²⁵⁴; 0 for 0), without branches or tables.
fn inv(a: u8) -> u8 {
    // a^254 = a^(2+4+8+16+32+64+128)
    let mut square = mul(a, a);
    let mut out = 1u8;
    for _ in 1..8 {
        out = mul(out, square);
        square = mul(square, square);
    }
    out
}

/// The value at `x` of the polynomial through `points` (distinct x, values of one length),
/// into `out` (that length). The x coordinates are public; the values secret.
fn interpolate(points: &[(u8, &[u8])], x: u8, out: &mut [u8]) {
    out.fill(0);
    for (i, &(xi, yi)) in points.iter().enumerate() {
        // The Lagrange basis polynomial of point i at x: ∏ (x − xj) / (xi − xj), j ≠ i.
        let mut basis = 1u8;
        for (j, &(xj, _)) in points.iter().enumerate() {
            if i != j {
                basis = mul(basis, mul(x ^ xj, inv(xi ^ xj)));
            }
        }
        for (o, &y) in out.iter_mut().zip(yi) {
            *o ^= mul(basis, y);
        }
    }
}

/// HMAC-SHA256 of `message` keyed with `key` (at most 64 bytes here: a share's rest).
fn hmac_sha256(key: &[u8], message: &[&[u8]]) -> Zeroizing<[u8; 32]> {
    let mut block = Zeroizing::new([0u8; 64]);
    if key.len() > 64 {
        let digest = Zeroizing::new(<[u8; 32]>::from(Sha256::digest(key)));
        for (b, d) in block.iter_mut().zip(digest.iter()) {
            *b = *d;
        }
    } else if let Some(dst) = block.get_mut(..key.len()) {
        dst.copy_from_slice(key);
    }
    let mut pad = Zeroizing::new([0u8; 64]);
    for (p, k) in pad.iter_mut().zip(block.iter()) {
        *p = k ^ 0x36;
    }
    let mut inner = Sha256::new();
    inner.update(&pad[..]);
    for m in message {
        inner.update(m);
    }
    let inner = Zeroizing::new(<[u8; 32]>::from(inner.finalize()));
    for (p, k) in pad.iter_mut().zip(block.iter()) {
        *p = k ^ 0x5c;
    }
    let mut outer = Sha256::new();
    outer.update(&pad[..]);
    outer.update(&inner[..]);
    Zeroizing::new(outer.finalize().into())
}

/// PBKDF2-HMAC-SHA256 of `password` and `salt` (two parts), `rounds` iterations, into
/// `out` (any length).
fn pbkdf2_sha256(password: &[u8], salt: [&[u8]; 2], rounds: u32, out: &mut [u8]) {
    for (block, chunk) in (1u32..).zip(out.chunks_mut(32)) {
        let index = block.to_be_bytes();
        let mut u = hmac_sha256(password, &[salt[0], salt[1], &index]);
        let mut t = Zeroizing::new(*u);
        for _ in 1..rounds {
            u = hmac_sha256(password, &[&u[..]]);
            for (t, u) in t.iter_mut().zip(u.iter()) {
                *t ^= u;
            }
        }
        for (o, t) in chunk.iter_mut().zip(t.iter()) {
            *o = *t;
        }
    }
}

/// The secret of `threshold` shares (`(index, value)`), checked against its digest share
/// when the threshold is above 1, into `out`.
fn recover_secret(
    threshold: u8,
    points: &[(u8, &[u8])],
    out: &mut [u8],
) -> Result<(), Slip39Error> {
    if threshold == 1 {
        let (_, value) = points.first().ok_or(Slip39Error::NoShares)?;
        out.copy_from_slice(value);
        return Ok(());
    }
    interpolate(points, SECRET_X, out);
    let mut digest_share = Zeroizing::new(alloc::vec![0u8; out.len()]);
    interpolate(points, DIGEST_X, &mut digest_share);
    let (digest, rest) = digest_share.split_at(DIGEST_LEN.min(digest_share.len()));
    let mac = hmac_sha256(rest, &[out]);
    let expected = mac.get(..DIGEST_LEN).unwrap_or_default();
    if bool::from(expected.ct_eq(digest)) {
        Ok(())
    } else {
        out.zeroize();
        Err(Slip39Error::Digest)
    }
}

/// The master secret of a SLIP-39 share set: the shares combined (each group's members,
/// then the groups) and the encrypted master secret decrypted with `passphrase` (printable
/// ASCII by the standard; the empty text for none), in a buffer wiped on drop.
///
/// # Errors
///
/// [`Slip39Error::NoShares`]; [`Slip39Error::Mismatch`] for shares of several sets (their
/// identifier, extendable flag, iteration exponent, group threshold or count, a group's
/// member threshold, or the value length differ); [`Slip39Error::GroupCount`] unless the
/// shares are of exactly the group threshold of groups; [`Slip39Error::MemberCount`] for a
/// group without exactly its member threshold of distinct members; [`Slip39Error::Digest`]
/// when a level's digest does not match.
///
/// # Security
///
/// Constant-time in the share values and the passphrase's content (see the
/// [module docs](self)); branches on the shares' public fields and lengths.
pub fn combine(
    shares: &[Slip39Share],
    passphrase: &str,
) -> Result<Zeroizing<Vec<u8>>, Slip39Error> {
    let first = shares.first().ok_or(Slip39Error::NoShares)?;
    let len = first.value().len();
    for s in shares {
        let same = s.identifier == first.identifier
            && s.extendable == first.extendable
            && s.iteration_exponent == first.iteration_exponent
            && s.group_threshold == first.group_threshold
            && s.group_count == first.group_count
            && s.value().len() == len;
        if !same {
            return Err(Slip39Error::Mismatch);
        }
    }
    let mut groups: Vec<u8> = Vec::new();
    for s in shares {
        if !groups.contains(&s.group_index) {
            groups.push(s.group_index);
        }
    }
    if groups.len() != usize::from(first.group_threshold) {
        return Err(Slip39Error::GroupCount {
            given: groups.len(),
            threshold: first.group_threshold,
        });
    }
    let mut group_secrets: Vec<Zeroizing<Vec<u8>>> = Vec::with_capacity(groups.len());
    for &group in &groups {
        let members: Vec<&Slip39Share> = shares.iter().filter(|s| s.group_index == group).collect();
        let threshold = members.first().map_or(0, |m| m.member_threshold);
        if members.iter().any(|m| m.member_threshold != threshold) {
            return Err(Slip39Error::Mismatch);
        }
        let mut indices: Vec<u8> = members.iter().map(|m| m.member_index).collect();
        indices.sort_unstable();
        indices.dedup();
        if members.len() != usize::from(threshold) || indices.len() != members.len() {
            return Err(Slip39Error::MemberCount { group });
        }
        let points: Vec<(u8, &[u8])> = members
            .iter()
            .map(|m| (m.member_index, m.value()))
            .collect();
        let mut secret = Zeroizing::new(alloc::vec![0u8; len]);
        recover_secret(threshold, &points, &mut secret)?;
        group_secrets.push(secret);
    }
    let points: Vec<(u8, &[u8])> = groups
        .iter()
        .zip(&group_secrets)
        .map(|(&g, s)| (g, &s[..]))
        .collect();
    let mut encrypted = Zeroizing::new(alloc::vec![0u8; len]);
    recover_secret(first.group_threshold, &points, &mut encrypted)?;
    Ok(decrypt(
        &encrypted,
        passphrase.as_bytes(),
        first.iteration_exponent,
        first.identifier,
        first.extendable,
    ))
}

/// The Feistel decryption of an encrypted master secret (see the [module docs](self)).
fn decrypt(
    encrypted: &[u8],
    passphrase: &[u8],
    exponent: u8,
    identifier: u16,
    extendable: bool,
) -> Zeroizing<Vec<u8>> {
    let half = encrypted.len() / 2;
    let (l0, r0) = encrypted.split_at(half);
    let mut l = Zeroizing::new(l0.to_vec());
    let mut r = Zeroizing::new(r0.to_vec());
    let [high, low] = identifier.to_be_bytes();
    let salt: &[u8] = if extendable {
        &[]
    } else {
        &[b's', b'h', b'a', b'm', b'i', b'r', high, low]
    };
    let rounds = BASE_ROUNDS << exponent;
    let mut password = Zeroizing::new(Vec::with_capacity(passphrase.len() + 1));
    password.push(0);
    password.extend_from_slice(passphrase);
    let mut f = Zeroizing::new(alloc::vec![0u8; half]);
    for i in (0..ROUNDS).rev() {
        if let Some(first) = password.first_mut() {
            *first = i;
        }
        pbkdf2_sha256(&password, [salt, &r], rounds, &mut f);
        for (x, y) in l.iter_mut().zip(f.iter()) {
            *x ^= y;
        }
        core::mem::swap(&mut l, &mut r);
    }
    let mut out = Zeroizing::new(Vec::with_capacity(encrypted.len()));
    out.extend_from_slice(&r);
    out.extend_from_slice(&l);
    out
}
