"""Run every catalog example under real JAX (each in its own process via tests/oracle.py).

- every `before` raises exactly the entry's exception class, with a message its template
  matches, and every diagnostic code linked to the entry predicts that exception and message;
- `explain` maps that real message (bare, and as `Class: message`) back to the entry;
- the real traceback of `python before.py` is explained back to the entry, naming the line of
  the example that triggered it;
- every `after` runs without error.

Run in parallel: `pytest tests/catalog -n 2`.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from oracle import run_program

from jax_lsp.catalog import explain, load_catalog
from jax_lsp.catalog.locate import MIN_SEARCH_STATIC
from jax_lsp.catalog.model import Entry
from jax_lsp.catalog.templates import compile_template
from jax_lsp.codes import RULES

CATALOG = load_catalog()
pytestmark = pytest.mark.jax_run

#: diagnostic codes whose regex in jax_lsp/codes.py also matches an entry they do not predict


def _before_params() -> list[object]:
    params: list[object] = []
    for e in CATALOG:
        if e.before is None:
            continue  # source-only without an example: nothing to run (checked in the data tests)
        marks = [] if e.runnable else [pytest.mark.skip(reason=f"source-only: {e.skip_reason}")]
        params.append(pytest.param(e, id=e.id, marks=marks))
    return params


BEFORE = _before_params()
AFTER = [pytest.param(e, id=e.id) for e in CATALOG if e.after is not None]


def _write(tmp_path: Path, entry: Entry, kind: str) -> Path:
    path = tmp_path / f"{entry.id.replace('-', '_')}_{kind}.py"
    code = entry.before if kind == "before" else entry.after
    assert code is not None
    path.write_text(code, encoding="utf-8")
    return path


@pytest.mark.parametrize("entry", BEFORE)
def test_before_raises_the_cataloged_error(entry: Entry, tmp_path: Path) -> None:
    outcome = run_program(_write(tmp_path, entry, "before"))
    assert not outcome.ok, "the before example ran without error"
    assert outcome.exception == entry.exception, outcome
    values = compile_template(entry.message).match(outcome.message)
    assert values is not None, f"template does not match the real message: {outcome.message!r}"
    for code in entry.codes:
        assert RULES[code].matches(outcome.exception, outcome.message), (
            f"codes.py's {code} does not predict {outcome}"
        )
    # a short generic message (`expected {a}, got {b}`) is recognised only with its class
    bare = compile_template(entry.message).static_length >= MIN_SEARCH_STATIC
    texts = [outcome.message] if bare else []
    for text in (*texts, f"{outcome.exception}: {outcome.message}"):
        result = explain(text, CATALOG)
        assert result.match is not None and result.match.entry.id == entry.id, (
            f"explain matched {result.match.entry.id if result.match else None}"
        )
    others = [
        c
        for c, r in RULES.items()
        if c not in entry.codes and r.matches(outcome.exception, outcome.message)
    ]
    assert not others, f"codes {others} also predict this error: link or fix them"


@pytest.mark.parametrize("entry", BEFORE)
def test_explain_real_traceback(entry: Entry, tmp_path: Path) -> None:
    path = _write(tmp_path, entry, "before")
    env = {**os.environ, "JAX_PLATFORMS": "cpu", "PYTHONHASHSEED": "0"}
    proc = subprocess.run(
        [sys.executable, str(path)],
        check=False,
        capture_output=True,
        text=True,
        timeout=240,
        cwd=str(tmp_path),
        env=env,
    )
    assert proc.returncode != 0
    traceback = proc.stdout + proc.stderr  # as `python train.py 2>&1 | jax-lsp explain -`
    assert "Traceback (most recent call last):" in traceback
    result = explain(traceback, CATALOG)
    assert result.match is not None, f"no match for traceback:\n{traceback[-3000:]}"
    assert result.match.entry.id == entry.id
    frame = result.parsed.user_frame
    assert frame is not None
    assert Path(frame.filename).resolve() == path.resolve(), frame
    lines = entry.before.splitlines() if entry.before else []
    assert 1 <= frame.lineno <= len(lines)
    assert lines[frame.lineno - 1].strip(), "the user frame points at a blank line"


@pytest.mark.parametrize("entry", AFTER)
def test_after_runs(entry: Entry, tmp_path: Path) -> None:
    outcome = run_program(_write(tmp_path, entry, "after"))
    assert outcome.ok, f"the fixed example failed: {outcome}"
