//! Child numbers and derivation paths through the public API: the grammar (every rejection
//! class with its exact segment, offset and kind), printing, storage and the lazy parser.

use core::hash::{Hash, Hasher};
use std::collections::hash_map::DefaultHasher;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use fastbip32::path::{Segments, INLINE_CAPACITY};
use fastbip32::{ChildNumber, DerivationPath, Error, PathErrorKind};
#[cfg(not(target_arch = "wasm32"))]
use proptest::prelude::*;

/// Runs `segments` to the end: the number of child numbers, or the first error.
fn validate(mut segments: Segments<'_>) -> Result<usize, Error> {
    segments.try_fold(0, |count, child| child.map(|_| count + 1))
}

const H: u32 = 1 << 31;

/// The normal child `index` (below 2³¹ in every use; the constructors are tested on their own).
fn n(index: u32) -> ChildNumber {
    ChildNumber::from_raw(index)
}

/// The hardened child `index'`.
fn h(index: u32) -> ChildNumber {
    ChildNumber::from_raw(index | H)
}

fn invalid(segment: usize, offset: usize, kind: PathErrorKind) -> Error {
    Error::InvalidPath {
        segment,
        offset,
        kind,
    }
}

/// `count` segments `0`, as bare relative text (`0/0/…/0`).
fn zeros(count: usize) -> String {
    vec!["0"; count].join("/")
}

fn hash_of(value: &impl Hash) -> u64 {
    let mut hasher = DefaultHasher::new();
    value.hash(&mut hasher);
    hasher.finish()
}

// ---------------------------------------------------------------------------------------------
// Rejections
// ---------------------------------------------------------------------------------------------

/// Text that is invalid both as an absolute and as a relative path, with the same error.
const INVALID_EITHER_WAY: &[(&str, usize, usize, PathErrorKind)] = &[
    ("", 0, 0, PathErrorKind::Empty),
    ("m/", 0, 1, PathErrorKind::TrailingSlash),
    ("m/1/", 1, 3, PathErrorKind::TrailingSlash),
    ("m/44'/0'/", 2, 8, PathErrorKind::TrailingSlash),
    ("m//1", 0, 2, PathErrorKind::EmptySegment),
    ("m/1//2", 1, 4, PathErrorKind::EmptySegment),
    ("m//", 0, 2, PathErrorKind::EmptySegment),
    ("m/'", 0, 2, PathErrorKind::EmptySegment),
    ("m/h", 0, 2, PathErrorKind::EmptySegment),
    ("m/H/1", 0, 2, PathErrorKind::EmptySegment),
    ("m/1/'/2", 1, 4, PathErrorKind::EmptySegment),
    ("m/1''", 0, 4, PathErrorKind::MisplacedHardenedMarker),
    ("m/1h'", 0, 4, PathErrorKind::MisplacedHardenedMarker),
    ("m/1Hh", 0, 4, PathErrorKind::MisplacedHardenedMarker),
    ("m/1'2", 0, 4, PathErrorKind::MisplacedHardenedMarker),
    ("m/0/12h3/4", 1, 7, PathErrorKind::MisplacedHardenedMarker),
    ("m/h1", 0, 2, PathErrorKind::MisplacedHardenedMarker),
    ("m/'1", 0, 2, PathErrorKind::MisplacedHardenedMarker),
    ("m/''", 0, 2, PathErrorKind::MisplacedHardenedMarker),
    ("mm", 0, 1, PathErrorKind::MissingMasterPrefix),
    ("m1", 0, 1, PathErrorKind::MissingMasterPrefix),
    ("m'", 0, 1, PathErrorKind::MissingMasterPrefix),
    ("m /1", 0, 1, PathErrorKind::MissingMasterPrefix),
    ("m\\1", 0, 1, PathErrorKind::MissingMasterPrefix),
    ("m/+1", 0, 2, PathErrorKind::InvalidCharacter),
    ("m/-1", 0, 2, PathErrorKind::InvalidCharacter),
    ("m/1 ", 0, 3, PathErrorKind::InvalidCharacter),
    ("m/ 1", 0, 2, PathErrorKind::InvalidCharacter),
    ("m/1/ 2", 1, 4, PathErrorKind::InvalidCharacter),
    ("m/1\n", 0, 3, PathErrorKind::InvalidCharacter),
    ("m/1'x", 0, 4, PathErrorKind::InvalidCharacter),
    ("m/0x1", 0, 3, PathErrorKind::InvalidCharacter),
    ("m/1.5", 0, 3, PathErrorKind::InvalidCharacter),
    ("m/1_000", 0, 3, PathErrorKind::InvalidCharacter),
    ("m/1\u{2019}", 0, 3, PathErrorKind::InvalidCharacter), // right single quotation mark
    ("m/\u{ff11}", 0, 2, PathErrorKind::InvalidCharacter),  // fullwidth digit one
    ("m/0/\u{0661}", 1, 4, PathErrorKind::InvalidCharacter), // Arabic-Indic digit one
    ("m/m/1", 0, 2, PathErrorKind::InvalidCharacter),
    ("m/M", 0, 2, PathErrorKind::InvalidCharacter),
    ("m/1\0", 0, 3, PathErrorKind::InvalidCharacter),
    ("m/2147483648", 0, 2, PathErrorKind::IndexOutOfRange),
    ("m/2147483648'", 0, 2, PathErrorKind::IndexOutOfRange),
    ("m/0/4294967295", 1, 4, PathErrorKind::IndexOutOfRange),
    ("m/0/4294967296", 1, 4, PathErrorKind::IndexOutOfRange),
    (
        "m/1/99999999999999999999999999999",
        1,
        4,
        PathErrorKind::IndexOutOfRange,
    ),
    // The first problem from the left wins.
    ("m/x//", 0, 2, PathErrorKind::InvalidCharacter),
    ("m//x", 0, 2, PathErrorKind::EmptySegment),
    ("m/99999999999x", 0, 2, PathErrorKind::IndexOutOfRange),
    ("m/1x2147483648", 0, 3, PathErrorKind::InvalidCharacter),
];

