//! `PathPattern`: one `*` level anywhere in a path, its parts, `at`, printing and errors.
//!
//! The expected paths are written out by hand from the pattern grammar (Ledger Live's
//! `m/44'/60'/x'/0/0`, Phantom's `m/44'/501'/x'/0'`, BIP-84's receive chain).

use fastbip32::{ChildNumber, DerivationPath, Error, PathErrorKind, PathPattern};
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

fn path(text: &str) -> DerivationPath {
    text.parse().unwrap()
}

#[test]
fn parts_and_instances() {
    for (text, level, hardened, prefix, suffix, at7) in [
        (
            "m/84'/0'/0'/0/*",
            4,
            false,
            "m/84'/0'/0'/0",
            "m",
            "m/84'/0'/0'/0/7",
        ),
        (
            "m/44'/60'/*'/0/0",
            2,
            true,
            "m/44'/60'",
            "m/0/0",
            "m/44'/60'/7'/0/0",
        ),
        (
            "m/44h/501h/*h/0h",
            2,
            true,
            "m/44'/501'",
            "m/0'",
            "m/44'/501'/7'/0'",
        ),
        ("m/*H", 0, true, "m", "m", "m/7'"),
        ("*", 0, false, "m", "m", "m/7"),
        ("0/*/1", 1, false, "m/0", "m/1", "m/0/7/1"),
    ] {
        let pattern = PathPattern::parse(text).unwrap();
        assert_eq!(pattern.wildcard_level(), Some(level), "{text}");
        assert_eq!(pattern.wildcard_hardened(), Some(hardened), "{text}");
        assert_eq!(pattern.prefix(), &path(prefix), "{text}");
        assert_eq!(pattern.suffix(), &path(suffix), "{text}");
        assert_eq!(pattern.at(7).unwrap(), path(at7), "{text}");
        assert_eq!(pattern.depth(), path(at7).len(), "{text}");
        assert_eq!(
            pattern.is_normal_tail(),
            !hardened && suffix == "m",
            "{text}"
        );
        assert_eq!(text.parse::<PathPattern>().unwrap(), pattern);
    }
}

#[test]
fn printing_round_trips() {
    let pattern = PathPattern::parse("m/44h/60H/*h/0/0").unwrap();
    assert_eq!(pattern.to_string(), "m/44'/60'/*'/0/0");
    assert_eq!(format!("{pattern:#}"), "m/44h/60h/*h/0/0");
    assert_eq!(PathPattern::parse(&pattern.to_string()).unwrap(), pattern);
    assert_eq!(PathPattern::parse("0/*").unwrap().to_string(), "m/0/*");
}

#[test]
fn fixed_paths() {
    let pattern = PathPattern::parse("m/84'/0'/0'/0/3").unwrap();
    assert!(!pattern.has_wildcard());
    assert_eq!(pattern.wildcard_level(), None);
    assert_eq!(pattern.wildcard_hardened(), None);
    assert_eq!(pattern.child(5).unwrap(), None);
    assert_eq!(pattern.at(5).unwrap(), path("m/84'/0'/0'/0/3"));
    assert_eq!(
        PathPattern::from(path("m/1")),
        PathPattern::parse("m/1").unwrap()
    );
    assert_eq!(PathPattern::parse("m").unwrap().at(0).unwrap(), path("m"));
}

#[test]
fn indices_out_of_range() {
    let pattern = PathPattern::parse("m/*'").unwrap();
    assert_eq!(
        pattern.child(3).unwrap(),
        Some(ChildNumber::hardened(3).unwrap())
    );
    assert_eq!(
        pattern.at(0x8000_0000),
        Err(Error::InvalidChildIndex { index: 0x8000_0000 })
    );
    assert_eq!(pattern.at(0x7fff_ffff).unwrap(), path("m/2147483647'"));
}

#[test]
fn constructed() {
    let pattern = PathPattern::new(path("m/44'/501'"), Some(true), path("m/0'")).unwrap();
    assert_eq!(pattern, PathPattern::parse("m/44'/501'/*'/0'").unwrap());
    let deep = DerivationPath::from_slice(&[ChildNumber::normal(0).unwrap(); 255]).unwrap();
    assert_eq!(
        PathPattern::new(deep.clone(), Some(false), DerivationPath::master()),
        Err(Error::DepthExceeded)
    );
    assert!(PathPattern::new(deep, None, DerivationPath::master()).is_ok());
}

#[test]
fn errors_name_segment_and_offset() {
    use PathErrorKind as K;
    for (text, segment, offset, kind) in [
        ("m/*/0/*", 2, 6, K::MultipleWildcards),
        ("m/0/*/*'", 2, 6, K::MultipleWildcards),
        ("m/0/**", 1, 4, K::InvalidWildcard),
        ("m/0/1*", 1, 4, K::InvalidWildcard),
        ("m/0/*x", 1, 4, K::InvalidWildcard),
        ("m/0/*''", 1, 4, K::InvalidWildcard),
        ("m*", 0, 0, K::InvalidWildcard),
        ("m/0/*/", 1, 5, K::TrailingSlash),
        ("/*", 0, 0, K::EmptySegment),
        ("m/x/*", 0, 2, K::InvalidCharacter),
        ("m/*/0/y", 2, 6, K::InvalidCharacter),
        ("m/*/m/0", 1, 4, K::InvalidCharacter),
        ("m/*/2147483648", 1, 4, K::IndexOutOfRange),
        ("m/*//0", 1, 4, K::EmptySegment),
        ("", 0, 0, K::Empty),
    ] {
        assert_eq!(
            PathPattern::parse(text),
            Err(Error::InvalidPath {
                segment,
                offset,
                kind
            }),
            "{text}"
        );
    }
    assert_eq!(
        PathPattern::parse("m/*/*").unwrap_err().to_string(),
        "invalid key path: segment 1 (byte 4): more than one `*` (a pattern ranges over one level)"
    );
}
