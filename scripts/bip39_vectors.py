#!/usr/bin/env python3
"""Writes tests/data/bip39_generated.json: BIP-39 cases the published vectors do not cover.

Run once, from anywhere, with trezor's reference implementation installed:

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install mnemonic==0.21
    /tmp/venv/bin/python scripts/bip39_vectors.py

The published vectors (tests/data/bip39_trezor.json, python-mnemonic's vectors.json, all ten
languages; tests/data/bip39_japanese.json, bip32JP's) are checked against the same library
first, so a reference that disagrees with them stops the script. Then it writes:

* `passphrases`: every language, three entropies, passphrases with non-ASCII text given in NFC
  (the seed hashes them in NFKD), phrases also given in NFC (accents composed);
* `ambiguous`: phrases whose words are all in two lists (English/French, one from
  rust-bitcoin/rust-bip39#106; the two Chinese lists, which share 1,275 characters at the same
  indices), with the lists where the checksum holds and the entropy in each;
* `cardano`: 9-word (96-bit) phrases, which python-mnemonic refuses (it takes 16 to 32 bytes).
  They come from `ref_words`, BIP-39's mapping written out below from the spec, which is checked
  here against python-mnemonic on every published 12-to-24-word vector and against
  cardano-addresses' published 9-word phrase (word indices and entropy);
* `invalid`: phrases that fail, with the reason, each confirmed by python-mnemonic or `ref_words`.

Deterministic: the random entropies come from random.Random(39).
"""
import hashlib
import importlib.metadata
import json
import os
import random
import unicodedata

from mnemonic import Mnemonic

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "tests", "data")
LANGS = ["english", "japanese", "korean", "spanish", "chinese_simplified",
         "chinese_traditional", "french", "italian", "czech", "portuguese"]
NAMES = {l: l.replace("_", "-") for l in LANGS}
M = {l: Mnemonic(l) for l in LANGS}
NFKD = lambda s: unicodedata.normalize("NFKD", s)  # noqa: E731
NFC = lambda s: unicodedata.normalize("NFC", s)  # noqa: E731


def ref_words(entropy, lang):
    """BIP-39 "Generating the mnemonic", for any multiple of 32 bits: entropy ‖ the first
    len*8/32 bits of SHA-256(entropy), cut into 11-bit word indices."""
    ent = len(entropy) * 8
    cs = ent // 32
    bits = int.from_bytes(entropy, "big") << cs | hashlib.sha256(entropy).digest()[0] >> (8 - cs)
    n = (ent + cs) // 11
    idx = [(bits >> (11 * (n - 1 - i))) & 0x7FF for i in range(n)]
    return idx, M[lang].delimiter.join(M[lang].wordlist[i] for i in idx)