/// Text that is invalid as an absolute path only (or in a different way as a relative one).
const INVALID_ABSOLUTE: &[(&str, usize, usize, PathErrorKind)] = &[
    ("M/1", 0, 0, PathErrorKind::MissingMasterPrefix),
    ("M", 0, 0, PathErrorKind::MissingMasterPrefix),
    (" m/1", 0, 0, PathErrorKind::MissingMasterPrefix),
    ("/1", 0, 0, PathErrorKind::MissingMasterPrefix),
    ("/", 0, 0, PathErrorKind::MissingMasterPrefix),
    ("1", 0, 0, PathErrorKind::MissingMasterPrefix),
    ("0/1'", 0, 0, PathErrorKind::MissingMasterPrefix),
    ("1/", 0, 0, PathErrorKind::MissingMasterPrefix),
    ("\u{ff4d}/1", 0, 0, PathErrorKind::MissingMasterPrefix), // fullwidth m
];

/// Text that is invalid as a relative path.
const INVALID_RELATIVE: &[(&str, usize, usize, PathErrorKind)] = &[
    ("/1", 0, 0, PathErrorKind::EmptySegment),
    ("/", 0, 0, PathErrorKind::EmptySegment),
    ("1/", 1, 1, PathErrorKind::TrailingSlash),
    ("0/1'/", 2, 4, PathErrorKind::TrailingSlash),
    ("1//2", 1, 2, PathErrorKind::EmptySegment),
    ("M/1", 0, 0, PathErrorKind::InvalidCharacter),
    (" 1", 0, 0, PathErrorKind::InvalidCharacter),
    ("1 ", 0, 1, PathErrorKind::InvalidCharacter),
    ("+1", 0, 0, PathErrorKind::InvalidCharacter),
    ("'", 0, 0, PathErrorKind::EmptySegment),
    ("h1", 0, 0, PathErrorKind::MisplacedHardenedMarker),
    ("1''", 0, 2, PathErrorKind::MisplacedHardenedMarker),
    ("2147483648", 0, 0, PathErrorKind::IndexOutOfRange),
    ("\u{ff11}", 0, 0, PathErrorKind::InvalidCharacter),
];

fn check_rejection(text: &str, result: &Result<DerivationPath, Error>, expected: Error, how: &str) {
    assert_eq!(result, &Err(expected), "{how} {text:?}");
    if let Error::InvalidPath { offset, .. } = expected {
        assert!(
            text.is_char_boundary(offset),
            "{text:?}: offset {offset} inside a character"
        );
    }
}

#[test]
fn rejects_invalid_text_with_exact_errors() {
    for &(text, segment, offset, kind) in INVALID_EITHER_WAY {
        let expected = invalid(segment, offset, kind);
        check_rejection(text, &text.parse(), expected, "absolute");
        check_rejection(
            text,
            &DerivationPath::parse_relative(text),
            expected,
            "relative",
        );
    }
    for &(text, segment, offset, kind) in INVALID_ABSOLUTE {
        check_rejection(
            text,
            &text.parse(),
            invalid(segment, offset, kind),
            "absolute",
        );
    }
    for &(text, segment, offset, kind) in INVALID_RELATIVE {
        let expected = invalid(segment, offset, kind);
        check_rejection(
            text,
            &DerivationPath::parse_relative(text),
            expected,
            "relative",
        );
    }
}

