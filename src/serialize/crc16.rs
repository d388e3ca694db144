//! CRC-16/XMODEM: polynomial `0x1021`, initial value 0, no reflection, no final XOR. The
//! checksum of Stellar's `StrKey` (SEP-0023) and of TON's user-friendly addresses.
//!
//! Computed bit by bit under masks, with no table: a `StrKey` seed is a private key, so no
//! branch and no table index depends on the data.

/// The CRC-16/XMODEM of `data`.
pub(crate) fn crc16_xmodem(data: &[u8]) -> u16 {
    let mut crc: u16 = 0;
    for &b in data {
        crc ^= u16::from(b) << 8;
        for _ in 0..8 {
            // All ones when the top bit is set.
            let top = 0u16.wrapping_sub(crc >> 15);
            crc = (crc << 1) ^ (0x1021 & top);
        }
    }
    crc
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The CRC catalogue's check value of CRC-16/XMODEM: the CRC of the ASCII text
    /// "123456789" is 0x31C3.
    #[test]
    fn catalogue_check_value() {
        assert_eq!(crc16_xmodem(b"123456789"), 0x31C3);
        assert_eq!(crc16_xmodem(b""), 0);
    }
}