def ref_check(phrase, lang):
    """The entropy of a phrase if its checksum holds, else None (any word count)."""
    words = NFKD(phrase).split()
    idx = [M[lang].wordlist.index(w) for w in words]
    n = len(idx)
    bits = 0
    for i in idx:
        bits = bits << 11 | i
    cs = n * 11 // 33
    entropy = (bits >> cs).to_bytes((n * 11 - cs) // 8, "big")
    return entropy if (bits & ((1 << cs) - 1)) == hashlib.sha256(entropy).digest()[0] >> (8 - cs) else None


def check_published():
    with open(os.path.join(DATA, "bip39_trezor.json"), encoding="utf-8") as f:
        trezor = json.load(f)
    count = 0
    for lang, cases in trezor.items():
        for entropy, phrase, seed, _xprv in cases:
            e = bytes.fromhex(entropy)
            assert NFKD(M[lang].to_mnemonic(e)) == NFKD(phrase), (lang, entropy)
            assert ref_words(e, lang)[1] == M[lang].to_mnemonic(e), (lang, entropy)
            assert Mnemonic.to_seed(phrase, "TREZOR").hex() == seed, (lang, entropy)
            count += 1
    with open(os.path.join(DATA, "bip39_japanese.json"), encoding="utf-8") as f:
        for case in json.load(f):
            e = bytes.fromhex(case["entropy"])
            assert NFKD(M["japanese"].to_mnemonic(e)) == NFKD(case["phrase"])
            assert Mnemonic.to_seed(case["phrase"], case["salt"]).hex() == case["seed"]
            count += 1
    # cardano-addresses, command-line/test/Command/Key/FromRecoveryPhraseSpec.hs (sndFactorPhrase).
    idx, phrase = ref_words(bytes.fromhex("df84fc7b38c0bd40cba7b440"), "english")
    assert phrase == "test child burst immense armed parrot company walk dog"
    assert idx == [1788, 319, 246, 908, 94, 1283, 372, 1972, 516]
    return count


def main():
    version = importlib.metadata.version("mnemonic")
    assert version == "0.21", version
    rng = random.Random(39)
    checked = check_published()

    passphrases = []
    secrets = ["", "TREZOR", "ñandú Ünïcödé ✓", "㍍ガバヴァぱばぐゞちぢ十人十色", "パスワード"]
    for lang in LANGS:
        for length in (16, 24, 32):
            e = bytes(rng.randrange(256) for _ in range(length))
            phrase = M[lang].to_mnemonic(e)
            pw = secrets[rng.randrange(len(secrets))] if length != 16 else "ñandú Ünïcödé ✓"
            passphrases.append({
                "language": NAMES[lang],
                "entropy_hex": e.hex(),
                "mnemonic": phrase,
                "mnemonic_nfc": NFC(phrase),
                "passphrase": NFC(pw),
                "seed_hex": Mnemonic.to_seed(phrase, pw).hex(),
            })

    ambiguous = []
    # rust-bitcoin/rust-bip39#106: every word is English and French; the checksum holds in French.
    ambiguous.append("abandon amateur angle animal aspect badge bicycle bonus brave canal capable festival")

    def search(pool, want, extra=None):
        while True:
            words = [pool[rng.randrange(len(pool))] for _ in range(12)]
            if extra:
                words[rng.randrange(12)] = extra[rng.randrange(len(extra))]
            phrase = " ".join(words)
            if tuple(l for l in ("english", "french", "chinese_simplified", "chinese_traditional")
                     if all(w in M[l].wordlist for w in words) and M[l].check(phrase)) == want:
                return phrase

    en_fr = sorted(set(M["english"].wordlist) & set(M["french"].wordlist))
    ambiguous.append(search(en_fr, ("english", "french")))
    # The two Chinese lists share 1,275 characters, each at the same index in both lists.
    zs, zt = M["chinese_simplified"].wordlist, M["chinese_traditional"].wordlist
    common = sorted(set(zs) & set(zt))
    assert all(zs.index(w) == zt.index(w) for w in common)
    ambiguous.append(search(common, ("chinese_simplified", "chinese_traditional")))
    ambiguous.append(search(common, ("chinese_simplified",), sorted(set(zs) - set(zt))))
    ambiguous.append(search(common, ("chinese_traditional",), sorted(set(zt) - set(zs))))
    cases = []
    for phrase in ambiguous:
        case = {"mnemonic": phrase, "in_lists": [], "valid_in": {}}
        for lang in LANGS:
            words = NFKD(phrase).split()
            if all(w in M[lang].wordlist for w in words):
                case["in_lists"].append(NAMES[lang])
                if M[lang].check(phrase):
                    case["valid_in"][NAMES[lang]] = M[lang].to_entropy(words).hex()
        case["seed_hex"] = Mnemonic.to_seed(phrase, "").hex()
        cases.append(case)
    ambiguous = cases
    assert list(ambiguous[0]["valid_in"]) == ["french"]
    assert len(set(ambiguous[1]["valid_in"].values())) == 2
    assert len(set(ambiguous[2]["valid_in"].values())) == 1

    cardano = []
    for lang in LANGS:
        for fill in ([0x00] * 12, [0xFF] * 12, [0x7F] * 12, [0x80] * 12, None, None):
            e = bytes(fill) if fill else bytes(rng.randrange(256) for _ in range(12))
            idx, phrase = ref_words(e, lang)
            assert ref_check(phrase, lang) == e
            cardano.append({"language": NAMES[lang], "entropy_hex": e.hex(),
                            "word_indices": idx, "mnemonic": phrase})

    invalid = []
    for lang in ("english", "spanish", "japanese"):
        base = ref_words(bytes(rng.randrange(256) for _ in range(16)), lang)[0]
        # A last word whose checksum bits are off by one: the entropy bits stay, the checksum fails.
        bad = base[:-1] + [base[-1] ^ 1]
        phrase = M[lang].delimiter.join(M[lang].wordlist[i] for i in bad)
        assert not M[lang].check(phrase)
        invalid.append({"language": NAMES[lang], "mnemonic": phrase, "error": "checksum"})
        nine = ref_words(bytes(rng.randrange(256) for _ in range(12)), lang)[0]
        bad9 = nine[:-1] + [nine[-1] ^ 4]
        phrase9 = M[lang].delimiter.join(M[lang].wordlist[i] for i in bad9)
        assert ref_check(phrase9, lang) is None
        invalid.append({"language": NAMES[lang], "mnemonic": phrase9, "error": "checksum",
                        "cardano": True})

    out = {
        "source": f"generated by scripts/bip39_vectors.py with python-mnemonic (PyPI `mnemonic`) {version}; "
                  "9-word phrases by the script's spec-based ref_words",
        "notes": f"The reference reproduced all {checked} published vectors of bip39_trezor.json and "
                 "bip39_japanese.json and cardano-addresses' 9-word phrase before writing this file. "
                 "Phrases are as python-mnemonic prints them (NFKD words; U+3000 between Japanese words).",
        "schema": {
            "passphrases": "language, entropy_hex, mnemonic, mnemonic_nfc (same phrase, NFC), passphrase (NFC), seed_hex",
            "ambiguous": "mnemonic (12 words), in_lists (the lists holding every word), valid_in {language: entropy_hex} where the checksum also holds, seed_hex (passphrase \"\")",
            "cardano": "language, entropy_hex (12 bytes), word_indices, mnemonic (9 words)",
            "invalid": "language, mnemonic, error (\"checksum\"), cardano (true: parse as a Cardano phrase)",
        },
        "passphrases": passphrases,
        "ambiguous": ambiguous,
        "cardano": cardano,
        "invalid": invalid,
    }
    with open(os.path.join(DATA, "bip39_generated.json"), "w", encoding="utf-8") as f:
        json.dump(out, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print(f"checked {checked} published vectors; wrote {len(passphrases)} passphrase, "
          f"{len(ambiguous)} ambiguous, {len(cardano)} cardano, {len(invalid)} invalid cases")


if __name__ == "__main__":
    main()
