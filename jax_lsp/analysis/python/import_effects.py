"""Which imports are there for their side effects, so that their module runs at the import.

Workspace modules are interpreted lazily, when a name of theirs is first used (see
`workspace`). Python runs a module at its import instead, and a module can change another's
state as it runs: decorators filling a registry's table (`@register("gelu")`), plugins
assigning into a package's dict. An import whose binding the importing module's code never
names again (`import activations  # populates the registry`) exists only for that: run it
where Python does, so that the reads after it see what it wrote. Imports whose binding is
named stay lazy (named in a string too: the lines naming it are read, not parsed, as a whole
module's tree would cost a walk on every keystroke). Installed packages (the environment's
site folders) stay lazy: they cannot fill a table of the workspace's code, and running every
module their packages import would cost the modules and the work the analysis has for the
workspace's own. The analysed module's answers are kept across its versions (`Answers`): a
keystroke would otherwise read its lines again for each import of a workspace module.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

from jax_lsp.analysis.syntax import iter_nodes


def for_effects(bound: str, lines: list[str]) -> bool:
    """Whether an import binding `bound` is kept only for what the imported module does as it
    runs: the code of the importing module's `lines` (comments left out) names it once, at
    the import."""
    word = re.compile(rf"(?<![\w.]){re.escape(bound)}(?!\w)")
    named = 0
    for line in lines:
        if bound not in line:
            continue
        hash_at = line.find("#")
        if hash_at >= 0 and not any(q in line[:hash_at] for q in "'\""):
            line = line[:hash_at]  # a comment (a `#` inside a string keeps the line whole)
        named += len(word.findall(line))
        if named > 1:
            return False
    return True


class Answers:
    """`for_effects`'s answers for one module's text, by import binding. An answer depends only
    on the lines holding the name, so it still holds after an edit whose replaced and new lines
    do not hold it (`after_edit`)."""

    def __init__(self, known: dict[str, bool] | None = None) -> None:
        self.known = known if known is not None else {}

    def for_effects(self, bound: str, lines: list[str]) -> bool:
        answer = self.known.get(bound)
        if answer is None:
            answer = self.known[bound] = for_effects(bound, lines)
        return answer

    def after_edit(self, changed: list[str]) -> Answers:
        """The answers that hold for the next version, whose edit replaced and added the
        lines `changed`."""
        return Answers({b: a for b, a in self.known.items() if not any(b in x for x in changed)})


def installed(path: Path, env_paths: list[Path]) -> bool:
    """Whether `path` is a module of an installed package (under a site folder)."""
    return any(p in path.parents for p in env_paths)


def written_imports(tree: ast.Module) -> tuple[tuple[str, int], ...]:
    """The imports (module, level) of the names a module's own statements may write through
    as they run: a decorator, a call, or a store into an object (`TABLE[k] = fn`, `cfg.X =
    fn`) rooted at an imported name. When one of them is a workspace module, the module may
    write another workspace module's state: a package's `__init__` re-exporting it runs it
    where Python does (its names are read by importers, but its writes, `@register(...)`, fill
    a table the reads see). Only the tree is read: `Workspace.facts` keeps the answer per
    module text, and the lookups are made per analysis."""
    imported: dict[str, tuple[str, int]] = {}
    roots: set[str] = set()
    for stmt in _top_level(tree.body):
        if isinstance(stmt, ast.Import):
            for a in stmt.names:
                imported[a.asname or a.name.split(".")[0]] = (a.name, 0)
        elif isinstance(stmt, ast.ImportFrom):
            for a in stmt.names:
                imported[a.asname or a.name] = (stmt.module or "", stmt.level or 0)
        elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            roots.update(_root(d) for d in stmt.decorator_list)
        elif isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
            roots.add(_root(stmt.value.func))
        elif isinstance(stmt, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            roots.update(_root(t) for t in targets if not isinstance(t, ast.Name))
    return tuple(imported[r] for r in sorted(roots) if r in imported)


def bound_names(tree: ast.Module) -> frozenset[str] | None:
    """The names a module's own statements bind as it runs (assignments, definitions,
    imports, loop and `with` targets); None when it may bind names no statement spells (`from
    m import *`, `globals()`), so any name may be bound. `from pkg import name` gives the
    submodule `pkg.name` only when the package's `__init__` does not bind `name`."""
    names: set[str] = set()
    for stmt in _top_level(tree.body):
        if isinstance(stmt, (ast.Import, ast.ImportFrom)):
            for a in stmt.names:
                if a.name == "*":
                    return None
                names.add(a.asname or a.name.split(".")[0])
        elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(stmt.name)
        elif isinstance(stmt, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.For, ast.With)):
            for node in iter_nodes(stmt):
                if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                    names.add(node.id)
                elif isinstance(node, ast.Name) and node.id in ("globals", "vars", "setattr"):
                    return None
        elif isinstance(stmt, ast.Expr):
            for node in iter_nodes(stmt):
                if isinstance(node, ast.Name) and node.id in ("globals", "vars", "setattr"):
                    return None
    return frozenset(names)


def _top_level(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements a module runs as it is imported (into `if`/`try` blocks, not into
    function or class bodies)."""
    for stmt in body:
        yield stmt
        if isinstance(stmt, (ast.If, ast.Try)):
            yield from _top_level(stmt.body)
            yield from _top_level(stmt.orelse)
            if isinstance(stmt, ast.Try):
                for h in stmt.handlers:
                    yield from _top_level(h.body)


def _root(e: ast.expr) -> str:
    """The name an expression's object is reached from (`registry.register("x")` ->
    `registry`); "" for none."""
    while True:
        if isinstance(e, ast.Call):
            e = e.func
        elif isinstance(e, (ast.Attribute, ast.Subscript)):
            e = e.value
        elif isinstance(e, ast.Name):
            return e.id
        else:
            return ""
