"""The workspace walk (`jax-lsp check DIR` and the server's scan) reads only the workspace's own
regular files (issue 13): a symlink that points out of it, or a FIFO, is skipped."""

from __future__ import annotations

import os
from pathlib import Path

from jax_lsp.project.config import Config
from jax_lsp.server.features.scan import workspace_modules


def test_scan_skips_links_out_of_the_workspace_and_fifos(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.py").write_text("TOKEN = 'hunter2'\n")
    ws = tmp_path / "ws"
    (ws / "pkg").mkdir(parents=True)
    (ws / "main.py").write_text("import pkg\n")
    (ws / "pkg" / "__init__.py").write_text("")
    (ws / "leak.py").symlink_to(outside / "secret.py")
    (ws / "alias.py").symlink_to(ws / "main.py")  # inside: kept
    (ws / "linked_dir").symlink_to(outside)  # directories are never followed
    if hasattr(os, "mkfifo"):
        os.mkfifo(ws / "pipe.py")
    found = workspace_modules(ws, lambda path: Config())
    assert sorted(p.relative_to(ws).as_posix() for p in found) == [
        "alias.py", "main.py", "pkg/__init__.py"]
