"""`functools.singledispatch`: a function that picks its implementation by its first argument's
type, as the library does (a library model, the one for functools' dispatch).

Why: a generic fallback that goes to the host, with a registration that keeps tracers in JAX
(`f.register(jax.core.Tracer, jnp_impl)`), reaches no callback under a transform; read as the
decorated function alone it is a false positive. Measured under JAX 0.10.2 (a tracer of
grad, jit or vmap): a tracer dispatches to a registration for `jax.core.Tracer` (or `object`),
never to one for `jax.Array` or `jnp.ndarray` (a concrete array's), nor numpy's or Python's
types; without such a registration it gets the generic function. A value not known to be a
tracer may be of any type: every implementation may run.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from jax_lsp.analysis.values import NOCONST, Api, ClassObj, Closure, Instance, Level, Value

#: the types a tracer is an instance of, as singledispatch sees them (most specific first)
_TRACER_TYPES = ("jax.core.Tracer", "jax._src.core.Tracer", "builtins.object")


# eq=False: equal and hashed by identity, with object's hash (computed in C, not a Python
# `__hash__`: a join hashes every object it holds, millions per repository)
@dataclass(eq=False)
class Dispatcher:
    """A `singledispatch` function: the generic one and its registrations, in order."""

    base: Value
    #: (the registered type's value, or None when not known; the implementation)
    registry: list[tuple[Value | None, Value]] = field(default_factory=list)


@dataclass(frozen=True, eq=False)
class DispatchRegister:
    """`f.register`, or `f.register(T)` waiting for the function it decorates (`cls`)."""

    target: Dispatcher
    cls: Value | None = None


def _type_name(t: Value | None) -> str | None:
    """The qualified name of a registered type that is a JAX or Python API class."""
    if t is None or len(t.fns) != 1 or type(t.fns[0]) is not Api:
        return None
    return t.fns[0].name


def _is_tracer(v: Value) -> bool:
    """`v` is a JAX tracer: an array value carrying a differentiation level's tangent or
    derived from a staged (jit, vmap) argument; not a container, function or constant."""
    return (
        v.items is None
        and not v.fns
        and v.const is NOCONST
        and (v.traced or any(isinstance(m, Level) for m in v.tan))
    )


#: Python constants whose type singledispatch reads through the builtin classes of its MRO
_CONSTANT_TYPES = (bool, int, float, complex, str, bytes)


def _for_constant(d: Dispatcher, c: object) -> list[Value] | None:
    """The implementations a call whose first argument is the Python constant `c` may run,
    walking `type(c)`'s MRO (bool, int, object): a registration for a builtin class of it
    wins; registrations of types not named by a builtin (an ABC such as `numbers.Real`, a
    type not known) may match too and join it. None when `c` is not such a constant."""
    if type(c) not in _CONSTANT_TYPES:
        return None
    maybe = [impl for t, impl in d.registry
             if not (_type_name(t) or "").startswith("builtins.")
             and not (t is not None and any(type(f) is ClassObj for f in t.fns))]
    for cls in type(c).__mro__:
        for t, impl in reversed(d.registry):  # a later registration replaces an earlier one
            if _type_name(t) == "builtins." + cls.__name__:
                return [impl, *maybe]
    return [d.base, *maybe]


def _for_instance(d: Dispatcher, cls: ClassObj) -> list[Value] | None:
    """The implementation a call whose first argument is an instance of the analysed code's
    class `cls` runs: the registration of the first class of its MRO registered (the last
    registration of it), else the base function. None when a registration's type is not
    known to be one of the analysed code's classes (it may match)."""
    registered: dict[int, Value] = {}
    for t, impl in d.registry:
        if t is None or len(t.fns) != 1 or type(t.fns[0]) not in (ClassObj, Api):
            return None
        (registered_type,) = t.fns
        registered[id(registered_type)] = impl
    for c in _mro(cls):
        if c is None:
            return None  # a base not known: it may be a registered type
        if id(c) in registered:
            return [registered[id(c)]]
    return [d.base]


def _mro(cls: ClassObj, depth: int = 0) -> list[ClassObj | None]:
    """`cls` and its bases, depth first (a base that is not one class known: None)."""
    found: list[ClassObj | None] = [cls]
    for b in cls.bases if depth < 16 else ():
        if len(b.fns) == 1 and type(b.fns[0]) is ClassObj:
            found += _mro(b.fns[0], depth + 1)
        elif not (len(b.fns) == 1 and type(b.fns[0]) is Api and b.fns[0].name in (
                "builtins.object", "object")):
            found.append(None)
    return found


def implementations(d: Dispatcher, first: Value | None) -> list[Value]:
    """The implementations a call whose first argument is `first` may run."""
    if first is not None and not _is_tracer(first):
        by_constant = _for_constant(d, first.const)
        if by_constant is not None:
            return by_constant
    if first is not None and len(first.fns) == 1 and type(first.fns[0]) is Instance:
        by_class = _for_instance(d, first.fns[0].cls)
        if by_class is not None:
            return by_class
    if first is None or not _is_tracer(first):
        return [d.base, *(impl for _, impl in d.registry)]
    maybe: list[Value] = []  # registrations of a type the analysis cannot name: a tracer may match
    for wanted in _TRACER_TYPES:
        for t, impl in reversed(d.registry):  # a later registration replaces an earlier one
            if _type_name(t) == wanted:
                return [impl, *maybe]
    for t, impl in d.registry:
        if t is None or not any(type(f) in (Api, ClassObj) for f in t.fns):
            maybe.append(impl)
    return [d.base, *maybe]


def _annotated_type(impl: Value) -> Value | None:
    """The type `f.register(impl)` reads from impl's first parameter's annotation, where it
    names a builtin class (`tolerance: float`) not rebound in impl's module; else None."""
    if len(impl.fns) != 1 or type(impl.fns[0]) is not Closure:
        return None
    closure = impl.fns[0]
    a = getattr(closure.func.node, "args", None)
    params = [*a.posonlyargs, *a.args] if isinstance(a, ast.arguments) else []
    ann = params[0].annotation if params else None
    if not isinstance(ann, ast.Name):
        return None
    module = closure.scope.module if closure.scope is not None else None
    if module is not None and ann.id in module.vars:
        named = module.vars[ann.id]  # (the analysed code's class)
        return named if len(named.fns) == 1 and type(named.fns[0]) is ClassObj else None
    if ann.id not in {t.__name__ for t in _CONSTANT_TYPES}:
        return None
    return Value(fns=(Api("builtins." + ann.id),))


def register(r: DispatchRegister, pos: list[Value]) -> Value:
    """`f.register(T, impl)` (the implementation), `f.register(T)` (a decorator registering
    what it decorates) and `f.register(impl)` (the type from impl's annotation, not read)."""
    if r.cls is not None:
        if pos:
            r.target.registry.append((r.cls, pos[0]))
            return pos[0]
        return Value()
    if len(pos) >= 2:
        r.target.registry.append((pos[0], pos[1]))
        return pos[1]
    if len(pos) == 1:
        if any(type(f) is Closure for f in pos[0].fns):
            r.target.registry.append((_annotated_type(pos[0]), pos[0]))
            return pos[0]
        return Value(fns=(DispatchRegister(r.target, pos[0]),))
    return Value()


def attribute(d: Dispatcher, name: str) -> Value:
    """`f.register` is the registering method; anything else (`f.registry`, `f.dispatch`)
    is not followed."""
    if name == "register":
        return Value(fns=(DispatchRegister(d),))
    return Value()
