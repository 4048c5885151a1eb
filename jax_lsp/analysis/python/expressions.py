"""Python's expressions as Python evaluates them, over abstract values.

Names, operators (with their dunders), subscripts, comprehensions, imports of user modules and
attribute lookup. Calls are dispatched by `calls`, JAX's API by `jax_calls`.
"""

from __future__ import annotations

import ast
import inspect
import itertools
import math
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from jax_lsp.analysis import array_facts
from jax_lsp.analysis.compiled import trait
from jax_lsp.analysis.interp_state import (
    MAX_DEPTH_ITEMS,
    MAX_ITEMS,
    MAX_UNROLL,
    MODULE_ROOT,
    Args,
    Ctx,
    Scope,
)
from jax_lsp.analysis.limits import Limit
from jax_lsp.analysis.python import (
    argparse_values,
    computed_names,
    concurrency,
    config_parsers,
    constant_builtins,
    context_vars,
    enums,
    environment_reads,
    fresh_dicts,
    generators,
    load_sharing,
    mapping_views,
    object_lists,
    platform_facts,
    schedulers,
    single_dispatch,
    truth_protocol,
)
from jax_lsp.analysis.python.hooks import HOOKS
from jax_lsp.analysis.python.scopes import comprehension_info
from jax_lsp.analysis.python.shared import EvaluatorShared
from jax_lsp.analysis.syntax import child_nodes
from jax_lsp.analysis.values import (
    EMPTY,
    MAYBE_NONE,
    NOCONST,
    NONE_VALUE,
    UNKNOWN,
    Api,
    ArrayMethod,
    ClassObj,
    Closure,
    CustomFn,
    Decorator,
    Instance,
    LazyName,
    MethodCaller,
    ModuleInfo,
    Partial,
    RuleSetter,
    SuperOf,
    UserModule,
    Value,
    Wrapper,
    batch_marks,
    derived,
    inherit_marks,
    is_python_number,
    join,
    literal,
    merged_dict,
    plain,
    without_arrays_only,
)

if TYPE_CHECKING:
    from jax_lsp.analysis.interp import Interpreter

_MAX_MODULES = 64
#: how many re-exports (`from .table import TABLE` in a package's `__init__`) an imported
#: name is followed through to the module defining it
MAX_REEXPORTS = 8


@lru_cache(maxsize=4096)
def _api_attribute(api: str, name: str) -> Value:
    """`name` read from the outside module or function `api` (`jnp` . `where`): an API
    function, whatever tangent the module value carries. Cached: most of a module's
    expressions read one. A float constant of `math` or NumPy (`np.pi`) is its value."""
    qual = HOOKS.canonical(f"{api}.{name}")
    if qual in FLOAT_CONSTANTS:
        return Value(const=FLOAT_CONSTANTS[qual])
    if qual in PARAMETER_KINDS:
        return Value(const=PARAMETER_KINDS[qual])
    return Value(fns=(Api(qual),))


#: the float constants `math`, NumPy and `jax.numpy` define, by canonical name (Python floats
#: in each: `type(np.pi) is float`)
FLOAT_CONSTANTS: dict[str, float] = {
    f"{mod}.{name}": value
    for mod in ("math", "numpy", "jax.numpy")
    for name, value in (("pi", math.pi), ("e", math.e), ("inf", math.inf))
} | {"math.tau": math.tau}

#: `inspect.Parameter`'s kinds, Python's own objects (an enum's members: `p.kind is
#: inspect.Parameter.VAR_KEYWORD` of a parameter `jax/signatures.py` models is decided)
PARAMETER_KINDS: dict[str, inspect._ParameterKind] = {
    f"inspect.Parameter.{k.name}": k
    for k in (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD,
              inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.KEYWORD_ONLY,
              inspect.Parameter.VAR_KEYWORD)}


def _is_none(a: Value, b: Value) -> bool | None:
    """`a is b` when one side is None and the other is known to be or not to be None."""
    if b.const is None:
        a, b = b, a
    if a.const is not None:
        return None
    if b.const is None:
        return True
    if b.const is not NOCONST or b.items is not None or (b.fns and MAYBE_NONE not in b.fns):
        return False
    return None


#: library sentinels, each one object that nothing else is (`inspect.Parameter.empty`,
#: `Signature.empty` and `inspect._empty` are one class), by their canonical names
_SENTINELS = frozenset({"inspect.Parameter.empty", "inspect.Signature.empty", "inspect._empty"})


def _is_sentinel(a: Value, b: Value) -> bool | None:
    """`a is b` where one side is a sentinel of `_SENTINELS` (`p.default is
    inspect.Parameter.empty`): True when the other is one too, False when it is visibly
    something else (a known Python scalar, a container the evaluator holds, a function of the
    analysed code); None otherwise."""
    def sentinel(v: Value) -> bool:
        return len(v.fns) == 1 and type(v.fns[0]) is Api and v.fns[0].name in _SENTINELS

    if not sentinel(a):
        a, b = b, a
    if not sentinel(a):
        return None
    if sentinel(b):
        return True
    if b.traced or b.tan:
        return None
    if (not b.fns and (type(b.const) in constant_builtins.SCALARS or b.items is not None)) or (
            b.fns and all(type(f) is Closure for f in b.fns)):
        return False
    return None


def _is_distinct(a: Value, b: Value) -> bool | None:
    """`a is b` decided False when both are known Python scalars (each one of a few) and no
    pair of them is equal: objects of different values are different objects (`mode is
    Gelu.EXACT` with an enum member's value known). Equal values decide nothing (two equal
    strings may or may not be one object), nor does NaN, which is unequal to itself."""
    ca, cb = _candidates(a, False), _candidates(b, False)
    if ca is None or cb is None or len(ca) * len(cb) > _MAX_COMBINATIONS:
        return None
    for x, y in itertools.product(ca, cb):
        if x != x or y != y or x == y:
            return None
    return False


_BINOPS: dict[type, Callable[[Any, Any], Any]] = {
    ast.Add: lambda a, b: a + b,
    ast.Sub: lambda a, b: a - b,
    ast.Mult: lambda a, b: a * b,
    ast.Div: lambda a, b: a / b,
    ast.FloorDiv: lambda a, b: a // b,
    ast.Mod: lambda a, b: a % b,
    ast.Pow: lambda a, b: a**b if abs(b) < 64 else None,
    ast.BitOr: lambda a, b: a | b,
    ast.BitAnd: lambda a, b: a & b,
    ast.BitXor: lambda a, b: a ^ b,
    ast.LShift: lambda a, b: a << b if b < 64 else None,
    ast.RShift: lambda a, b: a >> b,
    ast.MatMult: lambda a, b: a @ b,
}


_DUNDERS: dict[type, str] = {
    ast.Add: "add",
    ast.Sub: "sub",
    ast.Mult: "mul",
    ast.Div: "truediv",
    ast.FloorDiv: "floordiv",
    ast.Mod: "mod",
    ast.Pow: "pow",
    ast.MatMult: "matmul",
}


