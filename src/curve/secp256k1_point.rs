//! [`Secp256k1Point`]: a secp256k1 public key known to lie on the curve, in both of its SEC1
//! encodings, as the batched public derivation computes it.

use crate::error::{Error, Result};

/// A secp256k1 public key known to be a point on the curve, with both encodings: compressed
/// (33 bytes) and the affine coordinates `x ‖ y` (64 bytes, the uncompressed key without its
/// `0x04`).
///
/// The batched public derivation writes these from the affine points it computes anyway
/// ([`ExtendedPublicKey::derive_public_points_into_vartime`](crate::ExtendedPublicKey::derive_public_points_into_vartime)),
/// so an address encoder that hashes `x ‖ y` (Ethereum, Tron, ICON, Filecoin) or needs the
/// key checked (Cosmos, CashAddr) neither decompresses nor checks it again
/// (`fastbip32::coin::encode_point`). A key from elsewhere comes through
/// [`from_compressed`](Self::from_compressed), which checks it.
///
/// # Examples
///
/// ```
/// use fastbip32::Secp256k1Point;
///
/// // The generator G: private key 1.
/// let g = [
///     0x02, 0x79, 0xbe, 0x66, 0x7e, 0xf9, 0xdc, 0xbb, 0xac, 0x55, 0xa0, 0x62, 0x95, 0xce, 0x87,
///     0x0b, 0x07, 0x02, 0x9b, 0xfc, 0xdb, 0x2d, 0xce, 0x28, 0xd9, 0x59, 0xf2, 0x81, 0x5b, 0x16,
///     0xf8, 0x17, 0x98,
/// ];
/// let point = Secp256k1Point::from_compressed(&g)?;
/// assert_eq!(point.compressed(), &g);
/// assert_eq!(point.xy()[..32], g[1..]);
/// // SEC 2's y of G ends in …10d4b8: even, as the 0x02 prefix says.
/// assert_eq!(point.xy()[61..], [0x10, 0xd4, 0xb8]);
/// # Ok::<(), fastbip32::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Secp256k1Point {
    compressed: [u8; 33],
    xy: [u8; 64],
}

impl Secp256k1Point {
    /// The point of a compressed SEC1 key, decompressed (a square root) and so checked.
    ///
    /// # Security
    /// Variable-time: the key is public.
    ///
    /// # Errors
    /// [`Error::InvalidPublicKey`] if `public_key` is not a compressed point on secp256k1.
    pub fn from_compressed(public_key: &[u8; 33]) -> Result<Self> {
        let point = secp256k1::PublicKey::from_byte_array_compressed(*public_key)
            .map_err(|_| Error::InvalidPublicKey)?;
        Ok(Self::from_libsecp256k1(&point))
    }

    /// The point libsecp256k1 holds, in both encodings (no square root: it is affine).
    pub(crate) fn from_libsecp256k1(point: &secp256k1::PublicKey) -> Self {
        let [_, xy @ ..] = point.serialize_uncompressed();
        Self {
            compressed: point.serialize(),
            xy,
        }
    }

    /// The point of affine coordinates `x`, `y` (big-endian, fully reduced) that the caller
    /// computed on the curve: not checked.
    #[cfg(feature = "alloc")]
    pub(crate) fn from_affine(x: &[u8; 32], y: &[u8; 32]) -> Self {
        let mut compressed = [0u8; 33];
        let mut xy = [0u8; 64];
        let [prefix, cx @ ..] = &mut compressed;
        *prefix = 0x02 | (y[31] & 1);
        cx.copy_from_slice(x);
        let (ox, oy) = xy.split_at_mut(32);
        ox.copy_from_slice(x);
        oy.copy_from_slice(y);
        Self { compressed, xy }
    }

    /// The compressed SEC1 encoding: `0x02` or `0x03` (the parity of `y`), then `x`.
    pub const fn compressed(&self) -> &[u8; 33] {
        &self.compressed
    }

    /// The affine coordinates `x ‖ y`, big-endian: the uncompressed SEC1 key without its
    /// `0x04` prefix.
    pub const fn xy(&self) -> &[u8; 64] {
        &self.xy
    }
}
