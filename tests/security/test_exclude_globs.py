"""`exclude` globs match in time linear in the path (issue 13): a pattern of many `**` or `*`
against a deep path took minutes with a regex, holding the GIL (the server froze)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from jax_lsp.project.config import Config

REPO = Path(__file__).resolve().parents[2]

_TIMED = """
import time
from pathlib import Path
from jax_lsp.project.config import Config

deep = Path("/w").joinpath(*["a"] * 25, "c.py")
worst = [
    "**/" * 14 + "b",                 # the issue's pattern
    "**/**/**/**/**/**/**/**/**/**/**/**/**/**/b/**",
    "*a*a*a*a*a*a*a*a*a*a*a*a*a*b",   # stars inside one segment
    "**/*a*a*a*a*a*a*a*b/**/*a*a*a*a*a*a*b",
]
start = time.perf_counter()
for pattern in worst:
    config = Config.from_mapping({"exclude": [pattern]}, root=Path("/w"))
    assert not config.is_excluded(deep, is_dir=False)
    assert not config.is_excluded_entry(Path("/w").joinpath(*["a"] * 25), "a" * 200, False)
print(time.perf_counter() - start)
"""


def test_pathological_patterns_match_in_milliseconds() -> None:
    """In a subprocess, so that a regression fails by its timeout instead of hanging."""
    done = subprocess.run([sys.executable, "-c", _TIMED], capture_output=True, text=True,
                          timeout=30, cwd=REPO, env={"PYTHONPATH": str(REPO)}, check=True)
    assert float(done.stdout) < 0.5


@pytest.mark.parametrize(
    ("pattern", "path", "excluded"),
    [
        ("**/**/b", "b", True),
        ("**/**/b", "x/y/b", True),
        ("a/**/b", "a/b", True),
        ("a/**/b", "a/x/y/b", True),
        ("a/**", "a/x/y", True),
        ("a/**/**", "a/x", True),
        ("a/**", "b/x", False),
        ("**", "x/y", True),
        ("x/[!a]", "x/b", True),
        ("x[!a]y", "x/y", False),  # a class never matches "/"
        ("*.py", "d/e/f.py", True),
        ("d/*.py", "d/e/f.py", False),  # "*" stays within a segment
        ("d/**/*.py", "d/e/f.py", True),
        ("d/a**b.py", "d/axyb.py", True),  # "**" inside a segment is "*"
        (r"d/\*.py", "d/x.py", False),
        (r"d/\*.py", "d/*.py", True),
        ("d/[a-c]?.py", "d/bz.py", True),
    ],
)
def test_glob_semantics(pattern: str, path: str, excluded: bool) -> None:
    config = Config.from_mapping({"exclude": [pattern]}, root=Path("/w"))
    assert config.is_excluded(Path("/w") / path, is_dir=False) is excluded
