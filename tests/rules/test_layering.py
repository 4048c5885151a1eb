"""What may import what: the rules and the libraries' rows reach the evaluator only through
`analysis/host.py`, and Python's evaluation (`analysis/python/`) reaches nothing of JAX, the
libraries or the rules (an import-graph walk over their source, transitively within jax_lsp)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "jax_lsp"


def _module_file(name: str) -> Path | None:
    parts = name.split(".")
    base = PACKAGE.parent.joinpath(*parts)
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def _imports(path: Path) -> set[str]:
    """The jax_lsp modules `path` imports (at any depth of its code, TYPE_CHECKING aside)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and ast.unparse(child.test) == "TYPE_CHECKING":
                continue  # types only: nothing runs
            if isinstance(child, ast.Import):
                out.update(a.name for a in child.names if a.name.startswith("jax_lsp"))
            elif isinstance(child, ast.ImportFrom) and (child.module or "").startswith("jax_lsp"):
                out.add(child.module)  # type: ignore[arg-type]
                for a in child.names:  # `from jax_lsp.analysis import jaxapi`
                    if _module_file(f"{child.module}.{a.name}") is not None:
                        out.add(f"{child.module}.{a.name}")
            visit(child)

    visit(tree)
    return out


def _reached(roots: list[str]) -> set[str]:
    seen: set[str] = set()
    todo = list(roots)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        path = _module_file(name)
        if path is not None:
            todo.extend(_imports(path))
    return seen


def _modules_under(folder: Path) -> list[str]:
    return [".".join(p.relative_to(PACKAGE.parent).with_suffix("").parts).removesuffix(".__init__")
            for p in sorted(folder.rglob("*.py"))]


#: what the rules may reach of the analysis: the interface, the findings, the API rows' kinds
ALLOWED = {"jax_lsp", "jax_lsp.analysis", "jax_lsp.analysis.host", "jax_lsp.analysis.findings",
           "jax_lsp.analysis.jax.modes", "jax_lsp.analysis.jax.specs"}


def test_rules_reach_the_evaluator_only_through_host() -> None:
    roots = _modules_under(PACKAGE / "rules") + ["jax_lsp.codes"]
    reached = {m for m in _reached(roots) if not m.startswith("jax_lsp.rules")}
    assert reached - {"jax_lsp.codes"} <= ALLOWED, sorted(reached - ALLOWED)


def test_library_rows_import_nothing_of_the_analysis() -> None:
    libraries = PACKAGE / "analysis" / "libraries"
    rows = [m for m in _modules_under(libraries)
            if m.count(".") == 3]
    assert "jax_lsp.analysis.libraries.flax_nnx" in rows
    reached = {m for m in _reached(rows) if not m.startswith("jax_lsp.analysis.libraries")}
    assert reached <= ALLOWED, sorted(reached - ALLOWED)


def test_library_models_use_no_part_of_the_evaluator() -> None:
    """A library's model asks the evaluator through `host.Evaluator`: it imports none of the
    evaluator's parts (the interpreter and its mixins)."""
    evaluator = {f"jax_lsp.analysis.{m}" for m in (
        "interp", "python.statements", "python.expressions", "python.calls", "jax.jax_calls",
        "jax.transforms", "jax.higher_order", "jax.custom_rules", "jax.decisions",
        "incremental.recording", "incremental.replay", "incremental.carried_calls", "engine",
        "incremental")}
    assert all(_module_file(m) for m in evaluator), [m for m in evaluator if not _module_file(m)]
    models = _modules_under(PACKAGE / "analysis" / "libraries")
    assert not _reached(models) & evaluator, sorted(_reached(models) & evaluator)


#: what Python's evaluation (`analysis/python/`) may not reach: the JAX model, the library
#: models, the rules
NOT_PYTHON = ("jax_lsp.analysis.jax", "jax_lsp.analysis.libraries", "jax_lsp.rules",
              "jax_lsp.codes")


def test_python_imports_nothing_of_jax_the_libraries_or_the_rules() -> None:
    """`python/` runs Python as Python runs it: where it meets a name the JAX model or a
    library model knows, it asks `python/hooks.py`, which they fill. Checked on the modules
    it reaches (the shared ones, `values.py`, `sharing.py`..., included)."""
    python = _modules_under(PACKAGE / "analysis" / "python")
    assert "jax_lsp.analysis.python.statements" in python
    reached = _reached(python)
    assert "jax_lsp.analysis.values" in reached
    # (`jax/specs.py`, the rows' data classes, imports nothing of the analysis: `values.py`
    # imports `TransformSpec` at run time, since a dataclass compiled by mypyc resolves its
    # fields' types when it is made; see docs/internals.md, "The compiled build")
    reached -= {"jax_lsp.analysis.jax.specs"}
    assert not {m for m in reached if m.startswith(NOT_PYTHON)}, sorted(
        m for m in reached if m.startswith(NOT_PYTHON))


def test_the_import_rule_sees_an_import_of_the_jax_model(tmp_path: Path) -> None:
    """The walk the rule above relies on finds an import of the JAX model at any depth of a
    module's code (not under `if TYPE_CHECKING:`)."""
    module = tmp_path / "m.py"
    module.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                      "    from jax_lsp.rules import base\n"
                      "def f():\n    from jax_lsp.analysis.jax import jaxapi\n")
    assert _imports(module) == {"jax_lsp.analysis.jax", "jax_lsp.analysis.jax.jaxapi"}


def test_a_function_s_own_code_is_walked_by_one_leaf_module() -> None:
    """`own_code` (a function's own nodes, not those of the functions it makes) imports
    nothing of jax_lsp, so that `python/` reads a function's code with the same walk as the
    static passes (`static_names` reaches the JAX model: `python/` may not import it)."""
    assert _imports(PACKAGE / "analysis" / "own_code.py") == set()
    python = _reached(_modules_under(PACKAGE / "analysis" / "python"))
    assert "jax_lsp.analysis.own_code" in python
    assert "jax_lsp.analysis.own_code" in _imports(PACKAGE / "analysis" / "static_names.py")
