//! The CLI never panics on hostile arguments or standard input: a matrix over every
//! subcommand, option and curve, in-process through `fastbip32_cli::run`.
//!
//! cli/tests/it/errors.rs already covers the main hostile cases for `derive` with the default curve
//! (and runs the binary too). This adds what it does not: every curve, `inspect` and
//! `derive --xkey`, every option with every hostile value, NUL bytes (possible in-process),
//! hostile standard input for every `-`, and 10 MB values for every option.
//!
//! Each run is checked against the tool's contract by `fastbip32_fuzz::cli::run_and_check`:
//! exit code 0, 1 or 2; on failure an empty standard output and exactly one `error: …` line;
//! no secret value echoed.

use fastbip32_fuzz::cli::run_and_check;

const CURVES: [&str; 6] = [
    "secp256k1",
    "nist256p1",
    "ed25519",
    "curve25519",
    "ed25519-bip32",
    "cardano-icarus",
];

const SEED: &str = "000102030405060708090a0b0c0d0e0f";
const XPRV: &str = "xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi";
const XPUB: &str = "xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8";
const MNEMONIC: &str =
    "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";

/// Hostile values: empty and blank, huge and odd numbers, 10 000-level paths, non-UTF-8 and
/// NUL bytes, option look-alikes.
fn hostile_values() -> Vec<Vec<u8>> {
    let mut values: Vec<Vec<u8>> = [
        "",
        " ",
        "-",
        "--",
        "m",
        "m/",
        "/",
        "'",
        "m/'",
        "0",
        "-1",
        "+1",
        "1e9",
        "0x10",
        "18446744073709551616",
        "340282366920938463463374607431768211456",
        "4294967295",
        "4294967296",
        "2147483648",
        "2147483647'",
        "m/4294967295'",
        "m/2147483648",
        "m/18446744073709551616h",
        "m/99999999999999999999999999999999",
        "m/0/",
        "m//0",
        "m/0''",
        "M/0",
        "m/0 ",
        " m/0",
        "m/٣",
        "m/０",
        "--help",
        "--version",
        "--json",
        "--seed",
        "derive",
        "inspect",
        "xprv",
        "xpub",
        "zzzz",
        "ed25519-bip32",
        "cardano-icarus",
    ]
    .iter()
    .map(|s| s.as_bytes().to_vec())
    .collect();
    values.push(format!("m{}", "/0".repeat(10_000)).into_bytes());
    values.push(format!("m{}", "/2147483647'".repeat(10_000)).into_bytes());
    values.push(format!("m{}", "/1/2h".repeat(5_000)).into_bytes());
    values.push(format!("m/{}", "9".repeat(100_000)).into_bytes());
    values.push("9".repeat(100_000).into_bytes());
    values.push(vec![0xff, 0xfe, 0xfd]);
    values.push(vec![b'm', b'/', 0xc0, 0x80]); // overlong NUL
    values.push(vec![b'm', b'/', 0xed, 0xa0, 0x80]); // a lone surrogate, WTF-8 style
    values.push(b"m/0\0/1".to_vec());
    values.push(b"\0".to_vec());
    values.push(format!("{SEED}\0").into_bytes());
    values.push(SEED.as_bytes()[..31].to_vec()); // odd length
    values.push(format!("{SEED}{SEED}{SEED}{SEED}00").into_bytes()); // 65 bytes
    values.push(XPRV.as_bytes()[..110].to_vec());
    values.push(format!("{XPRV}1").into_bytes());
    values.push(XPUB.replace('8', "9").into_bytes());
    values
}

/// The command lines into which each hostile value is put, at the `{}`.
fn templates() -> Vec<Vec<&'static str>> {
    let mut templates = vec![
        vec!["{}"],
        vec!["derive", "{}"],
        vec!["inspect", "{}"],
        vec!["inspect", "--json", "{}"],
        vec!["inspect", "--curve", "{}", XPRV],
        vec!["inspect", "--curve", "nist256p1", "{}"],
        vec!["derive", "--xkey", "{}", "--path", "m/0"],
        vec!["derive", "--xkey", XPRV, "--path", "{}"],
        vec!["derive", "--xkey", XPUB, "--path", "{}", "--json"],
        vec![
            "derive",
            "--curve",
            "nist256p1",
            "--xkey",
            XPUB,
            "--path",
            "{}",
        ],
        vec!["derive", "--curve", "{}", "--seed", SEED],
        vec!["derive", "--mnemonic", "{}"],
        vec![
            "derive",
            "--mnemonic",
            MNEMONIC,
            "--passphrase",
            "{}",
            "--path",
            "m/0",
        ],
        vec!["derive", "--seed", SEED, "{}"],
        vec!["derive", "--seed", "{}", "--xkey", XPRV],
    ];
    for curve in CURVES {
        templates.push(vec![
            "derive", "--curve", curve, "--seed", "{}", "--path", "m/0'",
        ]);
        templates.push(vec![
            "derive", "--curve", curve, "--seed", SEED, "--path", "{}",
        ]);
        templates.push(vec![
            "derive",
            "--curve",
            curve,
            "--mnemonic",
            MNEMONIC,
            "--path",
            "{}",
            "--json",
        ]);
    }
    templates
}