#: the operators `compare_constants` decides, as Python applies them
_COMPARE: dict[type, Callable[[Any, Any], bool]] = {
    ast.Eq: lambda a, b: a == b,
    ast.NotEq: lambda a, b: a != b,
    ast.Lt: lambda a, b: a < b,
    ast.LtE: lambda a, b: a <= b,
    ast.Gt: lambda a, b: a > b,
    ast.GtE: lambda a, b: a >= b,
    ast.In: lambda a, b: a in b,
    ast.NotIn: lambda a, b: a not in b,
}

_ORDERINGS = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)

#: the most combinations of `Value.choices` a comparison tries
_MAX_COMBINATIONS = 64


def _candidates(v: Value, container: bool, ordering: bool = False) -> tuple | None:
    """The constants `v` may be, when each is a scalar (or, as the right side of `in`, a tuple,
    range or frozenset of scalars; in an `ordering`, a tuple of scalars); None when unknown. A
    traced value is a tracer in JAX, even with a constant the analysis knows (a jitted
    module's number field)."""
    if v.traced:
        return None
    cs = (v.const,) if v.const is not NOCONST else tuple(v.choices or ())
    if not cs:
        return None
    for c in cs:
        if type(c) in constant_builtins.SCALARS:
            continue
        if container and type(c) in (tuple, range, frozenset) and all(
            type(i) in constant_builtins.SCALARS for i in c
        ):
            continue
        if ordering and type(c) is tuple and all(
                type(i) in constant_builtins.SCALARS for i in c):
            continue
        return None
    return cs


def compare_constants(ops: list[ast.cmpop], vals: list[Value]) -> bool | None:
    """The result of a comparison (`mode == "dense"`, `0 < n <= 3`, `k in ("a", "b")`) whose
    operands are all known Python constants (or each one of a few, when every combination
    agrees): such a value is concrete when JAX traces, so the `if` on it takes one branch.
    None when any operand is unknown or traced, or an operator is not one of `_COMPARE`."""
    if any(type(op) not in _COMPARE for op in ops):
        return None
    options: list[tuple] = []
    n = 1
    # (an ordering of two sequences of scalars is Python's whether each is a list or a
    # tuple, which a constant does not say: `version >= (0, 4, 1)`; mixed, Python raises)
    ordering = all(isinstance(op, _ORDERINGS) for op in ops)
    for i, v in enumerate(vals):
        container = i > 0 and isinstance(ops[i - 1], (ast.In, ast.NotIn))
        cs = _candidates(v, container, ordering)
        if cs is None:
            return None
        n *= len(cs)
        if n > _MAX_COMBINATIONS:
            return None
        options.append(cs)
    results = set()
    for combo in itertools.product(*options):
        try:
            results.add(
                all(_COMPARE[type(op)](a, b) for op, a, b in zip(ops, combo, combo[1:]))
            )
        except TypeError:  # `"a" < 1`: Python raises; left undecided
            return None
        if len(results) > 1:
            return None
    return results.pop()


def _short_circuit(op: ast.boolop, vals: list[Value]) -> Value | None:
    """The operand `a or b` / `a and b` gives, as Python picks it: the first whose truth
    decides (true for `or`, false for `and`), else the last, when the truth of each operand
    up to it is known (a Python scalar's: `digits or 0` is `digits` when it is a non-empty
    string); None otherwise."""
    decisive = isinstance(op, ast.Or)
    for i, v in enumerate(vals[:-1]):
        c = constant_builtins.scalar(v)
        if c is NOCONST:
            return v if decisive and i == len(vals) - 2 and _empty_or_same(v, vals[-1]) else None
        if bool(c) is decisive:
            return v
    return vals[-1]


def _empty_or_same(v: Value, default: Value) -> bool:
    """`v or default` where `v` is a dict (or a sequence) of known entries and `default` an
    empty one of its kind (`overrides or {}`, `extra or []`): a false `v` is empty itself, so
    either way the result holds `v`'s entries (its truth need not be known)."""
    return (default.items == () and not default.fns and v.items is not None and not v.fns
            and (default.keys is None) == (v.keys is None) and default.keys in (None, ()))


def _decided_bools(node: ast.BoolOp, consts: list[Any]) -> bool | None:
    """`a or b` / `a and b` whose operands are all Python bools, one of them known to decide
    it (`"vectorized" in params or "kwargs" in params` with the second known True): that
    bool, however the others come out. An operand not known counts only when it is surely a
    bool: a membership or identity test (`in`, `not in`, `is`, `is not` always give one)."""
    decisive = isinstance(node.op, ast.Or)
    found = False
    for operand, c in zip(node.values, consts):
        if c is NOCONST:
            if not (isinstance(operand, ast.Compare) and all(
                    isinstance(op, (ast.In, ast.NotIn, ast.Is, ast.IsNot)) for op in operand.ops)):
                return None
        elif type(c) is not bool:
            return None
        elif c is decisive:
            found = True
    return decisive if found else None


def membership(ops: list[ast.cmpop], vals: list[Value], exact: bool = False) -> bool | None:
    """`a in b` / `a not in b` decided on what the operands are rather than on constants:
    a known key of a dict (`"lr" in cfg`; a missing one too when the caller knows the dict's
    keys are `exact`, `constant_builtins.has_key`), a member of an `enum.Flag` (`Sink.FILE in
    sink`); None otherwise."""
    if len(vals) != 2 or not isinstance(ops[0], (ast.In, ast.NotIn)):
        return None
    found = enums.contains(vals[0], vals[1])
    if found is None:
        found = constant_builtins.has_key(vals[1], vals[0], exact)
    if found is None:
        found = object_lists.contains(vals[1], vals[0])  # (an object in a list of objects)
    return None if found is None else found == isinstance(ops[0], ast.In)


