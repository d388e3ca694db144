#!/usr/bin/env sh
# Builds one of the package's WebAssembly modules (FASTBIP32_WASM_VARIANT, below): cargo
# (wasm32-unknown-unknown, the size-optimised profile `wasm-release` unless the variant says
# otherwise), then wasm-bindgen --target web. npm's `prepack` runs it for every variant;
# scripts/test --js too.
#
# Needs: the Rust target wasm32-unknown-unknown, clang (libsecp256k1's C code), and the
# wasm-bindgen CLI at the version Cargo.toml pins (.ci/run installs all three).
set -eu
cd "$(dirname "$0")"

pinned=$(sed -n 's/^wasm-bindgen = "=\(.*\)"$/\1/p' Cargo.toml)
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}') || have=""
if [ "$have" != "$pinned" ]; then
  echo "build.sh: wasm-bindgen CLI $pinned needed (found '${have:-none}'):" >&2
  echo "  cargo install wasm-bindgen-cli --version $pinned --locked" >&2
  exit 1
fi

export CC_wasm32_unknown_unknown="${CC_wasm32_unknown_unknown:-clang}"
if command -v llvm-ar >/dev/null 2>&1; then
  export AR_wasm32_unknown_unknown="${AR_wasm32_unknown_unknown:-llvm-ar}"
fi

# FASTBIP32_WASM_VARIANT: which module, and where it goes:
#   `full` (the default): the ten BIP-39 word lists, into pkg/ (the entries `fastbip32`,
#          `fastbip32/core`);
#   `english`: the English word list only (the library's feature `mnemonic-english`), into
#          pkg/english/ with its own copy of js/ (the entry `fastbip32/english`, its own
#          module instance); other languages throw MnemonicError `LanguageNotBuilt`;
#   `fast`: the ten word lists, optimised for speed (the profile `release`, libsecp256k1's
#          precomputed tables: about 1.95 MB gzipped, outside the default's budget), into
#          pkg/fast/ with its own copy of js/ (the entry `fastbip32/fast`, its own module
#          instance).
# FASTBIP32_WASM_PROFILE: the cargo profile, `wasm-release` (optimised for size, within the
# budget; the default of `full` and `english`) or `release` (optimised for speed; the default
# of `fast`).
# FASTBIP32_WASM_FEATURES: `full-tables` for libsecp256k1's precomputed tables (faster
# private-to-public multiplication; the default of `fast`), `small-tables` without them (the
# default of `full` and `english`).
variant="${FASTBIP32_WASM_VARIANT:-full}"
case "$variant" in
  full) out=pkg; languages=all-languages; profile=wasm-release; tables=small-tables ;;
  english) out=pkg/english; languages=""; profile=wasm-release; tables=small-tables ;;
  fast) out=pkg/fast; languages=all-languages; profile=release; tables=full-tables ;;
  *) echo "build.sh: FASTBIP32_WASM_VARIANT is full, english or fast, not '$variant'" >&2; exit 2 ;;
esac
profile="${FASTBIP32_WASM_PROFILE:-$profile}"
tables="${FASTBIP32_WASM_FEATURES:-$tables}"
case "$tables" in
  small-tables) features="small-tables $languages" ;;
  full-tables) features="$languages" ;;
  *) echo "build.sh: FASTBIP32_WASM_FEATURES is full-tables or small-tables, not '$tables'" >&2; exit 2 ;;
esac
target_dir=$(cargo metadata --format-version 1 --no-deps \
  | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).target_directory))')
cargo build --profile "$profile" --no-default-features --features "$features" \
  --target wasm32-unknown-unknown -p fastbip32-wasm
# Written beside the output directory and renamed into it file by file, so that tests running
# while a build happens (npm pack's prepack in test/pack.test.js) never read a half-written
# file.
rm -rf "$out.new"
wasm-bindgen --target web --no-typescript --remove-name-section --remove-producers-section \
  --out-dir "$out.new" "$target_dir/wasm32-unknown-unknown/$profile/fastbip32_wasm.wasm"
mkdir -p "$out"
for file in fastbip32_wasm.js fastbip32_wasm_bg.wasm; do mv -f "$out.new/$file" "$out/$file"; done
rm -rf "$out.new"
if [ "$variant" != full ]; then
  # The package's JavaScript, bound to this module: the same files with `../pkg/` (the full
  # module beside js/) read as `../` (this module beside pkg/<variant>/js/).
  rm -rf "$out/js.new"
  mkdir -p "$out/js.new"
  for file in js/*.js; do
    # The recover worker keeps the one recover module, pkg/fastbip32_recover*.
    sed -e 's#"\.\./pkg/fastbip32_recover#"../../fastbip32_recover#g' -e 's#"\.\./pkg/#"../#g' \
      "$file" >"$out/js.new/$(basename "$file")"
  done
  rm -rf "$out/js"
  mv "$out/js.new" "$out/js"
fi
if [ "$variant" = full ]; then
  # The recover workers' module (feature `recover`: the API and the recovery search), loaded
  # only by recover(): pkg/fastbip32_recover.js and pkg/fastbip32_recover_bg.wasm.
  cargo build --profile "$profile" --no-default-features --features "$features recover" \
    --target wasm32-unknown-unknown -p fastbip32-wasm
  rm -rf pkg.new
  wasm-bindgen --target web --no-typescript --remove-name-section --remove-producers-section \
    --out-name fastbip32_recover --out-dir pkg.new "$target_dir/wasm32-unknown-unknown/$profile/fastbip32_wasm.wasm"
  for file in fastbip32_recover.js fastbip32_recover_bg.wasm; do mv -f "pkg.new/$file" "pkg/$file"; done
  rm -rf pkg.new
fi
