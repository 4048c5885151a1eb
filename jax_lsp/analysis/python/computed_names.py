"""Reading a module's own namespace by a computed name: `globals()[name]`,
`vars(sys.modules[__name__])[name]`, `getattr(sys.modules[__name__], name)`, where `name`
folds to strings the module pins down (a literal, a constant, an f-string, `+`, or
`sep.join(...)` of such; a tuple of them concatenated). Such a read is the module-level
binding of that name; None where the name, or the namespace, is not pinned down.

The evaluator's side reads the same places as values, by the names it computed:
`globals()` and `vars(sys.modules[__name__])` are the module's namespace (`OwnNamespace`:
subscripted by a known name, that module-level binding), `sys.modules[__name__]` the module
itself (`OwnModule`: `getattr` of a known name, that binding), `inspect.getmembers(m,
inspect.isfunction)` of either or of a class of the analysed code the pairs Python lists
(`members`), and `importlib.import_module("jax." + "experimental")` the module `import`
would bind (`import_module`)."""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from jax_lsp.analysis.interp_state import MAX_UNROLL
from jax_lsp.analysis.python.hooks import HOOKS
from jax_lsp.analysis.values import (
    UNKNOWN,
    Api,
    ClassObj,
    Closure,
    Decorator,
    Value,
    join,
)

if TYPE_CHECKING:
    from jax_lsp.analysis.static_names import ModuleNames

#: what a caller knows a name or attribute may hold, where the module's own bindings do not
#: say (a parameter from every application of its function, a field its `__init__` sets)
Known = Callable[[ast.expr], "list[object] | None"]

#: how deep names bound to names are followed while folding
_MAX_DEPTH = 6
#: the most values a folded expression may take (an f-string over several parameters
#: multiplies them)
_MAX_VALUES = 16


def folded(names: ModuleNames, expr: ast.AST, depth: int = 0, known: Known | None = None
           ) -> list[object] | None:
    """The values a string (or tuple of strings) expression may take, or None."""
    if depth > _MAX_DEPTH:
        return None
    if isinstance(expr, ast.Constant):
        return [expr.value] if isinstance(expr.value, str) else None
    if isinstance(expr, ast.Name):
        b = names.lookup(expr.id, expr)
        if b is not None and b.kind == "assign" and b.node is not None:
            return folded(names, b.node, depth + 1, known)
        given = names.constants(expr)
        if given is None and known is not None:
            given = known(expr)
        return given if given and all(isinstance(v, str) for v in given) else None
    if isinstance(expr, ast.Attribute) and known is not None:
        given = known(expr)
        return given if given and all(isinstance(v, str) for v in given) else None
    if isinstance(expr, ast.Subscript):  # `ALIASES[kind]`: a dict the module binds once
        return _entries(names, expr, depth, known)
    if isinstance(expr, (ast.Tuple, ast.List)):
        parts = [folded(names, e, depth + 1, known) for e in expr.elts]
        return _product(parts, tuple)
    if isinstance(expr, ast.JoinedStr):
        pieces: list[list[object] | None] = []
        for v in expr.values:
            if isinstance(v, ast.FormattedValue):
                if v.conversion != -1 or v.format_spec is not None:
                    return None
                pieces.append(folded(names, v.value, depth + 1, known))
            else:
                pieces.append(folded(names, v, depth + 1, known))
        return _product(pieces, lambda vs: "".join(str(v) for v in vs))
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Add):
        return _product([folded(names, expr.left, depth + 1, known),
                         folded(names, expr.right, depth + 1, known)], _added)
    if (isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute)
            and expr.func.attr in ("join", "format") and len(expr.args) >= 1
            and not expr.keywords
            and not any(isinstance(a, ast.Starred) for a in expr.args)):
        seps = folded(names, expr.func.value, depth + 1, known)
        args = [folded(names, a, depth + 1, known) for a in expr.args]
        if expr.func.attr == "join":
            if len(args) != 1:
                return None
            return _product([seps, args[0]], _joined)
        return _product([seps, *args], _formatted)
    return None


def _entries(names: ModuleNames, expr: ast.Subscript, depth: int, known: Known | None
             ) -> list[object] | None:
    """The folded entries of a dict literal bound once to a name, under each key the
    subscript folds to; None where a key may be missing (it raises) or is not known."""
    table: ast.AST | None = expr.value
    if isinstance(table, ast.Name):
        b = names.lookup(table.id, table)
        table = b.node if b is not None and b.kind == "assign" else None
    if not isinstance(table, ast.Dict) or not all(
            isinstance(k, ast.Constant) for k in table.keys):
        return None
    keys = folded(names, expr.slice, depth + 1, known)
    if keys is None:
        return None
    entries = {k.value: v for k, v in zip(table.keys, table.values)}  # type: ignore[union-attr]
    out: list[object] = []
    for key in keys:
        if key not in entries:
            return None
        got = folded(names, entries[key], depth + 1, known)
        if got is None:
            return None
        out.extend(v for v in got if v not in out)
    return out


