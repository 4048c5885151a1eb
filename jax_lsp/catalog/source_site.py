"""Where the installed JAX raises an entry's error: the line, a few lines of source around it,
and a link to that line in JAX's repository pinned to the installed release's tag.

Read from the source files of the installed `jax` package without importing JAX (its location
comes from `importlib.util.find_spec`, its release from the distribution's metadata). Each file
is parsed once; with no JAX installed, or a function that moved, there is simply no site.
"""

from __future__ import annotations

import ast
import importlib.util
from dataclasses import dataclass
from functools import cache
from importlib import metadata
from pathlib import Path

from jax_lsp.catalog.model import Entry, Location
from jax_lsp.catalog.templates import compile_template

#: lines of source shown before and after the raise
_CONTEXT = (2, 3)


@dataclass(frozen=True)
class Site:
    location: Location
    line: int
    #: `(line number, text)` of the lines around the raise
    excerpt: tuple[tuple[int, str], ...]
    #: the JAX release the line was read from, and the link to it
    version: str
    url: str

    @property
    def where(self) -> str:
        return f"{self.location.file}:{self.line} in {self.location.function}"


@cache
def _jax_root() -> Path | None:
    try:
        spec = importlib.util.find_spec("jax")
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations))).parent


@cache
def _jax_version() -> str | None:
    try:
        return metadata.version("jax")
    except metadata.PackageNotFoundError:
        return None


@cache
def _parsed(file: str) -> tuple[ast.Module, tuple[str, ...]] | None:
    root = _jax_root()
    if root is None:
        return None
    try:
        text = (root / file).read_text(encoding="utf-8")
        return ast.parse(text), tuple(text.splitlines())
    except (OSError, SyntaxError, ValueError):
        return None


def _function(tree: ast.Module, qualname: str) -> ast.AST | None:
    if qualname == "<module>":
        return tree
    node: ast.AST = tree
    for name in qualname.split("."):
        found = None
        for child in ast.walk(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and (
                child.name == name
            ):
                found = child
                break
        if found is None:
            return None
        node = found
    return node


def _raise_line(node: ast.AST, lines: tuple[str, ...], message: str) -> int | None:
    """The line of the `raise` in `node` whose text holds the most of the message's static
    text (the first raise when none does), or the function's own line."""
    parts = [p.strip() for p in compile_template(message).static_parts if len(p.strip()) >= 6]
    best: tuple[int, int] | None = None
    for child in ast.walk(node):
        if isinstance(child, ast.Raise):
            end = child.end_lineno or child.lineno
            text = " ".join(lines[child.lineno - 1 : end])
            score = sum(len(p) for p in parts if p[:24] in text)
            if best is None or score > best[0]:
                best = (score, child.lineno)
    if best is not None:
        return best[1]
    return getattr(node, "lineno", None)


@cache
def raise_site(entry: Entry) -> Site | None:
    """The first of the entry's raise sites found in the installed JAX, or None."""
    if entry.message_from == "older-jax":
        return None  # the installed release no longer raises it
    version = _jax_version()
    for loc in entry.raised_in:
        parsed = _parsed(loc.file)
        if parsed is None or version is None:
            continue
        tree, lines = parsed
        node = _function(tree, loc.function)
        if node is None:
            continue
        line = _raise_line(node, lines, entry.message)
        if line is None:
            continue
        lo, hi = max(1, line - _CONTEXT[0]), min(len(lines), line + _CONTEXT[1])
        excerpt = tuple((n, lines[n - 1]) for n in range(lo, hi + 1))
        url = f"https://github.com/jax-ml/jax/blob/jax-v{version}/{loc.file}#L{line}"
        return Site(loc, line, excerpt, version, url)
    return None
