//! `mnemonic --dice`: Ian Coleman's rule (each 6 read as 0, the entropy the first bytes of
//! SHA-256 of the base-6 text, a roll worth log2(6) bits), checked against the `sha2` and
//! `bip39` crates, and the fewest rolls for each word count checked against log2(6).

use sha2::Digest as _;

use crate::common::run;

/// A fixed pattern of rolls, `count` long, every face present.
fn rolls(count: usize) -> String {
    "1625344261536".chars().cycle().take(count).collect()
}

/// The phrase Ian Coleman's tool makes of `rolls` for `words` words, from the reference
/// crates.
fn expected(rolls: &str, words: usize) -> String {
    let base6: String = rolls.replace('6', "0");
    let digest = sha2::Sha256::digest(base6.as_bytes());
    let entropy = &digest[..words * 4 / 3];
    bip39::Mnemonic::from_entropy(entropy).unwrap().to_string()
}

#[test]
fn dice_make_the_phrase_of_the_hashed_base6_rolls() {
    for (words, count) in [(12, 50), (15, 62), (18, 74), (21, 87), (24, 99), (12, 130)] {
        let dice = rolls(count);
        let words_arg = words.to_string();
        let out = run(
            &["mnemonic", "--dice", "-", "--words", &words_arg, "--raw"],
            dice.as_bytes(),
        );
        assert_eq!(out.code, 0, "{out:?}");
        assert_eq!(out.stdout, format!("{}\n", expected(&dice, words)));
        assert_eq!(out.stdout.split_whitespace().count(), words);
        assert_eq!(out.stderr, "");
    }
}

#[test]
fn the_fewest_rolls_are_the_rolls_that_carry_the_entropy_bits() {
    let bits_per_roll = 6f64.log2();
    for (words, fewest) in [(12u32, 50u32), (15, 62), (18, 74), (21, 87), (24, 99)] {
        let bits = f64::from(words * 32 / 3);
        // Ian Coleman's rule: ceil(rolls · log2 6) ≥ the entropy's bits.
        assert!((f64::from(fewest) * bits_per_roll).ceil() >= bits);
        assert!((f64::from(fewest - 1) * bits_per_roll).ceil() < bits);
        let words_arg = words.to_string();
        let short = run(
            &["mnemonic", "--dice", "-", "--words", &words_arg],
            rolls(fewest as usize - 1).as_bytes(),
        );
        assert_eq!(short.code, 2, "{short:?}");
        assert_eq!(
            short.stderr,
            format!(
                "error: invalid --dice: {} rolls; {words} words need at least {fewest} (a roll is log2(6) ≈ 2.585 bits)\n",
                fewest - 1
            )
        );
        assert_eq!(short.stdout, "");
    }
}

#[test]
fn without_words_the_rolls_decide_the_length() {
    for (count, words) in [(50, 12), (61, 12), (62, 15), (98, 21), (99, 24), (300, 24)] {
        let dice = rolls(count);
        let out = run(&["mnemonic", "--dice", "-", "--raw"], dice.as_bytes());
        assert_eq!(out.code, 0, "{out:?}");
        assert_eq!(out.stdout, format!("{}\n", expected(&dice, words)));
    }
    let out = run(&["mnemonic", "--dice", "-"], rolls(49).as_bytes());
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("49 rolls; 12 words need at least 50"),
        "{out:?}"
    );
}

#[test]
fn dice_reject_other_characters_and_note_the_command_line() {
    for bad in ["7", "0", "1 2", "a", "12,3"] {
        let text = format!("{}{bad}", rolls(60));
        let out = run(&["mnemonic", "--dice", "-"], text.as_bytes());
        assert_eq!(out.code, 2, "{bad:?}: {out:?}");
        assert_eq!(
            out.stderr,
            "error: invalid --dice: the rolls are digits 1 to 6, with nothing between them\n"
        );
    }
    let dice = rolls(50);
    let out = run(&["mnemonic", "--dice", &dice, "--raw"], b"");
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(out.stdout, format!("{}\n", expected(&dice, 12)));
    assert!(out.stderr.contains("the dice rolls"), "{out:?}");
    assert!(out.stderr.contains("--dice -"), "{out:?}");
    // --dice and --entropy are two sources of one entropy.
    let both = run(&["mnemonic", "--dice", &dice, "--entropy", "00"], b"");
    assert_eq!(both.code, 2);
}
