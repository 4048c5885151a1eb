"""The escape analysis (`escape`) answers for a version of a module without reading the bodies
of the functions it is asked about, and an incremental run keeps the scopes it found for the
nodes of unchanged statements; both must leave its answers (and the findings) as a full
analysis's."""

from __future__ import annotations

import ast

import pytest

from jax_lsp.analysis import analyze_source, escape
from jax_lsp.analysis.escape import Escapes
from jax_lsp.analysis.incremental import IncrementalAnalyzer

_MODULE = (
    "import jax\nimport jax.numpy as jnp\nimport numpy as np\n\n"
    "def host(x):\n"
    "    return jax.pure_callback(np.sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x)\n\n"
    "@jax.jit\n"
    "def first(x):\n"
    "    y = jnp.sin(x)\n"
    "    for i in range(3):\n"
    "        y = y + jnp.cos(y * i)\n"
    "    return y\n\n"
    "def make(n):\n"
    "    g = jax.grad(lambda w: jnp.sum(host(w)) * n)\n"
    "    kept = jax.grad(lambda w: jnp.sum(w))\n"
    "    return g\n\n"
    "class Model:\n"
    "    def __init__(self):\n"
    "        self.slope = jax.grad(lambda w: jnp.sum(host(w)))\n\n"
    "    def apply(self, x):\n"
    "        return x\n\n"
    "def train(x):\n"
    "    return jax.grad(lambda w: jnp.sum(first(w)))(x)\n"
)


def _escapes(tree: ast.Module, text: str) -> Escapes:
    return Escapes(tree, lambda e: None, lambda f: False, lambda c: False, {}, text)


def _body_nodes(tree: ast.Module) -> set[ast.AST]:
    """The nodes inside the statements of the module's functions and classes (not the shared
    `Load`/`Store` contexts)."""
    out: set[ast.AST] = set()
    for top in tree.body:
        if isinstance(top, (ast.FunctionDef, ast.ClassDef)):
            for st in top.body:
                out.update(n for n in ast.walk(st) if n is not st and hasattr(n, "lineno"))
    return out


def test_asking_about_top_level_functions_and_their_decorators_reads_no_body() -> None:
    tree = ast.parse(_MODULE)
    esc = _escapes(tree, _MODULE)
    asked = [
        n
        for top in tree.body
        if isinstance(top, ast.FunctionDef)
        for n in (top, *top.decorator_list)
    ]
    assert len(asked) == 5
    assert not any(esc.contained(n) for n in asked)  # module-level: never contained
    assert not _body_nodes(tree) & esc._parents.keys()


def test_answers_do_not_depend_on_what_was_asked_before() -> None:
    """Walking only headers changes which parents are known when, never the answers: ask
    about every function value in one order, then in the reverse order on a fresh analysis."""
    tree = ast.parse(_MODULE)
    values = [
        n for n in ast.walk(tree) if isinstance(n, (ast.Lambda, ast.FunctionDef, ast.Call))
    ]
    one = _escapes(tree, _MODULE)
    forward = [one.contained(n) for n in values]
    two = _escapes(tree, _MODULE)
    backward = [two.contained(n) for n in reversed(values)]
    assert forward == backward[::-1]
    assert any(forward) and not all(forward)


# (counts the searches by patching `Escapes`, which the compiled build makes native: there the
# same source runs, and the findings are compared with the pure package's)
@pytest.mark.skipif(not escape.__file__.endswith(".py"),
                    reason="counts calls by patching a compiled class")