@trait
class PythonExpressions(EvaluatorShared):
    """A part of `interp.Interpreter` (one mixin per concern): see the module's docstring."""

    # ---------------------------------------------------------------------- expressions

    def _keys_exact(self, node: ast.expr, scope: Scope) -> bool:
        """Whether `node` names a dict whose keys the evaluator followed exactly
        (`fresh_dicts.followed`): a local of the running function, or a name of the analysed
        module's own statements (read there)."""
        if not isinstance(node, ast.Name):
            return False
        fi = scope.func
        if fi is not None:
            node_of = fi.node
            return (isinstance(node_of, (ast.FunctionDef, ast.AsyncFunctionDef))
                    and fi.locals is not None and node.id in fi.locals
                    and fresh_dicts.followed(node_of, node.id))
        return (scope is self.module_scope and self.module is self.main  # type: ignore[attr-defined]
                and fresh_dicts.followed(self.tree, node.id))  # type: ignore[attr-defined]

    def eval(self, node: ast.expr, scope: Scope) -> Value:
        t = type(node)
        if t is ast.Name:
            return self.lookup(node.id, scope)  # type: ignore[attr-defined]
        if t is ast.Constant:
            return literal(node.value)  # type: ignore[attr-defined]
        if t is ast.Call:
            return self.eval_call(node, scope)  # type: ignore[arg-type]
        if t is ast.Attribute:
            return self.attribute(self.eval(node.value, scope), node.attr)  # type: ignore[attr-defined]
        if t is ast.BinOp:
            a = self.eval(node.left, scope)  # type: ignore[attr-defined]
            b = self.eval(node.right, scope)  # type: ignore[attr-defined]
            dunder = self.operator_dunder(a, b, node.op, node)  # type: ignore[attr-defined]
            if dunder is not None:
                return dunder
            return self.binop(a, b, node.op)  # type: ignore[attr-defined]
        if t is ast.UnaryOp:
            v = self.eval(node.operand, scope)  # type: ignore[attr-defined]
            if isinstance(node.op, ast.Not):  # type: ignore[attr-defined]
                if v.const is NOCONST and (v.fns or v.min_items):
                    v = truth_protocol.tested(self, v, node)  # (`__bool__`, a grown list)
                c = v.const
                return Value(const=(not c) if c is not NOCONST else NOCONST, traced=v.traced)
            if v.const is not NOCONST and (
                isinstance(v.const, (int, float))
                # `-2j`, `+1j` (`~` rejects complex numbers)
                or isinstance(v.const, complex) and not isinstance(node.op, ast.Invert)  # type: ignore[attr-defined]
            ):
                try:
                    return Value(
                        const=-v.const if isinstance(node.op, ast.USub) else v.const,  # type: ignore[attr-defined]
                        intish=v.intish,
                    )
                except TypeError:
                    pass
            return derived([v])
        if t is ast.Compare:
            vals = [self.eval(node.left, scope)] + [self.eval(c, scope) for c in node.comparators]  # type: ignore[attr-defined]
            ops = node.ops  # type: ignore[attr-defined]
            member = membership(ops, vals)
            if member is None and len(vals) == 2 and isinstance(
                    ops[0], (ast.In, ast.NotIn)) and environment_reads.is_environ(vals[1]):
                found = environment_reads.contains(self, vals[0])  # `"K" in os.environ`
                member = None if found is None else found == isinstance(ops[0], ast.In)
            if member is None and len(vals) == 2 and self._keys_exact(
                    node.comparators[0], scope):  # type: ignore[attr-defined]
                member = membership(ops, vals, exact=True)  # a key a followed dict lacks
            if member is not None:
                return Value(const=member, intish=True)
            if len(vals) == 2 and isinstance(node.ops[0], (ast.Is, ast.IsNot)):  # type: ignore[attr-defined]
                same = _is_none(vals[0], vals[1])
                if same is None:
                    same = enums.same_member(vals[0], vals[1])
                if same is None:
                    same = enums.same_constant(vals[0], vals[1])
                if same is None:
                    same = _is_sentinel(vals[0], vals[1])
                if same is None:
                    same = object_lists.identical(vals[0], vals[1])  # (`item is STOP`)
                if same is None:
                    same = _is_distinct(vals[0], vals[1])
                if same is not None:
                    return Value(const=same == isinstance(node.ops[0], ast.Is))  # type: ignore[attr-defined]
            known = compare_constants(node.ops, vals)  # type: ignore[attr-defined]
            if known is None and (type(vals[0].const) is array_facts.DType or type(
                    vals[-1].const) is array_facts.DType):
                known = array_facts.compare(node.ops, vals)  # type: ignore[attr-defined]
            if known is not None:
                return Value(const=known, intish=True)
            # a bool (a Python one or a boolean array): never a tangent, and grad rejects it;
            # but a comparison of arrays a vmap batches is batched too (JAX008, JAX013)
            return Value(tan=batch_marks(vals), traced=any(v.traced for v in vals), intish=True)
        if t is ast.BoolOp:
            vals = [self.eval(v, scope) for v in node.values]  # type: ignore[attr-defined]
            consts = [v.const for v in vals]
            chosen = _short_circuit(node.op, vals)  # type: ignore[attr-defined]
            if chosen is not None:
                return chosen
            decided = _decided_bools(node, consts)  # type: ignore[arg-type]
            if decided is not None:
                return Value(const=decided, intish=True)
            return join(vals)
        if t is ast.IfExp:
            test = self.eval_test(node.test, scope)  # type: ignore[attr-defined]
            if test is None:
                return Value()  # TracerBoolConversionError
            if test.const is not NOCONST and not isinstance(test.const, (list, dict)):
                return self.eval(node.body if test.const else node.orelse, scope)  # type: ignore[attr-defined]
            with self.guessing():  # type: ignore[attr-defined]
                return join([self.eval(node.body, scope),  # type: ignore[attr-defined]
                             self.eval(node.orelse, scope)])  # type: ignore[attr-defined]
        if t in (ast.Tuple, ast.List):
            items: list[Value] = []
            for e in node.elts:  # type: ignore[attr-defined]
                if isinstance(e, ast.Starred):
                    sv = self.eval(e.value, scope)
                    if sv.items is not None and sv.keys is None:
                        items.extend(sv.items)
                    else:
                        return self._seq([*items, sv], unknown_len=True)
                else:
                    items.append(self.eval(e, scope))
            return self._seq(items)
        if t is ast.Dict:
            # each entry, or each `**d` spliced in, as a dict of its own, merged in order
            parts: list[Value] = []
            vals = []
            # (names of their own: `k` and `v` hold values elsewhere in this function, and a
            # compiled build gives one name one type)
            for k_node, v_node in zip(node.keys, node.values):  # type: ignore[attr-defined]
                vv = self.eval(v_node, scope)
                vals.append(vv)
                if k_node is None:
                    parts.append(vv)
                    continue
                kv = self.eval(k_node, scope)
                parts.append(Value(tan=vv.tan, items=(vv,), keys=(kv.const,), traced=vv.traced)
                             if kv.const is not NOCONST else UNKNOWN)
            merged = merged_dict(parts)
            if merged is not None:
                return merged
            tan = frozenset().union(*(x.tan for x in vals)) if vals else EMPTY
            return Value(tan=tan, traced=any(x.traced for x in vals))
        if t is ast.Set:
            elts = [self.eval(e, scope) for e in node.elts]  # type: ignore[attr-defined]
            made = constant_builtins.set_display(elts)  # `{"1", "true"}`: its items known
            return derived(elts) if made is None else made
        if t is ast.Subscript:
            base = self.eval(node.value, scope)  # type: ignore[attr-defined]
            if type(node.slice) is ast.Slice and base.items is not None and (  # type: ignore[attr-defined]
                    base.keys is None and not base.fns):
                return self._sliced_items(base, node.slice, scope)  # type: ignore[attr-defined]
            at = node.slice  # type: ignore[attr-defined]
            if type(at) is ast.Slice and type(base.const) is str and not base.traced:
                return self._sliced_text(base, at, scope)  # type: ignore[attr-defined]
            bounds: list[Value | None] | None = None
            if type(at) is ast.Slice:
                bounds = [self.eval(p, scope) if p is not None else None  # type: ignore[attr-defined]
                          for p in (at.lower, at.upper, at.step)]
                index = UNKNOWN
            else:
                index = self.eval(at, scope)  # type: ignore[attr-defined]
            getitem = self._instance_method(base, "__getitem__")
            if getitem is not None:
                return self.call_value(getitem, Args([index], {}, [at], {}), node)  # type: ignore[attr-defined]
            out = self.subscript(base, index)
            if bounds is not None and base.arr is not None:
                # `r[0:-2:2]` of an array of known shape: its first axis sliced
                return array_facts.with_facts(out, array_facts.sliced(base.arr, bounds))
            if base.arr is not None and out.arr is None and not base.fns:
                # (`mus[:, None]`: new axes and full slices, read from the index as written)
                out = array_facts.with_facts(out, array_facts.indexed(base.arr, at, index))
            return out
        if t is ast.Lambda:
            return Value(fns=(self.make_closure(node, scope),))
        if t in (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp):
            return self.eval_comprehension(node, scope)
        if t is ast.NamedExpr:
            v = self.eval(node.value, scope)  # type: ignore[attr-defined]
            self.store(node.target.id, v, scope)  # type: ignore[attr-defined]
            return v
        if t is ast.Starred:
            return self.eval(node.value, scope)  # type: ignore[attr-defined]
        if t is ast.Slice:
            for part in (node.lower, node.upper, node.step):  # type: ignore[attr-defined]
                if part is not None:
                    self.eval(part, scope)
            return UNKNOWN
        if t is ast.JoinedStr:
            text = constant_builtins.formatted(
                node, [self.eval(e, scope) for e in constant_builtins.fields(node)]  # type: ignore[arg-type]
            )
            return UNKNOWN if text is None else text
        if t is ast.FormattedValue:
            for child in child_nodes(node):
                if isinstance(child, ast.expr):
                    self.eval(child, scope)
            return UNKNOWN
        if t in (ast.Await, ast.Yield, ast.YieldFrom):
            inner = getattr(node, "value", None)
            value = self.eval(inner, scope) if inner is not None else UNKNOWN
            if self.yields is not None and t is not ast.Await:
                generators.note_yield(self, node, NONE_VALUE if inner is None else value)
            if self.resumed is not None and t is ast.Yield:  # what `send` gave
                sent = generators.sent_value(self, NONE_VALUE if inner is None else value)
                if sent is not None:
                    return sent
            return value
        return UNKNOWN

    @staticmethod
    def _seq(items: list[Value], unknown_len: bool = False) -> Value:
        tan = frozenset().union(*(v.tan for v in items)) if items else EMPTY
        traced = any(v.traced for v in items)
        # an unknown length, or a deep or long structure (kept small: values are memo keys),
        # is summarised
        if unknown_len or len(items) > MAX_ITEMS or any(v.depth >= MAX_DEPTH_ITEMS for v in items):
            fns = tuple(f for v in items for f in v.fns)
            return Value(tan=tan, fns=fns, traced=traced)
        consts = [v.const for v in items]
        const = tuple(consts) if all(c is not NOCONST for c in consts) else NOCONST
        return Value(
            tan=tan,
            items=tuple(items),
            const=const,
            traced=traced,
            intish=bool(items) and all(v.intish for v in items),
        )

    def _instance_method(self, v: Value, name: str) -> Value | None:
        """`v.name` bound, when `v` is an instance of an analysed class that defines it."""
        for f in v.fns:
            if isinstance(f, Instance):
                found = f.cls.lookup(name)
                if found is not None:
                    return self._bind(found, Value(tan=v.tan, fns=(f,), traced=v.traced))
        return None

    def operator_dunder(self, a: Value, b: Value, op: ast.operator, node: ast.AST) -> Value | None:
        """`a + b` on instances of analysed classes: Python calls `a.__add__(b)`, or
        `b.__radd__(a)`."""
        name = _DUNDERS.get(type(op))
        if name is None:
            return None
        left = self._instance_method(a, f"__{name}__")
        if left is not None:
            return self.call_value(left, Args([b], {}, [None], {}), node)
        right = self._instance_method(b, f"__r{name}__")
        if right is not None:
            return self.call_value(right, Args([a], {}, [None], {}), node)
        return None

    def in_place_dunder(self, a: Value, b: Value, op: ast.operator, node: ast.AST
                        ) -> Value | None:
        """`a += b` on an instance of an analysed class: Python calls `a.__iadd__(b)`, and
        where the class defines none, `a.__add__(b)` (else `b.__radd__(a)`), as `a + b`
        does (measured: a `Tally` with only `__add__` runs it for `acc += x`). None: no
        such method."""
        name = _DUNDERS.get(type(op))
        if name is None:
            return None
        own = self._instance_method(a, f"__i{name}__")
        if own is not None:
            return self.call_value(own, Args([b], {}, [None], {}), node)
        return self.operator_dunder(a, b, op, node)

    def binop(self, a: Value, b: Value, op: ast.operator) -> Value:
        if isinstance(op, (ast.BitOr, ast.BitAnd, ast.BitXor)):
            flags = enums.combine(a, b, op)  # `Sink.FILE | Sink.CONSOLE` (enum.Flag)
            if flags is not None:
                return flags
        if (
            isinstance(op, ast.Add)
            and a.items is not None
            and b.items is not None
            and a.keys is None
            and b.keys is None
        ):
            # first: two known lists of constants join as items too, not as one constant
            # tuple (`GRID = [...] + [...]`, then `for a, b in GRID` sees each pair)
            return self._seq(list(a.items) + list(b.items))
        if a.const is not NOCONST and b.const is not NOCONST:
            try:
                r = _BINOPS[type(op)](a.const, b.const)
                if isinstance(r, (int, float, complex, str, bool, tuple)) and not (
                    isinstance(r, (str, tuple)) and len(r) > 1000
                ):
                    return Value(const=r, intish=isinstance(r, int))
            except Exception:
                pass
        if isinstance(op, ast.BitOr) and a.keys is not None and b.keys is not None:
            merged = merged_dict([a, b])  # dicts' `|` (PEP 584)
            if merged is not None:
                return merged
        if a.intish and b.intish and not isinstance(op, ast.Div):
            # integers (arrays or Python ints) stay integers, except under true division
            out = Value(traced=a.traced or b.traced, intish=True)
        else:
            out = derived([a, b])
        if a.arr is not None or b.arr is not None:
            return array_facts.binop(a, b, op, out)  # (shapes broadcast, a plain dtype kept)
        return out

    def _sliced_items(self, base: Value, at: ast.Slice, scope: Scope) -> Value:
        """`items[lo:hi:step]` of a tuple or list whose items are known, with bounds that are
        known ints or left out: the items Python's slice keeps (`grads[:n] + grads[2:]` is a
        tuple of known length); otherwise what any subscript gives."""
        bounds = self._slice_bounds(at, scope)
        if bounds is not None:
            return self._seq(list(base.items or ())[bounds])
        return derived([base])  # a sequence of unknown length (never one of its items)

    def _sliced_text(self, base: Value, at: ast.Slice, scope: Scope) -> Value:
        """`name[len(prefix):]` of a known string with bounds that are known ints or left
        out: the string Python's slice gives (a name computed from another: a registry
        stripping a prefix); otherwise what any subscript gives."""
        bounds = self._slice_bounds(at, scope)
        if bounds is not None:
            return Value(const=base.const[bounds])
        return self.subscript(base, UNKNOWN)

    def _slice_bounds(self, at: ast.Slice, scope: Scope) -> slice | None:
        """The slice `at` makes, its bounds evaluated once; None where one is not a known int
        (or left out), or the step is 0."""
        bounds = []
        for part in (at.lower, at.upper, at.step):
            v = self.eval(part, scope) if part is not None else Value(const=None)
            bounds.append(v.const if not v.traced else NOCONST)
        if all(b is None or (type(b) is int) for b in bounds) and bounds[2] != 0:
            return slice(*bounds)
        return None

    def subscript(self, base: Value, index: Value) -> Value:
        base = self.resolve_lazy(base)  # `from registry import TABLE`, then `TABLE[k]`
        if len(base.fns) == 1:  # the module's own namespace (`globals()[name]`)
            own = computed_names.held(base)
            if type(own) is computed_names.OwnNamespace:
                return computed_names.read(self, own, index)
            module = computed_names.own_module(self, base, index)  # `sys.modules[__name__]`
            if module is not None:
                return module
        if len(base.fns) == 1 and isinstance(base.fns[0], (config_parsers.Config,
                                                           config_parsers.Section)):
            return config_parsers.subscript(base.fns[0], index)  # `cfg["section"]["key"]`
        if len(base.fns) == 1 and type(base.fns[0]) is mapping_views.View:
            return mapping_views.subscript(self, base.fns[0], index)  # `VIEW[k]`, read now
        if environment_reads.is_environ(base):  # `os.environ["K"]` of a declared variable
            read = environment_reads.subscript(self, index)
            if read is not None:
                return read
        if len(base.fns) == 1 and type(base.fns[0]) is ClassObj and base.fns[0].members:
            member = enums.by_name(base.fns[0], index)  # `Mode["FAST"]`
            return UNKNOWN if member is None else member
        if type(base.const) is str and type(index.const) is int and not base.traced and (
                -len(base.const) <= index.const < len(base.const)):
            return Value(const=base.const[index.const])  # `name[0]` of a known string
        if base.items is not None:
            c = index.const
            if base.keys is not None:
                if c is not NOCONST:
                    for k, v in zip(base.keys, base.items):
                        if k == c:
                            return v
                elif index.choices is not None:
                    # `registry[name]` for `name` in a list of constants: only those entries
                    # (a constant with no entry raises KeyError there: it reads nothing)
                    found = [
                        v for k, v in zip(base.keys, base.items) if _one_of(k, index.choices)
                    ]
                    if found:
                        return join(found)
            elif (
                isinstance(c, int)
                and not isinstance(c, bool)
                and -len(base.items) <= c < len(base.items)
            ):
                return base.items[c]
            elif c is NOCONST and base.items and len(set(base.items)) == 1:
                return base.items[0]
            if base.items and any(v.fns for v in base.items) and c is NOCONST:
                return join(list(base.items))
        if (
            base.fns
            and all(type(f) is ArrayMethod and f.name == "at" for f in base.fns)
            and any(f.receiver.intish or f.receiver.prng_key for f in base.fns)
        ):
            # `x.at[i]` of an integer or key array: its update methods keep that kind (JAX010)
            return Value(
                tan=base.tan | index.tan,
                fns=tuple(ArrayMethod("at[]", f.receiver) for f in base.fns),
                traced=base.traced,
            )
        if any(isinstance(f, Api) for f in base.fns):
            # typing subscripts (`Callable[..]`), `x.at[i]` helpers on modules: opaque
            return plain(base.tan, base.traced)
        # an element or slice of an integer (or PRNG key) array is one too
        out = Value(
            tan=base.tan | (index.tan if index.tan else EMPTY),
            traced=base.traced,
            intish=base.intish and base.items is None,
            prng_key=base.prng_key and base.items is None,
        )
        if base.arr is not None:  # `x[0]` of an array of known shape: one row of it
            return array_facts.with_facts(out, array_facts.row(base.arr, index))
        return out

    def eval_comprehension(self, node: Any, scope: Scope) -> Value:
        fi = self.func_infos.get(node)
        if fi is None:
            fi = self.func_infos[node] = comprehension_info(node)
        inner = Scope(fi, scope, scope.module)
        # the outermost iterable is evaluated where the comprehension is written, before its
        # scope exists: in a class body it reads the class's attributes (which the element,
        # run in the comprehension's own scope, does not see), and `[x for x in x]` the outer `x`
        first = self.eval(node.generators[0].iter, scope)
        passes = self._comprehension_per_item(node, first, inner)
        if passes is not None:
            return passes
        self.uncertain += 1  # (one pass stands for any number: `certain_paths`)
        try:
            for i, gen in enumerate(node.generators):
                it = first if i == 0 else self.eval(gen.iter, inner)
                self.assign(gen.target, self.element_of(it), inner)
                for cond in gen.ifs:
                    self.eval(cond, inner)
            if isinstance(node, ast.DictComp):
                k = self.eval(node.key, inner)
                v = self.eval(node.value, inner)
                return Value(tan=k.tan | v.tan, traced=v.traced)
            v = self.eval(node.elt, inner)
            return Value(tan=v.tan, fns=v.fns, traced=v.traced)
        finally:
            self.uncertain -= 1

    def _comprehension_per_item(self, node: Any, it: Value, inner: Scope) -> Value | None:
        """A comprehension over short sequences of known items, run one combination of items
        at a time as Python runs it (`for e in (0.1, 0.5) for name in ("a", "b")`: the grid in
        its order): an item its `if` rejects by a known constant (`for k, w in weights.items()
        if w`, a zero weight) never reaches the element expression. None when the items are
        not known, or more than `MAX_UNROLL` combinations: the comprehension is summarised
        over all of them."""
        combos = self._comprehension_combinations(node, it, inner)
        if combos is None:
            return None
        outs: list[Value] = []
        #: every item's `if` known: the elements are exactly `outs`, in order
        exact = True
        saved = self.unroll_factor  # type: ignore[has-type]
        self.unroll_factor = min(saved * len(combos), MAX_UNROLL)  # see `exec_for`
        try:
            for combo in combos:
                rejected = False
                for gen, item in zip(node.generators, combo, strict=True):
                    self.assign(gen.target, item, inner)  # type: ignore[attr-defined]
                    tests = [self.eval(cond, inner) for cond in gen.ifs]
                    if any(t.const is not NOCONST and not t.traced and not t.const for t in tests):
                        rejected = True
                        break
                    exact = exact and all(t.const is not NOCONST and not t.traced for t in tests)
                if rejected:
                    continue
                if isinstance(node, ast.DictComp):
                    k = self.eval(node.key, inner)
                    v = self.eval(node.value, inner)
                    outs.append(Value(tan=v.tan, items=(v,), keys=(k.const,), traced=v.traced)
                                if k.const is not NOCONST and not k.tan
                                else Value(tan=k.tan | v.tan, traced=v.traced))
                else:
                    outs.append(self.eval(node.elt, inner))
        finally:
            self.unroll_factor = saved
        if not outs:
            return Value()
        if isinstance(node, ast.DictComp):
            # each entry a dict of its own, merged in order, as a dict display is: a later
            # equal key replaces an earlier one (the factory-built `{name: make(name) for name
            # in NAMES}` keeps what each entry holds)
            # (an entry whose `if` is not known may be missing: then its keys are not known)
            merged = merged_dict(outs) if exact else None
            if merged is not None:
                return merged
            outs = [Value(tan=v.tan, traced=v.traced) for v in outs]
        elif exact and isinstance(node, (ast.ListComp, ast.GeneratorExp)):
            # the list (or the items a generator yields, `tuple(0 if i == k else None for i
            # in range(n))`) as Python builds it
            return self._seq(outs)
        return Value(
            tan=frozenset().union(*(v.tan for v in outs)),
            fns=tuple(dict.fromkeys(f for v in outs for f in v.fns)),
            traced=any(v.traced for v in outs),
        )

    def _comprehension_combinations(
        self, node: Any, first: Value, inner: Scope
    ) -> list[tuple[Value, ...]] | None:
        """The combinations of items a comprehension's `for`s visit, in Python's order (an
        inner `for`'s iterable evaluated with the outer targets bound: `for row in rows for x
        in row`), when every iterable is a short sequence of known items and there are at
        most `MAX_UNROLL` combinations; None otherwise."""
        gens = node.generators
        if any(g.is_async for g in gens):
            return None
        combos: list[tuple[Value, ...]] = []

        def known_items(it: Value) -> tuple[Value, ...] | None:
            it = self.resolve_lazy(it)  # type: ignore[attr-defined]
            if isinstance(it.const, range) and 0 < len(it.const) <= MAX_UNROLL:
                it = self._seq([Value(const=i, intish=True) for i in it.const])
            elif type(it.const) is str and not it.traced and 0 < len(it.const) <= MAX_UNROLL:
                it = self._seq([literal(ch) for ch in it.const])  # (a string's characters)
            elif it.keys is not None and it.items is not None and not it.traced and all(
                    type(k) in constant_builtins.SCALARS for k in it.keys):
                it = self._seq([literal(k) for k in it.keys])  # (a dict's keys, in order)
            if it.items is None or it.keys is not None or not 0 < len(it.items) <= MAX_UNROLL:
                return None
            return it.items

        # depth first, in Python's order, with an explicit stack: a recursive inner function
        # would be a cycle (it names itself through its cell), left to the collector with
        # the nodes it holds (tests/analysis/test_release.py)
        stack: list[tuple[int, tuple[Value, ...]]] = [(0, ())]
        while stack:
            i, prefix = stack.pop()
            if i == len(gens):
                combos.append(prefix)
                if len(combos) > MAX_UNROLL:
                    return None
                continue
            if i > 0:  # the outer targets of this prefix bound, as Python binds them
                self.assign(gens[i - 1].target, prefix[-1], inner)  # type: ignore[attr-defined]
            items = known_items(first if i == 0 else self.eval(gens[i].iter, inner))
            if items is None:
                return None
            stack.extend((i + 1, prefix + (item,)) for item in reversed(items))
        return combos

    # ---------------------------------------------------------------------- imports

    def find_user_module(self, dotted: str, level: int) -> UserModule | None:
        """The workspace module `dotted` (relative by `level`) imported from the module being
        interpreted; None for modelled libraries and modules not found. Nothing is read yet."""
        if self.workspace is None:
            return None
        self.impure_effects += 1  # the workspace is read (see `replay`)
        importer = Path(self.module.path) if self.module.path else None
        try:
            path = self.workspace.find(dotted, level, importer)
        except OSError:
            return None
        return UserModule(path) if path is not None else None

    def load_module(self, path: Path) -> ModuleInfo | None:
        """Interpret a workspace module's body, once per analysis. None when it cannot be read,
        while it is loading (an import cycle sees an unknown module), or past the module cap."""
        if path in self.modules:
            return self.modules[path]
        if len(self.modules) >= _MAX_MODULES or self.workspace is None:
            # which modules are read depends on which roots ran first (see `roots`)
            self.order_sensitive |= self.workspace is not None and self.root is not MODULE_ROOT
            if self.limits is not None and self.workspace is not None:
                self.limits.append(
                    Limit(1, 0, f"more than {_MAX_MODULES} imported modules: {path} is not read")
                )
            return None
        share = load_sharing.ACTIVE
        if share is not None and not self.modules and share.take(cast("Interpreter", self), path):
            return self.modules[path]
        parsed = self.workspace.parse(path)
        self.modules[path] = None
        if parsed is None:
            return None
        info = ModuleInfo(str(path), parsed.lines, is_main=False)
        info.scope = Scope(None, None, None)
        # its statements run in a context of their own: what they read of it is not the caller's
        saved = (self.module, self.stack, self.ctx, self.depth, self.ctx_reads)
        self.module, self.stack, self.ctx = info, [], Ctx()
        self.loading[path] = info
        try:
            self.exec_block(parsed.tree.body, info.scope)
        finally:
            self.module, self.stack, self.ctx, self.depth, self.ctx_reads = saved
            del self.loading[path]
        self.modules[path] = info
        self._effects.loaded.add(str(path))
        return info

    def module_attribute(self, user: UserModule, name: str) -> Value:
        """A module's attribute `name`, its submodule when the module is a package that does
        not bind it. A module whose statements are still running (an import cycle: a plugin
        the package imports at its end does `from . import register`) has the names it bound
        so far, as Python's partially initialised module does."""
        self.impure_effects += 1  # the workspace is read (see `replay`)
        info = self.load_module(user.path) or self.loading.get(user.path)
        if info is None:
            return UNKNOWN
        v = info.scope.vars.get(name)
        if v is not None:
            return v
        if info.path and info.path.endswith("__init__.py"):
            saved = self.module
            self.module = info
            try:
                sub = self.find_user_module(name, 1)
            finally:
                self.module = saved
            if sub is not None:
                return Value(fns=(sub,))
        return UNKNOWN

    def resolve_lazy(self, v: Value) -> Value:
        """What an imported name (`LazyName`) is bound to in its module, following re-exports:
        a package's `__init__` that imports the name from a submodule (`from .sink import
        Mixin`) binds it lazily too, and a class base, a subscripted table or an iterated list
        is read as the value it finally is, as Python's import gives it. A chain longer than
        `MAX_REEXPORTS` (only a cycle of re-exports, which Python's import refuses) is
        unknown."""
        for _ in range(MAX_REEXPORTS):
            if not v.fns or not any(type(f) is LazyName for f in v.fns):
                return v
            v = self._resolve_lazy_once(v)
        if any(type(f) is LazyName for f in v.fns):
            v = Value(tan=v.tan, fns=tuple(f for f in v.fns if type(f) is not LazyName),
                      traced=v.traced)
        return v

    def _resolve_lazy_once(self, v: Value) -> Value:
        rest = tuple(f for f in v.fns if type(f) is not LazyName)
        # (nothing but the imported name: its value as it is, a list's or dict's items too)
        parts = [Value(tan=v.tan, fns=rest, traced=v.traced)] if rest or v.tan or v.traced else []
        for f in v.fns:
            if type(f) is LazyName:
                parts.append(self.module_attribute(UserModule(f.path), f.name))
        return join(parts)

    @property
    def dependencies(self) -> list[str]:
        """The workspace files this analysis read, besides the analysed one."""
        return sorted(str(p) for p, m in self.modules.items() if m is not None)

    # ---------------------------------------------------------------------- attributes

    def attribute(self, obj: Value, name: str) -> Value:
        if len(obj.fns) == 1 and type(obj.fns[0]) is Api:
            if name in platform_facts.NAMES and (
                    q := f"{obj.fns[0].name}.{name}") in platform_facts.ATTRIBUTES:
                known = platform_facts.attribute(self, q)  # `sys.platform`
                if known is not None:
                    return known
            state = HOOKS.state_attributes.get(obj.fns[0].name)
            if state is not None and (v := state(self, name)) is not None:
                return v  # type: ignore[no-any-return]
            return _api_attribute(obj.fns[0].name, name)
        if len(obj.fns) > 1:  # the work budget counts each object read beyond the first
            self.steps += len(obj.fns) - 1  # (see `call_value`)
        fns: list[Any] = []
        parts: list[Value] = []
        for f in obj.fns:
            if isinstance(f, Api):
                q = HOOKS.canonical(f"{f.name}.{name}")
                fns.append(Api(q))
            elif isinstance(f, CustomFn):
                if name in ("defjvp", "defjvps", "defvjp", "def_vmap"):
                    fns.append(RuleSetter(f, name))
                elif name in ("fun", "__wrapped__"):
                    # (`custom_vjp(fun)` copies `fun`'s metadata onto itself, `__wrapped__`
                    # too: `inspect.unwrap` of it strips the rules, measured under JAX 0.10.2)
                    parts.append(f.primal)
            elif isinstance(f, single_dispatch.Dispatcher):
                parts.append(single_dispatch.attribute(f, name))
            elif isinstance(f, concurrency.Concurrent):
                parts.append(concurrency.attribute(f, name))
            elif isinstance(f, schedulers.Scheduler):
                parts.append(schedulers.attribute(f, name))
            elif isinstance(f, generators.Generator):
                parts.append(generators.attribute(f, name))
            elif isinstance(f, context_vars.ContextVar):
                parts.append(context_vars.attribute(f, name))
            elif isinstance(f, (argparse_values.Parser, argparse_values.Subparsers)):
                parts.append(argparse_values.attribute(f, name))
            elif isinstance(f, (config_parsers.Config, config_parsers.Section)):
                parts.append(config_parsers.attribute(f, name))
            elif isinstance(f, ClassObj):
                found = f.lookup(name)
                if found is not None:
                    parts.append(self._unwrap_static(found, Value(fns=(f,))))
                elif f.record is not None and (
                    made_v := HOOKS.record_attribute(self, Value(fns=(f,)), f, name)
                ) is not None:
                    parts.append(made_v)  # a record class's library method (model_validate)
                elif name == "__name__" and isinstance(f.node, ast.ClassDef) and (
                        f.node.name == f.name and not f.remat):
                    # the name its `class` statement gave it (a registry keyed by
                    # `cls.__name__` in `__init_subclass__`)
                    parts.append(Value(const=f.name))
            elif isinstance(f, UserModule):
                parts.append(self.module_attribute(f, name))
            elif type(f) is computed_names.OwnModule:  # `getattr(sys.modules[__name__], n)`
                parts.append(computed_names.read(self, f, Value(const=name)))
            elif isinstance(f, LazyName):
                parts.append(self.attribute(self.resolve_lazy(Value(fns=(f,))), name))
            elif isinstance(f, SuperOf):
                after = _classes_after(f)  # the classes past `f.cls` in the object's MRO
                owner = next((c for c in after if name in c.attrs), None) if after else None
                if owner is not None:
                    parts.append(self._bind(owner.attrs[name], f.self_value))
                    continue
                for b in f.cls.bases:
                    for c in b.fns:
                        if isinstance(c, ClassObj):
                            found = c.lookup(name)
                            if found is not None:
                                parts.append(self._bind(found, f.self_value))
                        elif isinstance(c, Api) and c.name == "builtins.type" and name == "__new__":
                            # a metaclass's `super().__new__(mcls, ...)`: `type.__new__`
                            fns.append(Api(HOOKS.canonical("builtins.type.__new__")))
            elif isinstance(f, Wrapper) and (f.kind, name) in HOOKS.staging_methods:
                # `jax.jit(f).lower(x)`, `.trace(x)`, `Lowered.compile()`...: a step of
                # staging the jitted function (`fun`), made when called
                fns.append(Wrapper(HOOKS.staging_methods[f.kind, name],
                                   Value(fns=(f,)) if f.kind == "jit" else f.fun))
            elif isinstance(f, Closure) and name in ("__wrapped__", "__call__"):
                parts.append(Value(fns=(f,)))
            elif isinstance(f, Instance):
                # (an enum member's constant kept: `self is Mode.FAST` in its methods)
                me = Value(
                    tan=obj.tan, fns=(f,), items=obj.items, const=obj.const, traced=obj.traced
                )
                items = obj.items
                fields = f.cls.tuple_fields() if items is not None else None
                if fields is not None and items is not None and name in fields and len(
                    fields
                ) == len(items):
                    parts.append(items[fields.index(name)])  # a NamedTuple's field
                elif name in f.attrs:
                    a = f.attrs[name]
                    if obj.tan and not f.cls.is_static_field(name):
                        a = inherit_marks(a, HOOKS.attribute_marks(f, name, a, obj.tan))
                    if (
                        obj.traced
                        and not a.traced
                        and f.data_leaf(name)
                        and a.const is NOCONST
                        and not a.fns
                    ):
                        # a data leaf of a traced pytree: a tracer too (a Python constant
                        # there may be static: equinox's filter_jit)
                        a = a.rebuilt(a.tan, a.items, a.const, True)
                    parts.append(a)
                else:
                    found = f.cls.lookup(name)
                    if found is not None:
                        parts.append(self._bind(found, me))
                    elif f.cls.linen and (
                        made := HOOKS.module_class_attribute(me, name)
                    ) is not None:
                        fns.append(made)
                    elif f.cls.record is not None and (
                        made_v := HOOKS.record_attribute(self, me, f, name)
                    ) is not None:
                        parts.append(made_v)  # a record's library method (model_dump)
                    elif name == "__class__":
                        parts.append(Value(fns=(f.cls,)))  # (as `type(obj)`)
                    elif (delegated := self._getattr_fallback(f, me, name)) is not None:
                        parts.append(delegated)  # `__getattr__`: a proxy's delegation
                    else:
                        parts.append(plain(obj.tan, obj.traced))
        if not fns and not parts:
            if obj.arr is not None or obj.const is not NOCONST:
                known = array_facts.attribute(obj, name)  # `x.shape`, `x.dtype.itemsize`
                if known is not None:
                    return known
            if name in HOOKS.static_attributes:
                # static metadata (`x.shape[0]` is a Python int even under a trace)
                return Value()
            return Value(tan=obj.tan, fns=(ArrayMethod(name, obj),), traced=obj.traced)
        if fns:
            parts.append(Value(fns=tuple(fns)))
        return join(parts)

    def _getattr_fallback(self, inst: Instance, me: Value, name: str) -> Value | None:
        """`obj.name` its instance and class lack: what its class's `__getattr__(name)` returns,
        as Python calls it then (a proxy delegating to the object it wraps: `getattr(
        self._inner, name)`); None where the class defines none, for a dunder (Python looks
        an operator's up on the type), and inside that same lookup (a `__getattr__` reading
        an attribute it lacks itself)."""
        hook = inst.cls.lookup("__getattr__")
        if hook is None or (name.startswith("__") and name.endswith("__")):
            return None
        key = (inst, name)
        if key in self.getattr_running:
            return None
        self.getattr_running.add(key)
        try:
            return self.call_value(self._bind(hook, me), Args.of(Value(const=name)), None)
        finally:
            self.getattr_running.discard(key)

    def _unwrap_static(self, v: Value, cls_value: Value) -> Value:
        if not any(isinstance(f, Decorator) for f in v.fns):
            return v
        fns = [f for f in v.fns if not isinstance(f, Decorator)]
        if any(isinstance(f, Decorator) and f.kind == "classmethod" for f in v.fns):
            return Value(fns=tuple(Partial(f, (cls_value,)) for f in fns))
        return Value(fns=tuple(fns), tan=v.tan)

    def _bind(self, v: Value, self_value: Value) -> Value:
        decos = {f.kind for f in v.fns if isinstance(f, Decorator)}
        fns = [f for f in v.fns if not isinstance(f, Decorator)]
        if "staticmethod" in decos:
            return Value(fns=tuple(fns))
        if "property" in decos:
            return join([self.call_value(Value(fns=(f,)), Args.of(self_value), None) for f in fns])
        if "partialmethod" in decos:
            # `partialmethod(f, *a, **k)` read through an instance: `f(self, *a, ..., **k)`
            return Value(
                fns=tuple(
                    Partial(f.fn, (self_value, *f.args), f.kw) for f in fns if type(f) is Partial
                )
            )
        if "classmethod" in decos:
            classes = tuple(i.cls for i in self_value.fns if isinstance(i, Instance))
            return Value(fns=tuple(Partial(f, (Value(fns=classes),)) for f in fns))
        if not fns:
            # a class-level constant read through an instance stays that constant; as a
            # field's default (a dataclass, an equinox Module) it is a leaf of the instance,
            # which equinox's filter transforms do not differentiate when a Python number
            marks = self_value.tan
            if is_python_number(v):
                marks = without_arrays_only(marks)
            if marks <= v.tan and (v.traced or not self_value.traced):
                # (nothing added: the very object the class holds, its items and keys kept:
                # `dict(zip(self.CHANNELS, self.flags))` of class-level tuples)
                return v
            return Value(tan=v.tan | marks, const=v.const, traced=v.traced or self_value.traced)
        if len(fns) == 1 and type(fns[0]) is Instance and not v.items and (
                getter := fns[0].cls.lookup("__get__")) is not None and any(
                type(g) is Closure for g in getter.fns):
            # a descriptor read through an instance: what its `__get__(obj, type)` returns
            # (a class's `convert = HostFor(table)` whose `__get__` picks by `obj.unit`)
            classes = tuple(i.cls for i in self_value.fns if isinstance(i, Instance))
            return self.call_value(self._bind(getter, Value(fns=(fns[0],))),
                                   Args.of(self_value, Value(fns=classes)), None)
        return Value(fns=tuple(f if _unbound(f) else Partial(f, (self_value,)) for f in fns))


