//! `parse_path`: path and child-number text, and paths built from raw child numbers.
//!
//! Input: the whole input, as text (invalid UTF-8 replaced by U+FFFD), goes through every
//! parser; the same bytes, read as big-endian `u32`s, are a path of raw child numbers.
//!
//! Properties:
//! * `DerivationPath::from_str`, `parse_relative`, `Segments::{absolute, relative}` (collected,
//!   and by counting them) and the `&str` derivation-path route agree on every input: the
//!   same child numbers, or the same error.
//! * A relative path without `m` parses as `m/` + itself; a `ChildNumber` parses exactly when
//!   `m/` + itself is a one-level path.
//! * For every accepted path: `parse(display(p)) == p` (with `'` and with `h`), display is
//!   canonical (the `h` form differs only in the marker), padding keeps the text, and
//!   `from_slice`, `push`, `parent`/`child` rebuild the same path.
//! * Raw child numbers: a path of up to 255 of them exists and prints and re-parses to
//!   itself; 256 or more is `DepthExceeded`.

use fastbip32::path::{Segments, MAX_DEPTH};
use fastbip32::{ChildNumber, DerivationPath, Error, IntoDerivationPath, Result};

/// Runs every check on `data`.
pub fn check(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    check_text(&text);
    check_raw(data);
}

/// The children of a `Segments` parse, or its first error.
fn collect(segments: Result<Segments<'_>>) -> Result<Vec<ChildNumber>> {
    let segments = segments?;
    let count = segments
        .clone()
        .try_fold(0, |count, child| child.map(|_| count + 1));
    let children: Result<Vec<ChildNumber>> = segments.collect();
    assert_eq!(
        count,
        children.as_ref().map(Vec::len).map_err(|e| *e),
        "count vs collect"
    );
    children
}

/// Checks the text parsers on `s`.
pub fn check_text(s: &str) {
    let absolute = s.parse::<DerivationPath>();
    let segments = collect(Segments::absolute(s));
    assert_eq!(
        absolute.clone().map(|p| p.to_vec()),
        segments,
        "from_str vs Segments::absolute on {s:?}"
    );
    let relative = DerivationPath::parse_relative(s);
    let relative_segments = collect(Segments::relative(s));
    assert_eq!(
        relative.clone().map(|p| p.to_vec()),
        relative_segments,
        "parse_relative vs Segments::relative on {s:?}"
    );
    // The `&str` route of the derive calls.
    let steps = s
        .into_steps()
        .map(|(count, steps)| (count, steps.collect::<Vec<_>>()));
    match (&relative, steps) {
        (Ok(p), Ok((count, steps))) => {
            assert_eq!(count, p.len(), "into_steps count on {s:?}");
            assert_eq!(steps, p.to_vec(), "into_steps on {s:?}");
        }
        (Err(a), Err(b)) => assert_eq!(*a, b, "into_steps error on {s:?}"),
        (a, b) => panic!("parse_relative {a:?} vs into_steps {b:?} on {s:?}"),
    }

    if let Ok(p) = &absolute {
        assert!(s.starts_with('m'), "absolute path without m: {s:?}");
        assert_eq!(relative.as_ref(), Ok(p), "absolute vs relative on {s:?}");
        check_path(p);
    }
    if let Ok(p) = &relative {
        check_path(p);
    }
    if !s.is_empty() && !s.starts_with('m') {
        let prefixed = format!("m/{s}").parse::<DerivationPath>();
        assert_eq!(
            relative.as_ref().ok(),
            prefixed.as_ref().ok(),
            "relative {s:?} vs m/{s}"
        );
        if let Err(Error::InvalidPath { offset, .. }) = relative {
            assert!(s.is_char_boundary(offset), "offset {offset} in {s:?}");
        }
    }
    if let Err(Error::InvalidPath {
        offset, segment, ..
    }) = absolute
    {
        assert!(s.is_char_boundary(offset), "offset {offset} in {s:?}");
        assert!(
            offset <= s.len() && segment <= MAX_DEPTH,
            "{absolute:?} on {s:?}"
        );
    }

    let child = s.parse::<ChildNumber>();
    if let Ok(c) = child {
        check_child(c);
    }
    if !s.contains('/') {
        let one_level = format!("m/{s}")
            .parse::<DerivationPath>()
            .ok()
            .filter(|p| p.len() == 1)
            .and_then(|p| p.first().copied());
        assert_eq!(child.ok(), one_level, "ChildNumber vs m/ + {s:?}");
    } else {
        assert!(child.is_err(), "ChildNumber accepted {s:?}");
    }
}

