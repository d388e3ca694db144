//! Secret text read from standard input: `--seed -`, `--mnemonic -`, `--xkey -`, `inspect -`.
//!
//! The buffer is allocated once and wiped on drop, and no error message repeats any of it.

use std::io::{ErrorKind, Read};

use zeroize::Zeroizing;

use crate::error::CliError;

/// The most bytes read from standard input for `-`: far more than any seed, mnemonic or key.
pub(crate) const MAX_STDIN_LEN: usize = 64 * 1024;

/// The argument that means "read it from standard input".
pub(crate) const STDIN_MARKER: &str = "-";

/// Reads all of standard input (at most [`MAX_STDIN_LEN`] bytes) as UTF-8, without leading and
/// trailing whitespace. `what` names the input in error messages (`--seed`, `XKEY`, …).
///
/// # Errors
/// A usage error for input that is too long or not UTF-8; a failure if it cannot be read.
pub(crate) fn read_stdin(stdin: &mut dyn Read, what: &str) -> Result<Zeroizing<String>, CliError> {
    // One buffer, allocated once: no secret is left behind by a reallocation.
    let mut buf = Zeroizing::new(vec![0u8; MAX_STDIN_LEN + 1]);
    let mut len = 0;
    while let Some(free) = buf.get_mut(len..).filter(|free| !free.is_empty()) {
        match stdin.read(free) {
            Ok(0) => break,
            Ok(n) => len += n.min(free.len()),
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(e) => {
                return Err(CliError::Failure(format!(
                    "cannot read {what} from standard input: {e}"
                )));
            }
        }
    }
    if len > MAX_STDIN_LEN {
        return Err(CliError::Usage(format!(
            "invalid {what}: standard input is longer than {MAX_STDIN_LEN} bytes"
        )));
    }
    let text = buf
        .get(..len)
        .and_then(|bytes| core::str::from_utf8(bytes).ok())
        .ok_or_else(|| CliError::Usage(format!("invalid {what}: standard input is not UTF-8")))?;
    let text = text.trim();
    let mut out = Zeroizing::new(String::with_capacity(text.len()));
    out.push_str(text);
    Ok(out)
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
        let mut out = Zeroizing::new(String::with_capacity(arg.len()));
        out.push_str(arg);
        Ok(out)
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
}
