"""`jax-lsp serve --tcp/--ws` has no authentication, so it listens on loopback only unless the
user passes `--allow-remote` (issue 13: `--host 0.0.0.0` was accepted silently)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from raw_server import PACKAGE_ROOT

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("transport", ["--tcp", "--ws"])
def test_a_reachable_address_is_refused_without_allow_remote(transport: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "jax_lsp", "serve", transport, "--host", "0.0.0.0",
         "--port", "0"],
        capture_output=True, text=True, timeout=30, cwd=REPO,
        env={"PYTHONPATH": str(PACKAGE_ROOT), "PYTHONSAFEPATH": "1"}, stdin=subprocess.DEVNULL,
        check=False)
    assert done.returncode == 2
    assert "refusing to listen on '0.0.0.0'" in done.stderr
    assert "--allow-remote" in done.stderr


@pytest.mark.parametrize(
    ("host", "loopback"),
    [("127.0.0.1", True), ("127.3.4.5", True), ("::1", True), ("[::1]", True),
     ("localhost", True), ("0.0.0.0", False), ("::", False), ("192.168.1.2", False),
     ("example.com", False)],
)
def test_loopback_addresses(host: str, loopback: bool) -> None:
    from jax_lsp.server.runtime.command import is_loopback

    assert is_loopback(host) is loopback
