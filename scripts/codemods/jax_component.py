"""Codemod (issue 29, item 3): JAX's semantics as a component (`analysis/jax/`), not mixins.

Re-runnable (each rewrite is idempotent), so that code written against the old structure (a
branch merged later) is brought to the new one by running it again, after
`incremental_layer.py`:

    python scripts/codemods/jax_component.py [FILES...]

(default: jax_lsp, tests, benchmarks, scripts).

What it rewrites:
1. imports of the modules moved into `jax_lsp/analysis/jax/` (`MOVED`);
2. in the evaluator's modules (`EVALUATOR_MODULES`), `self.<m>` for a method `m` of a JAX
   part to `self.jax.<part>.<m>`;
3. in a part's module, `self.<m>` for a method of another part to `self.jax.<part>.<m>`,
   `self.<x>` for anything else not its own (the evaluator's) to `self.ev.<x>`, and a bare
   `self` handed to a function (it stood for the evaluator) to `self.ev`;
4. elsewhere, `interp.<m>` (an `Interpreter` named `interp`) to `interp.jax.<part>.<m>`.
The parts' methods are read from their modules, wherever they are. Hand edits on top (the
component, `reads`/`within` moved to the evaluator, the host Protocol) are in the commit
after its run.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ANALYSIS = ROOT / "jax_lsp/analysis"

#: module -> (class, the component's attribute for it)
PARTS = {
    "jax_calls": ("JaxApiCalls", "api"),
    "transforms": ("Transforms", "transforms"),
    "higher_order": ("HigherOrder", "control"),
    "custom_rules": ("CustomRules", "custom"),
    "decisions": ("CallbackDecisions", "callbacks"),
}
MOVED = (*PARTS, "jaxapi", "apitable", "specs", "modes")
EVALUATOR_MODULES = ("interp", "statements", "expressions", "calls")
EVALUATOR_CLASSES = frozenset(
    {"Interpreter", "PythonStatements", "PythonExpressions", "PythonCalls"}
)
#: methods the parts defined that are the evaluator's (its context): not rewritten to a part
EVALUATOR_METHODS = frozenset({"reads", "within"})
#: the names a part reaches the evaluator and the component by
LINKS = frozenset({"ev", "jax"})


def _module_path(name: str) -> Path:
    moved = ANALYSIS / "jax" / f"{name}.py"
    return moved if moved.exists() else ANALYSIS / f"{name}.py"


def part_methods() -> dict[str, str]:
    """Each part's method -> the component's attribute for its part."""
    owner: dict[str, str] = {}
    for module, (cls, attr) in PARTS.items():
        for node in ast.parse(_module_path(module).read_text()).body:
            if isinstance(node, ast.ClassDef) and node.name == cls:
                for f in node.body:
                    if isinstance(f, ast.FunctionDef) and f.name not in EVALUATOR_METHODS:
                        if f.name == "__init__":
                            continue
                        assert f.name not in owner, f"{f.name} defined by two parts"
                        owner[f.name] = attr
    return owner


def rewrite_imports(text: str) -> str:
    for m in MOVED:
        text = re.sub(rf"\bjax_lsp\.analysis\.{m}\b", f"jax_lsp.analysis.jax.{m}", text)

        def split(mo: re.Match[str], m: str = m) -> str:
            indent, names = mo.group(1), [n.strip() for n in mo.group(2).split(",")]
            if m not in names:
                return mo.group(0)
            rest = [n for n in names if n != m]
            line = f"{indent}from jax_lsp.analysis.jax import {m}"
            if rest:
                line = f"{indent}from jax_lsp.analysis import {', '.join(rest)}\n{line}"
            return line

        text = re.sub(r"^([ \t]*)from jax_lsp\.analysis import ([\w, ]+)$", split, text, flags=re.M)
    return text


def _self_attributes(tree: ast.Module, classes: frozenset[str]) -> list[ast.Attribute]:
    return [
        n
        for c in tree.body
        if isinstance(c, ast.ClassDef) and c.name in classes
        for f in c.body
        if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
        for n in ast.walk(f)
        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "self"
    ]


def _insert(text: str, edits: list[tuple[ast.Attribute, str]]) -> str:
    lines = text.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))
    at_list = []
    for node, prefix in edits:
        line = lines[node.value.end_lineno - 1]  # type: ignore[operator]
        col = len(line.encode()[: node.value.end_col_offset].decode())  # (a UTF-8 offset)
        at_list.append((starts[node.value.end_lineno - 1] + col, prefix))  # type: ignore[operator]
    for at, prefix in sorted(at_list, reverse=True):
        text = text[:at] + f".{prefix}" + text[at:]
    return text


def rewrite_evaluator(text: str, owner: dict[str, str]) -> str:
    tree = ast.parse(text)
    edits = [
        (n, f"jax.{owner[n.attr]}")
        for n in _self_attributes(tree, EVALUATOR_CLASSES)
        if n.attr in owner
    ]
    return _insert(text, edits)


def rewrite_part(text: str, module: str, owner: dict[str, str]) -> str:
    cls, mine = PARTS[module]
    tree = ast.parse(text)
    own = {
        f.name
        for c in tree.body
        if isinstance(c, ast.ClassDef) and c.name == cls
        for f in c.body
        if isinstance(f, ast.FunctionDef)
    } - EVALUATOR_METHODS
    edits = []
    for n in _self_attributes(tree, frozenset({cls})):
        if n.attr in LINKS or n.attr in own:
            continue
        edits.append((n, f"jax.{owner[n.attr]}" if n.attr in owner else "ev"))
    # `self` handed to a function (a library model, a rule's check) stood for the evaluator
    for c in tree.body:
        if isinstance(c, ast.ClassDef) and c.name == cls:
            for call in ast.walk(c):
                if isinstance(call, ast.Call):
                    for arg in (*call.args, *(k.value for k in call.keywords)):
                        if isinstance(arg, ast.Name) and arg.id == "self":
                            edits.append((_AsAttribute(arg), "ev"))
    return _insert(text, edits)


class _AsAttribute:
    """A bare `self` given where `_insert` expects an attribute's `value` (to append to)."""

    def __init__(self, name: ast.Name) -> None:
        self.value = name


def main(argv: list[str]) -> int:
    owner = part_methods()
    files = [Path(a) for a in argv] or [
        *ROOT.glob("jax_lsp/**/*.py"), *ROOT.glob("tests/**/*.py"),
        *ROOT.glob("benchmarks/*.py"), *ROOT.glob("scripts/*.py"),
    ]
    names = "|".join(sorted(owner))
    for path in files:
        path = path.resolve()
        text = path.read_text()
        new = rewrite_imports(text)
        rel = path.relative_to(ANALYSIS).as_posix() if path.is_relative_to(ANALYSIS) else None
        stem = Path(rel).stem if rel is not None else None
        if rel is not None and stem in PARTS and rel in (f"{stem}.py", f"jax/{stem}.py"):
            new = rewrite_part(new, stem, owner)
        elif stem in EVALUATOR_MODULES and rel in (f"{stem}.py", f"python/{stem}.py"):
            new = rewrite_evaluator(new, owner)
        else:
            new = re.sub(
                rf"(?<![.\w])interp\.({names})\b",
                lambda mo: f"interp.jax.{owner[mo.group(1)]}.{mo.group(1)}",
                new,
            )
        if new != text:
            path.write_text(new)
            print("rewrote", path.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
