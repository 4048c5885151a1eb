"""The human-read output laid out as the installed ruff lays out its own, compared byte for byte:

- the `full` format's excerpt: ruff reports a finding (F401, E722, C408) in a file, and
  jax-lsp's formatter, given the same file and a finding with ruff's code, message and range,
  must print ruff's block but for ruff's fix (its `[*]`, and the `help:` diff jax-lsp leaves
  to `--diff`): context, blank-line trimming, gutter width, tabs, long-line cuts, ranges over
  several lines;
- `--diff`'s headers, the empty line after each file, and its last line (`Would fix ...`,
  `No errors would be fixed (...)`), beside a twin project whose findings ruff fixes safely
  (F401) or unsafely (F841);
- `--statistics`' columns.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from cli_harness import CALLBACK_PROGRAM, Ran, write_tree
from test_cli_parity import IO_PROGRAM, LOGGING_PROGRAM

from jax_lsp.analysis.findings import Finding, Span
from jax_lsp.checker.formats import (
    format_concise,
    format_full,
    format_grouped,
    format_statistics,
)
from jax_lsp.checker.results import FileResult

RUFF = shutil.which("ruff")
pytestmark = pytest.mark.skipif(RUFF is None, reason="ruff is not installed")


def _ruff(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    assert RUFF is not None
    return subprocess.run([RUFF, "check", "--no-cache", "--isolated", *args], cwd=cwd,
                          capture_output=True, text=True, check=False,
                          env={"PATH": "/usr/bin:/bin", "NO_COLOR": "1"})


def _without_fix(block: str) -> str:
    """ruff's block less what jax-lsp leaves out: the `[*]` (jax-lsp's test findings have no
    fix) and everything from `help:` on (the fix's title and diff)."""
    lines = block.split("\n")
    lines[0] = lines[0].replace(" [*] ", " ", 1)
    if any(line.startswith("help: ") for line in lines):
        lines = lines[:next(i for i, line in enumerate(lines) if line.startswith("help: "))]
    return "\n".join(lines)


#: file name -> (source, ruff's rules); each finding's block is compared
SHAPES: dict[str, tuple[str, str]] = {
    # blank context lines trimmed at the edges, kept between
    "blank.py": ("import sys\n\n\nimport os\n\nx = 1\n  \n\nimport json\n   \n\t\n", "F401"),
    "middle.py": ("x = 1\n    \nimport os\n\ny = 2\n", "F401"),
    # the gutter widens with the last line shown
    "gutter.py": ("x = 1\n" * 8 + "import os\ny = 2\nz = 3\n", "F401"),
    "tabs.py": ("if True:\n\timport os\n\tx = 1\n", "F401"),
    # no closing bar when the excerpt ends with the carets
    "last.py": ("try:\n    pass\nexcept: pass\n\n\n", "E722"),
    # long lines: cut on the right, on both sides, on the left, context lines with them
    "long_right.py": ("import os; y = '" + "c" * 300 + "'\n", "F401"),
    "long_both.py": ("x = '" + "a" * 300 + "'; import os  # " + "b" * 300 + "\n", "F401"),
    "long_left.py": ("y = '" + "c" * 300 + "'\nx = '" + "a" * 200 + "'; import os\n", "F401"),
    "long_wide.py": ("\n" * 12 + "x = '" + "a" * 150 + "'; import os  # " + "b" * 9 + "\n",
                     "F401"),
    "cut_short_lines.py": ("x = 1\n\nif True:\n\ty = '" + "c" * 200 + "'; import os\n",
                           "F401"),
    # wide characters take two columns: the cut lines stay 140 columns wide
    "wide_right.py": ("y = 1\nx = '" + "日" * 150 + "'\nz = 'qq'; import " + "a" * 50 + "\n",
                      "F401"),
    "wide_left.py": ("x = '" + "日" * 150 + "'\nz = '" + "q" * 120 + "'; import os\n", "F401"),
    "indented_long.py": ("if True:\n" + " " * 100 + "import os; y = '" + "c" * 300 + "'\n",
                         "F401"),
    # ranges over several lines: from inside a line, from its indentation, an empty line in it
    "arm.py": ("x = 1\nd = dict(\n    a=1,\n    b=2,\n)\nz = 3\n", "C408"),
    "slash.py": ("if True:\n    x = 1\n    dict(a=1,\n         b=2)\n", "C408"),
    "gap.py": ("x = 1\n\ndict(\n    a=1,\n\n    b=2)\n\n\n", "C408"),
    # long lines in a range over lines: the margin counts its first and last characters and
    # column 0 of the lines between
    "arm_long_first.py": ("x = 1\nd = dict(a='" + "z" * 300 + "',\n    b=2,\n)\n", "C408"),
    "arm_far_start.py": ("y = '" + "w" * 150 + "'; d = dict(\n    b=2,\n)\n", "C408"),
    "arm_both_long.py": ("y = '" + "w" * 250 + "'; d = dict(b=2,\n c='" + "k" * 200 + "')\n",
                         "C408"),
    "arm_long_last.py": ("d = dict(b=2,\n c='" + "k" * 200 + "', e=1)\n", "C408"),
    "arm_wide.py": ("\n" * 7 + "x = 1\nd = dict(\n" + "".join(f"    a{i}=1,\n" for i in range(3))
                 + ")\ny = 2\n", "C408"),
}


def test_full_excerpts_are_ruffs(tmp_path: Path) -> None:
    write_tree(tmp_path, {name: source for name, (source, _) in SHAPES.items()})
    compared = 0
    for name, (source, rules) in SHAPES.items():
        args = ["--select", rules, name]
        items = json.loads(_ruff(["--output-format", "json", *args], tmp_path).stdout)
        full = _ruff(["--output-format", "full", *args], tmp_path).stdout
        blocks = full.split("\n\n")[:-1]  # the last is the summary
        assert items and len(blocks) == len(items), (name, full)
        for item, block in zip(items, blocks, strict=True):
            start, end = item["location"], item["end_location"]
            finding = Finding(item["code"], item["message"],
                              Span(start["row"], start["column"] - 1, end["row"],
                                   end["column"] - 1))
            ours = format_full([FileResult(name, (finding,), source, str(tmp_path / name))])
            assert ours.split("\n\n")[0] == _without_fix(block), (name, ours, block)
            compared += 1
    assert compared >= len(SHAPES)


def test_full_without_a_source_has_ruffs_bare_location(tmp_path: Path) -> None:
    """ruff's E902 (a file it cannot read) has no excerpt: `-->` at the margin."""
    write_tree(tmp_path, {"bad.py": b"\xff\xfe\n"})
    theirs = _ruff(["--select", "E902", "bad.py"], tmp_path).stdout.split("\n\n")[0]
    finding = Finding("E902", "stream did not contain valid UTF-8", Span(1, 0, 1, 0))
    ours = format_full([FileResult("bad.py", (finding,), None, str(tmp_path / "bad.py"))])
    assert ours.split("\n\n")[0] == theirs == "E902 stream did not contain valid UTF-8\n" \
        "--> bad.py:1:1"


def _skeleton(diff: str) -> tuple[list[list[str]], str]:
    """A diff's file headers and the empty line after each file's diff (each file's, in file
    order: ruff prints the files in whatever order its threads finish), and its last line."""
    lines = diff.split("\n")
    kept = [line for line in lines[:-2] if line.startswith(("--- ", "+++ ")) or not line]
    files: list[list[str]] = []
    for line in kept:
        if line.startswith("--- ") or not files:
            files.append([])
        files[-1].append(line)
    return sorted(files), lines[-2] if len(lines) > 1 else ""


@pytest.fixture
def twins(tmp_path: Path) -> Path:
    """jax/: a safe fix (log.py) and an unsafe-only one (io.py); ruff/: the same for ruff."""
    write_tree(tmp_path, {
        "jax/log.py": LOGGING_PROGRAM, "jax/io.py": IO_PROGRAM, "jax/clean.py": "x = 1\n",
        "ruff/log.py": "import os\nx = 1\n", "ruff/io.py": "def g():\n    x = 1\n",
    })
    return tmp_path


def test_diff_headers_and_last_lines_are_ruffs(twins: Path, run_cli: Callable[..., Ran]) -> None:
    for paths in (["log.py", "io.py"], ["io.py"]):
        ours = run_cli(["check", "--no-cache", "--diff", *paths], twins / "jax")
        theirs = _ruff(["--select", "F401,F841", "--diff", *paths], twins / "ruff")
        assert ours.code == theirs.returncode, (paths, ours, theirs)
        assert _skeleton(ours.out) == _skeleton(theirs.stdout), (paths, ours.out, theirs.stdout)
    assert run_cli(["check", "--no-cache", "--diff", "io.py"], twins / "jax").out == \
        "No errors would be fixed (1 fix available with `--unsafe-fixes`).\n"
    both = run_cli(["check", "--no-cache", "--diff", "--unsafe-fixes", "log.py", "io.py"],
                   twins / "jax")
    theirs = _ruff(["--select", "F401,F841", "--diff", "--unsafe-fixes", "log.py", "io.py"],
                   twins / "ruff")
    assert _skeleton(both.out) == _skeleton(theirs.stdout)
    assert both.out.endswith("\n\nWould fix 2 errors.\n")


def test_statistics_columns_are_ruffs(tmp_path: Path) -> None:
    """Counts right-aligned, codes padded to the widest, `[*]`/`[ ]` when any code has a
    fix (none without), the summary after."""
    write_tree(tmp_path, {"s.py": "".join(f"import m{i}\n" for i in range(12))
                          + "def f(a, b, c, d, e, g, h):\n    pass\n"})
    theirs = _ruff(["--select", "F401,PLR0913", "--statistics", "--unfixable", "F401",
                    "s.py"], tmp_path).stdout
    source = (tmp_path / "s.py").read_text()
    findings = tuple(Finding("F401", "unused", Span(i + 1, 7, i + 1, 9)) for i in range(12)) \
        + (Finding("PLR0913", "too many", Span(13, 4, 13, 5)),)
    ours = format_statistics([FileResult("s.py", findings, source)])
    # jax-lsp names a code it does not know by its lower-case self
    theirs = theirs.replace("unused-import", "f401").replace("too-many-arguments", "plr0913")
    assert ours == theirs, (ours, theirs)


def test_statistics_mark_the_fixable_codes(twins: Path, run_cli: Callable[..., Ran]) -> None:
    ours = run_cli(["check", "--no-cache", "--statistics", "log.py", "io.py"],
                   twins / "jax").out
    assert ours.startswith("2\tJAX003\t[*] io-callback-differentiated\n"), ours
    alone = run_cli(["check", "--no-cache", "--statistics", "io.py"], twins / "jax").out
    # as ruff: no marker column when no code has a fix `--fix` applies
    assert alone.startswith("1\tJAX003\tio-callback-differentiated\n"), alone
    [stat] = json.loads(run_cli(["check", "--no-cache", "--statistics", "--output-format",
                                 "json", "log.py", "io.py"], twins / "jax").out)
    assert (stat["fixable"], stat["fixable_count"], stat["count"]) == (True, 1, 2)
    clean = run_cli(["check", "--no-cache", "--statistics", "clean.py"], twins / "jax")
    assert (clean.code, clean.out) == (0, "")  # as ruff: nothing to count, nothing printed


def test_would_fix_wording_counts() -> None:
    from jax_lsp.checker.formats import would_fix

    assert would_fix(0, 0) == ""
    assert would_fix(2, 0) == "Would fix 2 errors."
    assert would_fix(1, 2) == "Would fix 1 error (2 additional fixes available with " \
        "`--unsafe-fixes`)."
    assert would_fix(0, 2) == "No errors would be fixed (2 fixes available with " \
        "`--unsafe-fixes`)."


def test_the_notebook_location_and_excerpt_are_in_the_cell(tmp_path: Path,
                                                           run_cli: Callable[..., Ran]) -> None:
    """` --> nb.ipynb:cell N:row:col` and the cell's own rows, as ruff shows them."""
    def notebook(first: str, last: str) -> str:
        cells = [{"cell_type": "markdown", "metadata": {}, "source": "# t\n"},
                 {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
                  "source": first},
                 {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
                  "source": last}]
        return json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5})

    jax_cell = ("def loss(x):\n    s = jax.pure_callback(np.sin, jax.ShapeDtypeStruct(x.shape, "
                "x.dtype), x)\n    return jnp.sum(s)\n\ng = jax.grad(loss)(jnp.ones(3))\n")
    imports = "import jax\nimport jax.numpy as jnp\nimport numpy as np\n"
    write_tree(tmp_path, {"jax/nb.ipynb": notebook(imports, jax_cell),
                          "ruff/nb.ipynb": notebook("x = 1\n", "def loss(x):\n    import os\n")})
    ours = run_cli(["check", "--no-cache", "nb.ipynb"], tmp_path / "jax").out.split("\n")
    theirs = _ruff(["--select", "F401", "nb.ipynb"], tmp_path / "ruff").stdout.split("\n")
    assert re.sub(r"\d+$", "", ours[1]) == re.sub(r"\d+$", "", theirs[1]) == \
        " --> nb.ipynb:cell 3:2:"
    assert ours[2:4] == theirs[2:4] == ["  |", "1 | def loss(x):"]


