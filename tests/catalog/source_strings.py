"""Find the string literals of a function in the installed JAX source, for template checks.

Each string expression (a literal, an f-string, implicit or `+` concatenation) is rendered with
its variable parts (f-string fields, `{}`/`{name}` format fields) replaced by a marker, so a
catalog template can be compared with the source text it claims to quote.
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import jax

MARKER = "\x00"
JAX_ROOT = Path(jax.__file__).resolve().parent.parent  # the directory that contains `jax/`
_FORMAT_FIELD = re.compile(r"\{[^{}]*\}")


def _render(node: ast.AST) -> str | None:
    """The text of a string expression with its variable parts as MARKER, or None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return _FORMAT_FIELD.sub(MARKER, node.value)
    if isinstance(node, ast.JoinedStr):
        parts = []
        for v in node.values:
            if isinstance(v, ast.Constant) and isinstance(v.value, str):
                parts.append(v.value)
            else:
                parts.append(MARKER)
        return "".join(parts)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _render(node.left), _render(node.right)
        if left is not None and right is not None:
            return left + right
    return None


def _strings_in(nodes: list[ast.AST]) -> list[str]:
    """All maximal string expressions under `nodes`, rendered, in source order."""
    out: list[tuple[int, int, str]] = []

    def visit(node: ast.AST) -> None:
        text = _render(node)
        if text is not None:
            out.append((getattr(node, "lineno", 0), getattr(node, "col_offset", 0), text))
            return
        for child in ast.iter_child_nodes(node):
            visit(child)

    for n in nodes:
        visit(n)
    out.sort(key=lambda t: (t[0], t[1]))
    return [t[2] for t in out]


@functools.cache
def _module(path: str) -> ast.Module:
    return ast.parse((JAX_ROOT / path).read_text(encoding="utf-8"))


def find_function(path: str, qualname: str) -> list[ast.AST] | None:
    """The body nodes of `qualname` (dotted; `<module>` for module-level code) in `path`."""
    module = _module(path)
    if qualname == "<module>":
        return [
            n
            for n in module.body
            if not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
        ]
    scope: list[ast.stmt] = module.body
    node: ast.AST | None = None
    for part in qualname.split("."):
        found = [
            n
            for n in ast.walk(ast.Module(body=scope, type_ignores=[]))
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
            and n.name == part
        ]
        if not found:
            return None
        node = found[0]
        scope = node.body  # type: ignore[attr-defined]
    return None if node is None else [node]


def function_strings(path: str, qualname: str) -> list[str] | None:
    nodes = find_function(path, qualname)
    return None if nodes is None else _strings_in(nodes)


def missing_static_parts(static_parts: list[str], sources: list[str]) -> list[str]:
    """The static parts of a template not found, in order, in the rendered source strings.

    Each part must occur inside one source string (at or after the previous part's position
    when in the same string, or in a later string)."""
    missing: list[str] = []
    stream = MARKER.join(f"\x01{s}" for s in sources)
    pos = 0
    for part in static_parts:
        if not part.strip():
            continue
        i = stream.find(part, pos)
        if i < 0:
            missing.append(part)
        else:
            pos = i + len(part)
    return missing
