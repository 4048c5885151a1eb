"""The shape of a custom rule as its code shows it, checked where a transform runs the rule
(JAX014, JAX015, JAX016): `custom_rules.CustomRules.call_custom` calls `check_vjp` once
reverse mode has run a custom_vjp function's fwd and bwd, and `check_jvp` once a JVP has run a
custom_jvp function's rule; JAX raises these errors only then (measured under JAX 0.10.2:
calling the function, under `jit` too, raises nothing).

- JAX016: a rule that cannot take the arguments JAX passes it (fwd: the primal arguments;
  bwd: the nondiff arguments, the residuals, the cotangent; a `defjvp` rule: the nondiff
  arguments, the primals, the tangents; a `defjvps` function: the tangent, the primal output,
  the primals). Python raises the `TypeError` when JAX calls it, before anything else.
- JAX014: a bwd whose every `return` is visibly not one cotangent per differentiable argument:
  a tuple of another length, a bare array, `None`, an instance of a pytree class of the module
  (a `NamedTuple` of the right length too: JAX wants a tuple or a list, measured under 0.10.2).
  A name the bwd unpacks is read through what it unpacks: `(a_bar,) = f_vjp(w)` of `_, f_vjp =
  jax.vjp(g, a)` is a cotangent of `a`'s structure, and `a, x = res` an item of the residuals
  the evaluator saw the fwd return (a traced value holding no items: an array). A sequence's
  length is read where the code builds it: `tuple(... for k in range(n))` of a known `n` (a
  literal, `len(x)` of a sequence of known length), `a + b` of two tuples (or lists) is
  their items in order (`grads + (g_x,)`), `(g,) * n` its items `n` times over (`n` a
  literal or a name around the rule, read as the evaluator holds it when the rule runs:
  Python's late binding), `tuple(reversed(outs[:n]))` as many as it wraps, and `(a, b)[i]`
  the item `i`. A list of the module's top level the rule iterates (`tuple(table.get(p) for
  p in PARAMS)`, `names = PARAMS` first) has the items the evaluator holds, where
  `fresh_lists.unaliased` says nothing can have changed its length (`_free_length`).
  A list filled in place (`grads.append(d)` in a loop the evaluator unrolls,
  returned as `tuple(grads)`) is as long as the evaluator holds it where nothing in the rule
  can take an item out (`_only_filled`). A `*args` function has one primal input per
  argument the call passes (measured under JAX 0.10.2).
- JAX015: a `defjvp` rule whose every `return` pairs a primal output and a tangent output of
  visibly different structures (a side the code does not show is read off the run's value
  where that is a dict of known keys: `return state, (ds["u"], ds["v"])` of the dict the
  rule was given); or whose primal output carries the tangents, or is read off
  their values where no tangent flows (`jnp.where(jnp.isfinite(t), y, 0.0)`, `stop_gradient(t)`;
  not their shape or dtype), which JAX refuses where it must know the primal output without
  them (reverse mode, `linearize`, and `jacfwd`, which batches the tangents but not the primal
  output).
- Only the `return`s the rule's run reached count (`custom_rules._run_rule` records them: a
  branch on a known value, a `match` on a known member, the arm of a decided `a if t else b`).

A rule that hands its work on (`return op.backward(res, g)`, `self.tangent(x, t)` of a bound
rule, a helper of its scope) is read through the function it calls, where the evaluator's
values say which one (`_Reader.callee`, `_method_of`); a bwd that only does that has its
JAX014 reported at the function whose `return` is wrong. What the code does not show (a
returned value built elsewhere, a method of one of several objects) is left alone: precision
first. A rule defined in another module than the call
that runs it is read the same way; the finding is reported at the analysed file's call (or
transform) that leads there, pointing at the rule.
"""

from __future__ import annotations

import ast
import weakref
from typing import TYPE_CHECKING, Any

from jax_lsp.analysis.jax.modes import REVERSE, TRANSPOSE
from jax_lsp.analysis.python import fresh_lists
from jax_lsp.analysis.syntax import child_nodes, iter_nodes
from jax_lsp.analysis.values import (
    NOCONST,
    Api,
    ClassObj,
    Closure,
    CustomFn,
    Decorator,
    Instance,
    Partial,
    Value,
)

if TYPE_CHECKING:
    from jax_lsp.analysis.interp_state import Args
    from jax_lsp.analysis.values import Level

__all__ = ["check_jvp", "check_vjp", "mismatch"]

#: what JAX says when the primal output of a custom_jvp rule carries its tangents
LINEARIZATION_FAILED = "Linearization failed to produce known values for all output primals"
BATCHED_PRIMAL = "at vmap out_axes[0], got axis spec None but output was batched on axis 0"

#: array namespaces whose functions return one array, but for these names
_ARRAY_MODULES = ("jnp.", "jax.numpy.", "np.", "numpy.", "onp.", "jax.nn.", "jax.scipy.special.")
_NOT_ONE_ARRAY = frozenset({
    "split", "array_split", "hsplit", "vsplit", "dsplit", "meshgrid", "unstack",
    "broadcast_arrays", "nonzero", "where", "unique", "histogram", "histogram2d", "divmod",
    "frexp", "modf", "atleast_1d", "atleast_2d", "atleast_3d", "indices", "unravel_index",
    "tril_indices", "triu_indices", "diag_indices", "mask_indices", "argwhere", "gradient",
    "polyfit", "eig", "eigh", "svd", "qr", "slogdet", "lstsq", "lu", "tree_map", "vectorize",
    "frompyfunc", "shape", "asarray_chkfinite", "ix_", "select_n",
})
#: functions of `_NOT_ONE_ARRAY` that return one array when called with this many
#: positional arguments (`where(c, x, y)` selects; `where(c)` is `nonzero(c)`, a tuple)
_ONE_ARRAY_WITH = {"where": 3}


def _one_array_form(last: str, call: ast.Call) -> bool:
    n = _ONE_ARRAY_WITH.get(last)
    return n is not None and len(call.args) == n and not any(
        isinstance(a, ast.Starred) for a in call.args)


#: lax functions that return one array
_LAX_ONE_ARRAY = frozenset({
    "add", "sub", "mul", "div", "neg", "exp", "log", "log1p", "expm1", "sin", "cos", "tan",
    "tanh", "logistic", "sqrt", "rsqrt", "cbrt", "pow", "integer_pow", "square", "abs",
    "sign", "max", "min", "dot", "dot_general", "reshape", "broadcast_in_dim", "broadcast",
    "transpose", "select", "stop_gradient", "convert_element_type", "reduce_sum", "erf",
    "erfc", "erf_inv", "lgamma", "digamma", "atan2", "clamp", "conj", "real", "imag",
    "full_like", "zeros_like_array", "psum", "pmean", "rem", "cumsum", "cumprod",
})
#: array methods and attributes giving one array
_ARRAY_METHODS = frozenset({
    "sum", "mean", "reshape", "astype", "squeeze", "transpose", "conj", "dot", "ravel",
    "flatten", "max", "min", "prod", "clip", "cumsum", "std", "var", "swapaxes", "T", "real",
    "imag", "mT",
})


# -- what a rule's code shows --------------------------------------------------------------


def _function(v: Value | None) -> Closure | None:
    """The one `def`/`lambda` that `v` is, or calls with some leading positional arguments
    bound (a bound method `self._bwd`, a `partial`: `_bound`), else None."""
    if v is None or len(v.fns) != 1:
        return None
    c = v.fns[0]
    if isinstance(c, Partial) and (not c.kw or _keyword_only(c)):
        c = c.fn
    return c if isinstance(c, Closure) else None


def _keyword_only(p: Partial) -> bool:
    """Whether every keyword `p` binds is a keyword-only parameter of its function
    (`partial(bwd, pack=jnp.stack)` of `def bwd(res, g, *, pack=tuple)`): the positional
    arguments JAX passes still fill the same parameters."""
    f = p.fn
    a = getattr(f.func.node, "args", None) if isinstance(f, Closure) else None
    if not isinstance(a, ast.arguments):
        return False
    only = {q.arg for q in a.kwonlyargs}
    return all(k in only for k, _ in p.kw)


def bound_count(v: Value | None) -> int:
    """How many leading positional arguments a rule value binds (`_bound`)."""
    return _bound(v)


