"""An incremental analysis told which statements an edit changed (`KnownEdits`, as `--fix`'s
outline knows them) against a full analysis: several far-apart statements edited at once, new
ones inserted, on corpus programs, a generated module and installed flax/equinox sources; the
new tree is the one a full parse gives (nodes, lines, columns), and the result, when the
analyzer says it is exact (`analyze_exact`), equals the full analysis's."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest
from oracle import corpus_programs

from jax_lsp.analysis import analyze_source
from jax_lsp.analysis.findings import Span
from jax_lsp.analysis.incremental.analyzer import (
    IncrementalAnalyzer,
    KnownEdits,
    _count,
    _lines,
    reparse_statements,
)
from jax_lsp.analysis.interp import statement_start
from jax_lsp.fixes.model import TextEdit, apply_edits
from jax_lsp.fixes.outline import Outline

ROOT = Path(__file__).resolve().parents[2]
PROGRAMS = corpus_programs()


def _signature(result):  # noqa: ANN001, ANN202
    return (
        [(f.code, f.span, f.message, f.path, f.operand_spans, f.modes) for f in result.findings],
        result.error,
        sorted(result.dependencies),
    )


def _library_modules() -> list[Path]:
    import importlib.util

    out = []
    for name in ("flax", "equinox"):
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.origin is not None:
            out += sorted(Path(spec.origin).parent.rglob("*.py"))[::40]
    return out


def _statement_edits(source: str, rng: random.Random) -> list[TextEdit]:
    """Edits of a few top-level statements far apart, as a batch of fixes makes them: a line
    typed into a function's body, a call's callee renamed, a new function inserted before a
    statement, a line appended to a statement; none overlapping."""
    tree = ast.parse(source)
    body = tree.body
    picks = sorted(rng.sample(range(len(body)), min(len(body), rng.randrange(1, 5))))
    names = [st.name for st in body if isinstance(st, ast.FunctionDef)] or ["len"]
    edits = []
    for i in picks:
        st = body[i]
        op = rng.randrange(4)
        if op == 0 and isinstance(st, ast.FunctionDef) and st.body:
            first = st.body[0]
            indent = " " * first.col_offset
            edits.append(TextEdit(Span(first.lineno, 0, first.lineno, 0),
                                  f"{indent}_probe = {rng.choice(names)}\n"))
        elif op == 1:
            calls = [n for n in ast.walk(st) if isinstance(n, ast.Call)
                     and isinstance(n.func, ast.Name)]
            if not calls:
                continue
            c = rng.choice(calls).func
            edits.append(TextEdit(Span(c.lineno, c.col_offset, c.end_lineno, c.end_col_offset),
                                  rng.choice(names)))
        elif op == 2:
            line = statement_start(st)
            edits.append(TextEdit(Span(line, 0, line, 0),
                                  f"def _new_{i}(x):\n    return {rng.choice(names)}(x)\n\n\n"))
        else:
            end = st.end_lineno
            edits.append(TextEdit(Span(end + 1, 0, end + 1, 0), f"_after_{i} = {i}\n"))
    # one edit per line at most (an insertion and a replacement on one line would overlap)
    seen: set[int] = set()
    out = []
    for e in edits:
        if e.span.line not in seen and e.span.end_line not in seen:
            seen.update((e.span.line, e.span.end_line))
            out.append(e)
    return out


def _cases(n: int, seed: int) -> list[tuple[str, str, KnownEdits]]:
    """`n` (old text, new text, what the outline knows of the edit) of random sources."""
    rng = random.Random(seed)
    sources = PROGRAMS + _library_modules()
    out = []
    while len(out) < n:
        source = rng.choice(sources).read_text(encoding="utf-8")
        if "\r" in source:
            continue
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue
        if len(tree.body) < 3:
            continue
        edits = _statement_edits(source, rng)
        if not edits:
            continue
        new = apply_edits(source, edits)
        outline = Outline.of_tree(tree, source, "#").rebased().edited(new, edits)
        if outline is None:
            continue
        out.append((source, new, KnownEdits(source, outline.los, outline.his, outline.origins)))
    return out


@pytest.mark.parametrize("seed", range(2))
def test_reparse_of_known_statements_is_a_full_parse(seed: int) -> None:
    for old, new, known in _cases(30, seed):
        old_lines, new_lines = _lines(old), _lines(new)
        rp = reparse_statements(old_lines, ast.parse(old), new_lines, known)
        assert rp is not None
        dump = ast.dump(rp.tree, include_attributes=True)
        assert dump == ast.dump(ast.parse(new), include_attributes=True)
        # the identifiers outside the kept statements, counted on both sides
        counts = _count(old_lines)
        for a, b in rp.stretches[1]:
            for k, v in _count(old_lines[a:b]).items():
                counts[k] -= v
        for a, b in rp.stretches[0]:
            for k, v in _count(new_lines[a:b]).items():
                counts[k] = counts.get(k, 0) + v
        assert {k: v for k, v in counts.items() if v} == _count(new_lines)


def test_a_kept_statement_whose_text_changed_is_refused() -> None:
    old = "def f(x):\n    return x\n\n\ndef g(x):\n    return f(x)\n"
    new = "def f(x):\n    return x\n\n\ndef g(x):\n    return f(x + 1)\n"
    lies = KnownEdits(old, [1, 5], [2, 6], [1, 5])  # says g is unchanged
    assert reparse_statements(_lines(old), ast.parse(old), _lines(new), lies) is None


@pytest.mark.parametrize("seed", range(2))
def test_known_edits_equal_a_full_analysis(seed: int) -> None:
    exact = 0
    cases = _cases(12, 100 + seed)
    for old, new, known in cases:
        analyzer = IncrementalAnalyzer()
        analyzer.analyze(old, "m.py")
        got = analyzer.analyze_exact(new, "m.py", None, None, known)
        want = analyze_source(new, "m.py")
        if got is not None:
            exact += 1
            assert _signature(got) == _signature(want), new
        # the same through `analyze`, exact or not
        analyzer = IncrementalAnalyzer()
        analyzer.analyze(old, "m.py")
        assert _signature(analyzer.analyze(new, "m.py", known=known))[:2] == _signature(want)[:2]
    assert exact >= len(cases) // 2


_RULE_IN_ITS_CALL = '''
import jax
import jax.numpy as jnp
import numpy as np


def with_rule(host, x):
    @jax.custom_vjp
    def call(x):
        return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)

    def fwd(x):
        return call(x), x

    def bwd(x, g):
        return (g,)

    call.defvjp(fwd, bwd)
    return call(x)


def host_a(x):
    return np.sin(x)


def loss_a(x):
    return jnp.sum(with_rule(host_a, x))


def train_a(x):
    return jax.grad(loss_a)(x)


def loss_b(x):
    return jnp.sum(jax.pure_callback(host_a, jax.ShapeDtypeStruct(x.shape, x.dtype), x))


def train_b(x):
    return jax.grad(loss_b)(x) * 1
'''


def test_a_rule_attached_by_the_call_that_made_its_function_is_not_shared_state() -> None:
    """`with_rule` makes a custom_vjp function and attaches its rule before returning: no
    other root can see that function without its rule, so the roots calling it are skipped
    by an edit elsewhere and the result is exact; a rule attached by another call is state
    other roots may read (the root attaching it runs again, and a change of it is inexact)."""
    new = _RULE_IN_ITS_CALL.replace("* 1\n", "* 2\n")
    analyzer = IncrementalAnalyzer()
    analyzer.analyze(_RULE_IN_ITS_CALL, "m.py")
    got = analyzer.analyze(new, "m.py")
    assert got.exact and analyzer.inexact == []
    assert analyzer.roots_run == 1 and analyzer.roots_skipped >= 1  # train_b only
    assert _signature(got) == _signature(analyze_source(new, "m.py"))

    # the rule attached by the caller, after the call that made the function returned
    split = _RULE_IN_ITS_CALL.replace("    call.defvjp(fwd, bwd)\n    return call(x)\n",
                                      "    return call, fwd, bwd\n").replace(
        "    return jnp.sum(with_rule(host_a, x))\n",
        "    c, f, b = with_rule(host_a, x)\n    c.defvjp(f, b)\n    return jnp.sum(c(x))\n")
    edited = split.replace("return jnp.sum(c(x))", "return jnp.sum(c(x) * 2)")
    analyzer = IncrementalAnalyzer()
    analyzer.analyze(split, "m.py")
    got = analyzer.analyze(edited, "m.py")
    assert not got.exact and "shared state" in " ".join(analyzer.inexact)
    assert _signature(got)[:2] == _signature(analyze_source(edited, "m.py"))[:2]
