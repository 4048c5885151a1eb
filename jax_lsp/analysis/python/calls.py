"""Calls as Python makes them: dispatch on what is called, user functions, classes.

User functions are interpreted once per abstract arguments (memoised); what is not a user
function goes to the JAX model (`jax_calls`, `transforms`, `higher_order`, `custom_rules`).
"""

from __future__ import annotations

import ast
import itertools
import math
from collections.abc import Callable
from typing import Any

from jax_lsp.analysis import sharing
from jax_lsp.analysis.compiled import trait
from jax_lsp.analysis.interp_state import (
    CHECKPOINT_LEVELS,
    HOST_SITE,
    MASK,
    MAX_ITEMS,
    MAX_UNROLL,
    MODULE_ROOT,
    MODULE_TAN,
    RULE_LEVELS,
    VMAPPED,
    Args,
    Scope,
    SharedCall,
    ctx_part,
)
from jax_lsp.analysis.python import (
    argparse_values,
    calling_back,
    certain_paths,
    computed_names,
    concurrency,
    config_parsers,
    constant_builtins,
    container_aliases,
    context_vars,
    dataclass_copies,
    enums,
    environment_reads,
    fresh_lists,
    generators,
    grown_lists,
    key_functions,
    keyed_lists,
    mapping_views,
    object_lists,
    optional_imports,
    platform_facts,
    schedulers,
    shallow_copies,
    single_dispatch,
    summed_objects,
)
from jax_lsp.analysis.python.constant_builtins import STR_METHODS
from jax_lsp.analysis.python.hooks import HOOKS
from jax_lsp.analysis.python.shared import EvaluatorShared
from jax_lsp.analysis.python.statements import dict_with
from jax_lsp.analysis.pytree_fields import makes_array
from jax_lsp.analysis.syntax import iter_nodes
from jax_lsp.analysis.values import (
    EMPTY,
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
    Level,
    MethodCaller,
    Partial,
    Pullback,
    RuleSetter,
    SuperOf,
    Transformed,
    Value,
    Wrapper,
    derived,
    join,
    merged_dict,
)

#: the deepest chain of calls into user functions followed (a deeper call's result is unknown);
#: JAX itself has no such limit. `Interpreter.run` makes room for it in Python's recursion limit
_MAX_DEPTH = 1000


#: the contexts one function is interpreted in by one root (an entry point, an application of
#: an escaped transformed function, or the module's statements), under a differentiation or
#: batching level and outside every one; past them the root's calls get its summary. Counted
#: per root, not per module: a module-wide count made the capped calls, and so the result,
#: depend on the order roots ran in (which calls came 7th), so no incremental result could be
#: shown exact; and `--fix` routes every fixed callback through one helper, one context per
#: fixed callback, each from its own entry point, so a module-wide count was passed after 6
#: fixes. Per root, the decision depends on the root's own calls (and on which of them the
#: memo already answered, so a root past the cap still marks the result order-sensitive); the
#: cost stays bounded by the cap times the roots (memoised calls are not interpreted again).
_MAX_CONTEXTS = 24
_MAX_CONTEXTS_FREE = 6

#: the fields of the context that hold sets of levels: a shared interpretation's key names
#: their levels by rank (`sharing`); it holds every other field it read as it is (a flag, the
#: classes an enclosing `try` swallows, when a callback's host runs...): an interpretation
#: made where a host never runs (`Ctx.host_deferral`) serves no call where it runs
_LEVEL_SETS = RULE_LEVELS | MASK | CHECKPOINT_LEVELS | MODULE_TAN


#: the library functions whose calls `PythonCalls._python_modelled` models before the API
#: table answers (the rest, nearly every call, go to the table after one lookup here)
PYTHON_MODELLED: frozenset[str] = frozenset({
    "builtins.next", *environment_reads.READS, optional_imports.FIND_SPEC,
    computed_names.IMPORT_MODULE, computed_names.GLOBALS, computed_names.VARS,
    computed_names.GETMEMBERS, *platform_facts.CALLS, "builtins.type.__new__",
    *key_functions.KEYED, *mapping_views.MAKERS, "builtins.sum", *calling_back.CALLS_BACK,
    dataclass_copies.REPLACE, shallow_copies.COPY,
})

def _foreign(m: object, level_group: dict, group: object) -> bool:
    """Whether mark `m` is of a level created by a computation other than `group` (and not by
    the module's statements), or of one whose function has run (`Level.closed`): a summary
    joins results made under that level, and a call made after it cannot run under it."""
    lv = m if type(m) is Level else getattr(m, "level", None)
    return lv is not None and (
        lv.closed or level_group.get(lv, group) not in (group, MODULE_ROOT)
    )


def _strip_foreign(x: Value, level_group: dict, group: object) -> Value:
    """`x` without the marks `_foreign` to `group` (see `_without_foreign_marks`). A function
    of the module, not a closure calling itself: that would be a reference cycle per call,
    holding the levels until the cyclic collector runs."""
    tan = x.tan
    if tan and any(_foreign(m, level_group, group) for m in tan):
        tan = frozenset(m for m in tan if not _foreign(m, level_group, group))
    items = (
        tuple(_strip_foreign(i, level_group, group) for i in x.items)
        if x.items is not None
        else None
    )
    if tan is x.tan and (items is None or all(a is b for a, b in zip(items, x.items))):  # type: ignore[arg-type]
        return x
    return x.rebuilt(tan, items, x.const, x.traced)


