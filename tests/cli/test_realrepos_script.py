"""scripts/realrepos.py reads concise reports and diffs two runs: checked on a fake output
(no repository, no network, no jax-lsp run)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

_SPEC = importlib.util.spec_from_file_location(
    "realrepos", Path(__file__).resolve().parents[2] / "scripts" / "realrepos.py")
realrepos = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(realrepos)

REPORT = """\
a+b/pkg/m.py:12:5: JAX001 [*] `jax.pure_callback` is reached by `jax.grad` (line 3); x: y
a+b/nb.ipynb:cell 4:2:1: JAX000 SyntaxError: invalid syntax
a+b/pkg/n.py:7:9: JAX010 `jax.grad` (line 7) is applied to an integer input
Traceback (most recent call last):
Found 3 errors.
[*] 1 fixable with `--fix`.
"""


def test_parse_concise_reads_findings_cells_and_stray_lines():
    findings, other = realrepos.parse_concise(REPORT)
    assert [(f["path"], f["cell"], f["line"], f["col"], f["code"]) for f in findings] == [
        ("a+b/pkg/m.py", None, 12, 5, "JAX001"),
        ("a+b/nb.ipynb", 4, 2, 1, "JAX000"),
        ("a+b/pkg/n.py", None, 7, 9, "JAX010"),
    ]
    assert findings[0]["message"].endswith("(line 3); x: y")
    assert other == ["Traceback (most recent call last):"]
    assert realrepos.parse_concise("All checks passed!\n") == ([], [])


def test_summary_table_and_compare(tmp_path):
    root = tmp_path / "real"
    (root / "a+b" / "pkg").mkdir(parents=True)
    (root / "a+b" / "pkg" / "m.py").write_text("x = 1\ny = 2\n")
    (root / "a+b" / "nb.ipynb").write_text(json.dumps({"cells": [
        {"cell_type": "markdown", "source": ["# t\n", "u\n"]},
        {"cell_type": "code", "source": ["a = 1\n", "b = 2\n", "c"]}]}))
    files = ["a+b/pkg/m.py", "a+b/nb.ipynb"]
    new = realrepos.summarise(REPORT, files, 1.5, 2.0, 1, "", root)
    assert (new["files"], new["notebooks"], new["lines"]) == (2, 1, 5)
    assert new["codes"] == {"JAX000": 1, "JAX001": 1, "JAX010": 1}
    assert new["syntax_errors"] == 1
    text = realrepos.table({"a+b": new})
    assert "JAX000:1 JAX001:1 JAX010:1" in text and "1 unparsed stdout lines" in text

    old_report = REPORT.replace("pkg/n.py:7:9", "pkg/n.py:8:9").replace("x: y", "x: z")
    old = realrepos.summarise(old_report, files[:1], 3.0, 4.0, 1, "", root)
    diff = realrepos.compare({"a+b": old}, {"a+b": new}).splitlines()
    assert "- a+b/pkg/n.py:8:9: JAX010 `jax.grad` (line 7) is applied to an integer input" in diff
    assert "+ a+b/pkg/n.py:7:9: JAX010 `jax.grad` (line 7) is applied to an integer input" in diff
    assert any(d.startswith("~ a+b/pkg/m.py:12:5: JAX001") for d in diff)
    assert "a+b: files 1 -> 2" in diff and "a+b: CPU 3.0 -> 1.5 s (0.50x)" in diff
    assert diff[-1] == "total: findings 3 -> 3, CPU 3.0 -> 1.5 s"


def test_read_list_skips_comments_and_maps_folders(tmp_path):
    lst = tmp_path / "list.txt"
    lst.write_text("# header\n\nowner/name abc123 2026-01-01  # trailing\nother/repo\n")
    assert realrepos.read_list(lst) == [("owner/name", "abc123"), ("other/repo", "")]
    assert realrepos.folder("owner/name") == "owner+name"
    lst.write_text("not-a-repo abc\n")
    try:
        realrepos.read_list(lst)
    except ValueError as e:
        assert "not-a-repo" in str(e)
    else:
        raise AssertionError("a line without owner/name was accepted")


def test_timeout_stops_the_check_and_its_children(tmp_path):
    """A check that outlives `--timeout` is stopped with the processes it started (here a
    grandchild that would otherwise keep the pipe open) and recorded as timed out."""
    import sys
    import time
    child = ("import subprocess, sys, time; "
             "subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)']); "
             "print('started', flush=True); time.sleep(60)")
    t0 = time.perf_counter()
    # 5 s: the child must have started (and printed) before it is stopped, which a loaded
    # machine's interpreter start-up can take seconds to do
    stdout, stderr, rc, _cpu, wall = realrepos._run([sys.executable, "-c", child], tmp_path,
                                                    timeout=5.0)
    assert rc == realrepos.TIMED_OUT
    assert "started" in stdout and "stopped after 5 s" in stderr
    assert time.perf_counter() - t0 < 40 and wall < 40
    s = realrepos.summarise(stdout, [], 0.0, wall, rc, stderr, tmp_path)
    assert "timed out" in realrepos.table({"a+b": s})


def test_run_without_timeout_keeps_exit_status(tmp_path):
    import sys
    stdout, _, rc, _, _ = realrepos._run([sys.executable, "-c", "print('x'); raise SystemExit(1)"],
                                         tmp_path)
    assert (stdout, rc) == ("x\n", 1)


def test_unsafe_fix_summary_is_not_a_stray_line():
    report = ("a+b/m.py:3:1: JAX011 `jnp.mean` runs JAX inside `log`\n"
              "Found 1 warning.\n1 unsafe fix available with `--fix --unsafe-fixes`.\n"
              "9 unsafe fixes available with `--fix --unsafe-fixes`.\n")
    findings, other = realrepos.parse_concise(report)
    assert [f["code"] for f in findings] == ["JAX011"] and other == []
