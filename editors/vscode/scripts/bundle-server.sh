#!/usr/bin/env bash
# Builds a wheel of this repository's jax-lsp into editors/vscode/bundled/, the server the .vsix
# carries (the extension installs it into a private environment on first start). Run by
# `npm run package` (vscode:prepublish). $PYTHON picks the interpreter (default python3).
set -euo pipefail
ext_dir="$(cd "$(dirname "$0")/.." && pwd)"
repo="$(cd "$ext_dir/../.." && pwd)"
rm -rf "$ext_dir/bundled"
mkdir -p "$ext_dir/bundled"
# Build from a copy of what the wheel is made of: an in-tree build would leave build/ and
# *.egg-info in the checkout, and a stale build/lib could put deleted modules into the wheel.
src="$(mktemp -d)"
trap 'rm -rf "$src"' EXIT
cp "$repo/pyproject.toml" "$repo/README.md" "$repo/LICENSE" "$src/"
tar -C "$repo" --exclude=__pycache__ -cf - jax_lsp | tar -C "$src" -xf -
"${PYTHON:-python3}" -m pip wheel --no-deps --disable-pip-version-check -q -w "$ext_dir/bundled" "$src"
ls "$ext_dir"/bundled/jax_lsp-*-py3-none-any.whl
