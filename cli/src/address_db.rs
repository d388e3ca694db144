//! `fastbip32 recover --build-address-db`: an address database ([`AddressDb`]) from a list
//! of addresses, one a line, for `recover --address-db`.

use std::io::{BufRead, BufReader, Read};
use std::path::Path;

use fastbip32::recovery::{address_db_key, AddressDb, AddressDbError};

use crate::error::CliError;
use crate::input::STDIN_MARKER;
use crate::Io;

/// The longest line of an address list, in bytes (the longest address a search derives, a
/// Cardano base address, has 103 characters).
const MAX_LINE: usize = 256;

/// The false-positive rate of a database lookup, for people (see [`AddressDb`]).
pub(crate) const FALSE_POSITIVE_RATE: &str =
    "about 2^-37 per address compared (filter 2^-8, confirmation stage at most 2^-29)";

/// Reads the address list at `input` (`-`: standard input), builds the database and writes
/// it to `out`; prints the counts, the file size and the false-positive rate on standard
/// error.
///
/// # Errors
/// A usage error naming the line of text that is no address, or a line longer than
/// [`MAX_LINE`] bytes; more addresses than [`AddressDb::MAX_KEYS`]; a failure to read or
/// write.
pub(crate) fn build(input: &Path, out: &Path, io: &mut Io<'_>) -> Result<i32, CliError> {
    let source = input.display().to_string();
    let reader: Box<dyn BufRead + '_> = if input.as_os_str() == STDIN_MARKER {
        Box::new(BufReader::new(&mut *io.stdin))
    } else {
        let file = std::fs::File::open(input).map_err(|e| {
            CliError::Usage(format!(
                "cannot read --build-address-db {source}: {}",
                e.kind()
            ))
        })?;
        Box::new(BufReader::new(file))
    };
    let mut failure: Option<CliError> = None;
    let (mut lines, mut left_out) = (0u64, 0u64);
    let keys = Lines {
        reader,
        line: Vec::new(),
        number: 0,
    }
    .map_while(|line| match line {
        Err(e) => {
            failure = Some(e);
            None
        }
        Ok((number, text)) => {
            let text = text.trim();
            if text.is_empty() {
                return Some(None);
            }
            lines += 1;
            match address_db_key(text) {
                Ok(Some(key)) => Some(Some(key)),
                Ok(None) => {
                    left_out += 1;
                    Some(None)
                }
                Err(e) => {
                    failure = Some(CliError::Usage(format!(
                        "--build-address-db {source} line {number}: {e}"
                    )));
                    None
                }
            }
        }
    })
    .flatten();
    let built = AddressDb::build(keys);
    if let Some(e) = failure {
        return Err(e);
    }
    let db = built.map_err(|e| match e {
        AddressDbError::TooManyKeys { .. } => {
            CliError::Usage(format!("--build-address-db {source}: {e}"))
        }
        e => CliError::Failure(format!("--build-address-db {source}: {e}")),
    })?;
    let file = std::fs::File::create(out).map_err(|e| {
        CliError::Failure(format!(
            "cannot write --out {}: {}",
            out.display(),
            e.kind()
        ))
    })?;
    db.write_to(std::io::BufWriter::new(file))
        .map_err(|e| CliError::Failure(format!("cannot write --out {}: {e}", out.display())))?;
    let _ = writeln!(
        io.stderr,
        "address database: {lines} addresses ({} distinct searched, {left_out} of kinds a search does not derive left out), {} bytes in {}; false-positive rate {FALSE_POSITIVE_RATE}",
        db.len(),
        db.byte_len(),
        out.display()
    );
    let _ = io.stderr.flush();
    Ok(0)
}

/// Reads the database at `file`.
///
/// # Errors
/// A usage error naming the file and what is wrong with it.
pub(crate) fn load(file: &Path) -> Result<AddressDb, CliError> {
    let bad = |e: AddressDbError| {
        CliError::Usage(format!("invalid --address-db {}: {e}", file.display()))
    };
    let f = std::fs::File::open(file).map_err(|e| bad(e.into()))?;
    AddressDb::read_from(BufReader::new(f)).map_err(bad)
}

/// Whether the address list at `list` holds `address` (compared as database keys: the text
/// in the form a search compares it, case folded where the family's text is
/// case-insensitive), reading it line by line; a line that cannot be read or decoded holds
/// nothing.
///
/// # Errors
/// A failure naming the file when it cannot be opened or read.
pub(crate) fn list_holds(list: &Path, address: &str) -> Result<bool, CliError> {
    let Ok(Some(key)) = address_db_key(address) else {
        return Ok(false);
    };
    let file = std::fs::File::open(list).map_err(|e| {
        CliError::Failure(format!(
            "cannot read --address-db-list {}: {}",
            list.display(),
            e.kind()
        ))
    })?;
    let lines = Lines {
        reader: BufReader::new(file),
        line: Vec::new(),
        number: 0,
    };
    for line in lines {
        let Ok((_, text)) = line else {
            continue;
        };
        if address_db_key(&text) == Ok(Some(key)) {
            return Ok(true);
        }
    }
    Ok(false)
}

/// The lines of a reader, numbered from 1, each at most [`MAX_LINE`] bytes.
struct Lines<R> {
    reader: R,
    line: Vec<u8>,
    number: u64,
}

impl<R: BufRead> Iterator for Lines<R> {
    type Item = Result<(u64, String), CliError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.line.clear();
        self.number += 1;
        let limit = u64::try_from(MAX_LINE + 1).unwrap_or(u64::MAX);
        let read = (&mut self.reader)
            .take(limit)
            .read_until(b'\n', &mut self.line);
        let number = self.number;
        match read {
            Err(e) => Some(Err(CliError::Failure(format!(
                "cannot read the address list: {}",
                e.kind()
            )))),
            Ok(0) => None,
            Ok(_) if self.line.len() > MAX_LINE => Some(Err(CliError::Usage(format!(
                "address list line {number} is longer than {MAX_LINE} bytes"
            )))),
            Ok(_) => Some(
                String::from_utf8(core::mem::take(&mut self.line))
                    .map(|text| (number, text))
                    .map_err(|_| {
                        CliError::Usage(format!("address list line {number} is not UTF-8"))
                    }),
            ),
        }
    }
}
