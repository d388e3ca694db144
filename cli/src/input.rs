//! Secret text read from standard input or a file: `--seed -`, `--mnemonic -`,
//! `--passphrase -`, `--passphrase-file`, `--xkey -`, `inspect -`.
//!
//! The buffer is allocated once and wiped on drop, and no error message repeats any of it.

use std::io::{ErrorKind, Read};

use zeroize::Zeroizing;

use crate::error::CliError;

/// The most bytes read from standard input for `-` (or from a passphrase file): far more
/// than any seed, mnemonic, passphrase or key.
pub(crate) const MAX_STDIN_LEN: usize = 64 * 1024;

/// The argument that means "read it from standard input".
pub(crate) const STDIN_MARKER: &str = "-";

/// Reads all of `reader` (at most [`MAX_STDIN_LEN`] bytes) as UTF-8, as it is. `what` names
/// the input in error messages (`--seed`, `XKEY`, …) and `source` where it comes from
/// (`standard input`, a file name).
///
/// # Errors
/// A usage error for input that is too long or not UTF-8; a failure if it cannot be read.
pub(crate) fn read_all(
    reader: &mut dyn Read,
    what: &str,
    source: &str,
) -> Result<Zeroizing<String>, CliError> {
    read_all_max(reader, what, source, MAX_STDIN_LEN)
}

/// Reads all of `reader` (at most `max` bytes) as UTF-8, as it is, as [`read_all`] does.
///
/// The first buffer holds [`MAX_STDIN_LEN`] bytes (or `max`, if less); a longer input moves
/// to a buffer twice the size, reserved fallibly, and the buffer it leaves is wiped before
/// it is freed. No copy of the input is left in freed memory.
///
/// # Errors
/// A usage error for input longer than `max` bytes or not UTF-8; a failure if it cannot be
/// read or its buffer cannot be allocated.
pub(crate) fn read_all_max(
    reader: &mut dyn Read,
    what: &str,
    source: &str,
    max: usize,
) -> Result<Zeroizing<String>, CliError> {
    let limit = max.saturating_add(1);
    let mut buf = zeroed(limit.min(MAX_STDIN_LEN + 1), what)?;
    let mut len = 0;
    loop {
        if len == buf.len() {
            if len >= limit {
                break;
            }
            let mut bigger = zeroed(len.saturating_mul(2).min(limit), what)?;
            if let (Some(to), Some(from)) = (bigger.get_mut(..len), buf.get(..len)) {
                to.copy_from_slice(from);
            }
            // The smaller buffer is wiped as it is dropped here.
            buf = bigger;
        }
        let Some(free) = buf.get_mut(len..) else {
            break;
        };
        match reader.read(free) {
            Ok(0) => break,
            Ok(n) => len += n.min(free.len()),
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(e) => {
                return Err(CliError::Failure(format!(
                    "cannot read {what} from {source}: {e}"
                )));
            }
        }
    }
    if len > max {
        return Err(CliError::Usage(format!(
            "invalid {what}: {source} is longer than {max} bytes"
        )));
    }
    let text = buf
        .get(..len)
        .and_then(|bytes| core::str::from_utf8(bytes).ok())
        .ok_or_else(|| CliError::Usage(format!("invalid {what}: {source} is not UTF-8")))?;
    Ok(copy(text))
}

/// `len` zero bytes, reserved fallibly, wiped on drop.
fn zeroed(len: usize, what: &str) -> Result<Zeroizing<Vec<u8>>, CliError> {
    let mut buf = Zeroizing::new(Vec::new());
    buf.try_reserve_exact(len).map_err(|_| {
        CliError::Failure(format!("cannot read {what}: out of memory for {len} bytes"))
    })?;
    buf.resize(len, 0);
    Ok(buf)
}

/// Reads the file at `path` (at most `max` bytes) as UTF-8, as it is; `what` names the
/// option in error messages.
///
/// # Errors
/// A usage error for a file that cannot be opened, is longer than `max` bytes or is not
/// UTF-8; a failure if it cannot be read.
pub(crate) fn read_file(
    path: &std::path::Path,
    what: &str,
    max: usize,
) -> Result<Zeroizing<String>, CliError> {
    let name = path.display().to_string();
    let mut file = std::fs::File::open(path)
        .map_err(|e| CliError::Usage(format!("invalid {what}: cannot open {name}: {e}")))?;
    read_all_max(&mut file, what, &name, max)
}

/// Reads all of standard input (at most [`MAX_STDIN_LEN`] bytes) as UTF-8, without leading and
/// trailing whitespace. `what` names the input in error messages (`--seed`, `XKEY`, …).
///
/// # Errors
/// As [`read_all`].
pub(crate) fn read_stdin(stdin: &mut dyn Read, what: &str) -> Result<Zeroizing<String>, CliError> {
    Ok(copy(read_all(stdin, what, "standard input")?.trim()))
}

/// `text` in a buffer of exactly its size, wiped on drop.
pub(crate) fn copy(text: &str) -> Zeroizing<String> {
    let mut out = Zeroizing::new(String::with_capacity(text.len()));
    out.push_str(text);
    out
}

/// `text` without one final line ending (`\n` or `\r\n`), which must then hold no other
/// line break: the passphrase of `--passphrase -` and `--passphrase-file`.
///
/// # Errors
/// A usage error (naming `what` and `source`) for text of more than one line.
pub(crate) fn one_line<'t>(text: &'t str, what: &str, source: &str) -> Result<&'t str, CliError> {
    let line = text.strip_suffix('\n').unwrap_or(text);
    let line = line.strip_suffix('\r').unwrap_or(line);
    if line.contains('\n') {
        return Err(CliError::Usage(format!(
            "invalid {what}: {source} has more than one line"
        )));
    }
    Ok(line)
}