def rule_function(v: Value | None) -> Closure | None:
    """The one function a rule value calls (`custom_rules` records the returns its run
    reaches)."""
    return _function(v)


def _closure(v: Value | None, here: object) -> Closure | None:
    """`_function(v)`, of any module: `_elsewhere` says where a finding about it goes."""
    return _function(v)


def _elsewhere(closure: Closure, here: object, call: ast.AST) -> dict[str, Any]:
    """The `report` options naming the rule's module, when it is not the module whose code
    runs it (`here`), and `call`, the call running it: the finding goes to the analysed
    file's call, pointing at the rule."""
    if closure.func.module is here:
        return {}
    return {"module": closure.func.module, "called_at": call}


def _bound(v: Value | None) -> int:
    """How many leading positional arguments `v` binds before its function's (`self`)."""
    if v is not None and len(v.fns) == 1 and isinstance(v.fns[0], Partial):
        return len(v.fns[0].args)
    return 0


def _bound_given(v: Value | None, fn: ast.AST) -> dict[str, Value]:
    """The parameters of `fn` that `v` (a bound method, a partial) binds, with their values
    (a method's `self`: the instance whose methods its body calls)."""
    if v is None or len(v.fns) != 1 or not isinstance(v.fns[0], Partial):
        return {}
    a = getattr(fn, "args", None)
    if not isinstance(a, ast.arguments):
        return {}
    params = [p.arg for p in (*a.posonlyargs, *a.args)]
    given = dict(zip(params, v.fns[0].args, strict=False))
    named = {p.arg for p in (*a.args, *a.kwonlyargs)}
    for k, kv in v.fns[0].kw:  # (`partial(bwd, pack=jnp.stack)`: what the rule calls)
        if k in named and k not in given:
            given[k] = kv
    return given


def _arity(node: ast.AST) -> tuple[int, float] | None:
    """How many positional arguments a function accepts (fewest, most)."""
    a = getattr(node, "args", None)
    if not isinstance(a, ast.arguments):
        return None
    if any(d is None for d in a.kw_defaults):
        return None  # a required keyword-only argument: JAX's call fails otherwise
    positional = len(a.posonlyargs) + len(a.args)
    most: float = float("inf") if a.vararg is not None else positional
    return positional - len(a.defaults), most


#: what `_return_nodes` and `_assignments` found of each function (a rule is read on every
#: call of its custom function, most more than once; a tree's nodes are never changed in
#: place, only moved by whole lines), for as long as its node lives
_RETURNS: weakref.WeakKeyDictionary[ast.AST, list] = weakref.WeakKeyDictionary()
_ASSIGNMENTS: weakref.WeakKeyDictionary[ast.AST, tuple] = weakref.WeakKeyDictionary()


def _return_nodes(node: ast.AST) -> list[ast.Return | ast.Lambda]:
    """The `return` statements (a lambda: its body), in source order (the list is shared:
    not to be changed)."""
    if isinstance(node, ast.Lambda):
        return [node]
    found = _RETURNS.get(node)
    if found is None:
        found = _RETURNS[node] = _find_returns(node)
    return found


def _find_returns(node: ast.AST) -> list[ast.Return | ast.Lambda]:
    found: list[ast.Return | ast.Lambda] = []
    todo: list[ast.AST] = list(getattr(node, "body", []))
    while todo:
        n = todo.pop()
        if isinstance(n, ast.Return):
            found.append(n)
        elif not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda,
                                ast.ClassDef)):
            todo.extend(child_nodes(n))
    return sorted(found, key=lambda r: (r.lineno, r.col_offset))


def _head(fn: ast.AST) -> ast.AST:
    """Where a finding about a rule is reported: its `def name` (not the whole body), or the
    lambda."""
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return fn
    keyword = "async def " if isinstance(fn, ast.AsyncFunctionDef) else "def "
    at = ast.Name(id=fn.name, ctx=ast.Load())
    at.lineno = at.end_lineno = fn.lineno
    at.col_offset = fn.col_offset
    at.end_col_offset = fn.col_offset + len(f"{keyword}{fn.name}".encode())
    return at


def _returns_in_order(fn: ast.AST) -> list[ast.expr | None]:
    return [r.body if isinstance(r, ast.Lambda) else r.value
            for r in _return_nodes(fn)]


def _returns_reached(fn: ast.AST, reached: dict | None
                     ) -> list[tuple[ast.Return | ast.Lambda, ast.expr | None, Value | None]]:
    """The `return`s of `fn` JAX's call of the rule gets a value from, with the expression
    each returned (of `a if test else b`, the branch a known test took) and the evaluator's
    value: those the run recorded (`custom_rules._run_rule`: `if np.ndim(scale) == 0`
    decided, a `match` on a known member), in source order; every `return` of the code
    (without a value) when no run of `fn` itself was recorded."""
    nodes = _return_nodes(fn)
    if reached and all(ret in nodes for ret, _ in reached):
        order = {id(r): i for i, r in enumerate(nodes)}
        return [(ret, expr, v) for (ret, expr), v in
                sorted(reached.items(), key=lambda kv: (order[id(kv[0][0])],
                                                        getattr(kv[0][1], "lineno", 0),
                                                        getattr(kv[0][1], "col_offset", 0)))]
    return [(r, e, None) for r, e in zip(nodes, _returns_in_order(fn))]


def _exact_sequence(e: ast.expr | None, reader: _Reader, depth: int = 0) -> bool:
    """Whether `e` builds a sequence whose length the evaluator knows exactly when it keeps its
    items: tuple and list displays, their slices and concatenations, and names bound once to
    those (a comprehension or a `tuple(...)` of an unknown iterable keeps a one-item summary)."""
    if e is None or depth > 4:
        return False
    if isinstance(e, (ast.Tuple, ast.List)):
        return not any(isinstance(x, ast.Starred) for x in e.elts)
    if isinstance(e, ast.Name):
        bound = reader.names.get(e.id)
        return bound is not None and _exact_sequence(bound, reader, depth + 1) and (
            not isinstance(bound, ast.List) or e.id in _only_filled(reader.fn))
    if reader._builtin(e, ("tuple", "list")) is not None and len(
            e.args) == 1:  # type: ignore[attr-defined]
        # (a copy of a sequence the evaluator holds exactly holds as many items)
        return _exact_sequence(e.args[0], reader, depth + 1)  # type: ignore[attr-defined]
    if isinstance(e, ast.BinOp) and isinstance(e.op, ast.Add):
        return _exact_sequence(e.left, reader, depth + 1) and _exact_sequence(
            e.right, reader, depth + 1)
    if isinstance(e, ast.Subscript) and isinstance(e.slice, ast.Slice):
        return _exact_sequence(e.value, reader, depth + 1)
    return False


#: list methods that add items (the evaluator follows each) and those that only read
_FILLING = frozenset({"append", "extend", "insert"})
_READING = frozenset({"index", "count", "copy"})
#: builtins reading a sequence without keeping it (nor taking items out)
_READERS = frozenset({"len", "tuple", "list", "sorted", "reversed", "zip", "enumerate",
                      "sum", "min", "max", "any", "all", "iter", "print"})

_FILLED: weakref.WeakKeyDictionary[ast.AST, frozenset[str]] = weakref.WeakKeyDictionary()


def _only_filled(fn: ast.AST) -> frozenset[str]:
    """The names of `fn` whose every mention adds items to the list they hold (`grads.append(d)`
    in a loop the evaluator unrolls), reads it, or is the function's result: the evaluator
    keeps the items it adds but not an item taken out (`grads.pop()`, `del grads[0]`, a slice
    stored, the list handed to code that may change it), so only there are its items exact."""
    found = _FILLED.get(fn)
    if found is None:
        found = _FILLED[fn] = _find_only_filled(fn)
    return found


def _find_only_filled(fn: ast.AST) -> frozenset[str]:
    parents: dict[int, ast.AST] = {}
    names: list[ast.Name] = []
    for n in iter_nodes(fn):
        for child in child_nodes(n):
            parents[id(child)] = n
        if isinstance(n, ast.Name):
            names.append(n)
    bad: set[str] = set()
    seen: set[str] = set()
    for name in names:
        seen.add(name.id)
        up = parents.get(id(name))
        if isinstance(name.ctx, ast.Store) or isinstance(up, ast.Return):
            continue
        if isinstance(up, ast.Attribute) and up.attr in _FILLING | _READING and isinstance(
                parents.get(id(up)), ast.Call):
            continue
        if isinstance(up, ast.Subscript) and up.value is name and isinstance(up.ctx, ast.Load):
            continue
        if isinstance(up, ast.Call) and name in up.args and isinstance(
                up.func, ast.Name) and up.func.id in _READERS:
            continue
        if isinstance(up, (ast.For, ast.comprehension)) and up.iter is name:
            continue
        bad.add(name.id)
    return frozenset(seen - bad)


