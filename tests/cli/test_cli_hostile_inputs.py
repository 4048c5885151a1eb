"""`check` on hostile or broken inputs (issue 35, items 3, 7 and 9): each bad input gets a clear
error naming it, and every other file is still checked.

- a pyproject.toml nested 1,000 deep, or with a dotted key of 20,000 parts: refused naming the
  file (exit 2, as ruff refuses a configuration it cannot parse), never a traceback or minutes
  of tomllib;
- a folder that cannot be listed or searched: one JAX000 naming it, the others still checked
  (ruff says E902 on its files); it used to crash `check .` (exit 1, no findings at all);
- a notebook whose JSON is an array, a string or nested 100,000 deep: JAX000 "Not a valid
  notebook" for that file; it used to be an internal error with exit 2 for the whole run;
- a FIFO, a link to /dev/zero or a file over the size limit named on the command line:
  JAX000 saying what it is; they used to hang or fill memory (ruff hangs too).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_harness import CALLBACK_PROGRAM, REPO, Ran, run_subprocess, write_tree

from jax_lsp.project.provenance import MAX_FILE_BYTES


def check(tmp_path: Path, *args: str) -> Ran:
    return run_subprocess(["check", "--no-cache", "--output-format", "concise", *args], tmp_path)


# -- item 3: configuration files ---------------------------------------------------------------

HOSTILE_PYPROJECTS = {
    "nested-arrays": ("[tool.jax-lsp]\nselect = " + "[" * 1000 + "]" * 1000 + "\n",
                      "nested more than 100 levels deep"),
    "nested-tables": ("[tool.jax-lsp]\nseverity = " + "{a = " * 1000 + "1" + "}" * 1000 + "\n",
                      "nested more than 100 levels deep"),
    "nested-not-ours": ("[tool.other]\nx = " + "[" * 1000 + "]" * 1000 + "\n",
                        "nested more than 100 levels deep"),
    "dotted-key": ("[tool.jax-lsp]\n" + ".".join(["a"] * 20_000) + " = 1\n",
                   "a dotted key of 20000 parts at line 2"),
    "dotted-header": ("[" + ".".join(["t"] * 20_000) + "]\nx = 1\n",
                      "a dotted key of 20000 parts at line 1"),
}


@pytest.mark.parametrize("kind", list(HOSTILE_PYPROJECTS))
def test_a_pathological_pyproject_is_refused_naming_it(tmp_path: Path, kind: str) -> None:
    text, why = HOSTILE_PYPROJECTS[kind]
    write_tree(tmp_path, {"pyproject.toml": text, "a.py": CALLBACK_PROGRAM})
    started = time.monotonic()
    ran = check(tmp_path, ".")
    assert time.monotonic() - started < 60
    assert ran.code == 2, ran
    assert "Traceback" not in ran.err
    assert f"{tmp_path / 'pyproject.toml'}: not read: {why}" in ran.err, ran.err


def test_a_pathological_config_override_is_refused(tmp_path: Path) -> None:
    write_tree(tmp_path, {"a.py": CALLBACK_PROGRAM})
    ran = check(tmp_path, "--config", "select = " + "[" * 1000 + "]" * 1000, "a.py")
    assert ran.code == 2 and "Traceback" not in ran.err
    assert "nested more than 100 levels deep" in ran.err, ran.err


def test_an_ordinary_pyproject_still_applies(tmp_path: Path) -> None:
    """The bounds do not refuse a real configuration with brackets and dots in strings and
    comments, and floats and dates in values."""
    text = ('[project]\nname = "x"\nversion = "1.2.3.4.5.6.7.8.9"  # a.b.c.d.e.f\n'
            + "".join(f'dep{i} = ["a.b.c[x]>=1.{i}", 1.5, 1979-05-27T07:32:00.5]\n'
                      for i in range(150))
            + '[tool.jax-lsp]\nignore = ["JAX001"]\n"quoted.key".b.c = 1\n')
    write_tree(tmp_path, {"pyproject.toml": text, "a.py": CALLBACK_PROGRAM})
    ran = check(tmp_path, ".")
    assert ran.code == 2 and "unknown key" in ran.err and "quoted.key" in ran.err, ran.err
    write_tree(tmp_path, {"pyproject.toml": text.replace('"quoted.key".b.c = 1\n', "")})
    ran = check(tmp_path, ".")
    assert ran.code == 0 and "All checks passed" in ran.out, ran


# -- item 7: folders that cannot be searched, notebooks that are not notebooks -----------------


def _without_dac_override() -> list[str] | None:
    """A command prefix under which file permissions apply to this process: none needed when
    not root; as root, `setpriv` dropping the capabilities that let root ignore them."""
    if not hasattr(os, "geteuid"):  # Windows: no POSIX permissions to deny
        return None
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        return None
    prefix = [setpriv, "--bounding-set=-dac_override,-dac_read_search", "--"]
    probe = subprocess.run([*prefix, "true"], capture_output=True, check=False)
    return prefix if probe.returncode == 0 else None


@pytest.mark.parametrize(("mode", "why"), [
    (0o000, "locked:1:1: JAX000 Cannot list the folder: Permission denied"),
    (0o644, "locked:1:1: JAX000 Cannot search the folder (no execute permission)"),
])
def test_a_folder_that_cannot_be_searched_is_reported_and_the_rest_checked(
    tmp_path: Path, mode: int, why: str
) -> None:
    prefix = _without_dac_override()
    if prefix is None:
        pytest.skip("running as root without setpriv: permissions cannot be denied")
    write_tree(tmp_path, {"ok/a.py": CALLBACK_PROGRAM, "locked/b.py": CALLBACK_PROGRAM,
                          "locked/pyproject.toml": "[tool.jax-lsp]\n"})
    locked = tmp_path / "locked"
    locked.chmod(mode)
    try:
        env = {**os.environ, "PYTHONPATH": str(REPO)}
        p = subprocess.run(
            [*prefix, sys.executable, "-m", "jax_lsp", "check", "--no-cache",
             "--output-format", "concise", "."],
            cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120, check=False)
    finally:
        locked.chmod(0o755)
    assert "Traceback" not in p.stderr, p.stderr
    assert p.returncode == 1, (p.stdout, p.stderr)
    assert why in p.stdout, p.stdout
    assert "ok/a.py:6:12: JAX001" in p.stdout, p.stdout
    assert "Found 2 errors." in p.stdout


NOT_NOTEBOOKS = {
    "list.ipynb": ("[1, 2]", "its JSON is an array, not an object with a list of cells"),
    "string.ipynb": ('"abc"', "its JSON is a string, not an object with a list of cells"),
    "deep.ipynb": ("[" * 100_000 + "]" * 100_000, "its JSON is nested too deeply to be read"),
    "cells.ipynb": ('{"cells": {"a": 1}}', "its `cells` is not a list"),
    "source.ipynb": ('{"cells": [{"cell_type": "code", "source": [1, 2]}]}',
                     "the source of cell 1 is not text"),
}


@pytest.mark.parametrize("output_format", ["concise", "full", "json", "sarif", "github"])
def test_notebooks_that_are_not_notebooks_get_a_per_file_error(
    tmp_path: Path, output_format: str
) -> None:
    write_tree(tmp_path, {"a.py": CALLBACK_PROGRAM,
                          **{name: text for name, (text, _) in NOT_NOTEBOOKS.items()}})
    ran = run_subprocess(["check", "--no-cache", "--output-format", output_format, "."],
                         tmp_path)
    assert ran.code == 1, ran
    assert "internal error" not in ran.err and "Traceback" not in ran.err, ran.err
    for name, (_, why) in NOT_NOTEBOOKS.items():
        assert f"Not a valid notebook: {why}" in ran.out, (name, ran.out)
    assert "JAX001" in ran.out


@pytest.mark.parametrize("flag", ["--fix", "--diff", "--show-limits"])
def test_fix_diff_and_limits_skip_a_notebook_that_is_not_one(tmp_path: Path, flag: str) -> None:
    write_tree(tmp_path, {name: text for name, (text, _) in NOT_NOTEBOOKS.items()})
    ran = run_subprocess(["check", "--no-cache", flag, "."], tmp_path)
    assert "internal error" not in ran.err and "Traceback" not in ran.err, ran.err
    assert ran.code in (0, 1), ran
    for name, (text, _) in NOT_NOTEBOOKS.items():
        assert (tmp_path / name).read_text() == text


# -- item 9: FIFOs, devices and huge files named on the command line ---------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo") or not os.path.exists("/dev/zero"),
                    reason="no FIFOs or /dev/zero here")
def test_a_fifo_or_a_device_named_on_the_command_line_is_refused(tmp_path: Path) -> None:
    write_tree(tmp_path, {"a.py": CALLBACK_PROGRAM})
    os.mkfifo(tmp_path / "pipe.py")
    (tmp_path / "zero.py").symlink_to("/dev/zero")
    with open(tmp_path / "huge.py", "wb") as f:  # sparse: no disk used
        f.truncate(MAX_FILE_BYTES + 1)
    started = time.monotonic()
    for flag in ([], ["--fix"], ["--diff"], ["--show-limits"]):
        ran = run_subprocess(["check", "--no-cache", "--output-format", "concise", *flag,
                              "pipe.py", "zero.py", "huge.py", "a.py"], tmp_path)
        assert "Traceback" not in ran.err, (flag, ran.err)
        if flag == ["--diff"]:  # it shows the fixes only (none here), and ends
            assert ran.code == 0 and "pipe.py" not in ran.out, ran
            continue
        if flag == ["--show-limits"]:
            for name in ("pipe.py", "zero.py", "huge.py"):
                assert f"{name}: cannot read the file" in ran.out, ran.out
            continue
        assert "pipe.py:1:1: JAX000 Cannot read the file: not a regular file: it is a FIFO" \
            in ran.out, (flag, ran.out)
        assert "zero.py:1:1: JAX000 Cannot read the file: not a regular file: it is a " \
            "character device" in ran.out, (flag, ran.out)
        assert "huge.py:1:1: JAX000 Cannot read the file: larger than 64 MiB" in ran.out, \
            (flag, ran.out)
    assert time.monotonic() - started < 100


# -- round 3's own attacks (docs/security.md, "Round 3: attacks designed this round") ----------


def test_a_module_too_deep_for_pythons_parser_is_its_own_syntax_error(tmp_path: Path) -> None:
    """CPython's parser gives up on 100,000 unary minuses (MemoryError) or 500,000 chained
    products (RecursionError) without a SyntaxError; that used to be an internal error and
    exit 2 for the whole run."""
    write_tree(tmp_path, {"minus.py": "x = " + "-" * 100_000 + "1\n",
                          "wide.py": "x = " + "0 * " * 500_000 + "1\n", "a.py": CALLBACK_PROGRAM})
    ran = check(tmp_path, ".")
    assert "internal error" not in ran.err and ran.code == 1, ran
    assert "minus.py:1:1: JAX000 SyntaxError: nested too deeply for Python's parser" in ran.out
    assert "wide.py:1:1: JAX000 SyntaxError: nested too deeply for Python's parser" in ran.out
    assert "a.py:6:12: JAX001" in ran.out


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
@pytest.mark.parametrize("flag", [[], ["--fix"]])
def test_endless_standard_input_is_refused_at_the_size_limit(tmp_path: Path,
                                                              flag: list[str]) -> None:
    """`check - < /dev/zero` used to read until memory ran out."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    with open("/dev/zero", "rb") as zero:
        p = subprocess.run([sys.executable, "-m", "jax_lsp", "check", "--no-cache", *flag, "-"],
                           cwd=tmp_path, env=env, stdin=zero, capture_output=True, text=True,
                           timeout=120, check=False)
    assert p.returncode == 2, p
    assert "standard input is larger than 64 MiB" in p.stderr and "Traceback" not in p.stderr