def _key_orders(text: str) -> list[list[str]]:
    orders: list[list[str]] = []

    def hook(pairs: list[tuple[str, object]]) -> dict[str, object]:
        orders.append([k for k, _ in pairs])
        return dict(pairs)

    for line in text.splitlines():
        json.loads(line, object_pairs_hook=hook)
    return orders


def test_json_lines_keys_are_sorted_at_every_level_as_ruffs(
    twins: Path, run_cli: Callable[..., Ran]
) -> None:
    theirs = _ruff(["--select", "F401,F841", "--output-format", "json-lines", "log.py",
                    "io.py"], twins / "ruff").stdout
    ours = run_cli(["check", "--no-cache", "--output-format", "json-lines", "log.py", "io.py"],
                   twins / "jax").out
    for text in (theirs, ours):
        orders = _key_orders(text)
        assert len(orders) > 6 and all(keys == sorted(keys) for keys in orders), orders
    for fmt in ("json", "rdjson"):
        pretty = run_cli(["check", "--no-cache", "--output-format", fmt, "io.py"],
                         twins / "jax").out
        theirs = _ruff(["--select", "F401", "--output-format", fmt, "log.py"],
                       twins / "ruff").stdout
        for text in (pretty, theirs):
            assert all(keys == sorted(keys) for keys in _key_orders(text.replace("\n", " ")))
        if fmt == "rdjson":
            assert set(json.loads(pretty)["source"]) == set(json.loads(theirs)["source"])


