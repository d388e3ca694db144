//! `RawRecovery`: the recovery search (`fastbip32::recovery`) of the package's `recover()`,
//! one range at a time on the calling worker (`Search::search_range_vartime`: no threads,
//! no clock). Built only with the crate's `recover` feature, into the second module the
//! recover workers load (`pkg/fastbip32_recover_bg.wasm`), so the default module keeps its
//! size budget.
//!
//! Indices (`u128`) cross to JavaScript as decimal strings.

use core::ops::{ControlFlow, Range};

use fastbip32::descriptor::Descriptor;
use fastbip32::recovery::{
    Change, Coin, Options, PassphraseRules, PathPattern, Paths, RangeOutcome, Search, SeedKind,
    Space, Target, Template,
};
use fastbip32::{Fingerprint, Xpub};
use js_sys::{Function, Object, Reflect};
use wasm_bindgen::prelude::*;
use zeroize::Zeroizing;

use crate::errors;
use crate::names;

/// A search's space (the template's candidates and the passphrases) and its target, coin and
/// paths (the JavaScript function `recover` drives it on its workers). The template and the
/// passphrases are held in the library's wiping buffers and wiped when it is freed.
#[wasm_bindgen]
pub struct RawRecovery {
    space: Space,
    target: Target,
    paths: Paths,
    seed: SeedKind,
}

/// Counts and the coin only: no word or passphrase.
impl core::fmt::Debug for RawRecovery {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("RawRecovery")
            .field("size", &self.space.size())
            .field("coin", &self.paths.coin())
            .field("seed", &self.seed)
            .finish_non_exhaustive()
    }
}

/// A JavaScript `FastBip32Error` of kind `InvalidArgument`.
fn invalid(message: &str) -> JsValue {
    errors::binding("InvalidArgument", message)
}

/// A decimal index from JavaScript.
fn index(text: &str) -> Result<u128, JsValue> {
    text.parse()
        .map_err(|_| invalid("an index must be a decimal integer below 2^128"))
}

fn set(object: &Object, name: &str, value: &JsValue) {
    let _ = Reflect::set(object, &JsValue::from_str(name), value);
}

