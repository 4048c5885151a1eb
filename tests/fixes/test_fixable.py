"""`fixable` / `unfixable` / `extend-fixable` and `--fixable` / `--unfixable` /
`--extend-fixable`: they decide what `--fix` and `--diff` apply, the `[*]` markers, the "N
fixable" hint and the JSON `fix` objects, layered as ruff 0.17 layers them (a command-line
`--fixable` resets the configuration's lists; `--unfixable` adds to them)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from test_fix_command import REVERSE_ONLY, Ran
from test_fix_command import check as check  # the fixture

from jax_lsp.project.config import Config


def _setup(tmp_path: Path, table: str = "") -> Path:
    (tmp_path / "pyproject.toml").write_text(f"[tool.jax-lsp]\n{table}\n")
    path = tmp_path / "train.py"
    path.write_text(REVERSE_ONLY)
    return path


@pytest.mark.parametrize(("table", "args", "fixable"), [
    ("", [], True),
    ('unfixable = ["JAX001"]', [], False),
    ('fixable = ["JAX002"]', [], False),
    ('fixable = ["JAX002"]\nextend-fixable = ["JAX00"]', [], True),
    ('unfixable = ["JAX"]', ["--fixable", "JAX001"], True),  # a new layer: resets unfixable
    ("", ["--unfixable", "JAX0"], False),
    ('fixable = ["JAX002"]', ["--extend-fixable", "JAX001"], True),
    ('', ["--fixable", "JAX002", "--extend-fixable", "JAX001", "--unfixable", "JAX001"], False),
])
def test_what_is_fixable(tmp_path: Path, check: Callable[..., Ran], table: str,
                         args: list[str], fixable: bool) -> None:
    path = _setup(tmp_path, table)
    report = check(*args)
    assert ("JAX001 [*]" in report.out) == fixable, report.out
    assert ("[*] 1 fixable" in report.out) == fixable, report.out
    fix_object = json.loads(check(*args, "--output-format", "json").out)[0]["fix"]
    assert (fix_object is not None) == fixable
    diff = check(*args, "--diff")
    assert (diff.code, bool(diff.out)) == ((1, True) if fixable else (0, False))
    ran = check(*args, "--fix")
    assert (path.read_text() != REVERSE_ONLY) == fixable
    assert ran.code == (0 if fixable else 1), ran.out


def test_unfixable_wins_and_prefixes_match() -> None:
    config = Config.from_mapping({"fixable": ["JAX"], "unfixable": ["JAX00"]})
    assert not config.is_fixable("JAX001") and config.is_fixable("JAX010")
    assert Config().is_fixable("JAX001")
    assert Config().merge({"extend-fixable": ["JAX001"]}).is_fixable("JAX004")
