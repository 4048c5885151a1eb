"""The corpus is labeled by real JAX: each program's `# EXPECT:` markers agree with what it does.

The corpus is each code's examples (tests/rules/<CODE>/{fires,clean}/, tests/rules/README.md)
and the bundled examples/.

A program with markers must die with the exception one of its marked codes predicts; a program
without markers must run to completion.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from oracle import BUNDLED_EXAMPLES, RULE_EXAMPLES, corpus_programs, expected_markers, run_program

from jax_lsp.analysis.engine import analyze_source
from jax_lsp.codes import RULES

_QUOTE = re.compile(r"JAX will raise '(.+)'$")

PROGRAMS = corpus_programs()


def _id(path: Path) -> str:
    """`JAX001/fires/<name>` (so `-k JAX001/` runs one code's examples), `examples/<name>`."""
    base = RULE_EXAMPLES if path.is_relative_to(RULE_EXAMPLES) else BUNDLED_EXAMPLES.parent
    return path.relative_to(base).with_suffix("").as_posix()


pytest.importorskip("jax")

#: how long a program labelled with a warning code only may run before it counts as hung
WARNING_TIMEOUT = 120.0


@pytest.mark.parametrize("path", PROGRAMS, ids=[_id(p) for p in PROGRAMS])
def test_program_behaves_as_labeled(path: Path) -> None:
    markers = expected_markers(path.read_text(encoding="utf-8"))
    if markers and not any(RULES[c].exceptions for _, c in markers):
        # labelled by the rule, not by JAX: JAX raises nothing for these codes (JAX011: JAX
        # code in a callback's host function can deadlock now and then), so the program must
        # not raise, and a hang is what the code warns of
        try:
            outcome = run_program(path, timeout=WARNING_TIMEOUT)
        except subprocess.TimeoutExpired:
            return
        assert outcome.ok, f"{path.name} is labeled with a warning only, but JAX said: {outcome}"
        return
    outcome = run_program(path)
    if not markers:
        assert outcome.ok, f"{path.name} is labeled as running, but JAX said: {outcome}"
        return
    codes = {code for _, code in markers}
    assert not outcome.ok, f"{path.name} is labeled {sorted(codes)}, but it ran without error"
    assert any(RULES[c].matches(outcome.exception, outcome.message) for c in codes), (
        f"{path.name} is labeled {sorted(codes)}, but JAX raised {outcome}"
    )
    # the finding on the line JAX's error is about quotes what JAX says (JVP or transpose...)
    quoted = {
        m.group(1)
        for f in analyze_source(path.read_text(encoding="utf-8"), str(path)).findings
        if (f.span.line, f.code) in markers and (m := _QUOTE.search(f.message))
    }
    said = {q.removesuffix("...").removesuffix("…").rstrip() for q in quoted}
    assert not said or any(outcome.message.startswith(q) for q in said), (
        f"{path.name}: the finding says JAX will raise {sorted(quoted)}, JAX raised {outcome}"
    )
