"""`per-file-ignores` / `extend-per-file-ignores` and their command-line forms, with ruff's glob
semantics (checked against ruff 0.17: `*` spans directories, a glob also matches the file's name
alone, "!" applies the codes to the files it does not match, command-line globs are relative to
the working directory)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from cli_harness import Ran, write_tree

from jax_lsp.project.config import Config, ConfigError

LINE = "cb(x)  # FAKE JAX001\ncb(y)  # FAKE JAX004\n"
TREE = {"a.py": LINE, "tests/t.py": LINE, "tests/sub/u.py": LINE, "src/s.py": LINE}


def _found(ran: Ran) -> set[str]:
    """{"path:CODE"} of a concise report."""
    return {f"{line.split(':')[0]}:{line.split()[1]}" for line in ran.out.splitlines()
            if line.count(":") >= 3}


def _all_but(*gone: str) -> set[str]:
    every = {f"{p}:{c}" for p in TREE for c in ("JAX001", "JAX004")}
    assert set(gone) <= every
    return every - set(gone)


def _tree(tmp_path: Path, table: str = "") -> Path:
    files = dict(TREE)
    files["pyproject.toml"] = f"[tool.jax-lsp]\n{table}\n"
    return write_tree(tmp_path, files)


@pytest.mark.usefixtures("fake_analysis")
@pytest.mark.parametrize(("table", "gone"), [
    # `*` spans directories, as in ruff (globset without literal_separator)
    ('per-file-ignores = { "tests/*" = ["JAX001"] }',
     ("tests/t.py:JAX001", "tests/sub/u.py:JAX001")),
    # a glob also matches the file's name alone; a directory's name does not
    ('per-file-ignores = { "s.py" = ["JAX"], "sub" = ["JAX001"] }',
     ("src/s.py:JAX001", "src/s.py:JAX004")),
    # "**/" is zero or more directories
    ('per-file-ignores = { "tests/**/*.py" = ["JAX004"] }',
     ("tests/t.py:JAX004", "tests/sub/u.py:JAX004")),
    # "!": the codes are ignored where the glob does NOT match
    ('per-file-ignores = { "!tests/**" = ["JAX001"] }', ("a.py:JAX001", "src/s.py:JAX001")),
    # extend-per-file-ignores adds to per-file-ignores
    ('per-file-ignores = { "a.py" = ["JAX001"] }\n'
     'extend-per-file-ignores = { "a.py" = ["JAX004"] }',
     ("a.py:JAX001", "a.py:JAX004")),
])
def test_per_file_ignores_in_the_configuration(
    tmp_path: Path, run_cli: Callable[..., Ran], table: str, gone: tuple[str, ...]
) -> None:
    _tree(tmp_path, table)
    ran = run_cli(["check", "--no-cache", "--output-format", "concise", "."], tmp_path)
    assert _found(ran) == _all_but(*gone), ran.out


@pytest.mark.usefixtures("fake_analysis")
def test_globs_are_relative_to_the_configuration_file(tmp_path: Path,
                                                      run_cli: Callable[..., Ran]) -> None:
    _tree(tmp_path, 'per-file-ignores = { "t.py" = ["JAX001"], "tests/sub/*" = ["JAX004"] }')
    ran = run_cli(["check", "--no-cache", "--output-format", "concise", "."], tmp_path / "tests")
    assert _found(ran) == {"t.py:JAX004", "sub/u.py:JAX001"}, ran.out


@pytest.mark.usefixtures("fake_analysis")
def test_command_line_replaces_or_extends(tmp_path: Path, run_cli: Callable[..., Ran]) -> None:
    _tree(tmp_path, 'per-file-ignores = { "tests/*" = ["JAX001"] }')
    base = ["check", "--no-cache", "--output-format", "concise"]
    # --per-file-ignores replaces the configuration's; pairs are comma-separated
    ran = run_cli([*base, "--per-file-ignores", "a.py:JAX001,tests/*:JAX004", "."], tmp_path)
    assert _found(ran) == _all_but("a.py:JAX001", "tests/t.py:JAX004",
                                   "tests/sub/u.py:JAX004"), ran.out
    ran = run_cli([*base, "--extend-per-file-ignores", "a.py:JAX001", "."], tmp_path)
    assert _found(ran) == _all_but("a.py:JAX001", "tests/t.py:JAX001",
                                   "tests/sub/u.py:JAX001"), ran.out
    # relative to the working directory, not to the configuration file
    ran = run_cli([*base, "--per-file-ignores", "sub/*:JAX004", "."], tmp_path / "tests")
    assert _found(ran) == {"t.py:JAX001", "t.py:JAX004", "sub/u.py:JAX001"}, ran.out


@pytest.mark.usefixtures("fake_analysis")
def test_bad_entries_are_usage_errors(tmp_path: Path, run_cli: Callable[..., Ran],
                                     capsys: pytest.CaptureFixture[str]) -> None:
    _tree(tmp_path)
    with pytest.raises(SystemExit) as exited:
        run_cli(["check", "--per-file-ignores", "a.py", "."], tmp_path)
    assert exited.value.code == 2 and "'a.py' is not PATTERN:CODE" in capsys.readouterr().err
    ran = run_cli(["check", "--per-file-ignores", "a.py:NOPE1", "."], tmp_path)
    assert ran.code == 2 and "unknown rule selector 'NOPE1'" in ran.err
    with pytest.raises(ConfigError, match="must be a table of glob -> codes"):
        Config.from_mapping({"per-file-ignores": ["tests/*"]})
    with pytest.raises(ConfigError, match="must be a list of strings"):
        Config.from_mapping({"per-file-ignores": {"tests/*": "JAX001"}})


def test_syntax_errors_are_never_ignored(tmp_path: Path) -> None:
    config = Config.from_mapping({"per-file-ignores": {"*": ["ALL"]}}, root=tmp_path)
    assert not config.is_enabled("JAX001", tmp_path / "a.py")
    assert config.is_enabled("JAX000", tmp_path / "a.py")
    assert config.is_enabled("JAX001")  # no path: no file's ignores


@pytest.mark.usefixtures("fake_analysis")
def test_show_settings_lists_them(tmp_path: Path, run_cli: Callable[..., Ran]) -> None:
    _tree(tmp_path, 'per-file-ignores = { "tests/*" = ["JAX001"] }')
    ran = run_cli(["check", "--show-settings", "--extend-per-file-ignores", "x.py:JAX004",
                   "a.py"], tmp_path)
    assert '"tests/*": ["JAX001"]' in ran.out
    assert f'"{tmp_path / "x.py"}": ["JAX004"]' in ran.out
