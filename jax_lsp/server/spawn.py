"""Starting analysis processes, with nothing heavy imported: `jax-lsp serve` starts the first
one before it imports the server (pygls and lsprotocol take a second or more), so that the
child has imported the analysis by the time the editor opens its first document."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

__all__ = ["prestart", "spawn", "take_prestarted"]

_prestarted: list[subprocess.Popen[bytes]] = []


def spawn() -> subprocess.Popen[bytes]:
    """A new analysis process (``python -m jax_lsp.server.analysis_process``)."""
    # the child imports jax_lsp from wherever this process did
    package_root = str(Path(__file__).resolve().parents[2])
    path = os.environ.get("PYTHONPATH")
    env = {**os.environ, "PYTHONPATH": package_root + (os.pathsep + path if path else "")}
    return subprocess.Popen(
        [sys.executable, "-m", "jax_lsp.server.analysis_process"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env=env,
    )


def prestart() -> None:
    """Start an analysis process now, for the first `AnalysisProcess` to take."""
    _prestarted.append(spawn())


def take_prestarted() -> subprocess.Popen[bytes] | None:
    """The process `prestart` started, if it is still running and nobody took it."""
    while _prestarted:
        process = _prestarted.pop()
        if process.poll() is None:
            return process
    return None
