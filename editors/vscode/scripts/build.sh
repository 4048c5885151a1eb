#!/usr/bin/env bash
# Builds editors/vscode/jax-lsp.vsix: a clean `npm ci` from the committed lockfile, the unit
# tests, a type check + esbuild bundle and the server wheel in bundled/ (vscode:prepublish), then
# @vscode/vsce 3.x (Node 20 is enough). Prints the .vsix path on its last line.
set -euo pipefail
cd "$(dirname "$0")/.."
npm ci --no-audit --no-fund
npm test
npm run package
echo "$(pwd)/jax-lsp.vsix"
