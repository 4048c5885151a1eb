"""Minimised re-expressions of what jax-lsp reported on the repositories of
`scripts/realrepos_new.txt` (docs/measurements.md, "Round 3"): each labelled by running JAX, and
the analysis checked against the label. A program whose false positive is a known, documented
mechanism not yet fixed is a strict xfail naming it: when the mechanism is fixed the xfail
passes, the test fails, and the program belongs in tests/corpus."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from oracle import expected_markers, run_program

from jax_lsp.analysis import analyze_source
from jax_lsp.codes import RULES

PROGRAMS = sorted((Path(__file__).parent / "realrepos3").glob("*.py"))

#: program -> the mechanism behind the false positive jax-lsp reports on it
KNOWN_FALSE_POSITIVES: dict[str, str] = {
    # none left: summary_after_context_cap.py's (a context-cap summary keeping the marks of a
    # value_and_grad level that had returned) is fixed by `Level.closed`
    # (tests/analysis/test_context_cap_summary.py)
}


#: how long a program labelled with warning codes only may run before it counts as hung
WARNING_TIMEOUT = 120.0


@pytest.mark.parametrize("path", PROGRAMS, ids=[p.stem for p in PROGRAMS])
def test_program_behaves_as_labeled(path: Path) -> None:
    markers = expected_markers(path.read_text(encoding="utf-8"))
    codes = {code for _, code in markers}
    raising = {c for c in codes if RULES[c].exceptions}
    if codes and not raising:
        # labelled by the rule (JAX011: JAX code in a host function deadlocks only now and
        # then): the program must not raise, and a hang is what the code warns of
        try:
            outcome = run_program(path, timeout=WARNING_TIMEOUT)
        except subprocess.TimeoutExpired:
            return
        assert outcome.ok, f"{path.name} is labeled with warnings only, but JAX said: {outcome}"
        return
    outcome = run_program(path)
    if not markers:
        assert outcome.ok, f"{path.name} is labeled as running, but JAX said: {outcome}"
        return
    assert not outcome.ok, f"{path.name} is labeled {sorted(codes)}, but it ran without error"
    assert any(RULES[c].matches(outcome.exception, outcome.message) for c in raising), (
        f"{path.name} is labeled {sorted(codes)}, but JAX raised {outcome}"
    )


@pytest.mark.parametrize(
    "path",
    [pytest.param(p, marks=pytest.mark.xfail(strict=True, reason=KNOWN_FALSE_POSITIVES[p.name]))
     if p.name in KNOWN_FALSE_POSITIVES else p for p in PROGRAMS],
    ids=[p.stem for p in PROGRAMS])
def test_analysis_matches_label(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    got = {(f.span.line, f.code) for f in analyze_source(source, str(path)).findings}
    assert got == expected_markers(source)


def test_every_known_false_positive_is_a_program() -> None:
    assert set(KNOWN_FALSE_POSITIVES) <= {p.name for p in PROGRAMS}


#: a first-party module that re-exports jax.numpy, as foundry-ai/foundry's
#: `packages/core/src/foundry/numpy/__init__.py` does, and a host function using it, as
#: `packages/systems/src/foundry/env/controls/linear.py:20` does (re-expressed)
_REEXPORT = "from jax.numpy import *\n"
_HOST_THROUGH_REEXPORT = '''\
import jax
import numpy as np
import scipy.linalg

import mynp as jnp

A = jnp.eye(2) * 0.5
P = jax.jit(lambda A: jax.pure_callback(
    lambda A: jnp.array(scipy.linalg.solve_discrete_are(A, np.eye(2), np.eye(2), np.eye(2)),
                        dtype=A.dtype),
    jax.ShapeDtypeStruct(A.shape, A.dtype), A))(A)
print(P)
'''


def _check_folder(folder: Path) -> str:
    root = Path(__file__).resolve().parents[1]
    proc = subprocess.run(
        [sys.executable, "-P", "-m", "jax_lsp", "check", "--no-cache", "--output-format",
         "concise", "."], cwd=folder, capture_output=True, text=True,
        env={**os.environ, "PYTHONPATH": str(root)})
    return proc.stdout


def test_host_using_jax_numpy_directly_is_flagged(tmp_path: Path) -> None:
    """The twin of the miss below: the same host with `import jax.numpy as jnp`."""
    (tmp_path / "main.py").write_text(
        _HOST_THROUGH_REEXPORT.replace("import mynp as jnp", "import jax.numpy as jnp"))
    assert "main.py:9:15: JAX011" in _check_folder(tmp_path)


def test_host_using_a_reexport_of_jax_numpy_is_flagged(tmp_path: Path) -> None:
    """`jnp` is a workspace package re-exporting jax.numpy with `from jax.numpy import *`:
    the static reading follows it there (`static_names.ModuleNames.follow`)."""
    (tmp_path / "mynp").mkdir()
    (tmp_path / "mynp" / "__init__.py").write_text(_REEXPORT)
    (tmp_path / "main.py").write_text(_HOST_THROUGH_REEXPORT)
    assert run_program(tmp_path / "main.py").ok  # JAX runs it (JAX011 warns of a hang)
    assert "main.py:9:15: JAX011" in _check_folder(tmp_path)