def test_github_annotation_ends_with_the_fix_title_as_ruffs(
    twins: Path, run_cli: Callable[..., Ran]
) -> None:
    theirs = _ruff(["--select", "F401", "--output-format", "github", "log.py"],
                   twins / "ruff").stdout
    ours = run_cli(["check", "--no-cache", "--output-format", "github", "io.py"],
                   twins / "jax").out
    assert re.search(r"%0A  help: Remove unused import: `os`$", theirs, re.M)
    assert re.search(r"%0A  note: io\.py:10:1: calls `f`%0A  help: Stop gradients into the "
                     r"callback with lax\.stop_gradient \(unsafe unless.*\)$", ours, re.M), ours


def test_colours_are_ruffs(tmp_path: Path) -> None:
    """With colour on, the same bytes as ruff's: its SGR sequences for the code, message,
    gutter, marks and arms (full), path, colons and code (concise)."""
    source = "x = 1\nd = dict(\n    a=1,\n)\nimport os\n"
    write_tree(tmp_path, {"c.py": source})
    args = ["--select", "C408,F401", "--unfixable", "C408,F401", "c.py"]
    env_colour = {"CLICOLOR_FORCE": "1"}
    assert RUFF is not None

    def ruff(fmt: str) -> str:
        return subprocess.run([RUFF, "check", "--no-cache", "--isolated", "--output-format", fmt,
                               *args], cwd=tmp_path, capture_output=True, text=True, check=False,
                              env={"PATH": "/usr/bin:/bin", **env_colour}).stdout

    items = json.loads(_ruff(["--output-format", "json", *args], tmp_path).stdout)
    findings = tuple(
        Finding(i["code"], i["message"], Span(i["location"]["row"], i["location"]["column"] - 1,
                                              i["end_location"]["row"],
                                              i["end_location"]["column"] - 1))
        for i in items)
    result = FileResult("c.py", findings, source, str(tmp_path / "c.py"))
    theirs = [b.rsplit("\n", 1)[0] for b in ruff("full").split("\n\n")[:-1]]  # less help:
    ours = format_full([result], color=True).split("\n\n")[:-1]
    assert len(theirs) == 2 and ours == theirs, (ours, theirs)
    assert "\x1b[1m\x1b[91m _____^\x1b[0m" in ours[0]
    concise = format_concise([result], color=True).split("\n")
    assert concise[:2] == ruff("concise").split("\n")[:2]
    grouped = format_grouped([result], color=True).split("\n")
    assert grouped[:3] == ruff("grouped").split("\n")[:3]


