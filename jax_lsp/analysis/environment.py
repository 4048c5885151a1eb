"""Where a Python environment's installed packages are, without running a repository's code.

The `python` setting may come from a cloned repository (its ``pyproject.toml``, or editor
settings a workspace can set), so it is *untrusted* by default: its environment is then found by
reading files only - the virtual environment's ``pyvenv.cfg`` and ``lib/pythonX.Y/site-packages``
(or a prefix's) - and nothing is run. Only when the user opted in outside the repository
(``--python``, ``JAX_LSP_PYTHON``, ``--trust-project-python``; see docs/security.md) is the
interpreter asked, and then by its resolved path, in isolated mode without the `site` module
(``-I -S``): no ``.pth`` file, ``sitecustomize`` or ``PYTHON*`` variable of the environment runs.
In both cases the *path* lines of the ``.pth`` files are followed (editable installs add their
source folders that way); their ``import`` lines are never executed.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import sys
from pathlib import Path

from jax_lsp.safe_io import read_regular_file

__all__ = ["ENV_PYTHON", "ENV_TRUST_PROJECT_PYTHON", "environment_sys_path", "site_directories"]

log = logging.getLogger(__name__)

#: the interpreter the user chose (trusted: it is set outside any repository)
ENV_PYTHON = "JAX_LSP_PYTHON"
#: "1": run the interpreter a project's configuration names (the user trusts their projects)
ENV_TRUST_PROJECT_PYTHON = "JAX_LSP_TRUST_PROJECT_PYTHON"

#: seconds an interpreter may take to say where its packages are
PROBE_TIMEOUT = 10.0
#: the most a `pyvenv.cfg` or `.pth` file is read of
MAX_SMALL_FILE = 256 * 1024

# what the (trusted) interpreter is asked: its version and its own prefix's site folders; with
# -S, importing `site` computes paths and runs nothing
_PROBE = (
    "import json, site, sys; print(json.dumps([list(sys.version_info[:2]), "
    "site.getsitepackages([sys.base_prefix, sys.base_exec_prefix])]))"
)

_ENV_CACHE: dict[tuple[str | None, bool], list[Path]] = {}


def _read_small(path: Path) -> str | None:
    data = read_regular_file(path, MAX_SMALL_FILE)
    return None if data is None else data.decode("utf-8", "replace")


def _prefix_of(python: Path) -> Path:
    """The environment folder of ``.venv``, ``.venv/bin/python`` or ``env\\Scripts\\python.exe``
    (not following symlinks: a venv's `python` links to its base interpreter)."""
    if python.is_dir():
        return python
    parent = python.parent
    return parent.parent if parent.name in ("bin", "Scripts") else parent


def _pyvenv(prefix: Path) -> dict[str, str] | None:
    """The keys of the environment's ``pyvenv.cfg`` (None: not a virtual environment)."""
    text = _read_small(prefix / "pyvenv.cfg")
    if text is None:
        return None
    out = {}
    for line in text.splitlines():
        key, sep, value = line.partition("=")
        if sep:
            out[key.strip().lower()] = value.strip()
    return out


def _prefix_site_dirs(prefix: Path, version: tuple[int, int] | None = None) -> list[Path]:
    """A prefix's site folders as laid out on disk (POSIX venvs and prefixes, Windows,
    Debian's dist-packages)."""
    py = f"python{version[0]}.{version[1]}" if version else "python3*"
    found: list[Path] = []
    for pattern in (f"lib/{py}/site-packages", f"lib64/{py}/site-packages",
                    f"lib/{py}/dist-packages", "lib/python3/dist-packages", "Lib/site-packages"):
        found += sorted(p for p in prefix.glob(pattern) if p.is_dir())
    return found


def _ask(python: Path) -> tuple[tuple[int, int], list[Path]] | None:
    """Ask the interpreter at `python` (resolved) for its version and its base site folders,
    in isolated mode without `site`, from a neutral directory, with a bounded wait."""
    exe = python.resolve()
    if not exe.is_file() or not os.access(exe, os.X_OK):
        log.warning("python %s: %s is not an executable file", python, exe)
        return None
    import subprocess  # here: the server's first answer imports this module, runs nothing

    env = {k: v for k, v in os.environ.items() if k in ("PATH", "SYSTEMROOT", "LANG")}
    try:
        done = subprocess.run(
            [str(exe), "-I", "-S", "-c", _PROBE], capture_output=True, timeout=PROBE_TIMEOUT,
            stdin=subprocess.DEVNULL, cwd=os.path.abspath(os.sep), env=env, check=True)
        (major, minor), dirs = json.loads(done.stdout.decode("utf-8"))
        return (int(major), int(minor)), [Path(d) for d in dirs if isinstance(d, str)]
    except (OSError, subprocess.SubprocessError, ValueError, TypeError) as e:
        log.warning("cannot ask %s where its packages are: %s", exe, e)
        return None


def site_directories(python: str, *, trusted: bool) -> list[Path]:
    """The site folders of the environment of `python` (an interpreter or an environment
    folder). Untrusted: from the files alone; trusted: the interpreter is asked about its base
    installation (a virtual environment's own folder is always found from its files)."""
    given = Path(python)
    if trusted and not given.exists() and os.sep not in python:  # a name on PATH
        on_path = shutil.which(python)
        given = Path(on_path) if on_path else given
    prefix = _prefix_of(given)
    cfg = _pyvenv(prefix)
    answer = _ask(given if not given.is_dir() else _interpreter_in(given)) if trusted else None
    version = answer[0] if answer else None
    if cfg is None:  # a plain installation (conda, a system Python)
        return answer[1] if answer else _prefix_site_dirs(prefix)
    dirs = _prefix_site_dirs(prefix, version) or _prefix_site_dirs(prefix)
    if cfg.get("include-system-site-packages", "").lower() == "true":
        if answer:
            dirs += answer[1]
        elif cfg.get("home"):
            dirs += _prefix_site_dirs(Path(cfg["home"]).parent)
    return dirs


def _interpreter_in(prefix: Path) -> Path:
    for candidate in ("bin/python3", "bin/python", "Scripts/python.exe"):
        if (prefix / candidate).exists():
            return prefix / candidate
    return prefix / "bin" / "python"


def _with_pth_paths(site_dirs: list[Path]) -> list[Path]:
    """The site folders, each followed by the folders its ``.pth`` files list (like `site`,
    but the lines starting with ``import`` are skipped, never executed)."""
    out: list[Path] = []
    for site_dir in site_dirs:
        out.append(site_dir)
        try:
            pth_files = sorted(p for p in site_dir.iterdir() if p.name.endswith(".pth"))
        except OSError:
            continue
        for pth in pth_files:
            text = _read_small(pth)
            for line in (text or "").splitlines():
                line = line.rstrip()
                if not line or line.startswith(("#", "import ", "import\t")):
                    continue
                extra = site_dir / line
                if extra.is_dir():
                    out.append(extra)
    return list(dict.fromkeys(out))


def environment_sys_path(python: str | None = None, *, trusted: bool = False) -> list[Path]:
    """Where imports of installed packages are looked up: for the interpreter running jax-lsp
    (`python` None), its own `sys.path`'s site folders; else `site_directories` of `python`
    and what their ``.pth`` files list. Cached per interpreter and trust."""
    key = (python, trusted)
    if key in _ENV_CACHE:
        return _ENV_CACHE[key]
    if python is None:
        paths = [Path(p) for p in sys.path
                 if p and ("site-packages" in Path(p).parts or "dist-packages" in Path(p).parts)
                 and Path(p).is_dir()]
    else:
        paths = _with_pth_paths(site_directories(python, trusted=trusted))
        if not paths:
            log.warning("python %s: no installed packages found%s", python,
                        "" if trusted else " (it was not run: see docs/security.md)")
    _ENV_CACHE[key] = paths
    return paths