#[wasm_bindgen]
impl RawRecovery {
    /// A search: `template` (the phrase as remembered, wiped after parsing), the options of
    /// the template (`missing`, `typos`, `swaps`, `length`, `language`), the passphrases
    /// (default: the empty one), the targets (addresses, xpubs, fingerprints as 8 hex
    /// digits, descriptors), the coin (default: the addresses' one, else bitcoin), the
    /// paths (`accounts`, `gap`, `change`, path patterns), whether the words' order is
    /// unknown (`unordered`), the seed kind (`bip39`, the default, or `electrum`) and the
    /// passphrase rules (the command line's `--passphrase-rule` text over the one passphrase
    /// given, the base), as the command line's `recover`.
    #[wasm_bindgen(constructor)]
    #[allow(
        clippy::too_many_arguments,
        reason = "the command line's flags, one each"
    )]
    #[allow(clippy::too_many_lines, reason = "one linear reading of the flags")]
    pub fn new(
        template: String,
        missing: u32,
        typos: u32,
        swaps: u32,
        length: Option<u32>,
        language: Option<String>,
        passphrases: Vec<String>,
        addresses: Vec<String>,
        xpubs: Vec<String>,
        fingerprints: Vec<String>,
        descriptors: Vec<String>,
        coin: Option<String>,
        accounts: u32,
        gap: u32,
        change: Option<String>,
        paths: Vec<String>,
        unordered: bool,
        seed: Option<String>,
        passphrase_rules: Option<String>,
    ) -> Result<RawRecovery, JsValue> {
        let template = Zeroizing::new(template);
        let passphrases: Vec<Zeroizing<String>> =
            passphrases.into_iter().map(Zeroizing::new).collect();
        let seed: SeedKind = match seed.as_deref() {
            Some(name) => name.parse().map_err(errors::lib)?,
            None => SeedKind::Bip39,
        };
        let mut options = Options::new()
            .missing(missing as usize)
            .typos(typos as usize)
            .swaps(swaps as usize)
            .unordered(unordered);
        if let Some(language) = language.as_deref() {
            options = options.language(names::language(language)?);
        }
        if let Some(length) = length {
            options = options.length(length as usize);
        }
        let template = Template::parse(&template, &options).map_err(errors::lib)?;
        let space = match (passphrase_rules.as_deref(), passphrases.as_slice()) {
            (Some(rules), []) => Space::with_passphrase_rules(
                template,
                PassphraseRules::parse("", rules).map_err(errors::lib)?,
            ),
            (Some(rules), [base]) => Space::with_passphrase_rules(
                template,
                PassphraseRules::parse(base, rules).map_err(errors::lib)?,
            ),
            (Some(_), _) => {
                return Err(invalid(
                    "passphraseRules vary one base passphrase (passphrase), not a list",
                ))
            }
            (None, []) => Space::new(template, [""]),
            (None, list) => Space::new(template, list.iter().map(|p| p.as_str())),
        }
        .map_err(errors::lib)?;
        drop(passphrases);
        let mut target = Target::new();
        for a in &addresses {
            target.add_address(a).map_err(errors::lib)?;
        }
        for x in &xpubs {
            let xpub: Xpub = x.trim().parse().map_err(errors::lib)?;
            target.add_xpub(xpub);
        }
        for f in &fingerprints {
            let hex = f.trim().trim_start_matches("0x");
            let value = (hex.len() == 8)
                .then(|| u32::from_str_radix(hex, 16).ok())
                .flatten()
                .ok_or_else(|| invalid("a fingerprint is 8 hex digits"))?;
            target.add_fingerprint(Fingerprint::new(value.to_be_bytes()));
        }
        for d in &descriptors {
            let descriptor = Descriptor::parse(d.trim()).map_err(errors::lib)?;
            target.add_descriptor(&descriptor).map_err(errors::lib)?;
        }
        if target.is_empty() {
            return Err(invalid(
                "nothing to look for: give addresses, xpubs, fingerprints or descriptors",
            ));
        }
        let named: Option<Coin> = coin
            .as_deref()
            .map(str::parse)
            .transpose()
            .map_err(errors::lib)?;
        // As the tool: a named coin takes only its own addresses; without a name, the coin
        // every address can belong to (an EVM address is Ethereum's), else Bitcoin.
        let coin = match named {
            Some(coin) => {
                if let Some(text) = target.foreign_address(coin) {
                    return Err(invalid(&format!("{text} is not an address of {coin}")));
                }
                coin
            }
            None => target
                .address_coin()
                .map_err(errors::lib)?
                .unwrap_or(Coin::Bitcoin),
        };
        let change: Change = match change.as_deref() {
            Some(name) => name.parse().map_err(errors::lib)?,
            None => Change::Both,
        };
        if accounts == 0 || gap == 0 {
            return Err(invalid("accounts and gap must be at least 1"));
        }
        let mut search_paths = Paths::new(coin).change(change).accounts(accounts).gap(gap);
        for p in &paths {
            search_paths = search_paths.path(PathPattern::parse(p).map_err(errors::lib)?);
        }
        let recovery = Self {
            space,
            target,
            paths: search_paths,
            seed,
        };
        recovery.search().check().map_err(errors::lib)?;
        Ok(recovery)
    }

    /// The number of candidates (decimal).
    pub fn size(&self) -> String {
        self.space.size().to_string()
    }

    /// Shard `shard` (from 0) of `shards`: `[start, end]` (decimal).
    pub fn shard(&self, shard: u32, shards: u32) -> Result<js_sys::Array, JsValue> {
        let range = self
            .space
            .shard(u64::from(shard), u64::from(shards))
            .map_err(errors::lib)?;
        Ok([range.start, range.end]
            .iter()
            .map(|v| JsValue::from_str(&v.to_string()))
            .collect())
    }

    /// Searches the indices `start..end` (decimal) in order. `on_progress(examined,
    /// passed)` (decimal, a number) runs after each batch; returning `false` stops the
    /// search. Returns `null` when nothing matched, `{stopped: examined}` when stopped, or
    /// the match: `{mnemonic, passphrase, path, address, matched, candidate,
    /// addressIndex}`.
    #[wasm_bindgen(js_name = searchRange)]
    pub fn search_range(
        &self,
        start: &str,
        end: &str,
        on_progress: &Function,
    ) -> Result<JsValue, JsValue> {
        let range: Range<u128> = index(start)?..index(end)?;
        let mut thrown = None;
        let outcome = self
            .search()
            .search_range_vartime(range, &mut |p| {
                #[allow(clippy::cast_precision_loss, reason = "a count for people")]
                let passed = JsValue::from_f64(p.passed as f64);
                match on_progress.call2(
                    &JsValue::NULL,
                    &JsValue::from_str(&p.examined.to_string()),
                    &passed,
                ) {
                    Ok(answer) if answer.as_bool() == Some(false) => ControlFlow::Break(()),
                    Ok(_) => ControlFlow::Continue(()),
                    Err(e) => {
                        thrown = Some(e);
                        ControlFlow::Break(())
                    }
                }
            })
            .map_err(errors::lib)?;
        if let Some(e) = thrown {
            return Err(e);
        }
        match outcome {
            RangeOutcome::Exhausted(_) => Ok(JsValue::NULL),
            RangeOutcome::Stopped(p) => {
                let out = Object::new();
                set(&out, "stopped", &JsValue::from_str(&p.examined.to_string()));
                Ok(out.into())
            }
            RangeOutcome::Found(found) => {
                let phrase = self
                    .space
                    .to_phrase_in(found.language, found.candidate.words());
                let passphrase = self
                    .space
                    .passphrase(found.candidate.passphrase_index())
                    .ok_or_else(|| invalid("the match's passphrase is not in the list"))?;
                let out = Object::new();
                set(&out, "mnemonic", &JsValue::from_str(&phrase));
                set(&out, "passphrase", &JsValue::from_str(&passphrase));
                set(&out, "path", &JsValue::from_str(&found.path.to_string()));
                let address = found
                    .address
                    .as_ref()
                    .map_or(JsValue::NULL, |a| JsValue::from_str(a.as_str()));
                set(&out, "address", &address);
                set(&out, "matched", &JsValue::from_str(found.matched.as_str()));
                set(
                    &out,
                    "candidate",
                    &JsValue::from_str(&found.index.to_string()),
                );
                let address_index = found
                    .address_index
                    .map_or(JsValue::NULL, |i| JsValue::from_f64(f64::from(i)));
                set(&out, "addressIndex", &address_index);
                set(&out, "language", &JsValue::from_str(found.language.name()));
                Ok(out.into())
            }
            _ => Err(invalid("the search ended in an unknown way")),
        }
    }
}

impl RawRecovery {
    /// The library's search over this space, target and paths, on the calling thread.
    fn search(&self) -> Search<'_> {
        Search::new(&self.space, &self.target, self.paths.clone())
            .seed(self.seed)
            .threads(1)
    }
}
