//! The candidates of the benchmark groups, shared by the criterion benches
//! (`benches/derive.rs`), the parity test (`tests/parity.rs`) and the allocation count
//! (`tests/allocs.rs`), so the three can never drift apart.
//!
//! Each group is a module with
//! * a context built once, outside the timed region: pre-parsed paths in each crate's own type
//!   (parsing is measured separately, in `path/parse_display`), reused library contexts;
//! * one plain function per implementation, `fn(&Ctx, &Input) -> Output`, that calls the crate
//!   through its normal public API, the way a user would;
//! * `CANDIDATES`: `(id, function)` with the id = the crate name, ours first.
//!
//! Output is the derived private key (bytes), or the printed path, so every candidate can be
//! compared with ours before it is timed.
//!
//! Not measured, and why:
//! * bip0032's ed25519 backend and `slip10` (wusyong) are not among the ed25519 group's
//!   peers; `tiny-hderive` and `iota-crypto` secp256k1 are not among the secp256k1 group's.
//! * `ed25519-hd-key` is called through `get_master_key` + `derive` ×5; its `derive_from_path`
//!   compiles a `Regex` on every call, which says more
//!   about the regex than about derivation.

#![allow(clippy::missing_panics_doc)] // benchmark glue: every `expect` is on a fixed, valid input

use core::fmt;

/// The seed of every derive group: bytes `00 01 02 … 3f` (64 bytes).
pub const SEED: [u8; 64] = {
    let mut s = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        s[i] = i as u8;
        i += 1;
    }
    s
};

/// BIP-32 test vector 1's 16-byte seed: a second input for the parity test.
pub const SEED_TV1: [u8; 16] = [
    0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
];

/// `2^31`: the hardened bit.
pub const H: u32 = 0x8000_0000;

