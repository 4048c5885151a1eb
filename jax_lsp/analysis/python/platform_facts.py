"""What the analysis environment says of the platform and the Python a program runs on.

A program is analysed for the environment jax-lsp analyses it in (as pyright takes
`pythonPlatform` and `pythonVersion` from the configured interpreter): `sys.platform`,
`os.name` and `platform.system()` are this machine's (an environment found here runs here),
`sys.version_info` the configured environment's Python (its site folder's `pythonX.Y`), or
the running one's when none is configured. A configured environment of another Python
than the one running jax-lsp leaves `sys.version_info` unknown: only its major and minor
version are read off its folders, and a comparison with a micro version would be guessed.
"""

from __future__ import annotations

import os
import platform
import re
import sys
from typing import Any

from jax_lsp.analysis.python.constant_builtins import value_of
from jax_lsp.analysis.values import Value

__all__ = ["ATTRIBUTES", "CALLS", "NAMES", "attribute", "call"]

#: the attributes read here
ATTRIBUTES = frozenset({"sys.platform", "os.name", "sys.version_info"})
#: their last parts (a cheap first test on every attribute read of a module)
NAMES = frozenset(a.rpartition(".")[2] for a in ATTRIBUTES)
#: functions answered here (no argument)
CALLS = frozenset({"platform.system"})

_FIXED: dict[str, object] = {"sys.platform": sys.platform, "os.name": os.name}
_VERSION_FOLDER = re.compile(r"python(\d+)\.(\d+)")


def _environment_version(ev: Any) -> tuple[int, int] | None:
    """The (major, minor) of the configured environment's Python, read off its site folders
    (`lib/python3.11/site-packages`); None when they do not say."""
    ws = ev.workspace
    for p in getattr(ws, "env_paths", ()) if ws is not None else ():
        m = _VERSION_FOLDER.search(str(p))
        if m:
            return int(m.group(1)), int(m.group(2))
    return None


def attribute(ev: Any, qualified: str) -> Value | None:
    """`sys.platform`, `os.name`, `sys.version_info`: their values where the program is
    analysed to run; None when not known."""
    if qualified in _FIXED:
        return Value(const=_FIXED[qualified])
    if qualified == "sys.version_info":
        found = _environment_version(ev)
        if found is not None and found != tuple(sys.version_info[:2]):
            return None  # (another Python: its micro version is not known)
        return value_of(tuple(sys.version_info))
    return None


def call(name: str, nargs: int) -> Value | None:
    """`platform.system()` on this machine."""
    if name == "platform.system" and nargs == 0:
        return Value(const=platform.system())
    return None
