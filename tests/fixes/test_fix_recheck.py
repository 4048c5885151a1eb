"""A batch of fixes checked as an edit of the analysed text (`KnownEdits` from the batch's
outline, as `benchmarks/fix_recheck_work.py` measures it): the incremental analysis equals the
full one and skips exactly the roots whose code holds no edited statement. Counted in roots,
not time: those roots are the floor of any root-by-root re-check of `--fix`'s batches."""

from __future__ import annotations

import ast

import pytest

from jax_lsp.analysis.engine import analyze_source
from jax_lsp.analysis.incremental import IncrementalAnalyzer, KnownEdits
from jax_lsp.analysis.interp import statement_start
from jax_lsp.fixes import apply as fix_apply


def _module(fixed: int, untouched: int) -> str:
    """`fixed` entry points whose gradient reaches a `pure_callback` of their own, and
    `untouched` ones differentiating plain JAX."""
    parts = ["import jax\nimport jax.numpy as jnp\nimport numpy as np\n"]
    for i in range(fixed):
        parts.append(
            f"\n\ndef host_{i}(x):\n    return np.sin(x) * {i + 1}\n\n\n"
            f"def cb_{i}(x):\n    return jax.pure_callback(host_{i}, "
            "jax.ShapeDtypeStruct(x.shape, x.dtype), x)\n\n\n"
            f"def loss_{i}(x):\n    return jnp.sum(cb_{i}(x) * 2.0)\n\n\n"
            f"def train_{i}(x):\n    return jax.grad(loss_{i})(x)\n"
        )
    for i in range(untouched):
        parts.append(
            f"\n\ndef plain_{i}(x):\n    return jnp.sum(jnp.cos(x) * {i + 1})\n\n\n"
            f"def other_{i}(x):\n    return jax.grad(plain_{i})(x)\n"
        )
    return "".join(parts)


def _batch(monkeypatch: pytest.MonkeyPatch, module: str) -> tuple[str, KnownEdits]:
    """The fixed text of `--fix`'s one batch on `module`, and what its outline knows of the
    edit."""
    seen: list[tuple[str, KnownEdits]] = []
    edited_tree = fix_apply._Rounds.edited_tree

    def spy(self: fix_apply._Rounds, member: fix_apply._Member) -> object:
        o = member.outline
        assert o is not None
        seen.append((member.text, KnownEdits(self.text, o.los, o.his, o.origins)))
        return edited_tree(self, member)

    monkeypatch.setattr(fix_apply._Rounds, "edited_tree", spy)
    got = fix_apply.fix_source(module, filename="m.py")
    assert len(seen) == 1 and seen[0][0] == got.text
    return seen[0]


@pytest.mark.parametrize(("fixed", "untouched"), [(1, 3), (2, 5)])
def test_a_batch_rechecked_as_an_edit_reruns_only_the_roots_it_reaches(
    monkeypatch: pytest.MonkeyPatch, fixed: int, untouched: int
) -> None:
    module = _module(fixed, untouched)
    text, known = _batch(monkeypatch, module)
    analyzer = IncrementalAnalyzer()
    analyzer.analyze(module, "m.py", incremental=False)
    last = analyzer._last
    assert last is not None
    kept = {o for o in known.origins if o is not None}
    edited: set[ast.AST] = set()
    for st in last.tree.body:
        if statement_start(st) not in kept:
            edited.update(ast.walk(st))
    old = dict(last.records)
    reaching = {r for r, rec in old.items() if not rec.nodes.isdisjoint(edited)}
    names = {getattr(r, "name", None) for r in reaching}
    assert {f"train_{i}" for i in range(fixed)} <= names
    assert not {f"other_{i}" for i in range(untouched)} & names

    result = analyzer.analyze(text, "m.py", known=known)
    assert analyzer.incremental_runs == 1 and result.exact
    full = analyze_source(text, "m.py")
    assert [(f.code, f.span, f.message, f.path) for f in result.findings] == \
        [(f.code, f.span, f.message, f.path) for f in full.findings]
    # every root of the first analysis that no edit reaches is skipped, the others run (the
    # helpers the fixes paste in, and the fixed functions they make entry points, are new)
    assert analyzer.roots_skipped == len(old) - len(reaching) == untouched
    assert analyzer.roots_run >= len(reaching)


@pytest.mark.parametrize("fixed", [4, 12])
def test_many_fixed_callbacks_through_the_shared_helper_recheck_exactly(
    monkeypatch: pytest.MonkeyPatch, fixed: int
) -> None:
    """The fixes route every callback through one helper, analysed in one more context per
    fixed callback. The cap on a function's contexts counts them per root (`calls`), and each
    root calls the helper in one context: no cap is hit, the result does not depend on the
    order roots ran in, and the re-check is exact (it was not while the cap counted the
    contexts of the whole module, past 6)."""
    module = _module(fixed, 1)
    text, known = _batch(monkeypatch, module)
    analyzer = IncrementalAnalyzer()
    analyzer.analyze(module, "m.py", incremental=False)
    result = analyzer.analyze(text, "m.py", known=known)
    assert analyzer.incremental_runs == 1 and result.exact
    assert analyzer.inexact == []
    full = analyze_source(text, "m.py")
    assert [(f.code, f.span, f.message, f.path) for f in result.findings] == \
        [(f.code, f.span, f.message, f.path) for f in full.findings]
