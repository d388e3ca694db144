#!/usr/bin/env sh
# Builds the package's WebAssembly module into pkg/: cargo (wasm32-unknown-unknown, the
# size-optimised profile `wasm-release`), then wasm-bindgen --target web. npm's `prepack` runs it; scripts/test --js too.
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

# FASTBIP32_WASM_PROFILE: `wasm-release` (the default: optimised for size, within the
# budget) or `release` (optimised for speed). FASTBIP32_WASM_FEATURES: cargo's
# --no-default-features when set to `full-tables` (libsecp256k1's precomputed tables: a
# module of about 1.6 MB gzipped, faster private-to-public multiplication).
profile="${FASTBIP32_WASM_PROFILE:-wasm-release}"
features=""
if [ "${FASTBIP32_WASM_FEATURES:-}" = "full-tables" ]; then features="--no-default-features"; fi
target_dir=$(cargo metadata --format-version 1 --no-deps \
  | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).target_directory))')
# shellcheck disable=SC2086 # an optional flag
cargo build --profile "$profile" $features --target wasm32-unknown-unknown -p fastbip32-wasm
# Written beside pkg/ and renamed into it file by file, so that tests running while a build
# happens (npm pack's prepack in test/pack.test.js) never read a half-written file.
rm -rf pkg.new
wasm-bindgen --target web --no-typescript --remove-name-section --remove-producers-section \
  --out-dir pkg.new "$target_dir/wasm32-unknown-unknown/$profile/fastbip32_wasm.wasm"
mkdir -p pkg
for file in fastbip32_wasm.js fastbip32_wasm_bg.wasm; do mv -f "pkg.new/$file" "pkg/$file"; done
rm -rf pkg.new

# The recover workers' module (feature `recover`: the API and the recovery search), loaded
# only by recover(): pkg/fastbip32_recover.js and pkg/fastbip32_recover_bg.wasm.
# shellcheck disable=SC2086 # an optional flag
cargo build --profile "$profile" $features --features recover --target wasm32-unknown-unknown -p fastbip32-wasm
wasm-bindgen --target web --no-typescript --remove-name-section --remove-producers-section \
  --out-name fastbip32_recover --out-dir pkg.new "$target_dir/wasm32-unknown-unknown/$profile/fastbip32_wasm.wasm"
for file in fastbip32_recover.js fastbip32_recover_bg.wasm; do mv -f "pkg.new/$file" "pkg/$file"; done
rm -rf pkg.new