@trait
class PythonCalls(EvaluatorShared):
    """A part of `interp.Interpreter` (one mixin per concern): see the module's docstring."""

    # ---------------------------------------------------------------------- calls

    def eval_call(self, node: ast.Call, scope: Scope) -> Value:
        func = node.func
        if isinstance(func, ast.Name) and func.id == "super" and not node.args:
            sup = self._super(scope)
            if sup is not None:
                return sup
        if (type(func) is ast.Attribute and func.attr == "isEnabledFor"
                and self.module is self.main):
            # `log.isEnabledFor(logging.DEBUG)` of a level the module pins down: a constant
            enabled = self.logging_enabled(node)
            if enabled is not None:
                return Value(const=enabled)
        fv = self.eval(func, scope)
        fns = fv.fns
        # the one library function called, by name (`fns == (Api("builtins.len"),)` without
        # the dataclass's `__eq__`, a Python call, on every call evaluated)
        api = fns[0].name if len(fns) == 1 and type(fns[0]) is Api else None
        if api == "builtins.len" and len(node.args) == 1 and not node.keywords:
            n = self._varargs_len(node.args[0], scope)
            if n is None:
                n = self._fresh_list_len(node.args[0], scope)
            if n is None:
                n = self._rebuilt_len(node.args[0], scope)
            if n is not None:
                return Value(const=n, intish=True)
        pos: list[Value] = []
        pos_nodes: list[ast.AST | None] = []
        star: Value | None = None
        outer_taken = self.taken
        if api == generators.ISLICE and node.args:
            # `islice(stages(...), 2)`: the generator's body stops at its second `yield`
            self.taken = generators.islice_taken(self, fv, node, scope) or outer_taken
        try:
            for a in node.args:
                if isinstance(a, ast.Starred):
                    sv = self.eval(a.value, scope)
                    if sv.items is not None and sv.keys is None and star is None:
                        pos.extend(sv.items)
                        pos_nodes.extend([a] * len(sv.items))
                    else:
                        star = sv if star is None else join([star, sv])
                else:
                    pos.append(self.eval(a, scope))
                    pos_nodes.append(a)
        finally:
            self.taken = outer_taken
        kw: dict[str, Value] = {}
        kw_nodes: dict[str, ast.AST] = {}
        dstar: Value | None = None
        for k in node.keywords:
            v = self.eval(k.value, scope)
            if k.arg is None:
                if (
                    v.keys is not None
                    and v.items is not None
                    and all(isinstance(key, str) for key in v.keys)
                ):
                    for key, iv in zip(v.keys, v.items):
                        kw[key] = iv
                        kw_nodes[key] = k.value
                else:
                    dstar = v if dstar is None else join([dstar, v])
            else:
                kw[k.arg] = v
                kw_nodes[k.arg] = k.value
        if (
            isinstance(func, ast.Attribute)
            and func.attr in ("append", "extend", "insert")
            and isinstance(func.value, ast.Name)
            and pos
        ):
            self._mutate_list(func.value.id, func.attr, pos[-1], scope)
        elif (
            isinstance(func, ast.Attribute)
            and func.attr in keyed_lists.GROWING
            and pos
            and (held_entry := keyed_lists.entry_of(func.value)) is not None
        ):
            # `self.handlers.setdefault(event, []).append(fn)`, `d[event].append(fn)`
            keyed_lists.grow_entry(self, held_entry, func.attr, pos[-1], scope)
        elif (
            isinstance(func, ast.Attribute)
            and func.attr in ("append", "extend", "insert")
            and pos
        ):
            how, last = func.attr, pos[-1]
            grown = grown_lists.before(self, func.value, scope)
            if self.change_attribute(func.value, scope,
                                     lambda old: self._list_with(old, how, last)) and grown:
                grown_lists.after(grown, func.value.attr, how, last)  # type: ignore[attr-defined]
        elif isinstance(func, ast.Attribute) and func.attr == "remove" and len(
                pos) == 1 and not kw and star is None and dstar is None:
            # `self._observers.remove(obs)` of one object: the list less it (`object_lists`)
            gone = pos[0]
            held_entry = keyed_lists.entry_of(func.value)
            if held_entry is not None:  # `self.handlers[topic].remove(fn)`
                keyed_lists.remove_entry(self, held_entry, gone, scope)
            else:
                self.change_attribute(func.value, scope, lambda old: None if (
                    items := object_lists.without(old, gone)) is None else self._seq(items))
        elif (
            isinstance(func, ast.Attribute)
            and func.attr == "reverse"
            and isinstance(func.value, ast.Name)
            and not pos and not kw and star is None and dstar is None
        ):
            # `handlers.reverse()`: the list in place, its items in the other order
            self._rebind_changed(func.value.id, scope, _reversed_list)
        elif (
            isinstance(func, ast.Attribute)
            and func.attr in constant_builtins.SET_MUTATORS
            and isinstance(func.value, ast.Name)
            and type(self.lookup(func.value.id, scope).const) is frozenset
        ):
            # `FLAGS.add("x")` on a set of known items: the name's set after it
            how = func.attr
            self._rebind_changed(func.value.id, scope, lambda old: constant_builtins.set_after(
                old.const, how, pos) if type(old.const) is frozenset else None)
        elif isinstance(func, ast.Attribute) and func.attr == "update" and isinstance(
            func.value, ast.Name
        ):
            self._update_dict(func.value.id, pos, kw, star, dstar, scope)
        elif isinstance(func, ast.Attribute) and func.attr == "move_to_end" and isinstance(
                func.value, ast.Name) and pos and star is None and dstar is None:
            key, last = pos[0].const, pos[1] if len(pos) > 1 else kw.get("last", Value(const=True))
            self._rebind_changed(func.value.id, scope,
                                 lambda old: _moved_to_end(old, key, last.const))
        elif isinstance(func, ast.Attribute) and func.attr == "update" and (
                _attribute_dict_of(func.value) is not None):
            self._update_attributes(_attribute_dict_of(func.value), pos, kw, star, dstar,
                                    scope)
        elif isinstance(func, ast.Attribute) and func.attr == "setdefault" and isinstance(
            func.value, ast.Name
        ) and pos and not kw and star is None and dstar is None:
            self._set_default(func.value.id, pos, scope)
        elif isinstance(func, ast.Attribute) and func.attr == "pop" and len(pos) in (
                1, 2) and not kw and star is None and dstar is None and (
                (keyed := keyed_lists.entry_of(ast.Subscript(value=func.value,
                                                             slice=node.args[0])) is not None)
                or isinstance(func.value, ast.Attribute)):
            # `pending = self.once.pop(event, [])` of a handler table this module follows:
            # the dict less that entry (its value, read from the dict before, is the call's)
            if not (keyed and keyed_lists.pop_entry(self, func.value, pos[0], scope)) and (
                    isinstance(func.value, ast.Attribute)):
                # `self._opts.pop("vectorized", None)`: the dict an attribute holds, less
                # the key (an unknown key: its keys unknown)
                key = pos[0].const
                if not self.change_attribute(func.value, scope, lambda old: _popped(old, key)):
                    self._forget_keys(func.value, scope)
        elif isinstance(func, ast.Attribute) and func.attr == "setdefault" and len(
                pos) in (1, 2) and not kw and star is None and dstar is None:
            entry = pos[1] if len(pos) == 2 else Value(const=None)
            self.change_attribute(func.value, scope, lambda old: old if (
                old.keys is not None and pos[0].const in old.keys) else dict_with(
                    old, pos[0].const, entry))
        return self.call_value(fv, Args(pos, kw, pos_nodes, kw_nodes, star, dstar), node)

    def _forget_keys(self, target: ast.expr, scope: Scope) -> None:
        """A key taken out of the dict `obj.attr` holds where the change is not followed
        (several objects, not one): each object's dict there has its keys unknown, so none
        is read as still holding the key (JAX012's `vectorized`)."""
        if not (isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name)):
            return
        obj = self.eval(target.value, scope)
        for inst in obj.fns:
            if type(inst) is Instance and (old := inst.attrs.get(target.attr)) is not None and (
                    old.keys is not None):
                self.set_attribute(Value(fns=(inst,)), target.attr, _unkeyed(old),
                                   in_place=True)

    def _varargs_len(self, arg: ast.expr, scope: Scope) -> int | None:
        """`len(args)` of the function's own `*args`, never rebound: a tuple of the call's
        arguments, whose length is known when they are (`argnums=tuple(range(len(args)))`).
        Only this tuple: the items of a list may be stale (one filled through an alias)."""
        fi = scope.func
        if not isinstance(arg, ast.Name) or fi is None or not hasattr(fi.node, "args"):
            return None
        va = fi.node.args.vararg
        if va is None or va.arg != arg.id:
            return None
        for n in iter_nodes(fi.node):
            if isinstance(n, ast.Name) and n.id == arg.id and not isinstance(n.ctx, ast.Load):
                return None
        v = scope.vars.get(arg.id)
        if v is None or v.items is None or v.keys is not None:
            return None
        return len(v.items)

    def _rebuilt_len(self, arg: ast.expr, scope: Scope) -> int | None:
        """`len(res)` of the residuals a custom_vjp bwd is given (`rebuilt_params`), never
        rebound in it: JAX rebuilds them from the pytree the fwd returned, a new container of
        as many items as the evaluator saw the fwd return (`for i in range(len(factors))` of
        a fwd returning its `*factors`)."""
        held = self.rebuilt_params
        fi = scope.func
        if held is None or fi is None or fi.node is not held[0] or not isinstance(
                arg, ast.Name) or arg.id != held[1]:
            return None
        for n in iter_nodes(fi.node):
            if isinstance(n, ast.Name) and n.id == arg.id and not isinstance(n.ctx, ast.Load):
                return None
        v = scope.vars.get(arg.id)
        if v is None or v.items is None or v.fns:
            return None
        return len(v.items)

    def _fresh_list_len(self, arg: ast.expr, scope: Scope) -> int | None:
        """`len(names)` of a list built where `names` is bound and never handed to anything
        that could change it (`fresh_lists.unaliased`): its length is known when its items
        are (`in_axes = tuple(0 if i == pos else None for i in range(len(names)))`). A
        local of the running function, or a name of the analysed module's own statements."""
        if not isinstance(arg, ast.Name):
            return None
        s: Scope | None = scope  # (a comprehension's scope reads its function's locals)
        while s is not None and s.func is not None and arg.id not in s.func.locals:
            s = s.parent
        if s is not None and s.func is not None:
            within = s.func.node
        elif s is self.module_scope:  # type: ignore[attr-defined]
            within = self.tree  # type: ignore[attr-defined]
        else:
            return None
        v = s.vars.get(arg.id)
        if v is None or v.items is None or v.keys is not None or v.fns:
            return None
        return len(v.items) if fresh_lists.unaliased(within, arg.id) else None

    def _zip(self, name: str, seqs: list[Value]) -> Value:
        """`zip(a, b)`, `enumerate(a)`: tuples of their elements, one per index when all the
        lengths are known; else a sequence of unknown length, summarised as a comprehension's
        is (the elements' tangents and functions): a one-item sequence would read as exact,
        and `[f(k) for k, w in zip(keys, widths)]` of a key array of unknown length build a
        list of one item (`params[:-1]` then empty, the loop over it never run)."""
        seqs = [generators.iterated(self, v) for v in seqs]
        if name == "builtins.enumerate":
            seq = self.resolve_lazy(seqs[0])
            if seq.items is not None and seq.keys is None and len(seqs) == 1:
                # a known sequence: each index with its own item, so a loop unrolled over
                # `enumerate(CONFIGS)` keeps each config's fields together
                return self._seq([
                    self._seq([Value(const=i, intish=True), item])
                    for i, item in enumerate(seq.items)
                ])
            seqs = [Value(intish=True), seqs[0]]
            known = False
        else:
            known = all(v.items is not None and v.keys is None for v in seqs)
        if known:
            n = min(len(v.items) for v in seqs)  # type: ignore[arg-type]
            return self._seq([self._seq([v.items[i] for v in seqs]) for i in range(n)])  # type: ignore[index]
        elems = [self.element_of(v) for v in seqs]
        return Value(tan=frozenset().union(*(e.tan for e in elems)),
                     fns=tuple(dict.fromkeys(f for e in elems for f in e.fns)),
                     traced=any(e.traced for e in elems))

    def _product(self, seqs: list[Value]) -> Value | None:
        """`itertools.product(a, b)` of known sequences: its tuples in Python's order, so a
        loop over a grid sees which values come together; None when an input is not a known
        sequence or the grid is larger than a loop is unrolled."""
        seqs = [self.resolve_lazy(v) for v in seqs]
        axes = [v.items for v in seqs if v.items is not None and v.keys is None]
        if not axes or len(axes) < len(seqs):
            return None
        if math.prod(len(a) for a in axes) > MAX_UNROLL:
            return None
        return self._seq([self._seq(list(c)) for c in itertools.product(*axes)])

    def _mutate_list(self, name: str, how: str, v: Value, scope: Scope) -> None:
        """`xs.append(v)` (extend, insert) on a list bound to `name`: `xs` now holds `v` too (a
        list of functions built in a loop is called later), where the name lives: a local, a
        global filled by a function (a registering decorator), or the global of the module
        it was imported from (`from registry import REGIMES`)."""
        self._rebind_changed(name, scope, lambda old: self._list_with(old, how, v))

    def _rebind_changed(
        self, name: str, scope: Scope, change: Callable[[Value], Value | None]
    ) -> None:
        """Bind `name` to `change` of the container it holds, where the name lives (see
        `_mutate_list`); None from `change`: nothing to keep."""
        imported = self._imported_binding(name, scope)
        defined = None if imported is None else self._definition(imported.path, imported.name)
        if imported is not None and defined is None:
            return
        old = (
            self.lookup(name, scope)
            if defined is None
            else defined[0].scope.vars.get(defined[1], UNKNOWN)
        )
        new = change(old)
        if new is None:
            return
        if defined is not None:
            self._write_global_of(*defined, new)
        elif scope.func is not None and type(scope.func.node) is ast.ClassDef:
            self.store(name, new, scope)  # a class body's own name: an attribute
        else:
            self._store_mutated(name, new, scope)
            other = self.aliased(name, scope)
            if other is not None:  # (`cfg = DEFAULTS`: the module's container changes too)
                self._rebind_changed(other, scope, change)

    def aliased(self, name: str, scope: Scope) -> str | None:
        """The module-level name the running function's local `name` is bound to the
        container of (`container_aliases`), in the analysed module; None. A global (no
        enclosing function binds it) is another module-level name's where the module binds it
        to that one's object (`active = REGISTRY`)."""
        if self.module is not self.main:
            return None
        s: Scope | None = scope
        while s is not None and s.func is not None:
            if name in (s.func.locals or ()):
                if s is not scope:
                    return None  # (a free variable of an enclosing function)
                return container_aliases.source(self.tree, s.func.node, name)  # type: ignore[attr-defined]
            s = s.parent
        return container_aliases.module_source(self.tree, name)  # type: ignore[attr-defined]

    def _update_dict(
        self,
        name: str,
        pos: list[Value],
        kw: dict[str, Value],
        star: Value | None,
        dstar: Value | None,
        scope: Scope,
    ) -> None:
        """`TABLE.update(gelu=fn)` or `TABLE.update({"gelu": fn})` on a dict bound to `name`:
        each entry stored as `TABLE["gelu"] = fn` is (`store_entry`; a value not a function,
        as `_store_local_entry` stores it), in order. Entries whose
        keys are not all known (`*args`, `**kw` of unknown keys, a mapping that is not a dict
        display) store nothing, as a store at an unknown key does."""
        entries = _update_entries(pos, kw, star, dstar)
        for key, v in entries or ():
            if not self.store_entry(name, key, v, scope):  # type: ignore[attr-defined]
                self._store_local_entry(name, key, v, scope)

    def _update_attributes(self, obj_node: ast.expr | None, pos: list[Value],
                           kw: dict[str, Value], star: Value | None, dstar: Value | None,
                           scope: Scope) -> None:
        """`obj.__dict__.update(profile)` (or `vars(obj).update(...)`) on one object of the
        analysed code: each entry of a known name is stored as `obj.name = v` is (Python
        reads an instance's attributes from that dict: `obj.bwd` is the new one). Entries
        whose keys are not all known store nothing."""
        if obj_node is None or star is not None or dstar is not None or len(pos) > 1:
            return
        obj = self.eval(obj_node, scope)
        if len(obj.fns) != 1 or type(obj.fns[0]) is not Instance:
            return
        entries = _update_entries(pos, kw, star, dstar)
        if entries is None or not all(type(k) is str for k, _ in entries):
            return
        for key, v in entries:
            self.set_attribute(obj, str(key), v)  # type: ignore[attr-defined]

    def _set_default(self, name: str, pos: list[Value], scope: Scope) -> None:
        """`opts.setdefault("key", v)` on a dict of known keys bound to `name`: stored as
        `opts["key"] = v` is (`_store_local_entry`) when the key is not there yet (a wrapper
        filling the keywords it spreads into a callback: `kwargs.setdefault("vectorized",
        False)`). A key already there, or not known, leaves the dict as it is."""
        if len(pos) > 2:
            return
        key = pos[0].const
        old = self.lookup(name, scope)
        if old.keys is None or old.items is None or key is NOCONST or key in old.keys:
            return
        self._store_local_entry(name, key, pos[1] if len(pos) == 2 else Value(const=None),
                                scope)

    def _list_with(self, old: Value, how: str, v: Value) -> Value | None:
        """The list `old` after `old.append(v)` (extend, insert); None: nothing to keep."""
        if old.items is None or old.keys is not None:
            if not old.fns and not v.fns:
                return None
            added = self.element_of(v) if how == "extend" else v
            return join([old, Value(tan=added.tan, fns=added.fns)])
        new = list(old.items)
        if how == "extend":
            if v.items is None or v.keys is not None:
                return self._seq([*new, v], unknown_len=True)
            new.extend(v.items)
        else:
            new.append(v)
        return self._seq(new)

    def _super(self, scope: Scope) -> Value | None:
        """`super()` in a method: its class and its first parameter."""
        fi = scope.func
        cls = self.method_class.get(fi) if fi is not None else None
        if cls is None or fi is None:
            return None
        a = fi.node.args
        params = a.posonlyargs + a.args
        if not params:
            return None
        return Value(fns=(SuperOf(cls, scope.vars.get(params[0].arg, UNKNOWN)),))

    def call_value(self, fv: Value, args: Args, node: ast.AST | None) -> Value:
        if len(fv.fns) > 1:
            # each callee beyond the first is work no statement counts: a value joining
            # hundreds of functions or objects, called in a loop, cost minutes (tum-pbs/PhiML)
            self.spend(len(fv.fns) - 1, node)
            with self.guessing():  # (which of them is called is not known)
                results = [
                    self.apply(f, args, node)
                    if type(f) is not Instance
                    else self.call_instance(f, fv, args, node)
                    for f in fv.fns
                ]
        else:
            results = [
                self.apply(f, args, node)
                if type(f) is not Instance
                else self.call_instance(f, fv, args, node)
                for f in fv.fns
            ]
        if not results:
            if (
                self.module is self.main
                and isinstance(node, ast.Call)
                and isinstance(node.func, (ast.Name, ast.Subscript))
            ):
                # a function value read there may be called (the reads `escape` follows)
                self.unresolved_calls.add(node)
                self._effects.unresolved.add(node)
            if self.limits is not None and node is not None:
                callee = ast.unparse(node.func) if isinstance(node, ast.Call) else "a value"
                why = f"calls `{callee[:60]}`, which the analysis cannot resolve to a function"
                if any(not isinstance(f, Api) for v in args.all_values() for f in v.fns):
                    # what it does with the functions it is given (a library's optimizer
                    # differentiating an objective) is not known: say so, levels or none
                    self.note_limit(node, why + ": the functions passed to it are not followed")
                else:
                    self.note_limit_call(node, args, why)
            if self.host_run is not None:  # (what it runs is not known)
                self.host_run.complete = False
            return derived([fv, *args.all_values()])
        return results[0] if len(results) == 1 else join(results)

    def apply(self, f: Any, args: Args, node: ast.AST | None) -> Value:
        t = type(f)
        if t is Closure:
            return self.call_closure(f, args, node, label=f.func.name)
        if t is Api:
            modelled = HOOKS.functions.get(f.name)
            if modelled is not None:  # a library's function a model computes (attrs.evolve)
                return modelled(self, args, node)
            if f.name in PYTHON_MODELLED:  # a Python function this package models
                known = self._python_modelled(f, args, node)
                if known is not None:
                    return known
            return self.jax.api.call_api(f.name, args, node)
        if t is Partial:
            merged = Args(
                list(f.args) + args.pos,
                {**dict(f.kw), **args.kw},
                [*([None] * len(f.args)), *args.pos_nodes],
                {**dict(f.kw_nodes), **args.kw_nodes} if f.kw_nodes and f.module is self.module
                else args.kw_nodes,
                args.star,
                args.dstar,
            )
            return self.apply(f.fn, merged, node)
        if t is MethodCaller:
            return self.call_method_caller(f, args, node)
        if t is Transformed:
            return self.jax.transforms.call_transformed(f, args, node)
        if t is Wrapper:
            return self.jax.control.call_wrapper(f, args, node)
        if t is CustomFn:
            return self.jax.custom.call_custom(f, args, node)
        if t is RuleSetter:
            return self.jax.custom.set_rule(f, args)
        if t is ClassObj:
            if _typed_dict(f):  # `Options(vectorized=True)`: a plain dict of its arguments
                return _typed_dict_made(args)
            if f.members:  # `Mode(value)`: `Enum.__call__` looks the member up
                found = enums.by_value(f, args.pos[0]) if len(args.pos) == 1 else None
                return UNKNOWN if found is None else found
            return self.instantiate(f, args, node)
        if t is ArrayMethod:
            text = f.receiver.const
            if type(text) is str and not f.receiver.traced and f.name in STR_METHODS:
                known = constant_builtins.str_method(text, f.name, args)  # `name.lower()`
                if known is not None:
                    return known
            if (
                self.limits is not None
                and node is not None
                and any(not isinstance(g, Api) for v in args.all_values() for g in v.fns)
            ):
                # a method of a value not known (a library's object: `opt.update(...,
                # obj_fn=loss)`): what it does with the functions it is given is not known
                self.note_limit(
                    node,
                    f"calls `.{f.name}` of a value the analysis does not know (a library's "
                    "object?): the functions passed to it are not followed",
                )
            if self.host_run is not None and any(
                    not isinstance(g, Api) for v in args.all_values() for g in v.fns):
                self.host_run.complete = False  # (the functions given are not followed)
            return self.jax.api.call_array_method(f, args)
        if t is Pullback:
            return self.jax.transforms.call_pullback(f, args, node)
        if t is Decorator:
            return args.pos[0] if args.pos else UNKNOWN
        if t is single_dispatch.Dispatcher:
            first = args.pos[0] if args.pos else None
            impls = single_dispatch.implementations(f, first)
            return join([self.call_value(impl, args, node) for impl in impls])
        if t is single_dispatch.DispatchRegister:
            return single_dispatch.register(f, args.pos)
        if t is concurrency.Method:
            return concurrency.call_method(self, f, args, node)
        if t is schedulers.Method:
            return schedulers.call_method(self, f, args, node)
        if t is generators.Method:
            return generators.call_method(self, f, args, node)
        if t is context_vars.Method:
            return context_vars.call(self, f, args)
        if t is argparse_values.Method:
            return argparse_values.call(f, args)
        if t is config_parsers.Method:
            return config_parsers.call(f, args)
        if t is LazyName:
            return self.call_value(self.resolve_lazy(Value(fns=(f,))), args, node)
        if t is Instance:
            return self.call_instance(f, Value(fns=(f,)), args, node)
        model_call = HOOKS.calls.get(t)
        if model_call is not None:  # a library model's value (flax linen's `model.apply`)
            return model_call(self, f, args, node)
        if self.host_run is not None:  # (what it runs is not known)
            self.host_run.complete = False
        return derived(args.all_values())

    def _python_modelled(self, f: Api, args: Args, node: ast.AST | None) -> Value | None:
        """What a call of a library function in `PYTHON_MODELLED` gives, by its model; None
        where the model does not decide it (the API table's answer is the call's)."""
        if f.name == "builtins.next":  # of a generator object: resumed here
            resumed = generators.resumed_by_next(self, args, node)
            if resumed is not None:
                return resumed
        if f.name in environment_reads.READS:  # `os.environ.get(K, d)`: `run_environment`
            read = environment_reads.call(self, args)
            if read is not None:
                return read
        if f.name == optional_imports.FIND_SPEC:  # `find_spec("cupy") is None`
            spec = optional_imports.find_spec(self, args)
            if spec is not None:
                return spec
        if f.name == computed_names.IMPORT_MODULE:  # `import_module("jax." + sub)`
            module = computed_names.import_module(self, args)
            if module is not None:
                return module
        if f.name in (computed_names.GLOBALS, computed_names.VARS):  # `globals()`
            own = computed_names.namespace(self, f.name, args)
            if own is not None:
                return own
        if f.name == computed_names.GETMEMBERS:  # `inspect.getmembers(cls, isfunction)`
            listed = computed_names.members(self, args)
            if listed is not None:
                return listed
        if f.name in platform_facts.CALLS and not args.kw and args.star is None:
            known = platform_facts.call(f.name, len(args.pos))  # `platform.system()`
            if known is not None:
                return known
        if f.name == "builtins.type.__new__" and self.classes_made:
            # in a metaclass's `__new__`, run where a class statement makes its class
            return Value(fns=(self.classes_made[-1],))
        if f.name in key_functions.KEYED and "key" in args.kw:
            key_functions.run_keys(self, f.name, args, node)  # (`min(..., key=score)`)
        if f.name in mapping_views.MAKERS:  # `MappingProxyType(TABLE)`: a live view
            view = mapping_views.made(self, f.name, args)
            if view is not None:
                return view
        if f.name == dataclass_copies.REPLACE:  # `dataclasses.replace(cfg, flag=True)`
            copied = dataclass_copies.replaced(self, args, node, dataclass_fields)
            if copied is not None:
                return copied
        if f.name == shallow_copies.COPY:  # `copy.copy(self)`: its containers shared
            shallow = shallow_copies.copied(self, args, node)
            if shallow is not None:
                return shallow
        if f.name == "builtins.sum":  # of objects with `__add__` / `__radd__`
            total = summed_objects.summed(self, args, node)
            if total is not None:
                return total
        if self.host_run is not None and f.name in calling_back.CALLS_BACK and (
                _hands_unknown(f.name, args)):
            self.host_run.complete = False  # (it calls what the analysis does not know)
        return None

    # ------------------------------------------------------------- user functions

    def call_instance(self, inst: Instance, fv: Value, args: Args, node: ast.AST | None) -> Value:
        call = inst.cls.lookup("__call__")
        if call is None:
            return derived([fv, *args.all_values()])
        me = Value(tan=fv.tan, fns=(inst,), traced=fv.traced)
        if inst.cls.vmaps:
            # a module class wrapped by lifted vmaps: its call runs under their batch levels
            return self.jax.control.call_lifted_vmap(
                inst.cls.vmaps,
                me,
                lambda m, a: self._call_module(inst, m, call, a, node),
                args,
                node,
            )
        return self._call_module(inst, me, call, args, node)

    def _call_module(
        self, inst: Instance, me: Value, call: Value, args: Args, node: ast.AST | None
    ) -> Value:
        """`me.__call__(*args)`, checkpointed for a class wrapped by a lifted remat. A flax
        linen module runs its `setup` first (flax runs it before the module's first method in
        each `apply`), in the call's context: the submodules and parameters it assigns are
        those of this call."""
        if inst.cls.linen:
            self.run_linen_setup(inst, me, node)
        if inst.cls.remat:
            # a module class wrapped by a lifted remat: its call runs under jax.checkpoint
            reverse = self.jax.transforms.rematerialised(
                m
                for v in [me, *args.all_values()]
                for m in v.tan | self.reads(MODULE_TAN).module_tan
            )
            with self.within(
                checkpoint_levels=self.reads(CHECKPOINT_LEVELS).checkpoint_levels | reverse
            ):
                return self.call_value(self._bind(call, me), args, node)
        return self.call_value(self._bind(call, me), args, node)

    def run_linen_setup(self, inst: Instance, me: Value, node: ast.AST | None) -> None:
        """A flax linen module's `setup` (when its class defines one), run on `me`."""
        setup = inst.cls.lookup("setup")
        if setup is not None:
            self.call_value(self._bind(setup, me), Args.of(), node)

    def call_closure(
        self, closure: Closure, args: Args, node: ast.AST | None, label: str | None
    ) -> Value:
        fi = closure.func
        self.impure_effects += 1  # the module's code runs (see `replay`)
        if fi.locals is None:
            self.ensure_scope(fi)
        # memoised per arguments and the fields of the context the interpretation read
        call: tuple = (
            closure,
            tuple(args.pos),
            tuple(sorted(args.kw.items())),
            args.star,
            args.dstar,
        )
        if self.strong_updates:  # an object stored into since: its state now (`certain_paths`)
            call = (*call, *(f.version for v in args.pos for f in v.fns
                             if type(f) in (Instance, ClassObj) and f.singular))
        if fi.module is not None and not fi.module.is_main:
            # findings inside imported modules are reported at the analysed file's call site:
            # one interpretation per such site
            tip = (
                node
                if self.module.is_main
                else next((st.span for st in reversed(self.stack) if st.filename is None), None)
            )
            call = (*call, tip)
        taken = self.taken[1] if self.taken is not None and self.taken[0] is node else None
        if taken is not None:  # (an `islice` of a generator: its body runs in part)
            call = (*call, ("taken", taken))
        base: tuple | None = call
        key: tuple | None = None
        # in a callback's host run every interpretation reads `Ctx.host_site`: none made
        # outside it serves there, so its statements run and are noted (`jax.host_runs`)
        host = self.host_run
        try:
            for bits in self.memo_reads.get(call, ()):
                if host is not None:
                    bits |= HOST_SITE
                key = (call, bits, ctx_part(self.ctx, bits))
                cached = self.memo.get(key)
                if cached is not None:
                    break
            else:
                cached = None
        except TypeError:  # an unhashable constant slipped in
            base = None
            cached = None
        if cached is not None:
            assert key is not None  # (a memoised interpretation was found under it)
            self.ctx_reads |= key[1]
            if self.observer.memo_is_stale(key, args):
                self.order_sensitive = True
            span = self._memo_emits.get(key)
            if span is not None:  # its findings come from this root too
                emitted = self._emitted.span(*span)
                for k in emitted:
                    self.finding_roots[k].add(self.root)
                if self.record:  # and from a call that is memoised around it
                    self._emitted.extend_once(emitted)
            span = self.observer.entered_span(key) if self.record else None
            if span is not None:  # what it ran, this root depends on (see `roots`): by
                # reference, followed once the roots ran (see `call_logs`)
                self._effects.reached.add(span)
                self._entered_log.extend_once((span,))
            if self._memo_callbacks:  # (and the callback calls it evaluated, likewise)
                span = self._memo_callbacks.get(key)
                if span is not None:
                    evaluated = self._callbacks_log.span(*span)
                    self._effects.callbacks.update(evaluated)
                    self._callbacks_log.extend_once(evaluated)
            return cached
        shareable = (base is not None and fi.module is self.main and host is None
                     and taken is None and sharing.plain_closure(closure))
        # the calls whose shared interpretations may serve this one, by what they read
        sharers = (closure, len(args.pos), *sorted(args.kw)) if shareable else None
        for bits in self._sharer_reads(sharers):
            shared = self._shared_key(closure, args, bits)
            reused = self._reuse_shared(*shared) if shared is not None else None
            if reused is not None:
                if self.observer.memo_is_stale(shared[0], args):  # type: ignore[index]
                    self.order_sensitive = True
                self._memoise(base, bits, reused)  # type: ignore[arg-type]
                self.ctx_reads |= bits
                return reused
        running = (base, self.ctx) if base is not None else None
        if (running is not None and running in self.in_progress) or self.depth > _MAX_DEPTH:
            self.order_sensitive |= self.root is not MODULE_ROOT  # see `roots`
            self._cut()
            if self.limits is not None and node is not None:
                why = "a recursive call" if self.depth <= _MAX_DEPTH else "a call too deep"
                self.note_limit_call(
                    node, args, f"{why} of `{fi.name}`: its body is not followed again"
                )
            return derived(args.all_values())
        # Context sensitivity has a price: past a few interpretations of one function in one
        # root (many under a level, fewer outside one, where no finding can arise) its calls
        # get the summary of what it returned so far (see `_MAX_CONTEXTS`).
        # (a host's run counted apart: the interpretations it repeats take no other's place)
        counted = (fi, self.root) if host is None else (fi, self.root, host)
        count = self.interpretations.get(counted, 0)
        # a loop run one pass per known item gives each pass the contexts of one run
        cap = _MAX_CONTEXTS_FREE * self.unroll_factor
        if count >= cap and self._under_a_level(args):
            cap = _MAX_CONTEXTS * self.unroll_factor
        if count >= cap:
            self.order_sensitive |= self.root is not MODULE_ROOT  # see `roots`
            self._cut()
            if self.limits is not None and node is not None:
                self.note_limit_call(
                    node,
                    args,
                    f"`{fi.name}` was already analysed in {count} contexts: this call gets a "
                    "summary of its results, its body is not followed with these arguments",
                )
            summary = self._without_foreign_marks(self.summaries.get(fi, UNKNOWN))
            return join([summary, derived(args.all_values())])
        self.interpretations[counted] = count + 1
        if running is not None:
            self.in_progress.add(running)
        self.entered.add(fi)
        if host is not None and fi.module is self.main:
            host.entered.add(fi.node)
        # what this call runs, its own function included (see `roots`): read only by the
        # records of an incremental analysis. Kept without them, each shared interpretation
        # would hold every function below it and each root all it reaches: quadratic in
        # the length of the module's call chains (850,000 entries at 100,000 lines)
        # (the logs' lists read directly: `len` of a `CallLog` is a Python call per log on
        # every call interpreted)
        entered, emitted, callbacks = (self._entered_log.entries, self._emitted.entries,
                                       self._callbacks_log.entries)
        entered_before = len(entered)
        callbacks_before = len(callbacks)
        if self.record and fi.module is self.main:
            self._effects.entered.add(fi.node)
            self._entered_log.append(fi.node)
        emitted_before = len(emitted)
        # the levels whose state a shared result cannot carry over (see `_shared_state`)
        shared_levels = self._call_levels(args) if shareable else None
        state_before = self._shared_state(shared_levels) if shared_levels is not None else None
        portable_before = self.observer.portable_marks() if shareable and self.record else None
        scope = Scope(fi, closure.scope, closure.scope.module)
        self.bind_params(closure, args, scope)
        pushed = node is not None and label is not None
        if pushed:
            self.stack.append(self.step(node, f"calls `{label}`"))  # type: ignore[arg-type]
        self.depth += 1
        caller_module = self.module
        if fi.module is not None:
            self.module = fi.module
        outer_reads, self.ctx_reads = self.ctx_reads, 0
        outer_frame, self.frame = self.frame, scope
        strong_before = self.strong_updates
        # the spans of this call in the logs start here (see `call_logs`)
        outer_starts = self._entered_log.start, self._emitted.start, self._callbacks_log.start
        self._entered_log.start, self._emitted.start = entered_before, emitted_before
        self._callbacks_log.start = callbacks_before
        try:
            if isinstance(fi.node, ast.Lambda):
                result = self.eval(fi.node.body, scope)
            else:
                gen = generators.start(self, fi)
                outer_yields, self.yields = self.yields, gen
                try:
                    self.exec_block(generators.taken_body(fi.node, taken) if (
                        gen is not None and gen.exact and taken is not None) else fi.node.body,
                        scope)
                finally:
                    self.yields = outer_yields
                result = scope.vars.get("<return>", NONE_VALUE)
                if gen is not None:
                    result = generators.finish(self, gen, result, closure, args)
        finally:
            self.frame = outer_frame
            (self._entered_log.start, self._emitted.start,
             self._callbacks_log.start) = outer_starts
            bits = self.ctx_reads
            self.ctx_reads = outer_reads | bits
            self.module = caller_module
            self.depth -= 1
            if pushed:
                self.stack.pop()
            if running is not None:
                self.in_progress.discard(running)
        if self.strong_updates != strong_before:
            base = None  # it replaced an attribute: an equal call must again (`certain_paths`)
            state_before = None
        if base is not None:
            key = self._memoise(base, bits | HOST_SITE if host is not None else bits, result)
            if self.record:
                self.observer.note_memoised(key)
            if len(emitted) > emitted_before:
                self._memo_emits[key] = (emitted_before, len(emitted))
            if self.record and len(entered) > entered_before:
                self.observer.note_entered_span(key, entered_before, len(entered))
            if len(callbacks) > callbacks_before:
                self._memo_callbacks[key] = (callbacks_before, len(callbacks))
        if state_before is not None and self._shared_state(shared_levels) == state_before:  # type: ignore[arg-type]
            shared = self._shared_key(closure, args, bits)
            if shared is not None:
                if self.record:
                    self.observer.note_memoised(shared[0])
                made = self.shared_memo[shared[0]] = SharedCall(
                    result,
                    shared[1],
                    tuple(dict.fromkeys(emitted[emitted_before:])),
                    frozenset(entered[entered_before:]),
                    frozenset(callbacks[callbacks_before:]) if len(callbacks) > callbacks_before
                    else EMPTY,
                )
                reads = self.shared_reads.setdefault(sharers, [])
                if bits not in reads:
                    reads.append(bits)
                if portable_before is not None:
                    self.observer.note_shared_call(shared[0], made, portable_before)
        old = self.summaries.get(fi)
        self.summaries[fi] = (
            result if old is None else join([self._without_foreign_marks(old), result])
        )
        return result

    def _cut(self) -> None:
        """A call's body is not followed (a recursion, a cap): noted for `jax.host_runs`, whose
        runs then decide no line (the callback's call may be in what is not followed)."""
        self.cuts += 1
        if self.host_run is not None:
            self.host_run.complete = False

    def _under_a_level(self, args: Args) -> bool:
        """Whether a call may be where a finding arises, for the cap on a function's contexts
        (`_MAX_CONTEXTS`): inside a level's run (`level_depth`: grad, jacfwd...), under a vmap,
        or given a value a level marks. A batch level applied where no level runs (a vmapped
        function's call, `lax.map(..., batch_size=)`, a lifted vmap, custom_root's linearisation)
        marks its arguments only: counted outside every level, a function called in a few
        unbatched contexts first had its batched call summarised, and the callback in it
        unseen."""
        return bool(
            self.level_depth
            or self.reads(VMAPPED).vmapped
            or any(v.tan for v in args.all_values())
        )

    def _memoise(self, base: tuple, bits: int, result: Value) -> tuple:
        """Memoise `result` for the calls with these arguments in a context that agrees with
        this one on the fields `bits`; its key."""
        key = (base, bits, ctx_part(self.ctx, bits))
        self.memo[key] = result
        reads = self.memo_reads.setdefault(base, [])
        if bits not in reads:
            reads.append(bits)
        return key

    def _call_levels(self, args: Args) -> set[Level] | None:
        """The levels of a call's arguments and context (None if one is not plain)."""
        ctx = self.ctx
        return sharing.levels_of_call(
            [*args.pos, *args.kw.values(), args.star, args.dstar],
            (ctx.rule_levels, ctx.mask, ctx.checkpoint_levels, ctx.module_tan),
            lambda lv: self._level_group.get(lv) is MODULE_ROOT,
        )

    def _sharer_reads(self, sharers: tuple | None) -> list[int]:
        """The context fields shared interpretations of calls of this shape were keyed on: in
        this analysis, and in the previous version's carried ones (see `carried_calls`)."""
        reads = self.shared_reads.get(sharers, [])
        carried = self.observer.carried_reads_of(sharers)
        if carried:
            extra = [b for b in carried if b not in reads]
            if extra:
                return [*reads, *extra]
        return reads

    def _shared_key(
        self, closure: Closure, args: Args, bits: int
    ) -> tuple[tuple, tuple[Level, ...]] | None:
        """The key of a call of a top-level function of the analysed module in which the
        levels are named by rank (see `sharing`), with the fields `bits` of the context, and
        those levels; None if it has none, unless the analysis records (see `carried_calls`)."""
        ctx = self.ctx
        kw = sorted(args.kw.items())
        level_sets = tuple(
            s
            for bit, s in (
                (RULE_LEVELS, ctx.rule_levels),
                (MASK, ctx.mask),
                (CHECKPOINT_LEVELS, ctx.checkpoint_levels),
                (MODULE_TAN, ctx.module_tan),
            )
            if bits & bit
        )
        named = sharing.canonical_call(
            [*args.pos, *(v for _, v in kw), args.star, args.dstar],
            level_sets,
            lambda lv: self._level_group.get(lv) is MODULE_ROOT,
            # calls without levels too when recording: the next version may reuse them
            level_free=self.record,
        )
        if named is None:
            return None
        key = (
            closure,
            len(args.pos),
            tuple(k for k, _ in kw),
            bits,
            named[0],
            ctx_part(ctx, bits & ~_LEVEL_SETS),
        )
        return key, named[1]

    def _shared_state(self, levels: set[Level]) -> tuple[int, ...]:
        """What an interpretation may change that a shared result cannot carry over to other
        levels: levels made, loop tangents, transformed functions made or called, the findings
        waiting on its levels, globals and attributes stored. Unchanged by an interpretation:
        its result can be shared."""
        return (
            self._outer_writes,
            len(self._level_group),
            len(self.loop_tangents),
            len(self.transformed_created),
            len(self._called_nodes),
            sum(len(lv.pending) for lv in levels),
        )

    def _reuse_shared(self, key: tuple, levels: tuple[Level, ...]) -> Value | None:
        """The result of an equal call under other levels, with this call's levels in place of
        those; the findings it emitted and the functions it entered count for this root too."""
        carried = False
        try:
            entry = self.shared_memo.get(key)
            if entry is None:
                # the previous version's, if it carried one (see `incremental.carried_calls`)
                entry = self.observer.carried_call(key)
                carried = True
        except TypeError:  # an unhashable constant
            return None
        if entry is None:
            return None
        mapping = dict(zip(entry.levels, levels))
        result = sharing.rename(
            entry.result, mapping, lambda lv: self._level_group.get(lv) is MODULE_ROOT
        )
        if result is None:
            return None
        if carried:
            self.observer.used_carried_call(key, entry)
        for k in entry.emitted:
            self.finding_roots[k].add(self.root)
        self._emitted.extend_once(entry.emitted)
        if entry.entered:  # (by reference, as a memoised call's span: see `call_logs`)
            self._effects.reached.add(entry.entered)
            self._entered_log.extend_once((entry.entered,))
        if entry.callbacks:
            self._effects.callbacks |= entry.callbacks
            self._callbacks_log.extend_once(entry.callbacks)
        return result

    def _without_foreign_marks(self, v: Value) -> Value:
        """`v` without the marks of levels another computation created (another entry point,
        another escaped transformed function): a summary joins the results of all the
        interpretations of a function, and those tangents cannot reach a call here (the levels
        of the module's own statements can, through its globals). Kept, every summary would
        carry every level of the module: quadratic time and memory, and findings blaming a
        transform that never reaches them."""
        return _strip_foreign(v, self._level_group, self._group)

    def bind_params(self, closure: Closure, args: Args, scope: Scope) -> None:
        a = closure.func.node.args
        positional = a.posonlyargs + a.args
        defaults = closure.defaults
        first_default = len(positional) - len(defaults)
        used_kw: set[str] = set()
        for i, p in enumerate(positional):
            if i < len(args.pos):
                v = args.pos[i]
            elif p.arg in args.kw and i >= len(a.posonlyargs):
                v = args.kw[p.arg]
                used_kw.add(p.arg)
            elif args.star is not None:
                v = args.star
            elif args.dstar is not None:
                v = args.dstar
            elif i >= first_default:
                v = defaults[i - first_default]
            else:
                v = UNKNOWN
            scope.vars[p.arg] = v
        if a.vararg:
            extra = args.pos[len(positional) :]
            if args.star is not None:
                scope.vars[a.vararg.arg] = derived([*extra, args.star])
            else:
                scope.vars[a.vararg.arg] = self._seq(list(extra))
        kwd = dict(closure.kw_defaults)
        for k in a.kwonlyargs:
            if k.arg in args.kw:
                scope.vars[k.arg] = args.kw[k.arg]
                used_kw.add(k.arg)
            elif args.dstar is not None:
                scope.vars[k.arg] = args.dstar
            else:
                scope.vars[k.arg] = kwd.get(k.arg, UNKNOWN)
        if a.kwarg:
            rest = {k: v for k, v in args.kw.items() if k not in used_kw}
            vals = list(rest.values()) + ([args.dstar] if args.dstar is not None else [])
            if args.dstar is None:
                scope.vars[a.kwarg.arg] = Value(
                    tan=frozenset().union(*(v.tan for v in vals)) if vals else EMPTY,
                    items=tuple(rest.values()),
                    keys=tuple(rest.keys()),
                    traced=any(v.traced for v in vals),
                )
            else:
                scope.vars[a.kwarg.arg] = derived(vals)

    def call_method_caller(self, f: MethodCaller, args: Args, node: ast.AST | None) -> Value:
        """`operator.methodcaller(name, *a, **k)(obj)`: `obj.<name>(*a, **k)`, for each name
        it may be (a constant, or one of a few); not known when the name is not."""
        names = (f.name.const,) if f.name.const is not NOCONST else tuple(f.name.choices or ())
        if len(args.pos) != 1 or args.kw or not names or not all(
                isinstance(n, str) for n in names):
            return derived([*args.all_values(), *f.args])
        if f.node is not None and f.module == self.module.path:
            # the call is written where the method caller is made: its arguments there
            called = Args(list(f.args), dict(f.kw), list(f.arg_nodes), dict(f.kw_nodes))
            node = f.node
        else:
            called = Args(list(f.args), dict(f.kw), [None] * len(f.args), {})
        return join([self.call_value(self.attribute(args.pos[0], n), called, node)
                     for n in names])

    def instantiate(self, cls: ClassObj, args: Args, node: ast.AST | None) -> Value:
        inst = Instance(cls, singular=certain_paths.singular_here(self, node))
        self.impure_effects += 1  # a mutable object, its __init__ run (see `replay`)
        if self.record:
            self.observer.note_made(inst)
        vals = args.all_values()
        # a linen submodule built in a module's apply reads its parameters from its variables
        tan = self.reads(MODULE_TAN).module_tan if cls.linen else EMPTY
        obj = Value(tan=tan, fns=(inst,), traced=any(v.traced for v in vals))
        init = cls.lookup("__init__")
        if cls.record is not None and HOOKS.construct_record(self, cls, obj, args, node):
            return obj  # a library's record class: its model sets the fields
        if init is not None:
            self.call_value(self._bind(init, obj), args, node)
        else:
            # dataclass-like: fields become attributes in declaration order, the bases'
            # first (a subclass redeclaring one keeps its place and changes its default)
            mro = cls.mro() or [cls]
            fields = dataclass_fields(mro)
            for name, v in zip(fields, args.pos):
                inst.attrs[name] = v
            for name, v in args.kw.items():
                inst.attrs[name] = v
            for name in fields:
                if name not in inst.attrs and (made := _factory(mro, name)) is not None:
                    inst.attrs[name] = self.call_value(made, Args.of(), node)
            if cls.is_pytree():
                given = dict(zip(fields, args.pos_nodes))
                given.update(args.kw_nodes)
                inst.array_fields.update(
                    name
                    for name, e in given.items()
                    if name in inst.attrs
                    and not cls.is_static_field(name)
                    and makes_array(e, self._api_named)
                )
        post = cls.lookup("__post_init__")
        if post is not None:
            self.call_value(self._bind(post, obj), Args.of(), node)
        tuple_fields = cls.tuple_fields() if init is None else None
        if tuple_fields is not None and len(tuple_fields) <= MAX_ITEMS:
            # a NamedTuple is the tuple of its fields: a pytree whose leaves keep their own
            # tangents through indexing, unpacking, joins and loop carries
            items = tuple(
                inst.attrs.get(name) or cls.lookup(name) or UNKNOWN for name in tuple_fields
            )
            return Value(
                tan=frozenset().union(*(v.tan for v in items)),
                fns=(inst,),
                items=items,
                traced=obj.traced,
            )
        return obj