def _unbound(f: object) -> bool:
    """Whether a class attribute holding `f` reads the same through an instance: Python binds
    only descriptors, and a `functools.partial`, a bound method, a custom_jvp / custom_vjp
    function, a class, or an instance of a class without `__get__` is none."""
    t = type(f)
    if t is Instance:
        return f.cls.lookup("__get__") is None  # type: ignore[attr-defined]
    return t is Partial or t is CustomFn or t is ClassObj or t is MethodCaller


def _one_of(key: object, choices: frozenset) -> bool:
    """Whether a dict literal's constant key is one of `choices` (as a dict compares keys)."""
    try:
        return key in choices
    except TypeError:  # an unhashable key: that dict literal raises where it is built
        return False


def _classes_after(sup: SuperOf) -> list[ClassObj] | None:
    """The classes `super()` in a method of `sup.cls` looks attributes up in: those past
    `sup.cls` in the MRO of the object it is bound to (an instance's class, or the class of a
    classmethod), as Python's cooperative multiple inheritance does (a mixin's
    `super().options()` reaches the class after it in the subclass's MRO, not its own
    base); None where that object's class or its MRO is not known."""
    own = [f for f in sup.self_value.fns if isinstance(f, (Instance, ClassObj))]
    if len(own) != 1 or len(sup.self_value.fns) != 1:
        return None
    made = own[0]
    order = (made.cls if isinstance(made, Instance) else made).mro()
    if order is None or sup.cls not in order:
        return None
    return order[order.index(sup.cls) + 1:]
