"""Which functions may differentiate (`Interpreter._may_differentiate`) is decided again for
every version of a module; what it learnt of the values of module-level names is kept across
versions (values never change), and functions whose names it checked against an unchanged set
of names are not checked again. Edits that change which names hold transforms must still find
what a full analysis finds."""

from __future__ import annotations

import pytest

from jax_lsp.analysis import analyze_source, interp
from jax_lsp.analysis.incremental import IncrementalAnalyzer
from jax_lsp.analysis.interp import Interpreter

#: whether patching a method of `Interpreter` reaches its callers: not in the compiled build,
#: where `interp` is native (calls between its methods are bound when compiled, so a patch on
#: the class is never called; docs/internals.md, "The compiled build")
_PATCHABLE = interp.__file__.endswith(".py")
_COUNTS = pytest.mark.skipif(not _PATCHABLE, reason="counts calls by patching a compiled class")

_MODULE = (
    "import jax\nimport jax.numpy as jnp\nimport numpy as np\n\n"
    "def host(x):\n"
    "    return jax.pure_callback(np.sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x)\n\n"
    "d = jnp.sin\n"
    "table = {'f': jnp.cos}\n\n"
    "def loss(w):\n"
    "    return jnp.sum(host(w))\n\n"
    "def uses_d(x):\n"
    "    return d(loss)(x)\n\n"
    "def uses_table(x):\n"
    "    return table['f'](x)\n\n"
    "def outer(x):\n"
    "    dfn = jnp.sin\n"
    "    def inner(y):\n"
    "        return dfn(loss)(y)\n"
    "    return inner\n\n"
    "def caller(x):\n"
    "    return uses_d(x)\n"
)

_EDITS = [
    ("d = jnp.sin\n", "d = jax.grad\n"),  # a name now holds a transform
    ("table = {'f': jnp.cos}\n", "table = {'f': jax.grad(loss)}\n"),  # a registry of them
    ("    dfn = jnp.sin\n", "    dfn = jax.grad\n"),  # a local variable of an enclosing function
    ("def caller(x):\n", "def caller2(x):\n"),
]


def _signature(result):  # noqa: ANN001, ANN202
    return [(f.code, f.span, f.message, f.path) for f in result.findings]


def test_edits_that_change_which_names_hold_transforms_equal_a_full_analysis() -> None:
    versions = [_MODULE]
    text = _MODULE
    for old, new in _EDITS:  # each edit on top of the previous ones, then undone one by one
        text = text.replace(old, new)
        versions.append(text)
    for old, new in reversed(_EDITS):
        text = text.replace(new, old)
        versions.append(text)
    analyzer = IncrementalAnalyzer()
    for version in versions + versions[::-1]:
        want = analyze_source(version)
        assert _signature(analyzer.analyze(version)) == _signature(want), version
    assert analyzer.incremental_runs
    assert any(analyze_source(v).findings for v in versions)
    assert not analyze_source(_MODULE).findings


@_COUNTS
def test_an_edit_asks_only_about_the_values_it_made(monkeypatch) -> None:  # noqa: ANN001
    asked: list[object] = []
    binds = Interpreter._binds_transform

    def counting(self: Interpreter, v: object) -> bool:
        asked.append(v)
        return binds(self, v)

    monkeypatch.setattr(Interpreter, "_binds_transform", counting)
    analyzer = IncrementalAnalyzer()
    analyzer.analyze(_MODULE)
    first = len(asked)
    asked.clear()
    analyzer.analyze(_MODULE.replace("return jnp.sum(host(w))", "return jnp.sum(host(w * 2))"))
    assert analyzer.incremental_runs == 1 and analyzer.statements_replayed
    # the names the replayed statements bound hold the very values asked about before
    assert len(asked) < first
    carried = analyzer._last.carry.transform_valued
    values = analyzer._last.carry.values  # what the replayed statements bound
    assert all(carried[id(values[n])][0] is values[n] for n in ("d", "table", "uses_d"))


def _checking_first_answers(monkeypatch) -> list[int]:  # noqa: ANN001
    """Make every analysis check its first `_may_differentiate` answer (the one resumed from
    the previous version's, see `Interpreter._resume`) against one computed afresh; returns
    how many were compared."""
    from jax_lsp.analysis.interp import _MayDifferentiate

    compared: list[int] = []
    original = Interpreter._may_differentiate

    def checked(self: Interpreter) -> set:
        first = not self._md.asked
        got = set(original(self))
        if first:
            kept = self._md, self._md_carried, self.observer.carry_out
            self._md = _MayDifferentiate(transform_valued=kept[0].transform_valued)
            self._md_carried, self.observer.carry_out = None, None
            try:
                assert got == set(original(self))
            finally:
                self._md, self._md_carried, self.observer.carry_out = kept
            compared.append(len(got))
        return got

    monkeypatch.setattr(Interpreter, "_may_differentiate", checked)
    return compared


_MORE_EDITS = [
    ("def caller(x):\n", "def trainer(x):\n    return jax.grad(loss)(x)\n\n\ndef caller(x):\n"),
    # a function now names an interesting one (only the previous version knew its name)
    ("def caller(x):\n    return uses_d(x)\n", "def caller(x):\n    return uses_d(x)\n\n\n"
     "def plain(x):\n    return trainer(x)\n"),
    ("    return table['f'](x)\n", "    return trainer(x)\n"),
    ("def uses_d(x):\n", "def uses_d_gone(x):\n"),  # an interesting function is gone
    ("d = jnp.sin\n", "d = jax.grad\n"),  # a name bound to a transform, then no longer
    ("d = jax.grad\n", "d = jnp.sin\n"),
    ("    return trainer(x)\n", "    return jax.grad(loss)(x)\n"),
]


def test_resumed_answers_equal_fresh_ones_over_a_sequence_of_edits(monkeypatch) -> None:  # noqa: ANN001
    compared = _checking_first_answers(monkeypatch)
    analyzer = IncrementalAnalyzer()
    text = _MODULE
    analyzer.analyze(text)
    for old, new in _MORE_EDITS + _EDITS:
        text = text.replace(old, new, 1)
        typed = text.replace("return jnp.sum(host(w))", "return jnp.sum(host(w))  #")
        for version in (text, typed):
            got = analyzer.analyze(version)
            assert _signature(got) == _signature(analyze_source(version)), version
    assert analyzer.incremental_runs >= 2 * len(_MORE_EDITS)
    # (compiled, the check cannot be patched in: the findings above are still compared)
    assert len(compared) > 10 or not _PATCHABLE


@_COUNTS
def test_an_edit_inside_a_function_reads_only_that_function_again(monkeypatch) -> None:  # noqa: ANN001
    """The previous version's answer is resumed: the functions of unchanged statements are
    not looked at again (they were, every version)."""
    read: list[object] = []
    identifiers = Interpreter._identifiers_of

    def counting(self: Interpreter, node: object) -> frozenset:
        read.append(node)
        return identifiers(self, node)

    monkeypatch.setattr(Interpreter, "_identifiers_of", counting)
    module = _MODULE + "".join(f"\ndef extra_{i}(x):\n    return x + {i}\n" for i in range(30))
    analyzer = IncrementalAnalyzer()
    analyzer.analyze(module)
    assert len(read) > 30
    read.clear()
    analyzer.analyze(module.replace("return x + 7\n", "return x + 8\n"))
    assert analyzer.incremental_runs == 1
    assert 1 <= len(read) <= 3