def _declared(c: ClassObj) -> list[str]:
    """The names a class body annotates (a dataclass's own fields)."""
    if not isinstance(c.node, ast.ClassDef):
        return []
    return [s.target.id for s in c.node.body
            if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)]


def dataclass_fields(mro: list[ClassObj]) -> list[str]:
    """A dataclass's fields in `__init__` order: gathered along the MRO in reverse, as
    `dataclasses` does."""
    out: dict[str, None] = {}
    for c in reversed(mro):
        out.update(dict.fromkeys(_declared(c)))
    return list(out)


def _factory(mro: list[ClassObj], name: str) -> Value | None:
    """The `default_factory=` of field `name` as the most derived class declaring it gives
    it (None where that declaration has none). A class wrapping another's statement (a
    lifted `nn.remat(Block)`) declares what that class does."""
    for i, c in enumerate(mro):
        if name in _declared(c):
            if name in c.factories or not any(d.node is c.node for d in mro[i + 1:]):
                return c.factories.get(name)
    return None


#: the bases making a class a `TypedDict` (calling it makes a plain dict)
_TYPED_DICTS = frozenset({"typing.TypedDict", "typing_extensions.TypedDict"})


def _typed_dict(cls: ClassObj, depth: int = 0) -> bool:
    """Whether `cls` is a `TypedDict` (directly, or through a TypedDict base)."""
    for b in cls.bases if depth < 16 else ():
        for f in b.fns:
            if type(f) is Api and f.name in _TYPED_DICTS:
                return True
            if type(f) is ClassObj and _typed_dict(f, depth + 1):
                return True
    return False


