"""`python -m jax_lsp` in a cloned repository imports nothing from it (`-m` puts the working
directory first on sys.path, where a `json.py` would shadow the standard library's)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_modules_in_the_working_directory_are_not_imported(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    for name in ("json", "tomllib", "difflib", "textwrap"):
        (tmp_path / f"{name}.py").write_text(f"open({str(marker)!r}, 'a').write('{name}')\n")
    (tmp_path / "a.py").write_text("x = 1\n")
    env = {**os.environ, "PYTHONPATH": str(REPO), "JAX_LSP_NO_CACHE": "1"}
    for args in (["check", "--output-format", "json", "a.py"], ["rule", "JAX001"]):
        ran = subprocess.run([sys.executable, "-m", "jax_lsp", *args], cwd=tmp_path, env=env,
                             capture_output=True, text=True, timeout=120, check=False)
        assert ran.returncode in (0, 1), ran.stderr
    assert not marker.exists(), marker.read_text()