def _evaluated_length(v: Value | None) -> tuple | None:
    """The structure of a returned value the code does not show but the evaluator does: a
    sequence of a known length (`grads[:n] + grads[2:]` of a tuple, `n` a known field),
    whose every item is unknown. Only its length is read (a tuple and a list are not told
    apart), so only where JAX014 compares lengths; None otherwise."""
    if v is None or v.items is None or v.keys is not None or v.fns or v.const is not NOCONST:
        return None
    return ("seq", len(v.items), (None,) * len(v.items), "sequence")


def _assignments(fn: ast.AST) -> tuple[dict[str, ast.expr],
                                       dict[str, tuple[ast.expr, int, int]]]:
    """In one walk of the function (a rule is read on every call of its custom function):
    the names it binds exactly once by a plain `name = value`, to that value; and those bound
    exactly once by unpacking a value into a tuple or list of names (`a, x_star = res`,
    `(a_bar,) = vjp_a(w)`): name -> (the value, the name's position, how many names the
    target has). The dicts are shared: not to be changed."""
    found = _ASSIGNMENTS.get(fn)
    if found is None:
        found = _ASSIGNMENTS[fn] = _find_assignments(fn)
    return found


def _find_assignments(fn: ast.AST) -> tuple[dict[str, ast.expr],
                                            dict[str, tuple[ast.expr, int, int]]]:
    value: dict[str, ast.expr] = {}
    found: dict[str, tuple[ast.expr, int, int]] = {}
    count: dict[str, int] = {}
    for n in iter_nodes(fn):
        targets: list[ast.AST] = []
        if isinstance(n, ast.Assign):
            targets = list(n.targets)
            if len(n.targets) == 1:
                t = n.targets[0]
                if isinstance(t, ast.Name):
                    value[t.id] = n.value
                elif isinstance(t, (ast.Tuple, ast.List)) and all(
                        isinstance(e, ast.Name) for e in t.elts):
                    for i, e in enumerate(t.elts):
                        found[e.id] = (n.value, i, len(t.elts))  # type: ignore[attr-defined]
        elif isinstance(n, (ast.AugAssign, ast.AnnAssign, ast.For, ast.comprehension,
                            ast.NamedExpr, ast.With)):
            targets = [getattr(n, "target", None) or n]
        for bound in targets:
            for name in iter_nodes(bound):
                if isinstance(name, ast.Name) and isinstance(name.ctx, ast.Store):
                    count[name.id] = count.get(name.id, 0) + 1
    # a parameter counts twice: it is bound when the function is called
    a = getattr(fn, "args", None)
    if isinstance(a, ast.arguments):
        for p in (*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg):
            if p is not None:
                count[p.arg] = count.get(p.arg, 0) + 2
    return ({k: v for k, v in value.items() if count.get(k) == 1},
            {k: v for k, v in found.items() if count.get(k) == 1})


def _dotted(e: ast.expr) -> str:
    parts = []
    while isinstance(e, ast.Attribute):
        parts.append(e.attr)
        e = e.value
    if isinstance(e, ast.Name):
        parts.append(e.id)
        return ".".join(reversed(parts))
    return ""


def _is_seq_literal(e: ast.expr) -> bool:
    return isinstance(e, (ast.Tuple, ast.List))


#: what `_local_names` found of each function, for as long as its node lives (read on every
#: name a rule's check resolves)
_LOCALS: weakref.WeakKeyDictionary[ast.AST, frozenset[str]] = weakref.WeakKeyDictionary()


def _local_names(fn: ast.AST) -> frozenset[str]:
    """Every name `fn` binds itself (its parameters included): not its enclosing scope's."""
    found = _LOCALS.get(fn)
    if found is None:
        found = _LOCALS[fn] = frozenset(_find_local_names(fn))
    return found


def _find_local_names(fn: ast.AST) -> set[str]:
    names = {n.id for n in iter_nodes(fn) if isinstance(n, ast.Name)
             and isinstance(n.ctx, (ast.Store, ast.Del))}
    a = getattr(fn, "args", None)
    if isinstance(a, ast.arguments):
        names |= {p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg)
                  if p is not None}
    return names


def _pytree_class(closure: Closure, name: str) -> ClassObj | None:
    """The class of this module that `name`, read in `closure`'s body, names, when calling
    it builds an instance that is a pytree node of its own (a `NamedTuple`, a registered
    pytree class, an equinox module...): never the plain tuple or list JAX wants where it
    compares structures. None when the code does not show it (a `__new__` or a metaclass
    may build something else)."""
    v = _scope_var(closure, name)
    if v is None or len(v.fns) != 1 or not isinstance(v.fns[0], ClassObj):
        return None
    cls = v.fns[0]
    if cls.lookup("__new__") is not None or any(k.arg == "metaclass" for k in cls.node.keywords):
        return None
    return cls if cls.tuple_fields() is not None or cls.is_pytree() else None


def _scope_var(closure: Closure, name: str) -> Value | None:
    """The value `name` has where `closure`'s body reads it (its scope, then those around
    it, then its module's), when no binding of the function's own shadows it."""
    if name in _local_names(closure.func.node):
        return None
    scope = closure.scope
    while scope is not None:
        v = scope.vars.get(name)
        if v is not None:
            return v
        scope = scope.parent if scope.parent is not None else (
            scope.module if scope.module is not scope else None)
    return None


def _value_structure(v: Value | None) -> tuple | None:
    """The structure an evaluator's value shows: an array where it is a traced JAX value
    that holds no items, keys, functions or constant (what a fwd's residuals computed from
    the primal arguments are); None otherwise."""
    if v is None or not v.traced or v.items is not None or v.keys is not None or v.fns or (
            v.const is not NOCONST) or v.min_items:
        return None
    return ("array",)


def _dict_structure(v: Value | None) -> tuple | None:
    """The structure of a dict the evaluator holds with its keys known (they are exact: a
    key set on one path only makes them unknown), its entries not read; None for anything
    else. What a JVP rule returns unchanged (`return state, (ds["u"], ds["v"])` of the dict
    its caller passed) shows no structure in the rule's code."""
    if v is None or v.keys is None or v.items is None or v.fns or not all(
            _plain(k) for k in v.keys):
        return None
    return ("dict", frozenset(v.keys), tuple((k, None) for k in v.keys))


def _plain(k: object) -> bool:
    return type(k) in (str, int, bool, float)


def _method_of(base: Value, name: str) -> tuple[Closure, tuple[Value, ...]] | None:
    """The function `base.name` calls, for an instance of a class of the module, with the
    leading arguments bound to it: an attribute the object itself holds (a function, a
    bound method or partial assigned to it: `layer.adjoint = layer.input_only_adjoint`),
    else the class's, looked up along a chain of single bases (a diamond's order is not read
    here), bound to the object (nothing bound for a `staticmethod`). None for anything else
    (a property, a classmethod, an attribute not found, one of several values)."""
    if len(base.fns) != 1 or not isinstance(base.fns[0], Instance):
        return None
    obj = base.fns[0]
    if name in obj.attrs:
        v = obj.attrs[name]
        f = _function(v)
        if f is None:
            return None
        held = v.fns[0]
        return f, held.args if isinstance(held, Partial) else ()
    cls: ClassObj | None = obj.cls
    seen: set[int] = set()
    while cls is not None and id(cls) not in seen:
        seen.add(id(cls))
        held_by_class = cls.attrs.get(name)
        if held_by_class is not None:
            closures = [f for f in held_by_class.fns if isinstance(f, Closure)]
            rest = [f for f in held_by_class.fns if not isinstance(f, Closure)]
            if len(closures) != 1:
                return None
            if not rest:
                return closures[0], (Value(fns=(obj,)),)
            if len(rest) == 1 and isinstance(rest[0], Decorator) and (
                    rest[0].kind == "staticmethod"):
                return closures[0], ()
            return None
        parents = [f for b in cls.bases for f in b.fns if isinstance(f, ClassObj)]
        if len(parents) > 1:
            return None
        cls = parents[0] if parents else None
    return None