#[test]
fn segments_and_validate_report_the_same_errors_as_parse() {
    for &(text, segment, offset, kind) in INVALID_EITHER_WAY.iter().chain(INVALID_ABSOLUTE) {
        let expected = invalid(segment, offset, kind);
        let lazy = Segments::absolute(text).and_then(validate);
        assert_eq!(lazy, Err(expected), "{text:?}");
    }
    for &(text, segment, offset, kind) in INVALID_RELATIVE {
        let lazy = Segments::relative(text).and_then(validate);
        assert_eq!(lazy, Err(invalid(segment, offset, kind)), "{text:?}");
    }
}

#[test]
fn prefix_errors_come_from_the_constructors() {
    assert_eq!(
        Segments::absolute("").err(),
        Some(invalid(0, 0, PathErrorKind::Empty))
    );
    assert_eq!(
        Segments::relative("").err(),
        Some(invalid(0, 0, PathErrorKind::Empty))
    );
    assert_eq!(
        Segments::absolute("M/1").err(),
        Some(invalid(0, 0, PathErrorKind::MissingMasterPrefix))
    );
    assert_eq!(
        Segments::absolute("mm").err(),
        Some(invalid(0, 1, PathErrorKind::MissingMasterPrefix))
    );
    assert_eq!(
        Segments::relative("m1").err(),
        Some(invalid(0, 1, PathErrorKind::MissingMasterPrefix))
    );
    // Segment errors are yielded, not returned by the constructors.
    assert!(Segments::absolute("m/x").is_ok());
    assert!(Segments::relative("x").is_ok());
}

