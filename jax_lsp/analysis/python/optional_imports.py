"""Imports in a `try` that the analysis environment decides (`Workspace.installed`).

`try: import pyfftw ... except ImportError: <fallback>` runs its fallback for sure where
the environment jax-lsp analyses for has no `pyfftw` (as pyright resolves imports against the
configured interpreter; with no workspace, the interpreter running jax-lsp), and never where
the body only imports what is there. A body statement before the import that could leave or
raise elsewhere makes it undecided.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

from jax_lsp.analysis.values import Api, Value

__all__ = ["FIND_SPEC", "catching_handler", "failing_import", "find_spec", "imports_installed"]

#: `importlib.util.find_spec(name)`: None where the module is not installed
FIND_SPEC = "importlib.util.find_spec"

#: the exceptions a handler of ImportError may name (ModuleNotFoundError's bases)
_CATCHES = frozenset({"ImportError", "ModuleNotFoundError", "Exception", "BaseException"})
#: builtin exceptions that are no base of ModuleNotFoundError (a handler of one is passed by)
_UNRELATED = frozenset({"AttributeError", "TypeError", "ValueError", "KeyError", "IndexError",
                        "LookupError", "OSError", "IOError", "RuntimeError", "NameError",
                        "NotImplementedError", "ArithmeticError", "ZeroDivisionError",
                        "AssertionError", "UnicodeError", "StopIteration", "Warning"})
#: statements before the failing import that run without raising or leaving
_PLAIN = (ast.Import, ast.ImportFrom, ast.Pass)


def _imported(st: ast.stmt) -> list[str] | None:
    """The absolute modules a statement imports (None: not an absolute import)."""
    if isinstance(st, ast.Import):
        return [a.name for a in st.names]
    if isinstance(st, ast.ImportFrom) and not st.level and st.module:
        return [st.module]
    return None


_RUNNING: list[Any] = []


def _installed(ev: Any, dotted: str) -> bool | None:
    """Whether the environment has `dotted`: the workspace's, or, for an analysis given none
    (no imports followed), the environment of the interpreter running jax-lsp."""
    ws = ev.workspace
    if ws is None:
        if not _RUNNING:
            from jax_lsp.analysis.workspace import Workspace

            _RUNNING.append(Workspace.for_environment([]))
        ws = _RUNNING[0]
    path = ev.module.path
    return ws.installed(dotted, Path(path) if path else None)  # type: ignore[no-any-return]


def _plain(st: ast.stmt) -> bool:
    """A statement that neither raises nor leaves: an import (of what is there: see the
    caller), `pass`, a name bound to a literal."""
    if isinstance(st, _PLAIN):
        return True
    return isinstance(st, ast.Assign) and all(isinstance(t, ast.Name) for t in st.targets) \
        and isinstance(st.value, ast.Constant)


def failing_import(ev: Any, body: list[ast.stmt]) -> int | None:
    """The index in `body` of an import of a module the environment lacks, reached for sure
    (every statement before it plain and importing what is there); None if there is none."""
    for i, st in enumerate(body):
        names = _imported(st)
        if names is not None:
            for name in names:
                found = _installed(ev, name)
                if found is False:
                    return i
                if found is None:
                    return None
            if isinstance(st, ast.ImportFrom):
                return None  # (a name it imports may be missing: ImportError, not followed)
        elif not _plain(st):
            return None
    return None


def imports_installed(ev: Any, body: list[ast.stmt]) -> bool:
    """Whether `body` only imports whole modules the environment has (`import scipy.signal as
    s`) and binds literals: running it raises no ImportError."""
    seen = False
    for st in body:
        if isinstance(st, ast.Import):
            if not all(_installed(ev, a.name) is True for a in st.names):
                return False
            seen = True
        elif not _plain(st) or isinstance(st, ast.ImportFrom):
            return False
    return seen


def find_spec(ev: Any, args: Any) -> Value | None:
    """`importlib.util.find_spec("name")` of an absolute name: None where the environment
    lacks the module, a spec (no None) where it has it; None (not decided) otherwise."""
    if len(args.pos) != 1 or args.kw or args.star is not None:
        return None
    name = args.pos[0].const
    if type(name) is not str or name.startswith("."):
        return None
    found = _installed(ev, name)
    if found is None:
        return None
    return Value(fns=(Api("importlib.machinery.ModuleSpec"),)) if found else Value(const=None)


def _names(t: ast.expr | None) -> list[str] | None:
    if t is None:
        return ["BaseException"]
    if isinstance(t, ast.Tuple):
        out: list[str] = []
        for e in t.elts:
            got = _names(e)
            if got is None:
                return None
            out += got
        return out
    if isinstance(t, ast.Name):
        return [t.id]
    if isinstance(t, ast.Attribute):
        return [t.attr]
    return None


def catching_handler(handlers: list[ast.ExceptHandler]) -> ast.ExceptHandler | None:
    """The handler Python runs for a ModuleNotFoundError: the first naming it or a base of
    it; None when one before it names what the analysis cannot read (a class held in a
    name), or none does."""
    for h in handlers:
        names = _names(h.type)
        if names is None:
            return None
        if any(n in _CATCHES for n in names):
            return h
        if not all(n in _UNRELATED for n in names):
            return None  # (a class of the program's may derive from ImportError)
    return None