class _Reader:
    """The structure of what an expression of one function evaluates to, where the code
    shows it: ("seq", n, items, "tuple" or "list") for a tuple or list of n items, ("dict",
    keys, (key, structure) pairs) for a dict of constant keys, ("node", class name, namedtuple)
    for an instance of a pytree class of the module, ("none",), ("array",), or None when the
    code does not tell."""

    def __init__(self, fn: ast.AST, outputs: dict[str, tuple] | None = None,
                 closure: Closure | None = None, given: dict[str, Value] | None = None
                 ) -> None:
        #: the function read
        self.fn = fn
        #: the names bound once by `name = value`, and by unpacking (`a, x_star = res`)
        self.names, self.unpacked = _assignments(fn)
        #: the structure each name of a function returns (a call of it)
        self.outputs = outputs or {}
        #: the function read, when known: the classes its body names are looked up from it
        self.closure = closure
        #: what the evaluator passed some parameters, where it shows it (a bwd's residuals,
        #: as its fwd returned them; the object a method is bound to)
        self.given = given or {}
        #: the analysed module's tree, where the function is one of its own (`_free_length`
        #: reads its module-level lists)
        self.tree: ast.AST | None = None

    def callee(self, call: ast.Call) -> _Reader | None:
        """A reader of the function `call` calls, where the evaluator's values show which
        one: a function the rule's scope binds (`helper(res, g)`), or a method of an object
        it holds or is bound to (`op.backward(res, g)` of the instance a closure captured,
        `self.tangent(x, t)`), found in the instance's class as Python's attribute lookup
        finds it; with what the call passes it where that is known (the residuals, the
        object). None where the code or the values do not tell."""
        if self.closure is None or any(isinstance(a, ast.Starred) for a in call.args):
            return None
        f = call.func
        found: tuple[Closure, tuple[Value, ...]] | None = None
        if isinstance(f, ast.Name) and not self._local(f.id):
            v = _scope_var(self.closure, f.id)
            target = _function(v) if v is not None else None
            if v is not None and target is not None:
                held = v.fns[0]
                found = target, held.args if isinstance(held, Partial) else ()
        elif isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name):
            holder = f.value.id
            base = self.given.get(holder) if holder in self.given else (
                None if self._local(holder) else _scope_var(self.closure, holder))
            found = _method_of(base, f.attr) if base is not None else None
        if found is None:
            return None
        target, bound = found
        a = getattr(target.func.node, "args", None)
        if not isinstance(a, ast.arguments):
            return None
        params = [p.arg for p in (*a.posonlyargs, *a.args)]
        if len(bound) > len(params):
            return None
        given: dict[str, Value] = dict(zip(params, bound, strict=False))
        params = params[len(bound):]
        for p, arg in zip(params, call.args):
            v = self._value(arg)
            if v is None and isinstance(arg, ast.Name) and arg.id in self.given:
                v = self.given[arg.id]
            if v is not None:
                given[p] = v
        return _Reader(target.func.node, closure=target, given=given)

    def _local(self, name: str) -> bool:
        """`name` is bound in the function read (a parameter, an assignment)."""
        return name in self.given or name in self.names or name in self.unpacked or (
            self.closure is not None and name in _local_names(self.closure.func.node))

    def returned(self, depth: int = 0) -> tuple | None:
        """The structure every `return` of the function read shows, when they agree."""
        if self.closure is None:
            return None
        found = set()
        for value in _returns_in_order(self.closure.func.node):
            found.add(("none",) if value is None else self.structure(value, depth))
        return found.pop() if len(found) == 1 else None

    def _value(self, e: ast.expr, depth: int = 0) -> Value | None:
        """The evaluator's value of a parameter in `given`, or of a name unpacked from one
        (`a, x_star = res`: `res`'s first item), where it shows it."""
        if not isinstance(e, ast.Name) or depth > 4:
            return None
        if e.id in self.given:
            return self.given[e.id]
        if e.id in self.unpacked:
            whole, at, count = self.unpacked[e.id]
            v = self._value(whole, depth + 1)
            if v is not None and v.items is not None and v.keys is None and (
                    len(v.items) == count):
                return v.items[at]
        return None

    def _pullback_primals(self, func: ast.expr) -> list[ast.expr] | None:
        """For a name bound by unpacking what `jax.vjp(f, *primals)` returns (`out, f_vjp =
        jax.vjp(f, x)`, `has_aux=True` too): the primals, when written out. Calling that
        name gives a tuple of one cotangent per primal, each of its primal's structure."""
        if not isinstance(func, ast.Name) or func.id not in self.unpacked:
            return None
        made, at, count = self.unpacked[func.id]
        if at != 1 or not isinstance(made, ast.Call) or self._api(made.func) != "jax.vjp":
            return None
        aux = any(k.arg == "has_aux" and isinstance(k.value, ast.Constant)
                  and k.value.value is True for k in made.keywords)
        if count != (3 if aux else 2) or any(k.arg is None for k in made.keywords) or any(
                isinstance(a, ast.Starred) for a in made.args) or not made.args:
            return None
        return list(made.args[1:])

    def _api(self, e: ast.expr) -> str | None:
        """The JAX function a dotted expression names in the function's module (`vjp` of
        `from jax import vjp`, `jax.vjp`), by the evaluator's scope."""
        name = _dotted(e)
        if not name or self.closure is None:
            return None
        head, _, rest = name.partition(".")
        v = _scope_var(self.closure, head)
        if v is None or len(v.fns) != 1 or not isinstance(v.fns[0], Api):
            return None
        return v.fns[0].name + ("." + rest if rest else "")

    def structure(self, e: ast.expr | None, depth: int = 0) -> tuple | None:
        if e is None or depth > 4:
            return None
        if isinstance(e, (ast.Tuple, ast.List)):
            if any(isinstance(x, ast.Starred) for x in e.elts):
                return None
            return ("seq", len(e.elts), tuple(self.structure(x, depth + 1) for x in e.elts),
                    "list" if isinstance(e, ast.List) else "tuple")
        if isinstance(e, ast.Dict):
            keys = []
            for k in e.keys:
                if not isinstance(k, ast.Constant):
                    return None
                keys.append(k.value)
            values = tuple((k, self.structure(v, depth + 1)) for k, v in zip(keys, e.values))
            return ("dict", frozenset(keys), values)
        if isinstance(e, ast.Constant):
            if e.value is None:
                return ("none",)
            if isinstance(e.value, (int, float, complex)) and not isinstance(e.value, bool):
                return ("array",)
            return None
        if isinstance(e, ast.Name):
            bound = self.names.get(e.id)
            if bound is not None:
                return self.structure(bound, depth + 1)
            if e.id in self.unpacked:
                whole, at, count = self.unpacked[e.id]
                s = self.structure(whole, depth + 1)
                if s is not None and s[0] == "seq" and s[1] == count:
                    return s[2][at]
            return _value_structure(self._value(e))
        if isinstance(e, ast.UnaryOp) and isinstance(e.op, (ast.USub, ast.UAdd, ast.Invert)):
            return ("array",) if self._array(e.operand, depth) else None
        if isinstance(e, ast.BinOp):
            if isinstance(e.op, ast.Add):
                joined = self._concatenated(e, depth)
                if joined is not None:
                    return joined
                return ("array",) if (self._array(e.left, depth)
                                      or self._array(e.right, depth)) else None
            if isinstance(e.op, ast.Mult):
                repeated = self._repeated(e, depth)
                if repeated is not None:
                    return repeated
            if _is_seq_literal(e.left) or _is_seq_literal(e.right):
                return None
            sides = (self.structure(e.left, depth + 1), self.structure(e.right, depth + 1))
            if any(s is not None and s[0] == "seq" for s in sides):
                return None
            return ("array",)
        if isinstance(e, ast.Attribute) and e.attr in ("T", "real", "imag", "mT"):
            return ("array",)
        if isinstance(e, ast.Subscript) and not isinstance(e.slice, ast.Slice):
            return self._item(e, depth)
        if isinstance(e, ast.Call):
            name = _dotted(e.func)
            if name in self.outputs:
                return self.outputs[name]
            built = self._built_sequence(e, depth)
            if built is not None:
                return built
            primals = self._pullback_primals(e.func)
            if primals is not None:  # (a cotangent has its primal's structure)
                return ("seq", len(primals), tuple(self.structure(p, depth + 1)
                                                   for p in primals), "tuple")
            if isinstance(e.func, ast.Name) and self.closure is not None:
                cls = _pytree_class(self.closure, e.func.id)
                if cls is not None:
                    return ("node", cls.name, cls.tuple_fields() is not None)
            if isinstance(e.func, ast.Name) and e.func.id in self.given:
                held = self.given[e.func.id]  # a parameter bound to a function (a partial's)
                name = held.fns[0].name if len(held.fns) == 1 and isinstance(
                    held.fns[0], Api) else ""
            last = name.rsplit(".", 1)[-1]
            if name.startswith(_ARRAY_MODULES) and (
                    last not in _NOT_ONE_ARRAY or _one_array_form(last, e)):
                return ("array",)
            if name.startswith(("lax.", "jax.lax.")) and last in _LAX_ONE_ARRAY:
                return ("array",)
            if isinstance(e.func, ast.Attribute) and e.func.attr in _ARRAY_METHODS \
                    and not name.startswith(("jax.", "lax.")):
                return ("array",) if e.func.attr != "T" else None
            inner = self.callee(e)
            if inner is not None:
                return inner.returned(depth + 1)
        return None

    def _repeated(self, e: ast.BinOp, depth: int) -> tuple | None:
        """`seq * n` (or `n * seq`) of a sequence the code shows and an integer `n` it pins
        down (`(g,) * arity`, `arity` a literal or a name of the scope around): its items `n`
        times over; None when either is not known (a free name is read as the evaluator's
        scope holds it when the rule runs: Python's late binding)."""
        for seq, times in ((e.left, e.right), (e.right, e.left)):
            s = self.structure(seq, depth + 1) if _is_seq_literal(seq) or isinstance(
                seq, ast.Name) else None
            if s is None or s[0] != "seq":
                continue
            n = self._int(times, depth)
            if n is None:
                return None
            n = max(n, 0)
            return ("seq", s[1] * n, s[2] * n, s[3])
        return None

    def _item(self, e: ast.Subscript, depth: int) -> tuple | None:
        """`seq[i]` of a sequence the code shows and an integer constant `i` (`(t,)[0]`, a
        tuple literal indexed where it is built): that item's structure; None for anything
        else (an array indexed is not read here: `x[0]` of an unknown `x` may be a pytree's
        item)."""
        s = self.structure(e.value, depth + 1)
        if s is None or s[0] != "seq":
            return None
        at = self._int(e.slice, depth)
        if at is None or not -s[1] <= at < s[1]:
            return None
        return s[2][at]

    def _concatenated(self, e: ast.BinOp, depth: int) -> tuple | None:
        """`a + b` of two sequences of one kind (`grads + (g_x,)`): the sequence of their items
        in order; None when either is not one."""
        left = self.structure(e.left, depth + 1)
        if left is None or left[0] != "seq":
            return None
        right = self.structure(e.right, depth + 1)
        if right is None or right[0] != "seq" or right[3] != left[3]:
            return None
        return ("seq", left[1] + right[1], left[2] + right[2], left[3])

    def _builtin(self, call: ast.expr | None, names: tuple[str, ...]) -> str | None:
        """Which of the builtins `names` the call `call` calls (not one the function or its
        scopes bind to something else), else None."""
        if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Name):
            return None
        name = call.func.id
        if name not in names or call.keywords or self.closure is None or (
                name in _local_names(self.closure.func.node)
                or _scope_var(self.closure, name) is not None):
            return None
        return name

    def _built_sequence(self, call: ast.Call, depth: int) -> tuple | None:
        """`tuple(x)` / `list(x)` of the builtins: a sequence of as many items as `x` holds,
        where that is known (a generator over `res[:n]`, one item per item it runs over)."""
        kind = self._builtin(call, ("tuple", "list"))
        if kind is None or len(call.args) != 1:
            return None
        arg = call.args[0]
        if isinstance(arg, (ast.GeneratorExp, ast.ListComp)):
            gens = arg.generators
            if len(gens) != 1 or gens[0].ifs or gens[0].is_async:
                return None
            n = self._length(gens[0].iter, depth + 1)
            return None if n is None else ("seq", n, (None,) * n, kind)
        n = self._length(arg, depth + 1)
        return None if n is None else ("seq", n, (None,) * n, kind)

    def _length(self, e: ast.expr, depth: int) -> int | None:
        """How many items the sequence `e` holds, where the code or the evaluator shows it:
        a literal, a residual the fwd returned, a slice of one by constant bounds (`res[:n]`
        of a factory's `n`)."""
        if depth > 4:
            return None
        if isinstance(e, ast.Name) and e.id in self.names:
            bound = self.names[e.id]
            if not isinstance(bound, (ast.Subscript, ast.Tuple, ast.Name)):
                return None  # (a list literal may grow: `grads = []`, then `append`)
            return self._length(bound, depth + 1)
        if isinstance(e, ast.List):
            return None
        if isinstance(e, ast.Tuple):
            return None if any(isinstance(x, ast.Starred) for x in e.elts) else len(e.elts)
        if self._builtin(e, ("reversed", "tuple", "list")) is not None and len(
                e.args) == 1:  # type: ignore[attr-defined]
            # (`reversed(outs[:n])`: as many items as its argument holds)
            return self._length(e.args[0], depth + 1)  # type: ignore[attr-defined]
        if self._builtin(e, ("range",)) is not None:  # `range(n)` of known bounds
            ends = [self._int(b, depth) for b in e.args]  # type: ignore[attr-defined]
            known = [b for b in ends if b is not None]
            if not 1 <= len(known) == len(ends) <= 3 or (len(known) == 3 and known[2] == 0):
                return None
            return len(range(*known))
        if isinstance(e, ast.Subscript) and isinstance(e.slice, ast.Slice):
            n = self._length(e.value, depth + 1)
            bounds = [None if b is None else self._int(b)
                      for b in (e.slice.lower, e.slice.upper, e.slice.step)]
            if n is None or any(b is None and a is not None for a, b in zip(
                    (e.slice.lower, e.slice.upper, e.slice.step), bounds, strict=True)) or (
                    bounds[2] == 0):
                return None
            return len(range(n)[slice(*bounds)])
        if isinstance(e, ast.Name) and not self._local(e.id):
            n = self._free_length(e.id)
            if n is not None:
                return n
        s = self.structure(e, depth + 1)
        if s is not None and s[0] == "seq":
            return int(s[1])
        v = self._value(e)
        if v is not None and v.items is not None and v.keys is None:
            return len(v.items)
        return None

    def _free_length(self, name: str) -> int | None:
        """How many items a list of the analysed module's top level holds that the function
        reads (`for p in PARAMS`, `names = PARAMS`), as the evaluator holds it, where the list
        was built fresh and is only read (`fresh_lists.unaliased`: nothing can have changed
        its length); None otherwise."""
        if self.tree is None or self.closure is None:
            return None
        scope = self.closure.scope
        while scope is not None and scope.module is not scope:
            if name in scope.vars:
                return None  # (a local of an enclosing function)
            scope = scope.parent if scope.parent is not None else scope.module
        v = scope.vars.get(name) if scope is not None else None
        if v is None or v.items is None or v.keys is not None or v.fns or not (
                fresh_lists.unaliased(self.tree, name)):
            return None
        return len(v.items)

    def _int(self, e: ast.expr, depth: int = 0) -> int | None:
        """The integer constant `e` is (a literal, a name of an enclosing scope or the module
        bound to one, a local bound once to `len(x)` of a sequence of known length), else
        None (not False: compiled, `int | bool` is an unboxed int, and False would be 0)."""
        if isinstance(e, ast.UnaryOp) and isinstance(e.op, ast.USub):
            inner = self._int(e.operand, depth)
            return None if inner is None else -inner
        if isinstance(e, ast.Name) and depth <= 4 and self._builtin(
                bound := self.names.get(e.id), ("len",)) is not None:
            args = bound.args  # type: ignore[union-attr]
            n = self._length(args[0], depth + 1) if len(args) == 1 else None
            return n
        c: object = NOCONST
        if isinstance(e, ast.Constant):
            c = e.value
        elif isinstance(e, ast.Name) and self.closure is not None and e.id not in self.names \
                and e.id not in self.unpacked:
            v = _scope_var(self.closure, e.id)
            c = v.const if v is not None else NOCONST
        return c if isinstance(c, int) and not isinstance(c, bool) else None

    def _array(self, e: ast.expr, depth: int) -> bool:
        s = self.structure(e, depth + 1)
        return s is not None and s[0] == "array"


