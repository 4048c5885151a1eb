"""The repository of issue 13's code-execution exploit, for the CLI and server tests.

``python = ".venv/bin/python"`` in its ``[tool.jax-lsp]``, that file a symlink to a real
interpreter, and beside it the clone's own ``pyvenv.cfg`` and a ``.pth`` file whose ``import``
line writes a marker: running that interpreter normally runs the ``.pth``."""

from __future__ import annotations

import os
import sys
from pathlib import Path

SOURCE = (
    "import jax\n"
    "def f(x):\n"
    "    return jax.pure_callback(lambda x: x, x, x)\n"
    "jax.grad(f)(1.0)\n"
)


def real_interpreter() -> Path:
    """An interpreter other than this one's path when the machine has one (the issue's
    exploit links to the system Python), else this one."""
    own = Path(os.path.realpath(sys.executable))
    for candidate in (f"/usr/bin/python{sys.version_info[0]}.{sys.version_info[1]}",
                      "/usr/bin/python3", "/usr/local/bin/python3"):
        if os.path.exists(candidate) and Path(os.path.realpath(candidate)) != own:
            return Path(candidate)
    return own


def make_evil_clone(tmp_path: Path) -> tuple[Path, Path]:
    """The clone and the marker file its `.pth` writes when run."""
    repo, marker = tmp_path / "repo", tmp_path / "PWNED"
    target = real_interpreter()
    (repo / ".venv/bin").mkdir(parents=True)
    (repo / "pyproject.toml").write_text('[tool.jax-lsp]\npython = ".venv/bin/python"\n')
    (repo / "a.py").write_text(SOURCE)
    (repo / ".venv/pyvenv.cfg").write_text(
        f"home = {target.parent}\ninclude-system-site-packages = false\n")
    (repo / ".venv/bin/python").symlink_to(target)
    for minor in range(8, 16):  # whatever version the linked interpreter is
        site = repo / f".venv/lib/python3.{minor}/site-packages"
        site.mkdir(parents=True)
        (site / "evil.pth").write_text(f"import os; open({str(marker)!r}, 'w').write('ran')\n")
        (site / "editable.pth").write_text("../../../../src\n")
    (repo / "src").mkdir()
    return repo, marker