def _typed_dict_made(args: Args) -> Value:
    """What calling a `TypedDict` makes: `dict(*args, **kw)` (unknown keys where a part's
    are not known)."""
    if args.star is not None or args.dstar is not None or len(args.pos) > 1:
        return Value()
    given = Value(items=tuple(args.kw.values()), keys=tuple(args.kw))
    made = merged_dict([*args.pos, given])
    return made if made is not None else Value()


def _hands_unknown(name: str, args: Args) -> bool:
    """A library function that calls back what it is handed (`calling_back`) is handed a
    value at such a place that is no function the analysis knows, or a spread: what the
    host runs through it is not known."""
    positions, words = calling_back.CALLS_BACK[name]
    if args.star is not None or args.dstar is not None:
        return True
    handed = [args.pos[i] for i in positions if i < len(args.pos)]
    handed += [v for k, v in args.kw.items() if k in words]
    return any(not v.fns for v in handed)


def _reversed_list(old: Value) -> Value | None:
    """The list `old` after `old.reverse()`; None where its items are not known (nothing to
    keep: the join of its items stands for each of them already)."""
    if old.items is None or old.keys is not None or old.const is not NOCONST and not isinstance(
            old.const, tuple):
        return None
    items = old.items[::-1]
    const = tuple(reversed(old.const)) if isinstance(old.const, tuple) else NOCONST
    return Value(tan=old.tan, items=items, const=const, traced=old.traced, intish=old.intish)