def _added(vs: list[object]) -> object:
    a, b = vs
    if type(a) is not type(b):
        raise TypeError
    return a + b  # type: ignore[operator]


def _joined(vs: list[object]) -> object:
    sep, items = vs
    if not isinstance(sep, str) or not isinstance(items, tuple):
        raise TypeError
    return sep.join(items)


def _formatted(vs: list[object]) -> object:
    fmt, *args = vs
    if not isinstance(fmt, str) or not all(isinstance(a, str) for a in args):
        raise TypeError
    return fmt.format(*args)


def _product(parts: list[list[object] | None], make: Callable[[list[object]], object]
             ) -> list[object] | None:
    """Each value `make` gives over one choice of each part; None where a part is unknown,
    the choices are too many, or a combination does not evaluate."""
    if any(p is None for p in parts):
        return None
    combos: list[list[object]] = [[]]
    for p in parts:
        combos = [c + [v] for c in combos for v in p]  # type: ignore[union-attr]
        if len(combos) > _MAX_VALUES:
            return None
    out: list[object] = []
    for c in combos:
        try:
            v = make(c)
        except (TypeError, ValueError, IndexError, KeyError):
            return None
        if v not in out:
            out.append(v)
    return out


def _own_module(names: ModuleNames, expr: ast.AST) -> bool:
    """`sys.modules[__name__]`: the module itself."""
    return (isinstance(expr, ast.Subscript) and names.dotted(expr.value) == "sys.modules"
            and isinstance(expr.slice, ast.Name) and expr.slice.id == "__name__")


def _own_namespace(names: ModuleNames, expr: ast.AST) -> bool:
    """`globals()` at module or function level, or `vars(sys.modules[__name__])`."""
    if not isinstance(expr, ast.Call) or expr.keywords:
        return False
    if _builtin(names, expr.func, "globals") and not expr.args:
        return True
    return (_builtin(names, expr.func, "vars") and len(expr.args) == 1
            and _own_module(names, expr.args[0]))


def _builtin(names: ModuleNames, func: ast.AST, word: str) -> bool:
    """`func` is the builtin `word`, not shadowed by a binding of the module."""
    return isinstance(func, ast.Name) and func.id == word and names.lookup(word, func) is None


def read_names(names: ModuleNames, expr: ast.AST, known: Known | None = None
               ) -> list[str] | None:
    """The names a read of the module's own namespace by a computed name may mean, or None
    where `expr` is no such read (or its name is not pinned down)."""
    key: ast.AST | None = None
    if isinstance(expr, ast.Subscript) and _own_namespace(names, expr.value):
        key = expr.slice
    elif (isinstance(expr, ast.Call) and _builtin(names, expr.func, "getattr")
          and len(expr.args) == 2 and not expr.keywords and _own_module(names, expr.args[0])):
        key = expr.args[1]
    if key is None:
        return None
    values = folded(names, key, known=known)
    if not values or not all(isinstance(v, str) for v in values):
        return None
    return values  # type: ignore[return-value]