/// Checks printing and re-parsing of one child number.
fn check_child(c: ChildNumber) {
    let text = c.to_string();
    assert_eq!(text.parse::<ChildNumber>(), Ok(c), "{text}");
    assert_eq!(format!("{c:#}").parse::<ChildNumber>(), Ok(c));
    assert_eq!(text.ends_with('\''), c.is_hardened());
    assert_eq!(u32::from(c), c.to_raw());
    assert_eq!(ChildNumber::from(c.to_raw()), c);
    let rebuilt = if c.is_hardened() {
        ChildNumber::hardened(c.index())
    } else {
        ChildNumber::normal(c.index())
    };
    assert_eq!(rebuilt, Ok(c));
    assert_eq!(format!("ChildNumber({text})"), format!("{c:?}"));
}

/// Checks printing, re-parsing and rebuilding of an accepted path.
pub fn check_path(p: &DerivationPath) {
    assert!(p.len() <= MAX_DEPTH);
    let text = p.to_string();
    assert_eq!(text.parse::<DerivationPath>().as_ref(), Ok(p), "{text}");
    assert_eq!(
        DerivationPath::parse_relative(&text).as_ref(),
        Ok(p),
        "{text}"
    );
    let alternate = format!("{p:#}");
    assert_eq!(
        alternate.parse::<DerivationPath>().as_ref(),
        Ok(p),
        "{alternate}"
    );
    assert_eq!(alternate.replace('h', "'"), text);
    // Canonical: `m`, then `/index` with no leading zeros and `'` for hardened.
    let mut expected = String::from("m");
    for c in p.iter() {
        expected.push('/');
        expected.push_str(&c.index().to_string());
        if c.is_hardened() {
            expected.push('\'');
        }
        check_child(c);
    }
    assert_eq!(text, expected);
    assert_eq!(format!("{p:?}"), format!("DerivationPath(\"{text}\")"));
    let width = text.len() + 3;
    assert_eq!(format!("{p:>width$}"), format!("   {text}"));
    assert_eq!(format!("{p:1}"), text);
    assert_eq!(DerivationPath::from_slice(p).as_ref(), Ok(p));
    let mut pushed = DerivationPath::master();
    for c in p.iter() {
        pushed.push(c).expect("a prefix of a path fits");
    }
    assert_eq!(&pushed, p);
    if let Some(last) = p.last() {
        let parent = p.parent().expect("a parent");
        assert_eq!(parent.len() + 1, p.len());
        assert_eq!(parent.child(*last).as_ref(), Ok(p));
    } else {
        assert!(p.is_empty() && p.parent().is_none());
    }
    if p.len() == MAX_DEPTH {
        assert_eq!(p.child(ChildNumber::from_raw(0)), Err(Error::DepthExceeded));
    }
}

/// Checks a path of raw child numbers read from `data`.
fn check_raw(data: &[u8]) {
    let children: Vec<ChildNumber> = data
        .chunks(4)
        .map(|chunk| {
            let mut word = [0u8; 4];
            word[..chunk.len()].copy_from_slice(chunk);
            ChildNumber::from_raw(u32::from_be_bytes(word))
        })
        .collect();
    match DerivationPath::from_slice(&children) {
        Ok(p) => {
            assert!(children.len() <= MAX_DEPTH);
            assert_eq!(p.as_slice(), &children[..]);
            check_path(&p);
        }
        Err(e) => {
            assert!(
                children.len() > MAX_DEPTH,
                "{e:?} for {} levels",
                children.len()
            );
            assert_eq!(e, Error::DepthExceeded);
        }
    }
}