def _output_structure(closure: Closure) -> tuple | None:
    """The structure every `return` of the function shows, if they agree."""
    fn = closure.func.node
    reader = _Reader(fn, closure=closure)
    found = {reader.structure(r) for r in _returns_in_order(fn)}
    if len(found) != 1:
        return None
    only = found.pop()
    return _shallow(only) if only is not None else None


def _shallow(s: tuple) -> tuple:
    """A structure without its items' (what the comparisons below read)."""
    return ("seq", s[1], s[2], s[3]) if s[0] == "seq" else s


def mismatch(a: tuple | None, b: tuple | None) -> bool:
    """Whether two structures visibly differ (unknown parts differ from nothing)."""
    if a is None or b is None or a[0] == "none" or b[0] == "none":
        return False
    if a[0] != b[0]:
        return True
    if a[0] == "seq":  # (a list and a tuple are different pytree nodes)
        return a[1] != b[1] or a[3] != b[3] or any(mismatch(x, y) for x, y in zip(a[2], b[2]))
    if a[0] == "dict":
        if a[1] != b[1]:
            return True
        theirs = dict(b[2])
        return any(mismatch(v, theirs[k]) for k, v in a[2] if k in theirs)
    if a[0] == "node":
        return a[1] != b[1]
    return False


def _describe(s: tuple) -> str:
    if s[0] == "seq":
        return f"a {s[3]} of {_plural(s[1], 'item')}"
    if s[0] == "dict":
        return "a dict"
    if s[0] == "none":
        return "`None`"
    if s[0] == "node":
        return f"a NamedTuple `{s[1]}`" if s[2] else f"an instance of the pytree class `{s[1]}`"
    return "a bare array"


