"""Which of a script's functions its run can reach, read from its text alone.

A module with an `if __name__ == "__main__":` block is a script as well as a library: what
the host checks (JAX011, JAX012) report should be what running it does, not a callback in a
function nothing mentions (`spectral_peaks_fast` defined beside `spectral_peaks`, which is
the one the script uses), nor one reached only under a branch that runs when an environment
variable is set (`if os.environ.get("STRICT") == "1":`, the variable unset where it runs).

Deliberately generous, so that it only ever keeps a finding it cannot rule out: a function
counts as reached when its name is mentioned anywhere in what runs (a name, an attribute, a
string: `getattr(obj, "name")`) or a decorator is handed it (`@j0.defjvp`), a class's special
methods when the class is (all its methods for a derived class, a test case always), a
module-level `test*` function always (pytest collects it); where the reached code can name
functions by computed strings (`globals()`, `eval`, `getattr` of a non-literal), every
function counts as reached. A module with no `__main__` block is a
library: everything counts as reached.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from jax_lsp.analysis.findings import Finding
from jax_lsp.rules import jax011_jax_in_host_function as jax011
from jax_lsp.rules import jax012_removed_vectorized_keyword as jax012
from jax_lsp.rules import jax013_ordered_io_callback_vmap as jax013

#: the code whose findings a route through an unreached function rules out (`drop_unreached`)
ORDERED_IO_VMAP = jax013.RULE.code

#: the host checks, whose findings stand at the callback site (`drop_unreached`)
_SITE_CODES = frozenset({jax011.RULE.code, jax012.RULE.code})
#: calls that can reach a function by a name computed at run time
_DYNAMIC = frozenset({"globals", "locals", "vars", "eval", "exec", "__import__"})
#: how the environment is read: `os.environ.get(K[, d])`, `os.getenv(K[, d])`
_ENV_GETS = frozenset({"os.environ.get", "os.getenv"})
_UNKNOWN = object()


def _main_guard(st: ast.stmt) -> bool:
    """`if __name__ == "__main__":` (either way round)."""
    if not isinstance(st, ast.If) or not isinstance(st.test, ast.Compare):
        return False
    t = st.test
    if len(t.ops) != 1 or not isinstance(t.ops[0], ast.Eq):
        return False
    sides = (t.left, t.comparators[0])
    return any(isinstance(s, ast.Name) and s.id == "__name__" for s in sides) and any(
        isinstance(s, ast.Constant) and s.value == "__main__" for s in sides)


def _dotted(expr: ast.AST) -> str | None:
    if isinstance(expr, ast.Name):
        return expr.id
    if isinstance(expr, ast.Attribute):
        base = _dotted(expr.value)
        return None if base is None else f"{base}.{expr.attr}"
    return None


def _unset_env_value(expr: ast.AST, env_names: dict[str, str]) -> object:
    """What an expression holds when the environment variables it reads are unset: the
    default of `os.environ.get(K, d)` / `os.getenv(K, d)` (None with none), `K in
    os.environ` False, a literal itself; `_UNKNOWN` otherwise."""
    if isinstance(expr, ast.Constant):
        return expr.value
    if isinstance(expr, ast.Call) and not expr.keywords:
        written = _dotted(expr.func)
        head, _, rest = (written or "").partition(".")
        full = f"{env_names.get(head, head)}.{rest}" if rest else env_names.get(head, head)
        if full in _ENV_GETS and 1 <= len(expr.args) <= 2:
            if len(expr.args) == 1:
                return None
            d = expr.args[1]
            return d.value if isinstance(d, ast.Constant) else _UNKNOWN
    return _UNKNOWN


def _unset_env_test(test: ast.expr, env_names: dict[str, str]) -> object:
    """The truth of a branch's test that reads only the environment (`os.environ.get(K) ==
    "1"`, `"K" in os.environ`, `not os.getenv(K)`) when those variables are unset;
    `_UNKNOWN` for any other test."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _unset_env_test(test.operand, env_names)
        return inner if inner is _UNKNOWN else not inner
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        op, right = test.ops[0], test.comparators[0]
        if isinstance(op, (ast.In, ast.NotIn)):
            written = _dotted(right)
            head, _, rest = (written or "").partition(".")
            if rest and f"{env_names.get(head, head)}.{rest}" == "os.environ":
                return isinstance(op, ast.NotIn)
            return _UNKNOWN
        if not isinstance(op, (ast.Eq, ast.NotEq)):
            return _UNKNOWN
        if not any(isinstance(s, ast.Call) for s in (test.left, right)):
            return _UNKNOWN  # (only a test that reads the environment is decided here)
        left_v, right_v = (_unset_env_value(test.left, env_names),
                           _unset_env_value(right, env_names))
        if left_v is _UNKNOWN or right_v is _UNKNOWN:
            return _UNKNOWN
        return (left_v == right_v) == isinstance(op, ast.Eq)
    if isinstance(test, ast.Call):
        v = _unset_env_value(test, env_names)
        return _UNKNOWN if v is _UNKNOWN else bool(v)
    return _UNKNOWN


def _os_names(tree: ast.Module) -> dict[str, str]:
    """The module-level names `os` is imported as (`import os`, `import os as _os`,
    `from os import environ, getenv`)."""
    out: dict[str, str] = {}
    for st in tree.body:
        if isinstance(st, ast.Import):
            for a in st.names:
                if a.name == "os":
                    out[a.asname or "os"] = "os"
        elif isinstance(st, ast.ImportFrom) and st.module == "os" and not st.level:
            for a in st.names:
                if a.name in ("environ", "getenv"):
                    out[a.asname or a.name] = f"os.{a.name}"
    return out


def _run_nodes(stmts: list[ast.stmt], env_names: dict[str, str]) -> Iterator[ast.AST]:
    """The nodes of statements that run, leaving out a function's or a class's body (they
    run when called or made) but keeping its decorators, defaults and bases, and leaving out
    the branch of an `if` the unset environment never takes."""
    todo: list[ast.AST] = list(reversed(stmts))
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node  # (not its body)
            todo.extend(node.decorator_list)
            todo.extend(d for d in (*node.args.defaults, *node.args.kw_defaults) if d)
            continue
        if isinstance(node, ast.ClassDef):
            todo.extend((*node.decorator_list, *node.bases, *node.keywords))
            for st in node.body:  # a class body runs, its methods' bodies do not
                todo.append(st)
            continue
        if isinstance(node, ast.If):
            taken = _unset_env_test(node.test, env_names)
            if taken is not _UNKNOWN:
                yield node
                todo.append(node.test)
                todo.extend(node.body if taken else node.orelse)
                continue
        yield node
        todo.extend(ast.iter_child_nodes(node))


def _test_case(cls: ast.ClassDef) -> bool:
    """A class a test runner collects: named `Test...`, or derived from a `...TestCase`."""
    return cls.name.startswith("Test") or any(
        (_dotted(b) or "").rsplit(".", 1)[-1].endswith("TestCase") for b in cls.bases)


def _reach_class(cls: ast.ClassDef, reached: set[int], todo: list[list[ast.stmt]]) -> None:
    """A class made or named: its special methods run; so may every method of a class
    derived from another (a framework calls them by name: `setUp`, `test_*`, `setup`)."""
    for m in cls.body:
        if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)) and (
                cls.bases or m.name.startswith("__")):
            reached.add(id(m))
            todo.append(list(m.body))


def _is_script(tree: ast.Module) -> bool:
    return any(_main_guard(st) for st in tree.body)


def _definitions(tree: ast.Module) -> dict[str, list[ast.AST]]:
    """The module's functions and classes at any depth, by name (one walk of the tree)."""
    by_name: dict[str, list[ast.AST]] = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            by_name.setdefault(node.name, []).append(node)
    return by_name


def _reach(tree: ast.Module, by_name: dict[str, list[ast.AST]]) -> set[int] | None:
    """The ids of the script's `def`s (at any depth; `by_name`: `_definitions`) its run may
    reach; None where every function counts as reached (a run that can name functions by
    computed strings)."""
    env_names = _os_names(tree)
    top = [st for st in tree.body if not (
        isinstance(st, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__"
                                           for t in st.targets))]
    reached: set[int] = set()
    todo: list[list[ast.stmt]] = [top]
    for st in tree.body:  # a test runner finds test cases (pytest: test functions) by itself
        if isinstance(st, ast.ClassDef) and _test_case(st):
            reached.add(id(st))
            _reach_class(st, reached, todo)
        elif isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)) and st.name.startswith(
                "test"):
            reached.add(id(st))
            todo.append(list(st.body))
    while todo:
        for node in _run_nodes(todo.pop(), env_names):
            mentioned = None
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                if node.decorator_list and id(node) not in reached:
                    # handed to its decorator (`@f.defjvp`, `@app.route`): it may call it
                    reached.add(id(node))
                    todo.append(list(node.body))
                continue
            if isinstance(node, ast.Name):
                mentioned = node.id
                if node.id in _DYNAMIC:
                    return None
            elif isinstance(node, ast.Attribute):
                mentioned = node.attr
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                mentioned = node.value
            elif isinstance(node, ast.Call) and _dotted(node.func) in ("getattr", "setattr") \
                    and len(node.args) >= 2 and not isinstance(node.args[1], ast.Constant):
                return None
            for d in by_name.get(mentioned, ()) if mentioned else ():
                if id(d) in reached:
                    continue
                reached.add(id(d))
                if isinstance(d, ast.ClassDef):
                    _reach_class(d, reached, todo)
                else:
                    todo.append(list(d.body))  # type: ignore[attr-defined]
    return reached


def unreached_lines(tree: ast.Module) -> list[tuple[int, int]]:
    """The line ranges of the functions a script's run never reaches (none for a library).
    One walk of the tree finds the definitions, which `_reach` and this share."""
    if not _is_script(tree):
        return []
    by_name = _definitions(tree)
    reached = _reach(tree, by_name)
    if reached is None:
        return []
    return [(f.lineno, f.end_lineno or f.lineno) for defs in by_name.values() for f in defs
            if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef)) and id(f) not in reached]


def drop_unreached(tree: ast.Module, findings: list[Finding]) -> list[Finding]:
    """The findings but those JAX raises only on a path a script's run (a module with a
    `__main__` block) never takes:
    - a host check's (JAX011, JAX012) whose callback site, or the call leading to one, is in a
      function the run never reaches (a JAX011 finding stands in the host, its path's first
      step at the site; a JAX012 one at the site itself);
    - an ordered-callback-under-vmap one (JAX013) whose route, from the transform that
      batches to the callback, passes through this module's code in such a function
      (`jax.vmap(self.price)` in a `price_many` nothing calls): each step of the route runs
      on the way, so any one unreached rules it out.
    Read only where there is such a finding: the reading walks the whole module (tens of
    milliseconds at 5,000 lines), which a keystroke must not pay for nothing."""
    if not any(f.code in _SITE_CODES or f.code == ORDERED_IO_VMAP for f in findings):
        return findings
    dead = unreached_lines(tree)
    if not dead:
        return findings

    def in_dead(line: int) -> bool:
        return any(a <= line <= b for a, b in dead)

    def unreached(f: Finding) -> bool:
        if f.code == ORDERED_IO_VMAP:
            return any(st.filename is None and in_dead(st.span.line) for st in f.path)
        if f.code in _SITE_CODES:
            first = f.path[0] if f.path else None
            return in_dead(first.span.line if first is not None and first.filename is None
                           else f.span.line)
        return False
    return [f for f in findings if not unreached(f)]