#[test]
fn index_bounds_and_leading_zeros() {
    assert_eq!(
        "m/2147483647'"
            .parse::<DerivationPath>()
            .unwrap()
            .as_slice(),
        [h(H - 1)]
    );
    assert_eq!(
        "m/2147483647".parse::<DerivationPath>().unwrap().as_slice(),
        [n(H - 1)]
    );
    assert_eq!(
        "m/0000000000000000000001"
            .parse::<DerivationPath>()
            .unwrap()
            .as_slice(),
        [n(1)]
    );
    assert_eq!(
        "m/00000000000000000000002147483647h"
            .parse::<DerivationPath>()
            .unwrap()
            .as_slice(),
        [h(H - 1)]
    );
    assert_eq!(
        "m/000".parse::<DerivationPath>().unwrap().as_slice(),
        [n(0)]
    );
    assert_eq!(
        "m/00000000000000000000002147483648".parse::<DerivationPath>(),
        Err(invalid(0, 2, PathErrorKind::IndexOutOfRange))
    );
    // Values that wrap a u32 or u64 are not silently accepted.
    for text in [
        "m/4294967296",
        "m/4294967297",
        "m/18446744073709551617",
        "m/21474836480",
    ] {
        assert_eq!(
            text.parse::<DerivationPath>(),
            Err(invalid(0, 2, PathErrorKind::IndexOutOfRange)),
            "{text}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Depth
// ---------------------------------------------------------------------------------------------

#[cfg(feature = "alloc")]
#[test]
fn accepts_255_segments_and_rejects_256() {
    let deepest = format!("m/{}", zeros(255));
    let path: DerivationPath = deepest.parse().unwrap();
    assert_eq!(path.len(), 255);
    assert_eq!(path.to_string(), deepest);
    assert_eq!(validate(Segments::absolute(&deepest).unwrap()), Ok(255));

    let too_deep = format!("m/{}", zeros(256));
    // Segment 255 (the 256th) starts after "m/" and 255 "0/".
    let expected = invalid(255, 2 + 2 * 255, PathErrorKind::TooManySegments);
    assert_eq!(too_deep.parse::<DerivationPath>(), Err(expected));
    assert_eq!(
        validate(Segments::absolute(&too_deep).unwrap()),
        Err(expected)
    );
    assert_eq!(
        DerivationPath::parse_relative(&zeros(256)),
        Err(invalid(255, 2 * 255, PathErrorKind::TooManySegments))
    );
    // The 256th segment is not parsed: the depth error comes first.
    assert_eq!(
        format!("m/{}/x", zeros(255)).parse::<DerivationPath>(),
        Err(expected)
    );
    // A trailing slash after 255 segments is reported as such.
    assert_eq!(
        format!("{deepest}/").parse::<DerivationPath>(),
        Err(invalid(255, deepest.len(), PathErrorKind::TrailingSlash))
    );
    assert_eq!(
        DerivationPath::parse_relative(&zeros(1000)),
        Err(invalid(255, 2 * 255, PathErrorKind::TooManySegments))
    );
}

#[cfg(feature = "alloc")]
#[test]
fn push_and_from_slice_stop_at_255() {
    let mut path = DerivationPath::master();
    for i in 0..255 {
        path.push(n(i)).unwrap();
        assert_eq!(path.len(), usize::try_from(i).unwrap() + 1);
        assert_eq!(path.last(), Some(&n(i)));
    }
    assert_eq!(path.push(n(0)), Err(Error::DepthExceeded));
    assert_eq!(path.child(h(0)), Err(Error::DepthExceeded));
    assert_eq!(path.len(), 255);

    let children: Vec<ChildNumber> = (0..256).map(n).collect();
    assert_eq!(
        DerivationPath::from_slice(children.get(..255).unwrap()),
        Ok(path.clone())
    );
    assert_eq!(
        DerivationPath::from_slice(&children),
        Err(Error::DepthExceeded)
    );
    assert_eq!(
        DerivationPath::try_from(children.as_slice()),
        Err(Error::DepthExceeded)
    );
    assert_eq!(
        DerivationPath::try_from([n(0); 256]),
        Err(Error::DepthExceeded)
    );
    assert_eq!(
        DerivationPath::try_from([n(0); 255]).map(|p| p.len()),
        Ok(255)
    );
}

#[cfg(feature = "alloc")]
#[test]
fn deep_paths_spill_and_compare_equal_to_any_construction() {
    let children: Vec<ChildNumber> = (0..41)
        .map(|i| if i % 2 == 0 { h(i) } else { n(i) })
        .collect();
    for len in [
        INLINE_CAPACITY - 1,
        INLINE_CAPACITY,
        INLINE_CAPACITY + 1,
        40,
    ] {
        let prefix = children.get(..len).unwrap();
        let from_slice = DerivationPath::from_slice(prefix).unwrap();
        let mut pushed = DerivationPath::master();
        for &child in prefix {
            pushed = pushed.child(child).unwrap();
        }
        let parsed: DerivationPath = from_slice.to_string().parse().unwrap();
        let deeper = DerivationPath::from_slice(children.get(..=len).unwrap()).unwrap();
        let parent = deeper.parent().unwrap();
        for other in [&pushed, &parsed, &parent] {
            assert_eq!(&from_slice, other, "{len}");
            assert_eq!(hash_of(&from_slice), hash_of(other), "{len}");
            assert_eq!(other.as_slice(), prefix);
        }
        assert_eq!(from_slice.iter().collect::<Vec<_>>(), prefix);
    }
}

#[cfg(not(feature = "alloc"))]
#[test]
fn without_alloc_paths_stop_at_the_inline_capacity() {
    let text = format!("m/{}", zeros(INLINE_CAPACITY));
    let path: DerivationPath = text.parse().unwrap();
    assert_eq!(path.len(), INLINE_CAPACITY);
    let capacity = |offset| invalid(INLINE_CAPACITY, offset, PathErrorKind::CapacityExceeded);
    assert_eq!(path.child(n(0)), Err(capacity(0)));
    assert_eq!(
        format!("{text}/7").parse::<DerivationPath>(),
        Err(capacity(text.len() + 1))
    );
    assert_eq!(
        DerivationPath::from_slice(&[n(0); INLINE_CAPACITY + 1]),
        Err(capacity(0))
    );
    // The lazy parser has no capacity limit.
    let deep = format!("m/{}", zeros(255));
    assert_eq!(validate(Segments::absolute(&deep).unwrap()), Ok(255));
}

// ---------------------------------------------------------------------------------------------
// Printing and round trips
// ---------------------------------------------------------------------------------------------

#[test]
fn canonical_printing_and_markers() {
    let bip44 = DerivationPath::from_slice(&[h(44), h(0), h(0), n(0), n(0)]).unwrap();
    for text in [
        "m/44'/0'/0'/0/0",
        "m/44h/0h/0h/0/0",
        "m/44H/0H/0H/0/0",
        "m/44'/0h/0H/0/0",
        "m/044'/00h/0H/000/0",
    ] {
        let path: DerivationPath = text.parse().unwrap();
        assert_eq!(path, bip44, "{text}");
        assert_eq!(path.to_string(), "m/44'/0'/0'/0/0");
        assert_eq!(format!("{path:#}"), "m/44h/0h/0h/0/0");
        assert_eq!(format!("{path:?}"), "DerivationPath(\"m/44'/0'/0'/0/0\")");
        assert_eq!(format!("{path:#?}"), "DerivationPath(\"m/44'/0'/0'/0/0\")");
    }
    let master = DerivationPath::master();
    assert_eq!(master.to_string(), "m");
    assert_eq!(format!("{master:#}"), "m");
    assert_eq!(format!("{master:?}"), "DerivationPath(\"m\")");
    let extremes = DerivationPath::from_slice(&[n(H - 1), h(H - 1), n(0), h(0)]).unwrap();
    assert_eq!(extremes.to_string(), "m/2147483647/2147483647'/0/0'");

    // The longest inline path prints in more than one chunk.
    let widest = DerivationPath::from_slice(&[h(H - 1); INLINE_CAPACITY]).unwrap();
    let expected = format!("m{}", "/2147483647'".repeat(INLINE_CAPACITY));
    assert_eq!(widest.to_string(), expected);
    assert_eq!(format!("{widest:#}"), expected.replace('\'', "h"));
    assert_eq!(
        format!("{widest:?}"),
        format!("DerivationPath(\"{expected}\")")
    );
    assert_eq!(expected.parse(), Ok(widest));
}

#[test]
fn printing_honours_width_fill_and_alignment() {
    let path: DerivationPath = "m/1'/2".parse().unwrap();
    assert_eq!(format!("[{path:10}]"), "[m/1'/2    ]");
    assert_eq!(format!("[{path:>10}]"), "[    m/1'/2]");
    assert_eq!(format!("[{path:*^10}]"), "[**m/1'/2**]");
    assert_eq!(format!("[{path:>#9}]"), "[   m/1h/2]");
    assert_eq!(format!("[{path:#>9}]"), "[###m/1'/2]");
    assert_eq!(format!("[{path:3}]"), "[m/1'/2]");
    let child = h(44);
    assert_eq!(format!("[{child:5}]"), "[44'  ]");
    assert_eq!(format!("[{child:>#5}]"), "[  44h]");
    assert_eq!(format!("[{:-^5}]", n(7)), "[--7--]");
}

#[cfg(feature = "alloc")]
#[test]
fn long_paths_print_across_buffer_chunks() {
    use core::fmt::Write as _;

    // Long enough to need several writes of the printer's stack buffer.
    let children: Vec<ChildNumber> = (0..255).map(|i| h(H - 1 - i)).collect();
    let path = DerivationPath::from_slice(&children).unwrap();
    let mut expected = String::from("m");
    for i in 0..255 {
        write!(expected, "/{}'", H - 1 - i).unwrap();
    }
    assert_eq!(path.to_string(), expected);
    assert_eq!(format!("{path:#}"), expected.replace('\'', "h"));
    assert_eq!(expected.parse::<DerivationPath>().unwrap(), path);
    let padded = format!("{path:>4000}");
    assert_eq!(padded.len(), 4000);
    assert!(padded.ends_with(&expected));
}

#[test]
fn round_trips_of_known_paths() {
    for text in [
        "m",
        "m/0",
        "m/0'",
        "m/0'/1",
        "m/0'/1/2'",
        "m/0'/1/2'/2",
        "m/0'/1/2'/2/1000000000",
        "m/0/2147483647'/1/2147483646'/2",
        "m/44'/0'/0'/0/0",
        "m/84'/0'/0'/1/12",
        "m/1852'/1815'/0'/0/0",
        "m/0'/1'/2'/3'/4'/5'/6'/7'/8'/9'/10'/11'/12'/13'/14'/15'",
    ] {
        let path: DerivationPath = text.parse().unwrap();
        assert_eq!(path.to_string(), text);
        assert_eq!(DerivationPath::parse_relative(text), Ok(path.clone()));
        let bare = text.strip_prefix("m/").unwrap_or("");
        if !bare.is_empty() {
            assert_eq!(DerivationPath::parse_relative(bare), Ok(path));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Relative paths and the lazy parser
// ---------------------------------------------------------------------------------------------

#[test]
fn relative_paths() {
    assert_eq!(
        DerivationPath::parse_relative("0/1'/2h")
            .unwrap()
            .as_slice(),
        [n(0), h(1), h(2)]
    );
    assert_eq!(
        DerivationPath::parse_relative("7").unwrap().as_slice(),
        [n(7)]
    );
    assert_eq!(
        DerivationPath::parse_relative("m"),
        Ok(DerivationPath::master())
    );
    assert_eq!(
        DerivationPath::parse_relative("m/5"),
        DerivationPath::parse_relative("5")
    );
    // Absolute parsing does not accept relative text.
    assert_eq!(
        "0/1".parse::<DerivationPath>(),
        Err(invalid(0, 0, PathErrorKind::MissingMasterPrefix))
    );
    let bare: Vec<_> = Segments::relative("3/4'").unwrap().collect();
    assert_eq!(bare, [Ok(n(3)), Ok(h(4))]);
    assert_eq!(Segments::relative("m").unwrap().count(), 0);
}

#[test]
fn segments_yield_children_then_stop_after_the_first_error() {
    let mut segments = Segments::absolute("m/1/2'/x/3/y").unwrap();
    assert_eq!(segments.next(), Some(Ok(n(1))));
    let before_error = segments.clone();
    assert_eq!(segments.next(), Some(Ok(h(2))));
    assert_eq!(
        segments.next(),
        Some(Err(invalid(2, 7, PathErrorKind::InvalidCharacter)))
    );
    for _ in 0..3 {
        assert_eq!(segments.next(), None);
    }
    // A clone resumes where it was taken.
    assert_eq!(before_error.collect::<Vec<_>>().len(), 2);

    let mut done = Segments::absolute("m/5").unwrap();
    assert_eq!(done.next(), Some(Ok(n(5))));
    assert_eq!(done.next(), None);
    assert_eq!(done.next(), None);
    assert_eq!(Segments::absolute("m").unwrap().next(), None);
    assert_eq!(validate(Segments::absolute("m").unwrap()), Ok(0));
    assert_eq!(validate(Segments::relative("9/8/7'").unwrap()), Ok(3));
    assert!(!format!("{:?}", Segments::absolute("m/1").unwrap()).is_empty());
}

// ---------------------------------------------------------------------------------------------
// ChildNumber
// ---------------------------------------------------------------------------------------------

#[test]
fn child_number_constructors_and_bounds() {
    for index in [0, 1, 44, H - 1] {
        let normal = ChildNumber::normal(index).unwrap();
        let hardened = ChildNumber::hardened(index).unwrap();
        assert_eq!((normal.index(), normal.to_raw()), (index, index));
        assert_eq!((hardened.index(), hardened.to_raw()), (index, index + H));
        assert!(normal.is_normal() && !normal.is_hardened());
        assert!(hardened.is_hardened() && !hardened.is_normal());
        assert_eq!(ChildNumber::from_raw(index + H), hardened);
        assert_eq!(ChildNumber::from(index), normal);
        assert_eq!(u32::from(hardened), index + H);
    }
    for index in [H, H + 1, u32::MAX] {
        assert_eq!(
            ChildNumber::normal(index),
            Err(Error::InvalidChildIndex { index })
        );
        assert_eq!(
            ChildNumber::hardened(index),
            Err(Error::InvalidChildIndex { index })
        );
        let raw = ChildNumber::from_raw(index);
        assert!(raw.is_hardened());
        assert_eq!(raw.index(), index - H);
    }
    assert_eq!(ChildNumber::default(), n(0));
    assert!(n(5) < n(6) && n(6) < h(0) && h(0) < h(1));
}

#[test]
fn child_number_bytes() {
    let child = h(0x0102_0304);
    assert_eq!(child.to_be_bytes(), [0x81, 0x02, 0x03, 0x04]);
    assert_eq!(child.to_le_bytes(), [0x04, 0x03, 0x02, 0x81]);
    assert_eq!(n(1).to_be_bytes(), [0, 0, 0, 1]);
}

#[test]
fn child_number_const_construction() {
    const PURPOSE: ChildNumber = match ChildNumber::hardened(44) {
        Ok(child) => child,
        Err(_) => ChildNumber::from_raw(0),
    };
    const MASTER: DerivationPath = DerivationPath::master();
    assert_eq!(PURPOSE.to_raw(), 44 + H);
    assert!(MASTER.is_empty());
}

#[test]
fn child_number_text() {
    assert_eq!(h(44).to_string(), "44'");
    assert_eq!(format!("{:#}", h(44)), "44h");
    assert_eq!(n(0).to_string(), "0");
    assert_eq!(format!("{:#}", n(0)), "0");
    assert_eq!(format!("{:?}", h(44)), "ChildNumber(44')");
    assert_eq!(format!("{:?}", n(2_147_483_647)), "ChildNumber(2147483647)");
    for (text, child) in [
        ("44'", h(44)),
        ("44h", h(44)),
        ("44H", h(44)),
        ("0", n(0)),
        ("007", n(7)),
        ("2147483647'", h(H - 1)),
    ] {
        assert_eq!(text.parse::<ChildNumber>(), Ok(child), "{text}");
    }
    for (text, offset, kind) in [
        ("", 0, PathErrorKind::Empty),
        ("'", 0, PathErrorKind::EmptySegment),
        ("/1", 0, PathErrorKind::EmptySegment),
        ("1/", 1, PathErrorKind::InvalidCharacter),
        ("1/2", 1, PathErrorKind::InvalidCharacter),
        ("m", 0, PathErrorKind::InvalidCharacter),
        ("m/1", 0, PathErrorKind::InvalidCharacter),
        (" 1", 0, PathErrorKind::InvalidCharacter),
        ("1 ", 1, PathErrorKind::InvalidCharacter),
        ("-1", 0, PathErrorKind::InvalidCharacter),
        ("1''", 2, PathErrorKind::MisplacedHardenedMarker),
        ("h1", 0, PathErrorKind::MisplacedHardenedMarker),
        ("2147483648", 0, PathErrorKind::IndexOutOfRange),
        ("\u{ff11}", 0, PathErrorKind::InvalidCharacter),
    ] {
        assert_eq!(
            text.parse::<ChildNumber>(),
            Err(invalid(0, offset, kind)),
            "{text:?}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// DerivationPath API
// ---------------------------------------------------------------------------------------------

#[test]
fn path_accessors_and_conversions() {
    let path: DerivationPath = "m/44'/0'/0'/1/7".parse().unwrap();
    let children = [h(44), h(0), h(0), n(1), n(7)];
    assert_eq!(path.as_slice(), children);
    assert_eq!(path.as_ref(), children);
    assert_eq!(&*path, children);
    assert_eq!(path.len(), 5);
    assert!(!path.is_empty());
    assert_eq!(path.last(), Some(&n(7))); // the slice's, like `first`
    assert_eq!(path.first(), Some(&h(44))); // through Deref
    assert_eq!(path.iter().collect::<Vec<_>>(), children);
    assert_eq!((&path).into_iter().collect::<Vec<_>>(), children);
    let mut looped = Vec::new();
    for child in &path {
        looped.push(child);
    }
    assert_eq!(looped, children);
    assert_eq!(DerivationPath::try_from(children), Ok(path.clone()));
    assert_eq!(DerivationPath::try_from(&children[..]), Ok(path.clone()));
    assert_eq!(DerivationPath::from_slice(&children), Ok(path.clone()));

    let parent = path.parent().unwrap();
    assert_eq!(parent.to_string(), "m/44'/0'/0'/1");
    assert_eq!(parent.child(n(7)), Ok(path.clone()));
    let mut pushed = parent.clone();
    pushed.push(n(7)).unwrap();
    assert_eq!(pushed, path);
    assert_eq!(hash_of(&pushed), hash_of(&path));
    assert_ne!(parent, path);

    let mut up = path;
    let mut steps = 0;
    while let Some(next) = up.parent() {
        up = next;
        steps += 1;
    }
    assert_eq!(steps, 5);
    assert_eq!(up, DerivationPath::master());
}

#[test]
fn master_path() {
    let master = DerivationPath::master();
    assert!(master.is_empty());
    assert_eq!(master.len(), 0);
    assert_eq!(master.parent(), None);
    assert_eq!(master.last(), None);
    assert_eq!(master, DerivationPath::default());
    assert_eq!("m".parse(), Ok(master.clone()));
    assert_eq!(DerivationPath::try_from([]), Ok(master.clone()));
    assert_eq!(master.child(h(1)).unwrap().to_string(), "m/1'");
}

#[test]
fn error_messages_name_segment_and_offset() {
    let error = "m/1/x".parse::<DerivationPath>().unwrap_err();
    let message = error.to_string();
    assert!(message.contains("segment 1"), "{message}");
    assert!(message.contains("byte 4"), "{message}");
}

// ---------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------

/// A valid segment: its child number and a spelling (leading zeros, any of the three markers).
#[cfg(not(target_arch = "wasm32"))]
fn segment() -> impl Strategy<Value = (ChildNumber, String)> {
    let index = prop_oneof![0..100_u32, 0..H, (H - 100)..H];
    (index, any::<bool>(), 0..3_usize, 0..3_usize).prop_map(|(index, hardened, zeros, marker)| {
        let child = if hardened { h(index) } else { n(index) };
        let mut text = "0".repeat(zeros);
        text.push_str(&index.to_string());
        if hardened {
            text.push(match marker {
                0 => '\'',
                1 => 'h',
                _ => 'H',
            });
        }
        (child, text)
    })
}

/// A valid path of up to `max` levels: its child numbers and its spelled-out text.
#[cfg(not(target_arch = "wasm32"))]
fn spelled_path(max: usize) -> impl Strategy<Value = (Vec<ChildNumber>, String)> {
    prop::collection::vec(segment(), 0..=max).prop_map(|segments| {
        let mut text = String::from("m");
        let children = segments
            .into_iter()
            .map(|(child, spelling)| {
                text.push('/');
                text.push_str(&spelling);
                child
            })
            .collect();
        (children, text)
    })
}

/// Checks what every rejection promises: a precise, in-bounds location.
#[cfg(not(target_arch = "wasm32"))]
fn check_error(text: &str, error: Error) -> Result<(), TestCaseError> {
    match error {
        Error::InvalidPath {
            segment, offset, ..
        } => {
            prop_assert!(
                offset <= text.len(),
                "offset {} past the end of {:?}",
                offset,
                text
            );
            prop_assert!(text.is_char_boundary(offset));
            prop_assert!(segment <= 255);
            Ok(())
        }
        other => Err(TestCaseError::fail(format!(
            "{text:?}: unexpected {other:?}"
        ))),
    }
}

/// Test inputs that stay close to the grammar, to reach the deep branches.
#[cfg(not(target_arch = "wasm32"))]
fn near_grammar() -> impl Strategy<Value = String> {
    let alphabet = [
        'm', 'M', '/', '/', '/', '0', '1', '2', '9', '\'', 'h', 'H', ' ', '+', '-', 'x', '\u{ff11}',
    ];
    prop::collection::vec(prop::sample::select(alphabet.to_vec()), 0..60)
        .prop_map(|chars| chars.into_iter().collect())
}

#[cfg(feature = "alloc")]
const MAX_GENERATED_DEPTH: usize = 40;
#[cfg(not(feature = "alloc"))]
const MAX_GENERATED_DEPTH: usize = INLINE_CAPACITY;

#[cfg(not(target_arch = "wasm32"))]
proptest! {
    #[test]
    fn display_of_parse_is_canonical((children, text) in spelled_path(MAX_GENERATED_DEPTH)) {
        let path: DerivationPath = text.parse().unwrap();
        prop_assert_eq!(path.as_slice(), children.as_slice());

        let canonical = path.to_string();
        let reparsed: DerivationPath = canonical.parse().unwrap();
        prop_assert_eq!(&reparsed, &path);
        prop_assert_eq!(reparsed.to_string(), canonical.clone());
        prop_assert_eq!(format!("{path:#}").parse::<DerivationPath>().unwrap(), path.clone());
        prop_assert_eq!(format!("{path:#}"), canonical.replace('\'', "h"));

        prop_assert_eq!(DerivationPath::parse_relative(&text), Ok(path.clone()));
        prop_assert_eq!(validate(Segments::absolute(&text).unwrap()), Ok(children.len()));
        if let Some(bare) = text.strip_prefix("m/") {
            prop_assert_eq!(DerivationPath::parse_relative(bare), Ok(path.clone()));
        }
        prop_assert_eq!(DerivationPath::from_slice(&children), Ok(path));
    }

    #[test]
    fn child_number_display_of_parse(raw in any::<u32>()) {
        let child = ChildNumber::from_raw(raw);
        prop_assert_eq!(child.to_string().parse::<ChildNumber>(), Ok(child));
        prop_assert_eq!(format!("{child:#}").parse::<ChildNumber>(), Ok(child));
    }

    #[test]
    fn parse_never_panics_on_arbitrary_text(text in any::<String>()) {
        check_any_text(&text)?;
    }

    #[test]
    fn parse_never_panics_on_near_grammar_text(text in near_grammar()) {
        check_any_text(&text)?;
    }
}

/// Parses `text` every way there is, and checks that the ways agree and that errors are
/// well-formed.
#[cfg(not(target_arch = "wasm32"))]
fn check_any_text(text: &str) -> Result<(), TestCaseError> {
    let absolute = text.parse::<DerivationPath>();
    let relative = DerivationPath::parse_relative(text);
    let lazy = Segments::absolute(text).and_then(validate);
    let lazy_relative = Segments::relative(text).and_then(validate);
    prop_assert_eq!(
        lazy,
        absolute.as_ref().map(DerivationPath::len).map_err(|e| *e)
    );
    prop_assert_eq!(
        lazy_relative,
        relative.as_ref().map(DerivationPath::len).map_err(|e| *e)
    );
    match &absolute {
        Ok(path) => {
            prop_assert_eq!(Ok(path), relative.as_ref());
            prop_assert_eq!(
                &path.to_string().parse::<DerivationPath>(),
                &Ok(path.clone())
            );
        }
        Err(error) => check_error(text, *error)?,
    }
    if let Err(error) = relative {
        check_error(text, error)?;
    }
    if let Err(error) = text.parse::<ChildNumber>() {
        check_error(text, error)?;
    }
    for segments in [Segments::absolute(text), Segments::relative(text)] {
        let Ok(mut segments) = segments else { continue };
        loop {
            let (low, high) = segments.size_hint();
            let remaining = segments.clone().count();
            prop_assert!(low <= remaining && high.is_none_or(|high| remaining <= high));
            if segments.next().is_none() {
                break;
            }
        }
    }
    Ok(())
}

#[test]
fn relative_text_is_the_steps_alone() {
    let cases = [
        ("m", ""),
        ("m/0", "0"),
        ("m/0/1'", "0/1'"),
        ("m/2147483647'/2147483647", "2147483647'/2147483647"),
    ];
    for (absolute, relative) in cases {
        let path: DerivationPath = absolute.parse().unwrap();
        assert_eq!(path.relative().to_string(), relative, "{absolute}");
        assert_eq!(
            format!("{:#}", path.relative()),
            relative.replace('\'', "h"),
            "{absolute}"
        );
        assert_eq!(
            format!("[{:>8}]", path.relative()),
            format!("[{relative:>8}]")
        );
    }
    // Longer than the 128-byte print buffer: written in several pieces.
    let steps: Vec<String> = (0..40).map(|i| format!("{}'", 1_000_000_000 + i)).collect();
    let path: DerivationPath = format!("m/{}", steps.join("/")).parse().unwrap();
    assert_eq!(path.relative().to_string(), steps.join("/"));
}