def _entry_difference(a: tuple, b: tuple) -> str:
    """For two dicts of the same keys: which entry's structures differ, and how."""
    if a[0] != "dict" or b[0] != "dict" or a[1] != b[1]:
        return ""
    theirs = dict(b[2])
    for k, v in a[2]:
        w = theirs.get(k)
        if v is not None and w is not None and mismatch(v, w):
            return f" at the key {k!r} ({_describe(v)}, then {_describe(w)})"
    return ""


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# -- the checks ----------------------------------------------------------------------------


def _arity_wrong(ev: Any, rule: Value | None, given: int, role: str, c: CustomFn,
                 level: Level, node: ast.AST, gate: list | None = None) -> bool:
    """JAX016 for a rule that cannot take `given` positional arguments; whether reported
    (`gate`: held until a condition is met, see `decisions.report`)."""
    closure = _closure(rule, ev.module)
    if closure is None:
        return False
    arity = _arity(closure.func.node)
    bound = _bound(rule)
    if arity is None or arity[0] <= given + bound <= arity[1]:
        return False
    arity = (max(arity[0] - bound, 0), arity[1] - bound)
    qualname = _qualname(rule, closure)
    fewest, most = arity
    takes = (f"takes {_plural(fewest, 'positional argument')}" if fewest == most
             else f"takes {fewest} to {most} positional arguments" if most != float("inf")
             else f"needs at least {_plural(fewest, 'positional argument')}")
    fname = c.name or "the custom function"
    detail = (f"{takes} where JAX passes {role} ({given}) when it differentiates `{fname}`")
    ev.report("JAX016", _head(closure.func.node), level, closure.func.name or "rule",
              (), deferred=level.mode == REVERSE, rejected=detail, gate=gate,
              **_elsewhere(closure, ev.module, node),
              jax_says=None if qualname is None else _python_says(
                  closure.func.node, qualname, given + bound))
    return True


def _qualname(rule: Value | None, closure: Closure) -> str | None:
    """The name Python's `TypeError` gives the rule (its `__qualname__`): a method's is its
    class's name and its own, when the instance it is bound to has the method in its own
    class body; None when the code does not show it."""
    name = closure.func.name or "<lambda>"
    if not _bound(rule):
        outer = _enclosing_qualname(closure.scope)
        return None if outer is None else outer + name
    this = rule.fns[0].args[0] if rule is not None else None  # type: ignore[union-attr]
    for inst in getattr(this, "fns", ()):
        if isinstance(inst, Instance) and closure.func.node in inst.cls.node.body:
            return f"{inst.cls.name}.{name}"
    return None


def _enclosing_qualname(scope: Any) -> str | None:
    """The `__qualname__` prefix of a function defined in `scope`: "" at module level,
    `outer.<locals>.` inside a function `outer` (the functions around it too); None inside
    a class body or a comprehension, whose names the evaluator's scopes do not carry."""
    parts: list[str] = []
    while scope is not None and scope.module is not scope:
        fi = scope.func
        if fi is None or not isinstance(fi.node, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                  ast.Lambda)):
            return None
        parts.append(f"{fi.name or '<lambda>'}.<locals>.")
        scope = scope.parent
    return "".join(reversed(parts))


def _python_says(fn: ast.AST, name: str, given: int) -> str:
    """The `TypeError` Python raises when `fn` is called with `given` positional arguments."""
    a = fn.args  # type: ignore[attr-defined]
    params = [p.arg for p in (*a.posonlyargs, *a.args)]
    fewest = len(params) - len(a.defaults)
    if given < fewest:
        missing = [f"'{p}'" for p in params[given:fewest]]
        names = (missing[0] if len(missing) == 1 else
                 f"{missing[0]} and {missing[1]}" if len(missing) == 2 else
                 ", ".join(missing[:-1]) + f", and {missing[-1]}")
        return (f"{name}() missing {_plural(len(missing), 'required positional argument')}: "
                f"{names}")
    takes = (str(len(params)) if fewest == len(params) else f"from {fewest} to {len(params)}")
    word = "argument" if takes == "1" else "arguments"
    return (f"{name}() takes {takes} positional {word} but {given} "
            f"{'was' if given == 1 else 'were'} given")


def _positional_count(c: CustomFn, args: Args) -> int | None:
    """How many primal arguments JAX passes the rules: it binds the call to the function's
    signature and applies its defaults (measured under JAX 0.10.2: `f(x)` of `def f(x,
    y=2.0)` wants two cotangents), so the count is the signature's, when the code shows it."""
    if args.star is not None or args.dstar is not None or c.nondiff_unknown:
        return None
    primal = _function(c.primal)
    if primal is None:
        return None
    a = getattr(primal.func.node, "args", None)
    if not isinstance(a, ast.arguments) or a.kwonlyargs:
        return None
    n = len(a.posonlyargs) + len(a.args) - _bound(c.primal)
    if a.vararg is not None:
        # a `*args` function: every argument the call passes is a primal input (measured:
        # `f(a, b, c)` of `def f(*xs)` wants three cotangents)
        return len(args.pos) if not args.kw and len(args.pos) >= n else None
    return n if len(args.pos) + len(args.kw) <= n else None


def _fewest_through_varargs(c: CustomFn, args: Args) -> int | None:
    """The fewest primal arguments JAX passes the rules when the call spreads a sequence of
    unknown length but a known least one (`solve(fn, x0, *consts)` with `closure_convert`'s
    constants, `Value.min_items`) into the function's `*args`; None otherwise."""
    star = args.star
    if star is None or not star.min_items or args.dstar is not None or args.kw or (
            c.nondiff_unknown):
        return None
    primal = _function(c.primal)
    a = getattr(primal.func.node, "args", None) if primal is not None else None
    if not isinstance(a, ast.arguments) or a.vararg is None or a.kwonlyargs or a.defaults:
        return None
    if len(args.pos) < len(a.posonlyargs) + len(a.args) - _bound(c.primal):
        return None  # (the spread fills named parameters first)
    return len(args.pos) + star.min_items


