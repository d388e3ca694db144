//! The text of `recover`'s records: written in one wiped buffer of its exact size, with
//! JSON string literals written piece by piece.

use zeroize::Zeroizing;

/// The text `write` writes, in a wiped buffer of exactly its size: a first pass counts the
/// bytes and the second writes them, so the buffer never grows (a buffer that grows leaves
/// its old contents in freed memory).
pub(super) fn exact(
    write: impl Fn(&mut dyn core::fmt::Write) -> core::fmt::Result,
) -> Zeroizing<String> {
    /// Counts the bytes written to it.
    struct Count(usize);
    impl core::fmt::Write for Count {
        fn write_str(&mut self, text: &str) -> core::fmt::Result {
            self.0 += text.len();
            Ok(())
        }
    }
    let mut count = Count(0);
    let _ = write(&mut count);
    let mut out = Zeroizing::new(String::with_capacity(count.0));
    let _ = write(&mut *out);
    out
}

/// Writes `text` as a JSON string literal, piece by piece (no buffer of its own).
pub(super) fn json_string(w: &mut dyn core::fmt::Write, text: &str) -> core::fmt::Result {
    w.write_char('"')?;
    for c in text.chars() {
        match c {
            '"' => w.write_str("\\\"")?,
            '\\' => w.write_str("\\\\")?,
            c if (c as u32) < 0x20 => write!(w, "\\u{:04x}", c as u32)?,
            c => w.write_char(c)?,
        }
    }
    w.write_char('"')
}