/// Standard input of `--mnemonic - --passphrase -` (or, for cardano-icarus, `--seed -
/// --passphrase -`): the first line (without surrounding whitespace) and the second (exactly
/// as typed, without its line ending). Nothing may follow the second line.
///
/// # Errors
/// A usage error (naming `first`, the option read from the first line) for input with fewer
/// or more than two lines.
pub(crate) fn two_lines<'t>(text: &'t str, first: &str) -> Result<(&'t str, &'t str), CliError> {
    let (head, rest) = text.split_once('\n').unwrap_or((text, ""));
    if rest.is_empty() {
        return Err(CliError::Usage(format!(
            "invalid --passphrase: standard input has one line; with {first} - and --passphrase -, the first line is the {} and the second the passphrase",
            first.trim_start_matches('-')
        )));
    }
    let (line, tail) = rest.split_once('\n').unwrap_or((rest, ""));
    if !tail.is_empty() {
        return Err(CliError::Usage(
            "invalid --passphrase: standard input has more than two lines".to_owned(),
        ));
    }
    Ok((head.trim(), line.strip_suffix('\r').unwrap_or(line)))
}

/// The argument itself, or standard input for [`STDIN_MARKER`], in a buffer wiped on drop.
///
/// # Errors
/// As [`read_stdin`].
pub(crate) fn arg_or_stdin(
    arg: &str,
    stdin: &mut dyn Read,
    what: &str,
) -> Result<Zeroizing<String>, CliError> {
    if arg == STDIN_MARKER {
        read_stdin(stdin, what)
    } else {
        Ok(copy(arg))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stdin_is_trimmed_and_bounded() {
        let mut input: &[u8] = b"  00ff \n";
        assert_eq!(read_stdin(&mut input, "--seed").unwrap().as_str(), "00ff");
        let long = vec![b'a'; MAX_STDIN_LEN + 1];
        assert!(matches!(
            read_stdin(&mut long.as_slice(), "--seed"),
            Err(CliError::Usage(_))
        ));
        let exact = vec![b'a'; MAX_STDIN_LEN];
        assert_eq!(
            read_stdin(&mut exact.as_slice(), "--seed").unwrap().len(),
            MAX_STDIN_LEN
        );
        assert!(matches!(
            read_stdin(&mut &b"\xff"[..], "--seed"),
            Err(CliError::Usage(_))
        ));
        let mut input: &[u8] = b" pass \n";
        assert_eq!(
            read_all(&mut input, "--passphrase", "standard input")
                .unwrap()
                .as_str(),
            " pass \n"
        );
    }

    #[test]
    fn argument_or_stdin() {
        let mut input: &[u8] = b" xpub\n";
        assert_eq!(
            arg_or_stdin("-", &mut input, "XKEY").unwrap().as_str(),
            "xpub"
        );
        assert_eq!(
            arg_or_stdin("abc", &mut std::io::empty(), "XKEY")
                .unwrap()
                .as_str(),
            "abc"
        );
    }

    #[test]
    fn growing_input_up_to_its_maximum() {
        // Three buffer sizes: the first, one doubling, the cap.
        let max = 3 * MAX_STDIN_LEN;
        let text = "p".repeat(max);
        let read = read_all_max(&mut text.as_bytes(), "--passphrases", "stdin", max).unwrap();
        assert_eq!(read.as_str(), text);
        assert_eq!(read.capacity(), max);
        let long = "p".repeat(max + 1);
        let err = read_all_max(&mut long.as_bytes(), "--passphrases", "stdin", max).unwrap_err();
        assert_eq!(
            err.message().unwrap(),
            format!("invalid --passphrases: stdin is longer than {max} bytes")
        );
        let small = read_all_max(&mut &b"ab"[..], "x", "stdin", 1).unwrap_err();
        assert!(matches!(small, CliError::Usage(_)));
        assert_eq!(
            read_all_max(&mut &b"a"[..], "x", "stdin", 1)
                .unwrap()
                .as_str(),
            "a"
        );
    }

    #[test]
    fn passphrase_lines() {
        for (text, line) in [
            ("pass\n", "pass"),
            ("pass", "pass"),
            ("pass\r\n", "pass"),
            (" pa ss \n", " pa ss "),
            ("\n", ""),
            ("", ""),
        ] {
            assert_eq!(one_line(text, "--passphrase", "stdin").unwrap(), line);
        }
        for bad in ["a\nb", "a\n\n", "a\nb\n"] {
            let err = one_line(bad, "--passphrase-file", "x").unwrap_err();
            assert_eq!(
                err.message().unwrap(),
                "invalid --passphrase-file: x has more than one line"
            );
        }
        for (text, words, pass) in [
            ("w1 w2\npass\n", "w1 w2", "pass"),
            ("  w1 w2 \r\n pass \r\n", "w1 w2", " pass "),
            ("w1\npass", "w1", "pass"),
            ("w1\n\n", "w1", ""),
        ] {
            assert_eq!(
                two_lines(text, "--mnemonic").unwrap(),
                (words, pass),
                "{text:?}"
            );
        }
        for (bad, needle) in [
            ("w1", "has one line"),
            ("w1\n", "has one line"),
            ("", "has one line"),
            ("w1\npass\nmore", "more than two lines"),
            ("w1\npass\n\n", "more than two lines"),
        ] {
            let message = two_lines(bad, "--mnemonic").unwrap_err().message().unwrap();
            assert!(message.contains(needle), "{bad:?}: {message}");
        }
    }
}