def check_vjp(ev: Any, c: CustomFn, args: Args, level: Level, node: ast.AST,
              residuals: Value | None = None, reached: dict | None = None,
              bwd_gate: list | None = None) -> None:
    """After reverse mode ran `c`'s fwd and bwd: JAX016 (fwd, then bwd), else JAX014.
    `residuals`: what the fwd returned as its residuals, where the evaluator shows it (the
    structure of a residual the bwd returns, or pulls back through `jax.vjp`); `reached`:
    the `return`s the bwd's run reached (`_returns_reached`); `bwd_gate`: where the bwd's
    findings wait until JAX is known to run it (its output's cotangent is not zero)."""
    n = _positional_count(c, args)
    fewest = None if n is not None else _fewest_through_varargs(c, args)
    if fewest is not None:
        n = fewest
    if n is None:
        return
    nondiff = len({i for i in c.nondiff if i < n})
    if fewest is None and _arity_wrong(ev, c.fwd, n, "the primal arguments", c, level, node):
        return
    if _arity_wrong(ev, c.bwd, nondiff + 2,
                    "the nondiff arguments, the residuals and the cotangent", c, level, node,
                    bwd_gate):
        return
    closure = _closure(c.bwd, ev.module)
    if closure is None:
        return
    fn = closure.func.node
    a = getattr(fn, "args", None)
    params = [p.arg for p in (*a.posonlyargs, *a.args)] if isinstance(a, ast.arguments) else []
    at = _bound(c.bwd) + nondiff  # (the nondiff arguments, the residuals, the cotangent)
    given = {params[at]: residuals} if residuals is not None and at < len(params) else {}
    given.update(_bound_given(c.bwd, fn))
    reader = _Reader(fn, closure=closure, given=given)
    if closure.func.module is ev.main:
        reader.tree = ev.tree
    for _ in range(3):
        # a bwd that only hands its work on (`return op.backward(res, g)`): the function it
        # calls returns the cotangents, and is where a wrong `return` is written
        rets = _returns_in_order(fn)
        inner = reader.callee(rets[0]) if len(rets) == 1 and isinstance(
            rets[0], ast.Call) else None
        if inner is None or inner.closure is None:
            break
        reader, closure, fn = inner, inner.closure, inner.closure.func.node
    wanted = n - nondiff
    wrong = []
    for ret, value, got in _returns_reached(fn, reached):
        s = reader.structure(value)
        if value is None:
            s = ("none",)
        if s is None and _exact_sequence(value, reader):
            s = _evaluated_length(got)
        if s is None or (s[0] == "seq" and (s[1] >= wanted if fewest is not None
                                            else s[1] == wanted)):
            return  # a return that may be right: JAX may never see a wrong one
        wrong.append((ret, s))
    if not wrong:
        return
    ret, s = wrong[0]
    fname = c.name or "the custom_vjp function"
    needs = _plural(wanted, 'cotangent') if fewest is None else (
        f"at least {_plural(wanted, 'cotangent')} (the constants `closure_convert` hoisted "
        f"are arguments too)")
    detail = (f"returns {_describe(s)} (line {ret.lineno}) where JAX needs a tuple of "
              f"{needs}, one per differentiable argument of `{fname}`")
    ev.report("JAX014", _head(fn), level, closure.func.name or "bwd", (),
              deferred=True, rejected=detail, gate=bwd_gate,
              **_elsewhere(closure, ev.module, node))


def _mentions(e: ast.AST, names: set[str]) -> bool:
    return any(isinstance(n, ast.Name) and n.id in names for n in iter_nodes(e))


def _tangent_names(fn: ast.AST, tangent_params: list[str]) -> set[str]:
    """The names of `fn` whose value the code computes from its tangent parameters."""
    tainted = set(tangent_params)
    changed = True
    while changed:
        changed = False
        for n in iter_nodes(fn):
            if isinstance(n, (ast.Assign, ast.AnnAssign, ast.AugAssign)) and n.value is not None \
                    and _mentions(n.value, tainted):
                targets = n.targets if isinstance(n, ast.Assign) else [n.target]
                for t in targets:
                    for name in iter_nodes(t):
                        if isinstance(name, ast.Name) and name.id not in tainted:
                            tainted.add(name.id)
                            changed = True
    return tainted


#: attributes of an array that are its metadata, known without its values
_METADATA_ATTRIBUTES = frozenset({
    "shape", "ndim", "dtype", "size", "itemsize", "nbytes", "aval", "weak_type", "sharding",
})
#: JAX/NumPy functions whose result reads only their first argument's shape and dtype
#: (measured under JAX 0.10.2: `y + jnp.zeros_like(t)`, `y * jnp.full_like(t, 2.0)` in a JVP
#: rule's primal output, and `t.shape[0]`, differentiate in reverse mode)
_METADATA_OF_FIRST = frozenset({
    "zeros_like", "ones_like", "empty_like", "full_like", "shape", "ndim", "size",
    "result_type", "issubdtype", "finfo", "iinfo",
})


#: the namespaces of JAX's and NumPy's array functions (each result reads its arguments'
#: values); other functions (`jax.jvp`, a transform returning primal and tangent apart) are
#: not read
_ARRAY_NAMESPACES = ("jax.numpy.", "jax.lax.", "jax.nn.", "jax.scipy.", "numpy.")


def _reads(e: ast.AST, tainted: set[str], reader: _Reader) -> bool | None:
    """Whether the value of `e` is computed from the values of the names in `tainted`
    (their metadata aside: `t.shape`, `jnp.zeros_like(t)`); None where the code does not show
    it (a call of a function that is not JAX's or an array method: it may read only shapes)."""
    if isinstance(e, ast.Name):
        return e.id in tainted
    if isinstance(e, ast.Attribute):
        return False if e.attr in _METADATA_ATTRIBUTES else _reads(e.value, tainted, reader)
    if isinstance(e, ast.Lambda):
        return False
    if isinstance(e, ast.Call):
        args: list[ast.AST] = [*e.args, *(k.value for k in e.keywords)]
        if isinstance(e.func, ast.Attribute) and not _dotted(e.func):
            # a method of a computed value: `(t * 2).sum()` reads it; `super().rule(p, t)` or
            # `make().f(t)` may read only shapes
            if e.func.attr in _METADATA_ATTRIBUTES:
                return False
            receiver = _reads(e.func.value, tainted, reader)
            if receiver is not False:
                return receiver
            return None if any(_reads(x, tainted, reader) is not False for x in args) else False
        elif isinstance(e.func, ast.Attribute) and isinstance(e.func.value, ast.Name) and (
                e.func.value.id in tainted):
            # a method of a tangent (`t.astype(...)`, `t.sum()`): reads it
            return e.func.attr not in _METADATA_ATTRIBUTES or None
        else:
            api = reader._api(e.func)
            if api is None or not api.startswith(_ARRAY_NAMESPACES):
                # a function of the program (or of another library): it may read only shapes
                found = [_reads(x, tainted, reader) for x in (e.func, *args)]
                return None if any(f is not False for f in found) else False
            if api.rpartition(".")[2] in _METADATA_OF_FIRST and e.args:
                args = args[1:]
        found = [_reads(x, tainted, reader) for x in (e.func, *args)]
        return True if True in found else (None if None in found else False)
    found = [_reads(x, tainted, reader) for x in child_nodes(e)]
    return True if True in found else (None if None in found else False)


def _primal_reads_tangents(closure: Closure, fn: ast.AST, tangent_params: list[str],
                           live: list[bool], reached: dict | None
                           ) -> ast.Return | ast.Lambda | None:
    """The first `return` of a JVP rule whose primal output is computed from the tangents'
    values, when every `return` JAX gets a value from does so (`_returns_reached`): the
    names read are those bound from the tangents by the statements of the rule's body itself
    (not nested in a branch or loop, which may not run) before that `return` (`(x,), (t,) =
    primals, tangents` binds `t` only). `live`: which tangents carry the level's (the others
    are zeros JAX makes, known without the tangents): the tangents' tuple is read whole only
    when all are, else item by item where the rule unpacks it. None otherwise."""
    body = getattr(fn, "body", None)
    if not isinstance(body, list) or not tangent_params:
        return None
    reader = _Reader(fn, closure=closure)
    found = None
    for ret, value, _ in _returns_reached(fn, reached):
        if isinstance(value, ast.Name) and value.id in reader.names:
            value = reader.names[value.id]
        if not (isinstance(value, (ast.Tuple, ast.List)) and len(value.elts) == 2):
            return None
        tainted = set(tangent_params) if all(live) else set()
        for stmt in body:
            if stmt.lineno >= ret.lineno:
                break
            if isinstance(stmt, ast.Assign):
                for t in stmt.targets:
                    _taint(t, stmt.value, tainted, reader, tangents=(tangent_params[0], live))
            elif isinstance(stmt, (ast.AnnAssign, ast.AugAssign)) and stmt.value is not None:
                if isinstance(stmt, ast.AugAssign):
                    _taint(stmt.target, stmt.value, tainted, reader, keep=True)
                else:
                    _taint(stmt.target, stmt.value, tainted, reader)
        if _reads(value.elts[0], tainted, reader) is not True:
            return None
        found = found or ret
    return found