fn fill(template: &[&str], value: &[u8]) -> Vec<Vec<u8>> {
    template
        .iter()
        .map(|t| {
            if *t == "{}" {
                value.to_vec()
            } else {
                t.as_bytes().to_vec()
            }
        })
        .collect()
}

fn run(args: &[Vec<u8>], stdin: &[u8]) -> i32 {
    let refs: Vec<&[u8]> = args.iter().map(Vec::as_slice).collect();
    let outcome = std::panic::catch_unwind(|| run_and_check(&refs, stdin));
    match outcome {
        Ok((code, _, _)) => code,
        Err(_) => {
            let shown: Vec<String> = args
                .iter()
                .map(|a| {
                    let s = String::from_utf8_lossy(a);
                    if s.len() > 80 {
                        format!(
                            "{}…({} bytes)",
                            s.chars().take(80).collect::<String>(),
                            a.len()
                        )
                    } else {
                        s.into_owned()
                    }
                })
                .collect();
            panic!(
                "the CLI broke its contract (or panicked) on {shown:?} with {} bytes of stdin",
                stdin.len()
            );
        }
    }
}

#[test]
fn hostile_argument_matrix() {
    let mut runs = 0;
    for template in templates() {
        for value in hostile_values() {
            run(&fill(&template, &value), b"");
            runs += 1;
        }
    }
    assert!(runs > 1000, "{runs}");
}

#[test]
fn hostile_standard_input() {
    let big: Vec<u8> = (0..10 * 1024 * 1024u32)
        .map(|i| b"0123456789abcdef"[(i % 16) as usize])
        .collect();
    let mut noise = Vec::with_capacity(1 << 20);
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    for _ in 0..(1 << 20) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        noise.push(x as u8);
    }
    let inputs: Vec<Vec<u8>> = vec![
        Vec::new(),
        b"\n".to_vec(),
        b"\0".to_vec(),
        vec![0xff; 64],
        format!("{SEED}\n\n{SEED}").into_bytes(),
        format!(" {SEED} \r\n").into_bytes(),
        format!("{XPRV}\0").into_bytes(),
        format!("{MNEMONIC}\u{2028}").into_bytes(),
        MNEMONIC.replace(' ', "\t").into_bytes(),
        big.clone(),
        noise,
        "abandon ".repeat(1 << 20).into_bytes(),
    ];
    let commands: Vec<Vec<&str>> = vec![
        vec!["derive", "--seed", "-"],
        vec!["derive", "--curve", "ed25519-bip32", "--seed", "-"],
        vec!["derive", "--curve", "cardano-icarus", "--mnemonic", "-"],
        vec!["derive", "--mnemonic", "-", "--json"],
        vec!["derive", "--xkey", "-", "--path", "m/0"],
        vec!["inspect", "-"],
        vec!["inspect", "--curve", "nist256p1", "--json", "-"],
    ];
    for command in &commands {
        let args: Vec<Vec<u8>> = command.iter().map(|s| s.as_bytes().to_vec()).collect();
        for input in &inputs {
            run(&args, input);
        }
    }
}

#[test]
fn ten_megabyte_values_for_every_option() {
    let huge_hex = "a".repeat(10 * 1024 * 1024);
    let huge_path = format!("m{}", "/0".repeat(5 * 1024 * 1024));
    let huge_words = "abandon ".repeat(1024 * 1024 + 1024 * 256);
    for (option, value) in [
        ("--seed", huge_hex.as_str()),
        ("--seed", &huge_hex[1..]),
        ("--mnemonic", huge_words.as_str()),
        ("--path", huge_path.as_str()),
        ("--curve", huge_hex.as_str()),
        ("--xkey", huge_hex.as_str()),
    ] {
        let args: Vec<Vec<u8>> = ["derive", option, value]
            .iter()
            .map(|s| s.as_bytes().to_vec())
            .collect();
        assert_ne!(run(&args, b""), 0, "{option}");
    }
    let args: Vec<Vec<u8>> = [
        "derive",
        "--mnemonic",
        MNEMONIC,
        "--passphrase",
        huge_hex.as_str(),
        "--path",
        "m/x",
    ]
    .iter()
    .map(|s| s.as_bytes().to_vec())
    .collect();
    assert_eq!(run(&args, b""), 2);
    let args: Vec<Vec<u8>> = ["inspect", huge_hex.as_str()]
        .iter()
        .map(|s| s.as_bytes().to_vec())
        .collect();
    assert_eq!(run(&args, b""), 2);
}
