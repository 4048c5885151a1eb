#!/usr/bin/env bash
# Builds editors/vscode/jax-lsp[-TARGET].vsix: a clean `npm ci` from the committed lockfile, the
# unit tests, a type check + esbuild bundle and the server (vscode:prepublish), then
# @vscode/vsce 3.x (Node 20 is enough). Prints the .vsix path on its last line.
#   bash scripts/build.sh              a universal .vsix: carries the jax-lsp wheel, which it
#                                      installs with pip on first start (needs the network for
#                                      jax-lsp's dependencies)
#   bash scripts/build.sh linux-x64    a platform .vsix (vsce --target): also carries jax-lsp and
#                                      every dependency unpacked for that platform and CPython
#                                      3.10-3.13, and starts with no network (bundle-server.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
target="${1:-}"
npm ci --no-audit --no-fund
npm test
if [ -n "$target" ]; then
  JAX_LSP_VSIX_TARGET="$target" npx vsce package --no-dependencies --allow-missing-repository \
    --no-rewrite-relative-links --target "$target" --out "jax-lsp-$target.vsix"
  echo "$(pwd)/jax-lsp-$target.vsix"
else
  npm run package
  echo "$(pwd)/jax-lsp.vsix"
fi