def _update_entries(pos: list[Value], kw: dict[str, Value], star: Value | None,
                    dstar: Value | None) -> list[tuple[object, Value]] | None:
    """The entries a `d.update(...)` call stores, in order: those of its one dict argument of
    known keys, then its keywords; None where they are not all known (`*args`, `**kw`, two
    positional arguments, a mapping that is not a dict of known keys)."""
    if star is not None or dstar is not None or len(pos) > 1:
        return None
    entries: list[tuple[object, Value]] = []
    if pos:
        d = pos[0]
        if d.keys is None or d.items is None:
            return None
        entries.extend(zip(d.keys, d.items))
    entries.extend(kw.items())
    return entries


def _attribute_dict_of(e: ast.expr) -> ast.expr | None:
    """The object whose attribute dict `e` names: `obj` of `obj.__dict__` or `vars(obj)`."""
    if isinstance(e, ast.Attribute) and e.attr == "__dict__":
        return e.value
    if (isinstance(e, ast.Call) and isinstance(e.func, ast.Name) and e.func.id == "vars"
            and len(e.args) == 1 and not e.keywords
            and not isinstance(e.args[0], ast.Starred)):
        return e.args[0]
    return None


def _popped(d: Value, key: object) -> Value:
    """The dict `d` after `d.pop(key[, default])`: less that entry where its keys and `key`
    are known (a key it lacks: unchanged, as Python leaves it, or raises without a
    default); its keys unknown where `key` is not known; anything else as it was."""
    if d.keys is None or d.items is None:
        return d
    if key is NOCONST or not all(type(k) is str for k in d.keys):
        return _unkeyed(d)
    kept = [(k, v) for k, v in zip(d.keys, d.items) if not (type(k) is type(key) and k == key)]
    if len(kept) == len(d.keys):
        return d
    return Value(tan=frozenset().union(*(v.tan for _, v in kept)), items=tuple(
        v for _, v in kept), keys=tuple(k for k, _ in kept), traced=d.traced)