def _taint(target: ast.AST, value: ast.AST, tainted: set[str], reader: _Reader,
           keep: bool = False, tangents: tuple[str, list[bool]] | None = None) -> None:
    """Bind `target` to `value` in `tainted` (the names computed from the tangents): a
    tuple target from a tuple value item by item; a name when the value reads them (dropped
    when it surely does not, unless `keep`: an augmented assignment also reads the target).
    `tangents`: the rule's tangents parameter and which of its items carry a tangent (a
    tuple target unpacking it binds each name by its item). A tuple target unpacking any
    other value (`y, dy = jax.jvp(f, (x,), (t,))`) is not read: its items may differ."""
    if isinstance(target, (ast.Tuple, ast.List)) and isinstance(value, (ast.Tuple, ast.List)) \
            and len(target.elts) == len(value.elts) and not any(
                isinstance(x, ast.Starred) for x in (*target.elts, *value.elts)):
        for t, v in zip(target.elts, value.elts):
            _taint(t, v, tainted, reader, keep, tangents)
        return
    if isinstance(target, (ast.Tuple, ast.List)):
        if tangents is not None and isinstance(value, ast.Name) and value.id == tangents[0] \
                and len(target.elts) == len(tangents[1]):
            for t, live in zip(target.elts, tangents[1]):
                if isinstance(t, ast.Name):
                    (tainted.add if live else tainted.discard)(t.id)
                else:
                    for name in iter_nodes(t):
                        if isinstance(name, ast.Name):
                            tainted.discard(name.id)
            return
        reads = None if _reads(value, tainted, reader) is not False else False
    else:
        reads = _reads(value, tainted, reader)
    for name in iter_nodes(target):
        if isinstance(name, ast.Name):
            if reads is True or (reads is None and name.id in tainted):
                tainted.add(name.id)
            elif not keep:
                tainted.discard(name.id)


def _called_lambda_body(value: ast.expr | None, reader: _Reader) -> ast.expr | None:
    """What a rule returning `(lambda p, t: (p, [t]))(...)` returns: the lambda's body, read
    with the rule's own names, when the lambda takes plain positional parameters none of which
    shadows a name the rule binds (the body's names are then its parameters, not known)."""
    for _ in range(4):
        if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Lambda)):
            break
        a = value.func.args
        if a.vararg or a.kwarg or a.kwonlyargs or a.posonlyargs:
            break
        if any(p.arg in reader.names or p.arg in reader.unpacked or p.arg in reader.given
               for p in a.args):
            break
        value = value.func.body
    return value


def check_jvp(ev: Any, c: CustomFn, args: Args, level: Level, node: ast.AST,
              out: Value | None, reached: dict | None = None) -> None:
    """After a JVP ran `c`'s rule (`out`, what it returned; `reached`, the `return`s its run
    reached: `_returns_reached`): JAX016, else JAX015."""
    if level.mode == TRANSPOSE:
        return
    n = _positional_count(c, args)
    if n is None:
        return
    if c.jvp_rule is None:
        for i, jf in enumerate(c.jvps or ()):
            # JAX calls the function of each argument whose tangent is not a symbolic zero
            if i < n and level in args.pos[i].tan and _arity_wrong(
                    ev, jf, n + 2, "the tangent, the primal output and the primals", c, level,
                    node):
                return
        return
    nondiff = len({i for i in c.nondiff if i < n})
    if _arity_wrong(ev, c.jvp_rule, nondiff + 2,
                    "the nondiff arguments, the primals and the tangents", c, level, node):
        return
    closure = _closure(c.jvp_rule, ev.module)
    if closure is None:
        return
    fn = closure.func.node
    primal = _closure(c.primal, ev.module)
    outputs = {}
    if primal is not None:
        shown = _output_structure(primal)
        if shown is not None:
            outputs = {name: shown for name in {c.name, primal.func.name} if name}
    reader = _Reader(fn, outputs, closure, _bound_given(c.jvp_rule, fn))
    fname = c.name or "the custom_jvp function"
    pairs: list[tuple[ast.Return | ast.Lambda, tuple | None, tuple | None]] = []
    for ret, value, gave in _returns_reached(fn, reached):
        if isinstance(value, ast.Name) and value.id in reader.names:
            value = reader.names[value.id]
        value = _called_lambda_body(value, reader)
        if not (isinstance(value, (ast.Tuple, ast.List)) and len(value.elts) == 2):
            pairs = []
            break
        # what the code does not show, the run's value may (a dict the rule got and returns)
        gave_pair = (gave.items if gave is not None and gave.keys is None
                     and gave.items is not None and len(gave.items) == 2 else (None, None))
        pairs.append((ret, reader.structure(value.elts[0]) or _dict_structure(gave_pair[0]),
                      reader.structure(value.elts[1]) or _dict_structure(gave_pair[1])))
    if pairs and all(mismatch(p, t) for _, p, t in pairs):
        ret, ps, ts = pairs[0]
        assert ps is not None and ts is not None
        # JAX names the function by its `__name__` (a bound method's is its function's)
        primal_name = c.name or (primal.func.name if primal is not None and _bound(
            c.primal) else None)
        detail = (f"returns a primal output of {_describe(ps)} and a tangent output of "
                  f"{_describe(ts)}{_entry_difference(ps, ts)} (line {ret.lineno}): they must "
                  "have the same structure")
        ev.report("JAX015", _head(fn), level, closure.func.name or "jvp rule", (),
                  rejected=detail, **_elsewhere(closure, ev.module, node),
                  jax_says=f"Custom JVP rule {closure.func.name} for function {primal_name} "
                  "must produce primal and tangent outputs with equal container (pytree) "
                  "structures" if closure.func.name and primal_name else None)
        return
    # the primal output computed from the tangents
    raises = level.mode == REVERSE or level.batched or level.name.endswith("linearize")
    if not raises or out is None or out.items is None or len(out.items) != 2:
        return
    a = getattr(fn, "args", None)
    params = [p.arg for p in (*a.posonlyargs, *a.args)] if isinstance(a, ast.arguments) else []
    if level.tangent_mark not in out.items[0].tan:
        # no tangent reaches the primal output, but its value may still be read off the
        # tangents (`jnp.where(jnp.isfinite(t), y, 0.0)`, `stop_gradient(t)`, `sign(t)`)
        rest = [i for i in range(n) if i not in c.nondiff]
        live = [i < len(args.pos) and level in args.pos[i].tan for i in rest]
        at_read = _primal_reads_tangents(closure, fn, params[-1:], live, reached)
        if at_read is None:
            return
        says = BATCHED_PRIMAL if level.batched and level.mode != REVERSE else LINEARIZATION_FAILED
        ev.report("JAX015", _head(fn), level, closure.func.name or "jvp rule", (),
                  jax_says=says, **_elsewhere(closure, ev.module, node),
                  rejected=f"computes its primal output from the values of the tangents of "
                  f"`{fname}` (line {at_read.lineno})")
        return
    if reached and any(v is None or v.items is None or len(v.items) != 2 or (
            level.tangent_mark not in v.items[0].tan) for v in reached.values()):
        return  # a return whose primal is known (a branch on a dtype the analysis lacks)
    tainted = _tangent_names(fn, params[-1:])
    rets = list(zip(_return_nodes(fn), _returns_in_order(fn)))
    at = next((r for r, v in rets if isinstance(v, (ast.Tuple, ast.List)) and v.elts
               and _mentions(v.elts[0], tainted)), rets[0][0] if rets else closure.func.node)
    says = BATCHED_PRIMAL if level.batched and level.mode != REVERSE else LINEARIZATION_FAILED
    ev.report("JAX015", _head(fn), level, closure.func.name or "jvp rule", (),
              jax_says=says, **_elsewhere(closure, ev.module, node),
              rejected=f"computes its primal output from the tangents of `{fname}` "
              f"(line {at.lineno})")