/// A candidate: crate name and the function that runs it once.
pub type Candidate<C, I, O> = (&'static str, fn(&C, &I) -> O);

/// A fixed-capacity text sink on the stack, so that `path/parse_display` measures the crates'
/// parsing and `Display`, not `String` growth (every candidate prints into the same sink).
#[derive(Clone, Copy)]
pub struct StackStr {
    buf: [u8; 96],
    len: usize,
}

impl StackStr {
    /// An empty sink.
    pub const fn new() -> Self {
        Self {
            buf: [0; 96],
            len: 0,
        }
    }

    /// The text written so far.
    pub fn as_str(&self) -> &str {
        core::str::from_utf8(&self.buf[..self.len]).expect("only str was written")
    }
}

impl Default for StackStr {
    fn default() -> Self {
        Self::new()
    }
}

impl fmt::Write for StackStr {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        if end > self.buf.len() {
            return Err(fmt::Error);
        }
        self.buf[self.len..end].copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

impl fmt::Debug for StackStr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl PartialEq for StackStr {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

fn arr32(bytes: &[u8]) -> [u8; 32] {
    bytes.try_into().expect("32 bytes")
}

/// `derive/secp256k1_m44h_0h_0h_0_0`: BIP-32 seed → `m/44'/0'/0'/0/0`, private key.
pub mod secp256k1 {
    use super::{arr32, Candidate, H};
    use bitcoin::secp256k1 as secp029;

    /// The group name.
    pub const GROUP: &str = "derive/secp256k1_m44h_0h_0h_0_0";
    /// The path.
    pub const PATH: &str = "m/44'/0'/0'/0/0";

    /// Pre-parsed paths and reused contexts.
    pub struct Ctx {
        fastbip32: fastbip32::DerivationPath,
        bitcoin_secp: secp029::Secp256k1<secp029::All>,
        bitcoin: bitcoin::bip32::DerivationPath,
        bip32: bip32::DerivationPath,
        hdwallet: [hdwallet::KeyIndex; 5],
        bip0032: bip0032::DerivationPath,
        coins_bip32: coins_bip32::path::DerivationPath,
    }

    impl Ctx {
        /// Parses the path once per crate and builds rust-bitcoin's context.
        pub fn new() -> Self {
            let hd = |i| hdwallet::KeyIndex::hardened_from_normalize_index(i).expect("index");
            Self {
                fastbip32: PATH.parse().expect("path"),
                bitcoin_secp: secp029::Secp256k1::new(),
                bitcoin: PATH.parse().expect("path"),
                bip32: PATH.parse().expect("path"),
                hdwallet: [
                    hd(44),
                    hd(0),
                    hd(0),
                    hdwallet::KeyIndex::Normal(0),
                    hdwallet::KeyIndex::Normal(0),
                ],
                bip0032: PATH.parse().expect("path"),
                coins_bip32: PATH.parse().expect("path"),
            }
        }
    }

    impl Default for Ctx {
        fn default() -> Self {
            Self::new()
        }
    }

    /// Ours: `ExtendedPrivateKey::<Secp256k1>::from_seed` + `derive_path(&DerivationPath)`.
    pub fn fastbip32(ctx: &Ctx, seed: &[u8]) -> [u8; 32] {
        let key = fastbip32::ExtendedPrivateKey::<fastbip32::Secp256k1>::from_seed(seed)
            .expect("seed")
            .derive_path(&ctx.fastbip32)
            .expect("derive");
        *key.private_key()
    }

    /// rust-bitcoin 0.32: `Xpriv::new_master` + `derive_priv` with one reused context.
    pub fn bitcoin(ctx: &Ctx, seed: &[u8]) -> [u8; 32] {
        let master =
            bitcoin::bip32::Xpriv::new_master(bitcoin::NetworkKind::Main, seed).expect("seed");
        let key = master
            .derive_priv(&ctx.bitcoin_secp, &ctx.bitcoin)
            .expect("derive");
        key.private_key.secret_bytes()
    }

    /// bip32 0.6 (iqlusion), k256 backend: `XPrv::derive_from_path`.
    pub fn bip32(ctx: &Ctx, seed: &[u8]) -> [u8; 32] {
        bip32::XPrv::derive_from_path(seed, &ctx.bip32)
            .expect("derive")
            .to_bytes()
    }

    /// hdwallet 0.4: `with_seed` + `derive_private_key` ×5 (its only per-path API is a
    /// string `ChainPath` parsed while deriving).
    pub fn hdwallet(ctx: &Ctx, seed: &[u8]) -> [u8; 32] {
        let mut key = hdwallet::ExtendedPrivKey::with_seed(seed).expect("seed");
        for index in &ctx.hdwallet {
            key = key.derive_private_key(*index).expect("derive");
        }
        key.private_key.secret_bytes()
    }

    /// bip0032 0.2, k256 backend (k256 `precomputed-tables` on, as its users get by default
    /// through any other k256 dependent).
    pub fn bip0032(ctx: &Ctx, seed: &[u8]) -> [u8; 32] {
        use bip0032::curve::secp256k1::{K256Backend, Secp256k1Curve};
        let master =
            bip0032::ExtendedPrivateKey::<Secp256k1Curve<K256Backend>>::new(seed).expect("seed");
        *master.derive_path(&ctx.bip0032).expect("derive").to_bytes()
    }

    /// coins-bip32 0.17: `XPriv::root_from_seed` + `derive_path`.
    pub fn coins_bip32(ctx: &Ctx, seed: &[u8]) -> [u8; 32] {
        let root = coins_bip32::xkeys::XPriv::root_from_seed(seed, None).expect("seed");
        let key = root.derive_path(&ctx.coins_bip32).expect("derive");
        let sk: &coins_bip32::ecdsa::SigningKey = key.as_ref();
        arr32(&sk.to_bytes())
    }

    /// Every implementation, ours first.
    pub const CANDIDATES: &[Candidate<Ctx, [u8], [u8; 32]>] = &[
        ("fastbip32", fastbip32),
        ("bitcoin", bitcoin),
        ("bip32", bip32),
        ("hdwallet", hdwallet),
        ("bip0032", bip0032),
        ("coins-bip32", coins_bip32),
    ];

    /// The raw child numbers, for crates that take integers.
    pub const RAW: [u32; 5] = [44 | H, H, H, 0, 0];
}

/// `derive/ed25519_m44h_0h_0h_0h_0h`: SLIP-10 ed25519 seed → `m/44'/0'/0'/0'/0'`.
pub mod ed25519 {
    use super::{Candidate, H};
    use iota_crypto::keys::slip10 as iota;

    /// The group name.
    pub const GROUP: &str = "derive/ed25519_m44h_0h_0h_0h_0h";
    /// The path.
    pub const PATH: &str = "m/44'/0'/0'/0'/0'";
    /// The child indexes without the hardened bit.
    pub const INDEXES: [u32; 5] = [44, 0, 0, 0, 0];

    /// Pre-parsed paths.
    pub struct Ctx {
        fastbip32: fastbip32::DerivationPath,
        dalek_bip32: [ed25519_dalek_bip32::ChildIndex; 5],
        iota: [iota::Hardened; 5],
    }

    impl Ctx {
        /// Parses the path once per crate.
        pub fn new() -> Self {
            Self {
                fastbip32: PATH.parse().expect("path"),
                dalek_bip32: INDEXES.map(ed25519_dalek_bip32::ChildIndex::Hardened),
                iota: INDEXES.map(|i| iota::Hardened::try_from(i | H).expect("hardened")),
            }
        }
    }

    impl Default for Ctx {
        fn default() -> Self {
            Self::new()
        }
    }

    /// Ours.
    pub fn fastbip32(ctx: &Ctx, seed: &[u8]) -> [u8; 32] {
        let key = fastbip32::ExtendedPrivateKey::<fastbip32::Ed25519>::from_seed(seed)
            .expect("seed")
            .derive_path(&ctx.fastbip32)
            .expect("derive");
        *key.private_key()
    }

    /// slip10_ed25519 0.1: `derive_ed25519_private_key(seed, &[u32])` (indexes unhardened,
    /// it sets the bit).
    pub fn slip10_ed25519(_ctx: &Ctx, seed: &[u8]) -> [u8; 32] {
        slip10_ed25519::derive_ed25519_private_key(seed, &INDEXES)
    }

    /// ed25519-dalek-bip32 0.3: `ExtendedSigningKey::from_seed` + `derive` (it builds an
    /// ed25519-dalek `SigningKey`, so a public key, at every level).
    pub fn ed25519_dalek_bip32(ctx: &Ctx, seed: &[u8]) -> [u8; 32] {
        let master = ed25519_dalek_bip32::ExtendedSigningKey::from_seed(seed).expect("seed");
        master
            .derive(&ctx.dalek_bip32)
            .expect("derive")
            .signing_key
            .to_bytes()
    }

    /// kobe-primitives 3.4 (`slip10`): `DerivedEd25519Key::from_seed` + `derive_hardened` ×5.
    pub fn kobe_primitives(_ctx: &Ctx, seed: &[u8]) -> [u8; 32] {
        let mut key = kobe_primitives::slip10::DerivedEd25519Key::from_seed(seed).expect("seed");
        for i in INDEXES {
            key = key.derive_hardened(i).expect("derive");
        }
        *key.private_key_bytes()
    }

    /// iota-crypto 0.23 (`slip10` + `ed25519`): `Slip10::from_seed` + `derive`.
    pub fn iota_crypto(ctx: &Ctx, seed: &[u8]) -> [u8; 32] {
        let master = iota::Slip10::<iota_crypto::signatures::ed25519::SecretKey>::from_seed(&seed);
        let key = master.derive(ctx.iota.iter().copied());
        super::arr32(&key.extended_bytes()[1..33])
    }

    /// ed25519-hd-key 0.3: `get_master_key` + `derive` ×5 (hardened indexes).
    pub fn ed25519_hd_key(_ctx: &Ctx, seed: &[u8]) -> [u8; 32] {
        let (mut key, mut chain) = ed25519_hd_key::get_master_key(seed);
        for i in INDEXES {
            (key, chain) = ed25519_hd_key::derive(&key, &chain, i | H);
        }
        key
    }

    /// Ours, private key and chain code only (`DerivedKey`): like the peers' results, no
    /// public key and no fingerprint, where `ExtendedPrivateKey` computes the last parent's
    /// public key (one base-point multiplication) for its parent fingerprint.
    pub fn fastbip32_derived(ctx: &Ctx, seed: &[u8]) -> [u8; 32] {
        let key = fastbip32::DerivedKey::<fastbip32::Ed25519>::from_seed(seed)
            .expect("seed")
            .derive_path(&ctx.fastbip32)
            .expect("derive");
        *key.private_key()
    }

    /// The floor: the textbook SLIP-10 loop, 6 × HMAC-SHA512 (hmac 0.13 +
    /// sha2 0.11), each with its own key setup: `("ed25519 seed", seed)`, then
    /// `(c, 00 ‖ k ‖ i)` for the 5 hardened indexes.
    pub fn floor(_ctx: &Ctx, seed: &[u8]) -> [u8; 32] {
        use hmac::{KeyInit, Mac};
        let mac = |key: &[u8], parts: &[&[u8]]| -> [u8; 64] {
            let mut m = super::floor::HmacSha512::new_from_slice(key).expect("any key length");
            for p in parts {
                m.update(p);
            }
            m.finalize().into_bytes().into()
        };
        let mut i = mac(b"ed25519 seed", &[seed]);
        for index in INDEXES {
            let (k, c) = i.split_at(32);
            i = mac(c, &[&[0], k, &(index | H).to_be_bytes()]);
        }
        super::arr32(&i[..32])
    }

    /// Every implementation, ours first.
    pub const CANDIDATES: &[Candidate<Ctx, [u8], [u8; 32]>] = &[
        ("fastbip32", fastbip32),
        ("fastbip32-derived-key", fastbip32_derived),
        ("floor", floor),
        ("slip10_ed25519", slip10_ed25519),
        ("ed25519-dalek-bip32", ed25519_dalek_bip32),
        ("kobe-primitives", kobe_primitives),
        ("iota-crypto", iota_crypto),
        ("ed25519-hd-key", ed25519_hd_key),
    ];
}

/// `derive/nist256p1_m44h_0h_0h_0_0`: SLIP-10 NIST P-256 seed → `m/44'/0'/0'/0/0`.
pub mod nist256p1 {
    use super::{arr32, Candidate};

    /// The group name.
    pub const GROUP: &str = "derive/nist256p1_m44h_0h_0h_0_0";
    /// The path.
    pub const PATH: &str = "m/44'/0'/0'/0/0";

    /// Pre-parsed paths.
    pub struct Ctx {
        fastbip32: fastbip32::DerivationPath,
        bip0032: bip0032::DerivationPath,
    }

    impl Ctx {
        /// Parses the path once per crate.
        pub fn new() -> Self {
            Self {
                fastbip32: PATH.parse().expect("path"),
                bip0032: PATH.parse().expect("path"),
            }
        }
    }

    impl Default for Ctx {
        fn default() -> Self {
            Self::new()
        }
    }

    /// Ours.
    pub fn fastbip32(ctx: &Ctx, seed: &[u8]) -> [u8; 32] {
        let key = fastbip32::ExtendedPrivateKey::<fastbip32::NistP256>::from_seed(seed)
            .expect("seed")
            .derive_path(&ctx.fastbip32)
            .expect("derive");
        *key.private_key()
    }

    /// bip0032 0.2 (`p256`, SLIP-10): `new_slip10` + `derive_slip10_path` (p256 0.14 with
    /// `precomputed-tables`).
    pub fn bip0032(ctx: &Ctx, seed: &[u8]) -> [u8; 32] {
        use bip0032::curve::nist256p1::{Nist256p1Curve, P256Backend};
        use bip0032::slip10::{Slip10MasterKey, Slip10NonHardenedDerivation};
        let master = bip0032::ExtendedPrivateKey::<Nist256p1Curve<P256Backend>>::new_slip10(seed)
            .expect("seed");
        let key =
            Slip10NonHardenedDerivation::derive_slip10_path(&master, &ctx.bip0032).expect("derive");
        *key.to_bytes()
    }

    /// hd-wallet 0.7 (`curve-secp256r1`): `slip10::derive_master_key` + `Slip10::
    /// derive_child_key_pair_with_path` (it keeps a key pair, so a public key per level).
    pub fn hd_wallet(_ctx: &Ctx, seed: &[u8]) -> [u8; 32] {
        use hd_wallet::curves::Secp256r1;
        use hd_wallet::HdWallet as _;
        let master = hd_wallet::slip10::derive_master_key::<Secp256r1>(seed).expect("seed");
        let pair = hd_wallet::ExtendedKeyPair::from(master);
        let child =
            hd_wallet::Slip10::derive_child_key_pair_with_path(&pair, super::secp256k1::RAW);
        arr32(
            child
                .secret_key()
                .secret_key
                .as_ref()
                .to_be_bytes()
                .as_bytes(),
        )
    }

    /// Every implementation, ours first.
    pub const CANDIDATES: &[Candidate<Ctx, [u8], [u8; 32]>] = &[
        ("fastbip32", fastbip32),
        ("bip0032", bip0032),
        ("hd-wallet", hd_wallet),
    ];
}

/// `derive/ed25519bip32_m1852h_1815h_0h_0_0` and `derive/ed25519bip32_1000_xpub_children`:
/// BIP32-Ed25519 (V2, Cardano).
///
/// fastbip32's `Ed25519Bip32` scheme was written alongside this crate; its rows sit behind this
/// crate's default feature `ours-ed25519-bip32`, written against the API as it stood then
/// (`ExtendedPrivateKey::from_root_bytes`, `ExtendedPublicKey::from_parts` + `derive_child`).
/// If that API moves, `--no-default-features` still benches the peer alone.
pub mod ed25519_bip32 {
    use super::{Candidate, H};

    /// The private-path group name.
    pub const GROUP: &str = "derive/ed25519bip32_m1852h_1815h_0h_0_0";
    /// The public-children group name.
    pub const XPUB_GROUP: &str = "derive/ed25519bip32_1000_xpub_children";
    /// The path below the root.
    pub const PATH: &str = "m/1852'/1815'/0'/0/0";
    /// The raw child numbers of the path.
    pub const RAW: [u32; 5] = [1852 | H, 1815 | H, H, 0, 0];
    /// The parent of the 1000 public children: `m/1852'/1815'/0'/0`.
    pub const XPUB_PARENT: [u32; 4] = [1852 | H, 1815 | H, H, 0];
    /// How many soft children the public group derives (`0..CHILDREN`).
    pub const CHILDREN: u32 = 1000;

    /// The 96-byte root `kL ‖ kR ‖ c`: `b[i] = 7·i + 3 (mod 256)`, normalised
    /// (`kL[0] &= 0xF8; kL[31] = kL[31] & 0x1F | 0x40`).
    pub const ROOT: [u8; 96] = {
        let mut b = [0u8; 96];
        let mut i = 0;
        while i < 96 {
            b[i] = (7 * i + 3) as u8;
            i += 1;
        }
        b[0] &= 0xF8;
        b[31] = (b[31] & 0x1F) | 0x40;
        b
    };

    /// Pre-parsed path.
    pub struct Ctx {
        #[cfg(feature = "ours-ed25519-bip32")]
        fastbip32: fastbip32::DerivationPath,
    }

    impl Ctx {
        /// Parses the path once.
        pub fn new() -> Self {
            Self {
                #[cfg(feature = "ours-ed25519-bip32")]
                fastbip32: PATH.parse().expect("path"),
            }
        }
    }

    impl Default for Ctx {
        fn default() -> Self {
            Self::new()
        }
    }

    /// The public parent (`m/1852'/1815'/0'/0`) in each crate's own type, derived privately
    /// once, outside the timed region.
    pub struct XpubCtx {
        /// The peer's parent key.
        pub peer: ed25519_bip32::XPub,
        #[cfg(feature = "ours-ed25519-bip32")]
        fastbip32: fastbip32::ExtendedPublicKey<fastbip32::Ed25519Bip32>,
        #[cfg(feature = "ours-ed25519-bip32")]
        children: [fastbip32::ChildNumber; CHILDREN as usize],
    }

    impl XpubCtx {
        /// Derives the parent and takes its public key and chain code.
        pub fn new() -> Self {
            let mut key = ed25519_bip32::XPrv::from_bytes_verified(ROOT).expect("root");
            for i in XPUB_PARENT {
                key = key.derive(ed25519_bip32::DerivationScheme::V2, i);
            }
            let peer = key.public();
            Self {
                #[cfg(feature = "ours-ed25519-bip32")]
                fastbip32: fastbip32::ExtendedPublicKey::from_parts(
                    peer.public_key(),
                    fastbip32::ChainCode::from(*peer.chain_code()),
                    0,
                    fastbip32::Fingerprint::from([0; 4]),
                    fastbip32::ChildNumber::from_raw(0),
                )
                .expect("public key"),
                #[cfg(feature = "ours-ed25519-bip32")]
                children: core::array::from_fn(|i| {
                    fastbip32::ChildNumber::normal(i as u32).expect("soft index")
                }),
                peer,
            }
        }
    }

    impl Default for XpubCtx {
        fn default() -> Self {
            Self::new()
        }
    }

    /// Ours: `ExtendedPrivateKey::<Ed25519Bip32>::from_root_bytes` + `derive_path`; the 64-byte
    /// extended secret `kL ‖ kR`.
    #[cfg(feature = "ours-ed25519-bip32")]
    pub fn fastbip32(ctx: &Ctx, root: &[u8; 96]) -> [u8; 64] {
        let key = fastbip32::ExtendedPrivateKey::<fastbip32::Ed25519Bip32>::from_root_bytes(root)
            .expect("root")
            .derive_path(&ctx.fastbip32)
            .expect("derive");
        *key.private_key()
    }

    /// ed25519-bip32 0.4: `XPrv::from_bytes_verified` + `derive(V2, i)` ×5; the 64-byte
    /// extended secret `kL ‖ kR`.
    pub fn ed25519_bip32(_ctx: &Ctx, root: &[u8; 96]) -> [u8; 64] {
        let mut key = ed25519_bip32::XPrv::from_bytes_verified(*root).expect("root");
        for i in RAW {
            key = key.derive(ed25519_bip32::DerivationScheme::V2, i);
        }
        *key.extended_secret_key_bytes()
    }

    /// Ours: `ExtendedPublicKey::derive_public_keys_into` for children `0..count` (the batch
    /// API: parent decompressed once, compressions share one inversion per 32); the XOR of
    /// the child public keys.
    #[cfg(feature = "ours-ed25519-bip32")]
    pub fn fastbip32_xpub(ctx: &XpubCtx, count: &u32) -> [u8; 32] {
        let mut out = [[0u8; 32]; CHILDREN as usize];
        let out = &mut out[..*count as usize];
        ctx.fastbip32
            .derive_public_keys_into_vartime(ctx.children[0], out)
            .expect("soft children");
        let mut acc = [0u8; 32];
        for pk in out.iter() {
            let pk = core::hint::black_box(*pk);
            for (a, b) in acc.iter_mut().zip(pk) {
                *a ^= b;
            }
        }
        acc
    }

    /// Ours, one child at a time: `ExtendedPublicKey::derive_child` for children `0..count`;
    /// the XOR of the child public keys (each also passed through `black_box`).
    #[cfg(feature = "ours-ed25519-bip32")]
    pub fn fastbip32_xpub_one_by_one(ctx: &XpubCtx, count: &u32) -> [u8; 32] {
        let mut acc = [0u8; 32];
        for child in &ctx.children[..*count as usize] {
            let key = ctx
                .fastbip32
                .derive_child_vartime(*child)
                .expect("soft child");
            let pk = core::hint::black_box(key.public_key());
            for (a, b) in acc.iter_mut().zip(pk) {
                *a ^= b;
            }
        }
        acc
    }

    /// ed25519-bip32 0.4: `XPub::derive(V2, i)` for children `0..count`; the XOR of the child
    /// public keys (each also passed through `black_box`).
    pub fn ed25519_bip32_xpub(ctx: &XpubCtx, count: &u32) -> [u8; 32] {
        let mut acc = [0u8; 32];
        for i in 0..*count {
            let child = ctx
                .peer
                .derive(ed25519_bip32::DerivationScheme::V2, i)
                .expect("soft child");
            let pk = core::hint::black_box(child.public_key());
            for (a, b) in acc.iter_mut().zip(pk) {
                *a ^= b;
            }
        }
        acc
    }

    /// Private path, ours first.
    pub const CANDIDATES: &[Candidate<Ctx, [u8; 96], [u8; 64]>] = &[
        #[cfg(feature = "ours-ed25519-bip32")]
        ("fastbip32", fastbip32),
        ("ed25519-bip32", ed25519_bip32),
    ];

    /// Public children, ours first.
    pub const XPUB_CANDIDATES: &[Candidate<XpubCtx, u32, [u8; 32]>] = &[
        #[cfg(feature = "ours-ed25519-bip32")]
        ("fastbip32", fastbip32_xpub),
        ("ed25519-bip32", ed25519_bip32_xpub),
    ];
}

/// `path/parse_display`: parse `"m/44'/0'/0'/0/0"` and print it again.
pub mod path {
    use super::{Candidate, StackStr};
    use core::fmt::Write as _;

    /// The group name.
    pub const GROUP: &str = "path/parse_display";
    /// The input.
    pub const PATH: &str = "m/44'/0'/0'/0/0";

    fn round_trip<P: core::str::FromStr + core::fmt::Display>(s: &str) -> StackStr
    where
        P::Err: core::fmt::Debug,
    {
        let path: P = s.parse().expect("path");
        let mut out = StackStr::new();
        write!(out, "{path}").expect("fits");
        out
    }

    /// Ours: `DerivationPath: FromStr + Display`.
    pub fn fastbip32(_: &(), s: &str) -> StackStr {
        round_trip::<fastbip32::DerivationPath>(s)
    }

    /// rust-bitcoin 0.32 (prints without the `m/` prefix; see [`normalise`]).
    pub fn bitcoin(_: &(), s: &str) -> StackStr {
        round_trip::<bitcoin::bip32::DerivationPath>(s)
    }

    /// bip32 0.6.
    pub fn bip32(_: &(), s: &str) -> StackStr {
        round_trip::<bip32::DerivationPath>(s)
    }

    /// bip0032 0.2.
    pub fn bip0032(_: &(), s: &str) -> StackStr {
        round_trip::<bip0032::DerivationPath>(s)
    }

    /// derivation-path 0.2.
    pub fn derivation_path(_: &(), s: &str) -> StackStr {
        round_trip::<derivation_path::DerivationPath>(s)
    }

    /// Every implementation, ours first.
    pub const CANDIDATES: &[Candidate<(), str, StackStr>] = &[
        ("fastbip32", fastbip32),
        ("bitcoin", bitcoin),
        ("bip32", bip32),
        ("bip0032", bip0032),
        ("derivation-path", derivation_path),
    ];

    /// The printed text, compared after giving rust-bitcoin's output the `m/` it omits.
    pub fn normalise(id: &str, out: &StackStr) -> String {
        if id == "bitcoin" && !out.as_str().starts_with('m') {
            format!("m/{}", out.as_str())
        } else {
            out.as_str().to_owned()
        }
    }
}

/// `floor/…`: the primitives the derivations are made of, for the floor rows.
pub mod floor {
    use super::arr32;
    use hmac::{KeyInit, Mac};
    use sha2::Digest;

    /// HMAC-SHA512 (hmac 0.13 + sha2 0.11).
    pub type HmacSha512 = hmac::Hmac<sha2::Sha512>;

    /// 32-byte HMAC key (a chain code).
    pub const KEY: [u8; 32] = [0x5a; 32];
    /// 37-byte HMAC message `00 ‖ 33…33` (a hardened step's data).
    pub const MSG: [u8; 37] = {
        let mut m = [0x33u8; 37];
        m[0] = 0;
        m
    };
    /// A 32-byte secret, valid on every curve.
    pub const SECRET: [u8; 32] = [
        0x1f, 0x2e, 0x3d, 0x4c, 0x5b, 0x6a, 0x79, 0x88, 0x97, 0xa6, 0xb5, 0xc4, 0xd3, 0xe2, 0xf1,
        0x00, 0x0f, 0x1e, 0x2d, 0x3c, 0x4b, 0x5a, 0x69, 0x78, 0x87, 0x96, 0xa5, 0xb4, 0xc3, 0xd2,
        0xe1, 0xf0,
    ];
    /// A 32-byte tweak `I_L`, valid on every curve.
    pub const TWEAK: [u8; 32] = [0x42; 32];
    /// 78 bytes: the size of a serialized extended key.
    pub const XKEY78: [u8; 78] = {
        let mut b = [0u8; 78];
        let mut i = 0;
        while i < 78 {
            b[i] = (i * 13 + 1) as u8;
            i += 1;
        }
        b
    };
    /// One SHA-512 block.
    pub const BLOCK: [u8; 128] = [0xa5; 128];
    /// SHA-512's initial state.
    pub const SHA512_IV: [u64; 8] = [
        0x6a09_e667_f3bc_c908,
        0xbb67_ae85_84ca_a73b,
        0x3c6e_f372_fe94_f82b,
        0xa54f_f53a_5f1d_36f1,
        0x510e_527f_ade6_82d1,
        0x9b05_688c_2b3e_6c1f,
        0x1f83_d9ab_fb41_bd6b,
        0x5be0_cd19_137e_2179,
    ];

    /// HMAC-SHA512, key setup included.
    pub fn hmac_sha512(key: &[u8; 32], msg: &[u8; 37]) -> [u8; 64] {
        let mut mac = HmacSha512::new_from_slice(key).expect("any key length");
        mac.update(msg);
        mac.finalize().into_bytes().into()
    }

    /// The keyed state for [`hmac_sha512_keyed`].
    pub fn hmac_key(key: &[u8; 32]) -> HmacSha512 {
        HmacSha512::new_from_slice(key).expect("any key length")
    }

    /// HMAC-SHA512 from a precomputed keyed state (clone, message, finalize).
    pub fn hmac_sha512_keyed(state: &HmacSha512, msg: &[u8; 37]) -> [u8; 64] {
        let mut mac = state.clone();
        mac.update(msg);
        mac.finalize().into_bytes().into()
    }

    /// One SHA-512 compression of one 128-byte block.
    pub fn sha512_compress(state: &[u64; 8], block: &[u8; 128]) -> [u64; 8] {
        let mut s = *state;
        sha2::block_api::compress512(&mut s, core::slice::from_ref(block));
        s
    }

    /// secp256k1 `[k]G` compressed through libsecp256k1 directly (`secp256k1` 0.33's raw FFI
    /// on its global context, without the re-randomisation its safe API does per call).
    #[allow(unsafe_code)]
    pub fn secp256k1_mul_base_ffi(sk: &[u8; 32]) -> [u8; 33] {
        use secp256k1::ffi;
        secp256k1::with_raw_global_context(
            |ctx| {
                // SAFETY: `PublicKey::new` is a placeholder that libsecp256k1 overwrites on
                // success; it is read only after the call returned 1.
                let mut pk = unsafe { ffi::PublicKey::new() };
                // SAFETY: `ctx` is live for the closure, `pk` is a valid out-pointer and `sk`
                // points to 32 readable bytes.
                let ok = unsafe {
                    ffi::secp256k1_ec_pubkey_create(ctx.as_ptr(), &raw mut pk, sk.as_ptr())
                };
                assert_eq!(ok, 1, "valid secret");
                let mut out = [0u8; 33];
                let mut len = out.len();
                // SAFETY: `out` has room for 33 bytes and `len` says so; `pk` is initialised.
                let ok = unsafe {
                    ffi::secp256k1_ec_pubkey_serialize(
                        ctx.as_ptr(),
                        out.as_mut_ptr(),
                        &raw mut len,
                        &raw const pk,
                        ffi::SECP256K1_SER_COMPRESSED,
                    )
                };
                assert!(ok == 1 && len == 33, "serialize");
                out
            },
            None,
        )
    }

    /// secp256k1 `[k]G` compressed through `secp256k1` 0.33's safe API (which re-randomises the
    /// global context after every call).
    pub fn secp256k1_mul_base_safe(sk: &[u8; 32]) -> [u8; 33] {
        let sk = secp256k1::SecretKey::from_secret_bytes(*sk).expect("valid secret");
        secp256k1::PublicKey::from_secret_key(&sk).serialize()
    }

    /// NIST P-256 `[k]G` compressed through aws-lc-rs (`agreement::PrivateKey::
    /// from_private_key` + `compute_public_key`, compressed by hand from the SEC1 output).
    pub fn p256_mul_base_aws_lc(sk: &[u8; 32]) -> [u8; 33] {
        use aws_lc_rs::agreement;
        let private =
            agreement::PrivateKey::from_private_key(&agreement::ECDH_P256, sk).expect("secret");
        let public = private.compute_public_key().expect("public");
        let bytes = public.as_ref();
        let mut out = [0u8; 33];
        out[0] = 0x02 | (bytes[64] & 1);
        out[1..].copy_from_slice(&bytes[1..33]);
        out
    }

    /// The same with p256 0.14 (`precomputed-tables`), only to cross-check the aws-lc row.
    pub fn p256_mul_base_rustcrypto(sk: &[u8; 32]) -> [u8; 33] {
        use p256::elliptic_curve::sec1::ToSec1Point;
        let sk = p256::SecretKey::from_slice(sk).expect("secret");
        let point = sk.public_key().to_sec1_point(true);
        point.as_bytes().try_into().expect("33 bytes")
    }

    /// ed25519 `[k]B` of a clamped scalar, compressed (curve25519-dalek 5).
    pub fn ed25519_mul_base(k: &[u8; 32]) -> [u8; 32] {
        curve25519_dalek::EdwardsPoint::mul_base_clamped(*k)
            .compress()
            .to_bytes()
    }

    /// secp256k1 scalar add mod n: parse secret and tweak, add, serialize (`secp256k1` 0.33
    /// `SecretKey::add_tweak`).
    pub fn secp256k1_scalar_add(sk: &[u8; 32], tweak: &[u8; 32]) -> [u8; 32] {
        let sk = secp256k1::SecretKey::from_secret_bytes(*sk).expect("valid secret");
        let tweak = secp256k1::Scalar::from_be_bytes(*tweak).expect("valid tweak");
        sk.add_tweak(&tweak).expect("nonzero").to_secret_bytes()
    }

    /// NIST P-256 scalar add mod n: parse both, add, serialize (p256 0.14).
    pub fn p256_scalar_add(sk: &[u8; 32], tweak: &[u8; 32]) -> [u8; 32] {
        use p256::elliptic_curve::PrimeField;
        let a = p256::Scalar::from_repr((*sk).into()).expect("valid secret");
        let b = p256::Scalar::from_repr((*tweak).into()).expect("valid tweak");
        arr32(&(a + b).to_repr())
    }

    /// HASH160 = RIPEMD-160(SHA-256(x)) of a 33-byte public key (sha2 0.11 + ripemd 0.2).
    pub fn hash160(data: &[u8; 33]) -> [u8; 20] {
        let sha = sha2::Sha256::digest(data);
        ripemd::Ripemd160::digest(sha).into()
    }

    /// Base58Check of 78 bytes onto a stack buffer (bs58 0.5, no allocation).
    pub fn base58check(data: &[u8; 78]) -> ([u8; 112], usize) {
        let mut out = [0u8; 112];
        let len = bs58::encode(data)
            .with_check()
            .onto(&mut out[..])
            .expect("fits");
        (out, len)
    }
}

/// `address/secp256k1_1000_from_xpub` and `descriptor/parse_derive_wpkh_origin`: addresses
/// from an xpub. Every row starts from BIP-84's account xpub of the
/// `abandon … about` mnemonic; the 1000-child rows from its receive branch key `/0`, derived
/// once, in the context (the descriptor row derives it again, as `Descriptor::branch` does).
///
/// The 1000-child rows hand each result to a visitor: the benches fold it into one value, the
/// parity test collects it, so both run the same code.
pub mod addresses {
    use core::fmt::Write as _;
    use core::str::FromStr;

    use fastbip32::address::bitcoin as ours;
    use fastbip32::descriptor::{Derived, Descriptor};
    use fastbip32::{ChildNumber, Network, Xpub};

    use super::{Candidate, StackStr};

    /// The 1000-child group.
    pub const GROUP: &str = "address/secp256k1_1000_from_xpub";
    /// The descriptor group.
    pub const DESCRIPTOR_GROUP: &str = "descriptor/parse_derive_wpkh_origin";
    /// Children per 1000-child row.
    pub const COUNT: u32 = 1000;
    /// BIP-84's account 0 key `m/84'/0'/0'` of `abandon ×11 about`, as an xpub.
    pub const XPUB: &str = "xpub6CatWdiZiodmUeTDp8LT5or8nmbKNcuyvz7WyksVFkKB4RHwCD3XyuvPEbvqAQY3rAPshWcMLoP2fMFMKHPJ4ZeZXYVUhLv1VMrjPC7PW6V";
    /// BIP-84's first receive address, `m/84'/0'/0'/0/0`.
    pub const FIRST_ADDRESS: &str = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";
    /// The descriptor group's input: [`XPUB`] with its origin (the mnemonic's root
    /// fingerprint `73c5da0a`), receive branch.
    pub const DESCRIPTOR: &str = "wpkh([73c5da0a/84'/0'/0']xpub6CatWdiZiodmUeTDp8LT5or8nmbKNcuyvz7WyksVFkKB4RHwCD3XyuvPEbvqAQY3rAPshWcMLoP2fMFMKHPJ4ZeZXYVUhLv1VMrjPC7PW6V/0/*)";

    /// The branch key in each crate's type, the peer's context, the parsed descriptor.
    pub struct Ctx {
        /// Ours: [`XPUB`]`/0`.
        pub branch: Xpub,
        /// rust-bitcoin's [`XPUB`]`/0`.
        pub bitcoin_branch: bitcoin::bip32::Xpub,
        /// rust-bitcoin's verification context, made once.
        pub secp: bitcoin::secp256k1::Secp256k1<bitcoin::secp256k1::VerifyOnly>,
        /// `wpkh(XPUB/0/*)`, parsed once.
        pub descriptor: Descriptor,
    }

    impl Ctx {
        /// Parses and derives the inputs.
        pub fn new() -> Self {
            let account: Xpub = XPUB.parse().expect("xpub");
            let secp = bitcoin::secp256k1::Secp256k1::verification_only();
            let bitcoin_account = bitcoin::bip32::Xpub::from_str(XPUB).expect("xpub");
            Self {
                branch: account
                    .derive_child_vartime(ChildNumber::from_raw(0))
                    .expect("branch"),
                bitcoin_branch: bitcoin_account
                    .ckd_pub(&secp, bitcoin::bip32::ChildNumber::Normal { index: 0 })
                    .expect("branch"),
                secp,
                descriptor: format!("wpkh({XPUB}/0/*)").parse().expect("descriptor"),
            }
        }
    }

    impl Default for Ctx {
        fn default() -> Self {
            Self::new()
        }
    }

    fn branch_keys(ctx: &Ctx) -> Vec<[u8; 33]> {
        let mut keys = vec![[0u8; 33]; COUNT as usize];
        ctx.branch
            .derive_public_keys_into_vartime(ChildNumber::from_raw(0), &mut keys)
            .expect("valid children");
        keys
    }

    /// Ours: the 1000 public keys, in one batch (`derive_public_keys_into`).
    pub fn public_keys(ctx: &Ctx, mut visit: impl FnMut(&[u8; 33])) {
        branch_keys(ctx).iter().for_each(&mut visit);
    }

    /// Ours: the 1000 public keys in one batch, then a P2WPKH address each
    /// (`address::bitcoin::p2wpkh`: HASH160 + bech32, on the stack).
    pub fn p2wpkh(ctx: &Ctx, mut visit: impl FnMut(&str)) {
        for key in &branch_keys(ctx) {
            visit(ours::p2wpkh(key, Network::Mainnet).as_str());
        }
    }

    /// Ours: the 1000 public keys in one batch, then a BIP-86 P2TR address each
    /// (`address::bitcoin::p2tr`: the taproot tweak is a point multiplication and addition).
    pub fn p2tr(ctx: &Ctx, mut visit: impl FnMut(&str)) {
        for key in &branch_keys(ctx) {
            visit(ours::p2tr(key, Network::Mainnet).expect("tweak").as_str());
        }
    }

    /// Ours, through a descriptor: `wpkh(XPUB/0/*)`'s `branch(0)` (derives `/0`), then
    /// `Branch::derive_into` over the 1000 indices and `Derived::address` each.
    pub fn descriptor_wpkh(ctx: &Ctx, mut visit: impl FnMut(&str)) {
        let branch = ctx.descriptor.branch(0).expect("branch 0");
        let mut outputs = vec![Derived::default(); COUNT as usize];
        branch.derive_into(0, &mut outputs).expect("valid children");
        for output in &outputs {
            visit(output.address(Network::Mainnet).expect("mainnet").as_str());
        }
    }

    /// rust-bitcoin 0.32, the textbook loop: `Xpub::ckd_pub` per child from the branch key,
    /// `Address::p2wpkh`, printed into a stack buffer.
    pub fn bitcoin_p2wpkh(ctx: &Ctx, mut visit: impl FnMut(&str)) {
        for index in 0..COUNT {
            let child = ctx
                .bitcoin_branch
                .ckd_pub(&ctx.secp, bitcoin::bip32::ChildNumber::Normal { index })
                .expect("valid child");
            let address = bitcoin::Address::p2wpkh(&child.to_pub(), bitcoin::KnownHrp::Mainnet);
            let mut text = StackStr::new();
            write!(text, "{address}").expect("fits");
            visit(text.as_str());
        }
    }

    /// rust-bitcoin 0.32's BIP-86 addresses of the same children (`Address::p2tr` without a
    /// script tree): the reference of the P2TR row's parity check, not timed.
    pub fn bitcoin_p2tr(ctx: &Ctx, mut visit: impl FnMut(&str)) {
        for index in 0..COUNT {
            let child = ctx
                .bitcoin_branch
                .ckd_pub(&ctx.secp, bitcoin::bip32::ChildNumber::Normal { index })
                .expect("valid child");
            let address = bitcoin::Address::p2tr(
                &ctx.secp,
                child.to_x_only_pub(),
                None,
                bitcoin::KnownHrp::Mainnet,
            );
            let mut text = StackStr::new();
            write!(text, "{address}").expect("fits");
            visit(text.as_str());
        }
    }

    /// XORs `bytes` into `acc` (cyclically): one value per row to compare and `black_box`.
    pub fn fold_into<const N: usize>(acc: &mut [u8; N], bytes: &[u8]) {
        for (i, b) in bytes.iter().enumerate() {
            acc[i % N] ^= b;
        }
    }

    /// Ours: parse the descriptor, derive index 0, its mainnet address.
    pub fn fastbip32_descriptor(_: &(), text: &str) -> StackStr {
        let descriptor: Descriptor = text.parse().expect("descriptor");
        let address = descriptor.address(0, 0, Network::Mainnet).expect("address");
        let mut out = StackStr::new();
        out.write_str(address.as_str()).expect("fits");
        out
    }

    /// rust-miniscript 12: `Descriptor<DescriptorPublicKey>::from_str`,
    /// `at_derivation_index(0)`, `address(Network::Bitcoin)`.
    pub fn miniscript_descriptor(_: &(), text: &str) -> StackStr {
        let descriptor = miniscript::Descriptor::<miniscript::DescriptorPublicKey>::from_str(text)
            .expect("descriptor");
        let address = descriptor
            .at_derivation_index(0)
            .expect("index 0")
            .address(bitcoin::Network::Bitcoin)
            .expect("address");
        let mut out = StackStr::new();
        write!(out, "{address}").expect("fits");
        out
    }

    /// The floor of the descriptor rows, with ours: what any parse and derivation must do —
    /// parse the xpub text, two public steps (`/0/0`), one P2WPKH address. The descriptor's
    /// own syntax, origin and checksum are skipped (the xpub is cut out of the text).
    pub fn floor_descriptor(_: &(), text: &str) -> StackStr {
        let start = text.find(']').expect("origin") + 1;
        let end = start + text[start..].find('/').expect("steps");
        let xpub: Xpub = text[start..end].parse().expect("xpub");
        let key = xpub
            .derive_child_vartime(ChildNumber::from_raw(0))
            .and_then(|k| k.derive_child_vartime(ChildNumber::from_raw(0)))
            .expect("child");
        let mut out = StackStr::new();
        out.write_str(ours::p2wpkh(&key.public_key(), Network::Mainnet).as_str())
            .expect("fits");
        out
    }

    /// The descriptor group's rows, ours first.
    pub const DESCRIPTOR_CANDIDATES: &[Candidate<(), str, StackStr>] = &[
        ("fastbip32", fastbip32_descriptor),
        ("miniscript", miniscript_descriptor),
        ("floor", floor_descriptor),
    ];
}

/// `pbkdf2/bip39_seed`: BIP-39 seeds (PBKDF2-HMAC-SHA512, 2,048 iterations, 64 bytes) of
/// eight different English phrases with the passphrase "TREZOR", ours one at a time and in
/// 4 and 8 lanes, against the `pbkdf2` crate over `sha2`; and `pbkdf2/iterations_2047`,
/// one kernel call of 2,047 iterations over 8 lanes, from which ns per compression-lane
/// follow (2 × 2,047 × 8 compression-lanes per call).
pub mod pbkdf2 {
    use fastbip32::mnemonic::{Language, Mnemonic};

    /// The seed group.
    pub const GROUP: &str = "pbkdf2/bip39_seed";
    /// The kernel group.
    pub const KERNEL_GROUP: &str = "pbkdf2/iterations_2047";
    /// BIP-39's iteration count.
    pub const ROUNDS: u32 = 2048;
    /// The passphrase of every seed (python-mnemonic's vectors use it).
    pub const PASSPHRASE: &str = "TREZOR";
    /// The seed of lane 0 (`abandon` ×11 `about`, "TREZOR"): python-mnemonic's first vector.
    pub const FIRST_SEED_HEX: &str = "c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04";

    /// Eight mnemonics (entropy `00…`, `11…`, …, `77…`), their phrases and the salt.
    pub struct Ctx {
        /// The mnemonics, for our one-at-a-time row (`Mnemonic::to_seed`).
        pub mnemonics: Vec<Mnemonic>,
        /// Their phrases (ASCII, so already NFKD), for the lanes and the peer.
        pub phrases: Vec<String>,
        /// `"mnemonic" ‖ PASSPHRASE`, the peer's salt.
        pub salt: Vec<u8>,
    }

    impl Ctx {
        /// The eight mnemonics.
        pub fn new() -> Self {
            let mnemonics: Vec<Mnemonic> = (0..8u8)
                .map(|i| {
                    Mnemonic::from_entropy(Language::English, &[i * 0x11; 16]).expect("16 bytes")
                })
                .collect();
            let phrases = mnemonics
                .iter()
                .map(|m| m.to_phrase().to_string())
                .collect();
            Self {
                mnemonics,
                phrases,
                salt: [b"mnemonic", PASSPHRASE.as_bytes()].concat(),
            }
        }
    }

    impl Default for Ctx {
        fn default() -> Self {
            Self::new()
        }
    }

    /// Ours, one seed: `Mnemonic::to_seed` (the public API: NFKD of the passphrase, the
    /// phrase's keyed states, one lane).
    pub fn fastbip32_one(ctx: &Ctx) -> [[u8; 64]; 1] {
        [*ctx.mnemonics[0].to_seed(PASSPHRASE).expose()]
    }

    /// Ours, the first `N` phrases' seeds side by side in lanes (`bench-internals`:
    /// `__kernels::pbkdf2::bip39_seeds`, the recovery search's batch shape).
    pub fn fastbip32_lanes<const N: usize>(ctx: &Ctx) -> [[u8; 64]; N] {
        let phrases: [&[u8]; N] = core::array::from_fn(|l| ctx.phrases[l].as_bytes());
        let passphrases = [PASSPHRASE.as_bytes(); N];
        let mut out = [[0u8; 64]; N];
        fastbip32::__kernels::pbkdf2::bip39_seeds(&phrases, &passphrases, &mut out);
        out
    }

    /// pbkdf2 0.13 over sha2 0.11 (`pbkdf2_hmac::<Sha512>`), the first `N` seeds one after
    /// another.
    pub fn pbkdf2_crate<const N: usize>(ctx: &Ctx) -> [[u8; 64]; N] {
        core::array::from_fn(|l| {
            let mut seed = [0u8; 64];
            ::pbkdf2::pbkdf2_hmac::<sha2::Sha512>(
                ctx.phrases[l].as_bytes(),
                &ctx.salt,
                ROUNDS,
                &mut seed,
            );
            seed
        })
    }

    /// The core clock in GHz, estimated from a chain of dependent register-register adds (one
    /// cycle each; `perf` has no cycle counters on the VMs we run on): the best of five runs of
    /// 50 million adds.
    #[cfg(target_arch = "x86_64")]
    pub fn clock_ghz() -> f64 {
        const ADDS: u32 = 50_000_000;
        let mut best = f64::MAX;
        for _ in 0..5 {
            let (mut x, y) = (0u64, 1u64);
            let start = std::time::Instant::now();
            for _ in 0..ADDS / 10 {
                // SAFETY: register arithmetic only.
                unsafe {
                    core::arch::asm!(
                        "add {x}, {y}", "add {x}, {y}", "add {x}, {y}", "add {x}, {y}",
                        "add {x}, {y}", "add {x}, {y}", "add {x}, {y}", "add {x}, {y}",
                        "add {x}, {y}", "add {x}, {y}",
                        x = inout(reg) x, y = in(reg) y, options(nomem, nostack),
                    );
                }
            }
            std::hint::black_box(x);
            best = best.min(start.elapsed().as_secs_f64());
        }
        f64::from(ADDS) / best / 1e9
    }
}

/// Interleaved ratios for the targets' rows: this VM's speed drifts by 20–40 % over minutes,
/// and criterion times a group's rows one after the other, seconds apart, so a ratio of two
/// criterion medians moves from run to run. Here the two sides alternate in short rounds
/// (about [`paired::ROUND`] of each, the order swapped every round), each round gives one
/// ratio, and the median of the rounds' ratios is printed; a drift slower than a round
/// cancels. A round is long enough for each side's tables and caches to warm up again after
/// the other's (with millisecond rounds, the secp256k1 batch lost a fifth of its lead to a
/// cold 2 MB table).
///
/// Run by the `derive` and `batch` benches after their criterion groups, as lines
/// `paired/GROUP: OTHER ÷ fastbip32 = R (quartiles Q1–Q3, N rounds)`, when the bench's
/// command-line filter is absent or a substring of the row's id.
pub mod paired {
    use std::hint::black_box;
    use std::time::{Duration, Instant};

    /// Time spent per pair of rows.
    const BUDGET: Duration = Duration::from_secs(4);

    /// About how long each side runs per round.
    pub const ROUND: Duration = Duration::from_millis(50);

    /// The filter given to the bench binary (its first positional argument), if any.
    fn filter() -> Option<String> {
        // criterion's options that take a value.
        const VALUED: &[&str] = &[
            "--warm-up-time",
            "--measurement-time",
            "--sample-size",
            "--save-baseline",
            "--baseline",
            "--baseline-lenient",
            "--load-baseline",
            "--profile-time",
            "--noise-threshold",
            "--significance-level",
            "--confidence-level",
            "--nresamples",
            "--output-format",
            "--plotting-backend",
            "--color",
            "--format",
        ];
        let mut args = std::env::args().skip(1);
        while let Some(arg) = args.next() {
            if VALUED.contains(&arg.as_str()) {
                args.next();
            } else if !arg.starts_with('-') {
                return Some(arg);
            }
        }
        None
    }

    /// Whether the row `id` is selected by the bench's filter.
    #[must_use]
    pub fn enabled(id: &str) -> bool {
        filter().is_none_or(|f| id.contains(&f))
    }

    /// Calls per round so that one side's round takes about [`ROUND`] (measured over one
    /// round's time, which is also the warm-up).
    fn calls_per_round(f: &mut impl FnMut()) -> u32 {
        let start = Instant::now();
        let mut n = 0u32;
        while start.elapsed() < ROUND {
            f();
            n += 1;
        }
        n.max(1)
    }

    fn time(f: &mut impl FnMut(), calls: u32) -> f64 {
        let start = Instant::now();
        for _ in 0..calls {
            f();
        }
        start.elapsed().as_secs_f64()
    }

    /// A time in seconds, in criterion's units.
    fn show(secs: f64) -> String {
        if secs >= 1e-3 {
            format!("{:.3} ms", secs * 1e3)
        } else if secs >= 1e-6 {
            format!("{:.2} µs", secs * 1e6)
        } else {
            format!("{:.1} ns", secs * 1e9)
        }
    }

    fn quantile(sorted: &[f64], q: f64) -> f64 {
        #[allow(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            clippy::cast_precision_loss,
            reason = "an index into a short list"
        )]
        let i = ((sorted.len() - 1) as f64 * q).round() as usize;
        sorted[i]
    }

    /// Times `ours` and `other` in alternating rounds and prints `other ÷ ours` for the row
    /// `paired/{group}` (skipped when the filter does not select it). Returns the median
    /// ratio, or `None` when skipped.
    pub fn ratio<A, B>(
        group: &str,
        other_name: &str,
        ours: impl FnMut() -> A,
        other: impl FnMut() -> B,
    ) -> Option<f64> {
        ratio_of(group, "fastbip32", other_name, ours, other)
    }

    /// [`ratio`], with our side named `ours_name` (`fastbip32_2_threads`).
    pub fn ratio_of<A, B>(
        group: &str,
        ours_name: &str,
        other_name: &str,
        mut ours: impl FnMut() -> A,
        mut other: impl FnMut() -> B,
    ) -> Option<f64> {
        let id = format!("paired/{group}/{other_name}");
        if !enabled(&id) {
            return None;
        }
        let mut a = || {
            black_box(ours());
        };
        let mut b = || {
            black_box(other());
        };
        // Warm-up, and the round lengths.
        let calls_a = calls_per_round(&mut a);
        let calls_b = calls_per_round(&mut b);
        let mut ratios = Vec::new();
        let (mut per_a, mut per_b) = (Vec::new(), Vec::new());
        let start = Instant::now();
        while start.elapsed() < BUDGET || ratios.len() < 15 {
            let (ta, tb) = if ratios.len() % 2 == 0 {
                let ta = time(&mut a, calls_a);
                (ta, time(&mut b, calls_b))
            } else {
                let tb = time(&mut b, calls_b);
                (time(&mut a, calls_a), tb)
            };
            per_a.push(ta / f64::from(calls_a));
            per_b.push(tb / f64::from(calls_b));
            ratios.push((tb / f64::from(calls_b)) / (ta / f64::from(calls_a)));
        }
        ratios.sort_by(f64::total_cmp);
        per_a.sort_by(f64::total_cmp);
        per_b.sort_by(f64::total_cmp);
        let median = quantile(&ratios, 0.5);
        println!(
            "{id}: {other_name} ÷ {ours_name} = {median:.2} (quartiles {:.2}–{:.2}, {} rounds; \
             medians {} and {})",
            quantile(&ratios, 0.25),
            quantile(&ratios, 0.75),
            ratios.len(),
            show(quantile(&per_a, 0.5)),
            show(quantile(&per_b, 0.5)),
        );
        Some(median)
    }
}