def test_a_pyproject_with_a_byte_order_mark_applies(tmp_path: Path) -> None:
    """ruff reads a pyproject.toml that starts with a BOM; tomllib alone refuses it."""
    write_tree(tmp_path, {"pyproject.toml": '\ufeff[tool.jax-lsp]\nignore = ["JAX001"]\n',
                          "a.py": CALLBACK_PROGRAM})
    ran = check(tmp_path, ".")
    assert ran.code == 0 and "All checks passed" in ran.out, ran


def test_a_config_override_longer_than_a_file_name_is_read_as_toml(tmp_path: Path) -> None:
    """`--config 'select = [...]'` longer than NAME_MAX: asking whether it is a file raised
    ENAMETOOLONG (a traceback)."""
    write_tree(tmp_path, {"a.py": CALLBACK_PROGRAM})
    ran = check(tmp_path, "--config", "select = [" + ", ".join(['"JAX002"'] * 60) + "]", "a.py")
    assert ran.code == 0 and "Traceback" not in ran.err, ran


def test_a_module_over_the_parse_limit_is_reported_not_parsed(tmp_path: Path) -> None:
    """CPython's tree costs up to ~500 bytes per source byte (a 6 MB one-line list: 31 s and
    3 GB); a source over `MAX_PARSED_CHARS` gets a JAX000 saying so, and the run goes on."""
    from jax_lsp.analysis.engine import MAX_PARSED_CHARS

    write_tree(tmp_path, {"big.py": "#" + "x" * MAX_PARSED_CHARS + "\n", "a.py": CALLBACK_PROGRAM})
    ran = check(tmp_path, ".")
    assert ran.code == 1, ran
    assert "big.py:1:1: JAX000 not analysed: 4.0 MiB of source, more than the 4 MiB jax-lsp " \
        "parses" in ran.out, ran.out
    assert "a.py:6:12: JAX001" in ran.out