def test_an_incremental_run_keeps_the_scopes_of_unchanged_statements(monkeypatch) -> None:  # noqa: ANN001
    found: list[ast.AST] = []
    find = Escapes._find_scope

    def counting(self: Escapes, node: ast.AST) -> ast.AST | None:
        found.append(node)
        return find(self, node)

    monkeypatch.setattr(Escapes, "_find_scope", counting)
    analyzer = IncrementalAnalyzer()
    analyzer.analyze(_MODULE)
    asked_first = len(found)
    assert asked_first
    versions = [
        _MODULE.replace("    return x\n", "    return x + 1\n"),
        _MODULE.replace("    return x\n", "    return self.slope(x)\n"),
        _MODULE.replace("    return g\n", "    return kept\n"),
        _MODULE.replace("jnp.cos(y * i)", "jnp.cos(y * i)\n        y = host(y)"),
        _MODULE,
    ]
    total = 0
    for version in versions:
        found.clear()
        before = set(analyzer._last.tree.body)
        got = analyzer.analyze(version)
        assert analyzer.incremental_runs
        searched = list(found)
        want = analyze_source(version)
        assert [(f.code, f.span, f.message, f.path) for f in got.findings] == [
            (f.code, f.span, f.message, f.path) for f in want.findings
        ]
        # only the nodes of the statements the edit replaced need a search
        edited = {n for st in analyzer._last.tree.body if st not in before for n in ast.walk(st)}
        assert all(n in edited for n in searched)
        total += len(searched)
    assert total  # the edited functions' values were asked about


def test_parents_kept_across_versions_give_the_current_module_and_the_same_answers():
    """The parents an incremental run keeps (`Interpreter.node_parents`) serve the next
    version's questions about its kept statements; a top-level statement's parent is that
    version's module, not the one the parent was noted under."""
    first = ast.parse(_MODULE)
    parents: dict[ast.AST, ast.AST] = {}
    before = _escapes_with(first, _MODULE, parents)
    asked = [n for n in ast.walk(first) if isinstance(n, (ast.Lambda, ast.Call))]
    answers = [before.contained(n) for n in asked]
    assert parents  # the questions noted parents in the kept dict
    # the next version: the same statements (an edit kept them all) under a new module node
    second = ast.Module(body=list(first.body), type_ignores=[])
    after = _escapes_with(second, _MODULE, parents)
    for st in second.body:
        assert after._up(st) is second
    assert [after.contained(n) for n in asked] == answers
    fresh = _escapes_with(second, _MODULE, {})
    assert [fresh.contained(n) for n in asked] == answers


def _escapes_with(tree: ast.Module, text: str, parents: dict[ast.AST, ast.AST]) -> Escapes:
    return Escapes(
        tree, lambda e: None, lambda f: False, lambda c: False, {}, text, parents=parents
    )


def test_an_answer_kept_across_versions_is_asked_again_of_the_analysis() -> None:
    """Whether `jax.grad(...)` inside `outer` stays in sight reads only `outer`'s statement
    and what the analysis says its callee `wrap` is: kept across versions
    (`Escapes.contained`), the answer is taken again only when `wrap` still resolves to the
    same API. Bound by another statement to a function of the module instead of `jax.jit`,
    the transformed function is handed to code that returns it: it escapes."""
    body = (
        "\n\ndef host(x):\n"
        "    return jax.pure_callback(np.sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x)\n\n\n"
        "def outer(x):\n"
        "    wrap(jax.grad(lambda v: jnp.sum(host(v))))\n"
        "    return x\n\n\n"
        "def unrelated(x):\n    return x + 1\n"
    )
    head = "import jax\nimport jax.numpy as jnp\nimport numpy as np\n"
    jitted = head + "from jax import jit as wrap\n" + body
    handed = head + "\n\ndef wrap(f):\n    return f\n" + body
    assert _signature(analyze_source(jitted)) != _signature(analyze_source(handed))
    analyzer = IncrementalAnalyzer()
    analyzer.analyze(jitted)
    for version in (handed, jitted, handed):
        got, want = analyzer.analyze(version), analyze_source(version)
        assert _signature(got) == _signature(want), version


def _signature(result):  # noqa: ANN001, ANN202
    return [(f.code, f.span, f.message, f.path) for f in result.findings], result.error