def _unkeyed(d: Value) -> Value:
    """The dict `d` with its keys unknown (its values' functions and tangents kept)."""
    return Value(tan=d.tan, fns=tuple(f for v in d.items or () for f in v.fns),
                 traced=d.traced)


def _moved_to_end(d: Value, key: object, last: object) -> Value | None:
    """The ordered dict `d` of known keys after `d.move_to_end(key, last)`: the entry moved
    to the end (`last=False`: the front), which `next(reversed(d.items()))` then reads.
    Where the key or `last` is not known, the order is not: the dict's entries are kept as
    an unordered summary. None (nothing to change) for a dict of unknown keys."""
    if d.keys is None or d.items is None:
        return None
    at = next((i for i, k in enumerate(d.keys) if type(k) is type(key) and k == key), None)
    if at is None or type(last) is not bool:
        if at is None and key is not NOCONST:
            return None  # (Python raises KeyError)
        return Value(tan=d.tan, fns=tuple(f for v in d.items for f in v.fns), traced=d.traced)
    keys, items = list(d.keys), list(d.items)
    k, v = keys.pop(at), items.pop(at)
    if last:
        keys.append(k)
        items.append(v)
    else:
        keys.insert(0, k)
        items.insert(0, v)
    return Value(tan=d.tan, items=tuple(items), keys=tuple(keys), traced=d.traced)
