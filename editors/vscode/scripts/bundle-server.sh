#!/usr/bin/env bash
# Puts the server the .vsix carries into editors/vscode/bundled/:
#   bundled/jax_lsp-<version>-py3-none-any.whl   always: this repository's jax-lsp, the fallback
#                                                (installed with pip into a private environment,
#                                                its dependencies from the user's package index)
#   bundled/libs/                                with a TARGET: jax-lsp and every dependency,
#                                                unpacked, for that platform, so the extension
#                                                starts the server with no network and no install
# Usage: bash scripts/bundle-server.sh [TARGET]   (TARGET: a `vsce --target` name, below; or
# $JAX_LSP_VSIX_TARGET). libcst and PyYAML are compiled per platform and per CPython version:
# the wheels of each version in $PYTHON_VERSIONS (default 3.10-3.13) are unpacked on top of one
# another (their compiled modules are named per version, the rest is the same), as ruff's
# extension builds one .vsix per platform. $PYTHON picks the interpreter (default python3).
# Run by `npm run package` (vscode:prepublish); `scripts/build.sh TARGET` builds a platform .vsix.
set -euo pipefail
ext_dir="$(cd "$(dirname "$0")/.." && pwd)"
repo="$(cd "$ext_dir/../.." && pwd)"
python="${PYTHON:-python3}"
target="${1:-${JAX_LSP_VSIX_TARGET:-}}"
versions="${PYTHON_VERSIONS:-3.10 3.11 3.12 3.13}"
case "$target" in
  "") platforms=() ;;
  linux-x64) platforms=(manylinux_2_17_x86_64 manylinux2014_x86_64 manylinux_2_28_x86_64) ;;
  linux-arm64) platforms=(manylinux_2_17_aarch64 manylinux2014_aarch64 manylinux_2_28_aarch64) ;;
  darwin-x64) platforms=(macosx_10_9_x86_64 macosx_10_12_x86_64 macosx_10_13_x86_64 macosx_11_0_x86_64) ;;
  darwin-arm64) platforms=(macosx_11_0_arm64 macosx_12_0_arm64) ;;
  win32-x64) platforms=(win_amd64) ;;
  *) echo "bundle-server.sh: unknown target '$target' (linux-x64, linux-arm64, darwin-x64, darwin-arm64, win32-x64)" >&2
     exit 2 ;;
esac
# $JAX_LSP_BUNDLE_DIR: somewhere else than bundled/ (the tests build there)
out="${JAX_LSP_BUNDLE_DIR:-$ext_dir/bundled}"
rm -rf "$out"
mkdir -p "$out"
# Build from a copy of what the wheel is made of: an in-tree build would leave build/ and
# *.egg-info in the checkout, and a stale build/lib could put deleted modules into the wheel.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir "$work/src"
cp "$repo/pyproject.toml" "$repo/README.md" "$repo/LICENSE" "$work/src/"
tar -C "$repo" --exclude=__pycache__ -cf - jax_lsp | tar -C "$work/src" -xf -
"$python" -m pip wheel --no-deps --disable-pip-version-check -q -w "$out" "$work/src"
wheel="$(ls "$out"/jax_lsp-*-py3-none-any.whl)"
if [ -n "$target" ]; then
  libs="$out/libs"
  mkdir -p "$libs"
  platform_args=()
  for p in "${platforms[@]}"; do platform_args+=(--platform "$p"); done
  for v in $versions; do
    # pip reads environment markers with the running interpreter's values, not --python-version's:
    # tomli (needed before 3.11) is asked for by name, for every version (it is pure Python)
    "$python" -m pip download --disable-pip-version-check -q --only-binary=:all: \
      "${platform_args[@]}" --implementation cp --python-version "$v" \
      -d "$work/wheels/$v" "$wheel" "tomli>=1.1"
  done
  for whl in "$work"/wheels/*/*.whl; do
    "$python" -m zipfile -e "$whl" "$libs"
  done
  find "$libs" -name __pycache__ -prune -exec rm -rf {} +
  "$python" - "$libs" "$target" "$versions" <<'PY'
import json, pathlib, sys
libs, target, versions = pathlib.Path(sys.argv[1]), sys.argv[2], sys.argv[3].split()
dists = sorted(p.name.removesuffix(".dist-info") for p in libs.glob("*.dist-info"))
(libs / "BUNDLED.json").write_text(json.dumps(
    {"target": target, "python": versions, "distributions": dists}, indent=1) + "\n")
PY
  echo "$libs ($target; CPython $versions)"
fi
echo "$wheel"
