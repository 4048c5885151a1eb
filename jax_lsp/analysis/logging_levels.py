"""`log.isEnabledFor(logging.DEBUG)` decided from the module: instrumentation gated by a
logger's level.

A debug branch of a host function (`if log.isEnabledFor(logging.DEBUG): jnp.linalg.svd(...)`)
runs only when the logger's level lets the record through. Python's `Logger.isEnabledFor(L)`
is `L >= getEffectiveLevel()` unless `logging.disable` covers `L`, and a logger whose own
level was set (non-zero) has that level as its effective one. So the test is known where
the module pins the level down: `log` is bound once, at the module's level, to
`logging.getLogger(<literal or __name__>)`; the module sets its level once, by a statement
of its own at the module's level, `log.setLevel(logging.INFO)` (a level constant or an int),
run before any code of the module's but `logging`'s (a callback cannot run before it); and
nothing else in the module names a way to change levels (another `setLevel`, `disable`,
`dictConfig` / `fileConfig`, a `level` stored, `manager`). Anything else: not known.
"""

from __future__ import annotations

import ast

from jax_lsp.analysis.static_names import ModuleNames
from jax_lsp.analysis.syntax import iter_nodes

#: `logging`'s level constants
LEVELS = {"NOTSET": 0, "DEBUG": 10, "INFO": 20, "WARNING": 30, "WARN": 30, "ERROR": 40,
          "CRITICAL": 50, "FATAL": 50}
#: the words that change a level other than the one `setLevel` the module makes
_CHANGING = frozenset({"setLevel", "disable", "dictConfig", "fileConfig", "manager", "level"})
#: those of them a module may import by name (`from logging import disable`)
_IMPORTED_CHANGING = frozenset({"disable", "dictConfig", "fileConfig"})


def enabled(names: ModuleNames, call: ast.Call) -> bool | None:
    """The value of `call` when it is `log.isEnabledFor(level)` of a logger whose level the
    module pins down (see the module's docstring); None otherwise."""
    func = call.func
    if not (isinstance(func, ast.Attribute) and func.attr == "isEnabledFor"
            and isinstance(func.value, ast.Name) and len(call.args) == 1 and not call.keywords):
        return None
    asked = _level(names, call.args[0])
    if asked is None:
        return None
    b = names.lookup(func.value.id, call)
    if b is None or b.kind != "assign" or not _is_get_logger(names, b.node):
        return None
    set_to = _only_level_set(names, func.value.id)
    if set_to is None:
        return None
    return asked >= set_to


def _level(names: ModuleNames, expr: ast.expr) -> int | None:
    if isinstance(expr, ast.Constant) and type(expr.value) is int:
        return expr.value
    dotted = names.dotted(expr)
    if dotted is not None and dotted.startswith("logging."):
        return LEVELS.get(dotted[len("logging."):])
    return None


def _is_get_logger(names: ModuleNames, value: ast.AST | None) -> bool:
    return (isinstance(value, ast.Call) and names.dotted(value.func) == "logging.getLogger"
            and len(value.args) == 1 and not value.keywords
            and (isinstance(value.args[0], ast.Constant) and type(value.args[0].value) is str
                 or isinstance(value.args[0], ast.Name) and value.args[0].id == "__name__"))


def _only_level_set(names: ModuleNames, logger: str) -> int | None:
    """The level the module's one `logger.setLevel(...)` statement sets, when it is the
    module's only way of changing levels and no code but `logging`'s runs before it."""
    tree = names.tree
    bindings = [st for st in tree.body if any(
        isinstance(n, ast.Name) and n.id == logger and isinstance(n.ctx, ast.Store)
        for n in iter_nodes(st))]
    setting = [st for st in tree.body if isinstance(st, ast.Expr) and isinstance(
        st.value, ast.Call) and isinstance(st.value.func, ast.Attribute)
        and st.value.func.attr == "setLevel" and isinstance(st.value.func.value, ast.Name)
        and st.value.func.value.id == logger and len(st.value.args) == 1]
    if len(bindings) != 1 or len(setting) != 1:
        return None
    changes = [n for n in names.walk_all()
               if isinstance(n, ast.Attribute) and n.attr in _CHANGING
               or isinstance(n, ast.Name) and n.id in _IMPORTED_CHANGING]
    if len(changes) != 1 or changes[0] is not setting[0].value.func:  # type: ignore[attr-defined]
        return None
    level = _level(names, setting[0].value.args[0])  # type: ignore[attr-defined]
    if not level:
        return None  # (NOTSET: the parents' level decides)
    for st in tree.body[:tree.body.index(setting[0])]:
        for n in iter_nodes(st):
            if isinstance(n, ast.Call) and not (names.dotted(n.func) or "").startswith(
                    "logging."):
                return None  # (code that may run a callback before the level is set)
    return level