def _ruff_stdin(args: list[str], cwd: Path, text: str) -> subprocess.CompletedProcess[str]:
    assert RUFF is not None
    return subprocess.run([RUFF, "check", "--no-cache", "--isolated", "--select", "F401,F841",
                           *args], cwd=cwd, input=text, capture_output=True, text=True,
                          check=False, env={"PATH": "/usr/bin:/bin", "NO_COLOR": "1"})


def test_fix_and_diff_on_standard_input_as_ruff(
    twins: Path, run_cli: Callable[..., Ran], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fixed source (or its diff) on standard output, what remains on standard error;
    nothing written but a custom rule's helper module beside a named source; without
    --stdin-filename the diff has no file headers."""
    import io

    def ours(args: list[str], text: str, cwd: Path | None = None) -> Ran:
        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
        return run_cli(["check", "--no-cache", *args], cwd or jax_dir)

    jax_dir, ruff_dir = twins / "jax", twins / "ruff"
    before = sorted(p.name for p in jax_dir.iterdir())
    safe, unsafe = "import os\nx = 1\n", "def g():\n    x = 1\n"
    for name, program, twin in (("log.py", LOGGING_PROGRAM, safe), ("io.py", IO_PROGRAM, unsafe)):
        for args in (["--fix", "--stdin-filename", name], ["--diff", "--stdin-filename", name],
                     ["--diff", "-"]):
            mine = ours(["--output-format", "concise", *args], program)
            theirs = _ruff_stdin(["--output-format", "concise", *args], ruff_dir, twin)
            assert mine.code == theirs.returncode, (name, args, mine, theirs)
            if args[0] == "--diff":
                assert _skeleton(mine.out) == _skeleton(theirs.stdout), (mine.out, theirs.stdout)
                assert mine.err == theirs.stderr, (mine.err, theirs.stderr)
            else:
                assert mine.err.splitlines()[-2:] == theirs.stderr.splitlines()[-2:], \
                    (mine.err, theirs.stderr)
    fixed = ours(["--fix", "--stdin-filename", "log.py"], LOGGING_PROGRAM)
    assert "jax.lax.stop_gradient(x))" in fixed.out
    assert fixed.err == "Found 1 error (1 fixed, 0 remaining).\n"
    left = ours(["--fix", "-"], IO_PROGRAM)
    assert left.code == 1 and left.out == IO_PROGRAM  # nothing safe to do: unchanged
    assert sorted(p.name for p in jax_dir.iterdir()) == before  # nothing written so far
    # unnamed, a custom rule's helpers go into the source itself: nothing is written
    custom = ours(["--fix", "-"], CALLBACK_PROGRAM)
    assert custom.code == 0 and "def _finite_difference_jacobian(" in custom.out
    assert sorted(p.name for p in jax_dir.iterdir()) == before
    # named, the one file written is the helper module beside that name, which the short
    # change imports (as `--fix` on the file writes it; ruff's fixes never need a module)
    custom = ours(["--fix", "--stdin-filename", "a.py"], CALLBACK_PROGRAM)
    assert custom.code == 0 and "def _finite_difference_jacobian(" not in custom.out
    assert len(custom.out.splitlines()) - len(CALLBACK_PROGRAM.splitlines()) <= 25
    assert ours(["--stdin-filename", "a.py"], custom.out).code == 0
    assert sorted(p.name for p in jax_dir.iterdir()) == sorted([*before,
                                                                "jax_lsp_derivatives.py"])


def test_no_files_warning_is_ruffs(tmp_path: Path, run_cli: Callable[..., Ran]) -> None:
    theirs = _ruff(["."], tmp_path)
    ours = run_cli(["check", "--no-cache", "."], tmp_path)
    assert (ours.code, ours.out, ours.err) == (theirs.returncode, theirs.stdout, theirs.stderr)
    assert ours.err == "warning: No Python files found under the given path(s)\n"