def module_binding(names: ModuleNames, expr: ast.AST, known: Known | None = None
                   ) -> ast.AST | None:
    """The module-level `def` (or class) a read of the module's own namespace by a computed
    name finds, where every name it may mean is one such, and they agree."""
    read = read_names(names, expr, known)
    if not read:
        return None
    found: ast.AST | None = None
    for name in read:
        node = next((st for st in reversed(names.tree.body) if isinstance(
            st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and st.name == name),
            None)
        if node is None or (found is not None and node is not found):
            return None
        found = node
    return found


#: `importlib.import_module(name)`
IMPORT_MODULE = "importlib.import_module"


def import_module(ev: Any, args: Any) -> Value | None:
    """`importlib.import_module(name)` of absolute names the evaluator knows (a constant, or
    one of a few): the module `import name as m` binds to `m` (a workspace module, else the
    library's by its canonical name); None (not decided) otherwise."""
    if len(args.pos) != 1 or args.kw or args.star is not None or args.dstar is not None:
        return None
    given = args.pos[0]
    if given.traced:
        return None
    wanted = (given.const,) if type(given.const) is str else tuple(given.choices or ())
    if not wanted or not all(type(n) is str and n and not n.startswith(".") for n in wanted):
        return None
    found = []
    for name in sorted(wanted):
        user = ev.find_user_module(name, 0)
        found.append(Value(fns=(user,)) if user else Value(fns=(Api(HOOKS.canonical(name)),)))
    return join(found)


@dataclass(frozen=True, slots=True)
class OwnModule:
    """The module object of the module whose code reads it (`sys.modules[__name__]`):
    `scope` is its namespace."""

    scope: object


@dataclass(frozen=True, slots=True)
class OwnNamespace:
    """The namespace dict of a module (`globals()`, `vars(sys.modules[__name__])`): its
    entries are the module's bindings as they are when it is read, not a copy."""

    scope: object


#: `sys.modules`, `__name__` as the evaluator sees them (a builtin name, not rebound)
_SYS_MODULES = "sys.modules"
_NAME = "builtins.__name__"
#: `globals()`, `vars(m)`, `inspect.getmembers(obj, predicate)`
GLOBALS = "builtins.globals"
VARS = "builtins.vars"
GETMEMBERS = "inspect.getmembers"
_ISFUNCTION = "inspect.isfunction"


def _only(v: Value, kind: type) -> object | None:
    return v.fns[0] if len(v.fns) == 1 and type(v.fns[0]) is kind else None


def own_module(ev: Any, base: Value, index: Value) -> Value | None:
    """`sys.modules[__name__]`: the module running the code; None for any other subscript."""
    api, name = _only(base, Api), _only(index, Api)
    if api is None or name is None or api.name != _SYS_MODULES or name.name != _NAME:  # type: ignore[attr-defined]
        return None
    return Value(fns=(OwnModule(ev.module.scope),))


def namespace(ev: Any, name: str, args: Any) -> Value | None:
    """`globals()` (of the module running the code), `vars(sys.modules[__name__])`."""
    if args.kw or args.star is not None or args.dstar is not None:
        return None
    if name == GLOBALS and not args.pos:
        return Value(fns=(OwnNamespace(ev.module.scope),))
    if name == VARS and len(args.pos) == 1:
        module = _only(args.pos[0], OwnModule)
        return None if module is None else Value(fns=(OwnNamespace(module.scope),))  # type: ignore[attr-defined]
    return None


def held(v: Value) -> object | None:
    """The namespace a value is (an `OwnModule` or an `OwnNamespace`), or None."""
    return _only(v, OwnModule) or _only(v, OwnNamespace)


def read(ev: Any, where: object, key: Value) -> Value:
    """A module's binding read by a name the evaluator knows (`globals()[f"{stage}_hook"]`,
    `getattr(sys.modules[__name__], name)`): the binding of each name it may be (one not
    bound raises there: it reads nothing); unknown where the name is not known."""
    scope = where.scope  # type: ignore[attr-defined]
    wanted = (key.const,) if type(key.const) is str else tuple(key.choices or ())
    if key.traced or not wanted or not all(type(n) is str for n in wanted):
        return UNKNOWN
    return join([ev.lookup(n, scope) for n in sorted(wanted) if n in scope.vars])


def members(ev: Any, args: Any) -> Value | None:
    """`inspect.getmembers(obj, inspect.isfunction)` of a module's namespace or of a class of
    the analysed code (its bases' too): the `(name, function)` pairs sorted by name, a
    function being a `def` or a lambda the analysis made (a static method's too; not a class
    method, a property or a wrapper's result). A binding whose value the analysis does not
    follow (a library's function) is left out. None (not decided) for any other call, a
    class with a base outside the analysed code, a predicate not `inspect.isfunction`, or
    more than `MAX_UNROLL` pairs (a loop over them is not run once per pair: it would
    call every one, whatever the test on its name)."""
    if len(args.pos) != 2 or args.kw or args.star is not None or args.dstar is not None:
        return None
    test = _only(args.pos[1], Api)
    if test is None or test.name != _ISFUNCTION:  # type: ignore[attr-defined]
        return None
    obj = args.pos[0]
    bound: dict[str, Value] = {}
    module = held(obj)
    if isinstance(module, OwnModule):
        for name in module.scope.vars:  # type: ignore[attr-defined]
            bound[name] = ev.lookup(name, module.scope)
    else:
        cls = _only(obj, ClassObj)
        mro = _classes(cls) if isinstance(cls, ClassObj) else None
        if mro is None:
            return None
        for c in reversed(mro):  # (a subclass's binding replaces its base's)
            bound.update(c.attrs)
    pairs = []
    for name in sorted(bound):
        fn = _function(bound[name])
        if fn is not None:
            pairs.append(ev._seq([Value(const=name), fn]))
    if len(pairs) > MAX_UNROLL:
        return None  # (a loop over them would run to a fixpoint, calling each whatever its name)
    return ev._seq(pairs)


def _classes(cls: ClassObj, depth: int = 0) -> list[ClassObj] | None:
    """`cls` and its bases, each a class of the analysed code (bar `object`); None where
    one is not."""
    if depth > 8:
        return None
    found = [cls]
    for b in cls.bases:
        if len(b.fns) != 1:
            return None
        base = b.fns[0]
        if type(base) is Api and base.name == "builtins.object":
            continue
        if type(base) is not ClassObj or base.members or base.record is not None:
            return None
        more = _classes(base, depth + 1)
        if more is None:
            return None
        found += [c for c in more if c not in found]
    return found


def _function(v: Value) -> Value | None:
    """The function a binding holds, where `inspect.isfunction` is True of it: one closure,
    bare or a static method's."""
    plain = [f for f in v.fns if type(f) is not Decorator]
    decorations = {f.kind for f in v.fns if type(f) is Decorator}
    if len(plain) != 1 or type(plain[0]) is not Closure or not decorations <= {"staticmethod"}:
        return None
    return Value(fns=(plain[0],))
