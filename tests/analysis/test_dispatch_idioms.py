"""Python's dynamic dispatch idioms (enum members, dispatch by type, generators, setattr, ...)
on small programs, one per mechanism; each program's expected codes are what JAX 0.10.2 raised
when it was run (none: it ran), checked again by `test_unit_programs_jax.py`."""

from __future__ import annotations

import textwrap

import pytest

from jax_lsp.analysis import analyze_source

H = (
    "import enum\nimport functools\nimport jax\nimport jax.numpy as jnp\nimport numpy as np\n"
    "from jax.experimental import io_callback\n\n"
)


def cb(x: str) -> str:
    return f"jax.pure_callback(np.sin, jax.ShapeDtypeStruct({x}.shape, {x}.dtype), {x})"


#: an activation picked by `is` on an enum member (the programs differ in the member passed)
ENUM_ACT = f"""
class Act(enum.Enum):
    FAST = "fast"
    HOST = "host"
    SLOW = 3
def act(x, mode=Act.FAST):
    if mode is Act.HOST:
        return {cb('x')}
    elif mode is not Act.SLOW:
        return jnp.tanh(x)
    return x
def loss(x, mode=Act.FAST):
    return jnp.sum(act(x, mode))
"""

#: a generic function that goes to the host, with implementations registered for some types
SINGLE_DISPATCH = f"""
from functools import singledispatch
@singledispatch
def shrink(x):
    return {cb('x')}
def _jnp_shrink(x):
    return jnp.sign(x) * jnp.maximum(jnp.abs(x) - 0.1, 0.0)
"""

#: stages registered by subclassing, through a base's `__init_subclass__`
SUBCLASS_REGISTRY = f"""
class Stage:
    stages = {{}}
    def __init_subclass__(cls, *, tag, **kw):
        super().__init_subclass__(**kw)
        Stage.stages[tag] = cls
    def apply(self, h):
        return h
class Scale(Stage, tag="scale"):
    def apply(self, h):
        return 2.0 * h
class Host(Stage, tag="host"):
    def apply(self, h):
        return {cb('h')}
class Squash(Scale, tag="squash"):
    def apply(self, h):
        return jnp.tanh(h)
def run(tags, x):
    for t in tags:
        x = Stage.stages[t]().apply(x)
    return jnp.sum(x)
"""

#: stages registered by their metaclass's `__new__` as each class is made (keyed by name)
METACLASS_REGISTRY = f"""
STAGES = {{}}
class StageMeta(type):
    def __new__(mcls, name, bases, ns):
        cls = super().__new__(mcls, name, bases, ns)
        if bases:
            STAGES[name.lower()] = cls
        return cls
class Stage(metaclass=StageMeta):
    def apply(self, h):
        return h
class Scale(Stage):
    def apply(self, h):
        return 2.0 * h
class Host(Stage):
    def apply(self, h):
        return {cb('h')}
def run(names, x):
    for n in names:
        x = STAGES[n]().apply(x)
    return jnp.sum(x)
"""

#: an enum whose members hold the step function (a member's value, and its method)
ENUM_STEPS = f"""
def _host_step(x):
    return {cb('x')}
class Step(enum.Enum):
    HOST = functools.partial(_host_step)
    FAST = functools.partial(jnp.tanh)
    def __call__(self, x):
        return self.value(x)
def loss(x, step=Step.HOST):
    return jnp.sum(step(x))
"""

#: two entry points of one method made by partialmethod (keyword and positional forms)
PARTIALMETHOD = f"""
from functools import partialmethod
class Solver:
    def __init__(self, scale):
        self.scale = scale
    def _run(self, backend, v, *, damp=1.0):
        if backend == "host":
            return damp * {cb('(self.scale * v)')}
        return damp * jnp.sin(self.scale * v)
    run_host = partialmethod(_run, "host", damp=0.5)
    run_jax = partialmethod(_run, "jax")
s = Solver(2.0)
"""

P = {
"enum_is_default_member_grad": ([], ENUM_ACT + """
print(jax.grad(loss)(jnp.ones(3)))
"""),
"enum_is_other_member_grad": ([], ENUM_ACT + """
print(jax.grad(loss)(jnp.ones(3), Act.SLOW))
"""),
"enum_is_host_member_grad": (["JAX001"], ENUM_ACT + """
print(jax.grad(loss)(jnp.ones(3), Act.HOST))
"""),
"int_is_other_int_grad": ([], f"""
EXACT = 3
def f(x, order=2):
    if order is EXACT:
        return jnp.sum({cb('x')})
    return jnp.sum(x ** order)
print(jax.grad(f)(jnp.ones(3)))
"""),
"try_import_native_exists_grad": ([], f"""
try:
    from jax.scipy.special import erf
    import jax.scipy.linalg
except ImportError:
    def erf(x):
        return {cb('x')}
print(jax.grad(lambda x: jnp.sum(erf(x)))(jnp.ones(3)))
"""),
"try_import_native_missing_grad": (["JAX001"], f"""
try:
    from jax.scipy.special import erf_not_in_jax as erf
except ImportError:
    def erf(x):
        return {cb('x')}
print(jax.grad(lambda x: jnp.sum(erf(x)))(jnp.ones(3)))
"""),
"try_import_then_call_may_raise_grad": (["JAX001"], f"""
try:
    from jax.scipy.special import erf
    erf(jnp.ones(2), 3)
except TypeError:
    def erf(x):
        return {cb('x')}
print(jax.grad(lambda x: jnp.sum(erf(x)))(jnp.ones(3)))
"""),
"setattr_loop_overrides_host_default_grad": ([], f"""
class Config:
    mode = "host"
    scale = 0.7
OVERRIDES = [("mode", "fast"), ("scale", 0.5)]
def f(x, cfg):
    if cfg.mode == "host":
        return jnp.sum({cb('x')})
    return jnp.sum(x * cfg.scale)
cfg = Config()
for k, v in OVERRIDES:
    setattr(cfg, k, v)
print(jax.grad(f)(jnp.ones(3), cfg))
"""),
"setattr_loop_overrides_to_host_grad": (["JAX001"], f"""
class Config:
    mode = "fast"
    scale = 0.7
OVERRIDES = (("scale", 0.5), ("mode", "host"))
def f(x, cfg):
    if cfg.mode == "host":
        return jnp.sum({cb('x')})
    return jnp.sum(x * cfg.scale)
cfg = Config()
for k, v in OVERRIDES:
    setattr(cfg, k, v)
print(jax.grad(f)(jnp.ones(3), cfg))
"""),
"late_binding_lambdas_all_call_the_last_grad": (["JAX001"], f"""
IMPLS = {{"sin": jnp.sin, "host": lambda x: {cb('x')}, "cos": jnp.cos}}
fs = []
for name in ["sin", "cos", "host"]:
    fs.append(lambda x: IMPLS[name](x))
print(jax.grad(lambda x: jnp.sum(fs[0](x)))(jnp.ones(3)))
"""),
"early_binding_default_lambdas_grad": ([], f"""
IMPLS = {{"sin": jnp.sin, "host": lambda x: {cb('x')}, "cos": jnp.cos}}
fs = []
for name in ["sin", "cos", "host"]:
    fs.append(lambda x, name=name: IMPLS[name](x))
print(jax.grad(lambda x: jnp.sum(fs[0](x) + fs[1](x)))(jnp.ones(3)))
"""),
"generator_filters_zero_weight_terms_grad": ([], f"""
TERMS = {{"mse": lambda p: jnp.mean(p ** 2), "host": lambda p: jnp.sum({cb('p')})}}
WEIGHTS = {{"mse": 1.0, "host": 0.0}}
def loss(p, weights=WEIGHTS):
    return sum(w * TERMS[k](p) for k, w in weights.items() if w)
print(jax.grad(loss)(jnp.ones(3)))
"""),
"generator_keeps_weighted_terms_grad": (["JAX001"], f"""
TERMS = {{"mse": lambda p: jnp.mean(p ** 2), "host": lambda p: jnp.sum({cb('p')})}}
WEIGHTS = {{"mse": 1.0, "host": 0.5}}
def loss(p, weights=WEIGHTS):
    return sum(w * TERMS[k](p) for k, w in weights.items() if w)
print(jax.grad(loss)(jnp.ones(3)))
"""),
"list_comprehension_condition_per_item_grad": ([], """
def make(kind, remat):
    def block(x):
        if kind == "probe":
            io_callback(print, None, jax.lax.stop_gradient(jnp.mean(x)))
        return jnp.tanh(x)
    return jax.checkpoint(block) if remat else block
blocks = [make(k, k != "probe") for k in ("a", "probe", "b")]
def model(x):
    for b in blocks:
        x = b(x)
    return jnp.sum(x)
print(jax.grad(model)(jnp.ones(3)))
"""),
"list_comprehension_remat_probe_grad": (["JAX004"], """
def make(kind, remat):
    def block(x):
        if kind == "probe":
            io_callback(print, None, jax.lax.stop_gradient(jnp.mean(x)))
        return jnp.tanh(x)
    return jax.checkpoint(block) if remat else block
blocks = [make(k, k == "probe") for k in ("a", "probe", "b")]
def model(x):
    for b in blocks:
        x = b(x)
    return jnp.sum(x)
print(jax.grad(model)(jnp.ones(3)))
"""),
"bwd_delegates_to_a_bound_method_attribute_grad": (["JAX014"], """
class Layer:
    def __init__(self):
        self.adjoint = self.input_only_adjoint
        layer = self
        @jax.custom_vjp
        def f(W, x):
            return jnp.tanh(W @ x)
        def fwd(W, x):
            return f(W, x), (W, x)
        def bwd(res, g):
            return layer.adjoint(res, g)
        f.defvjp(fwd, bwd)
        self.f = f
    def full_adjoint(self, res, g):
        W, x = res
        return jnp.outer(g, x), W.T @ g
    def input_only_adjoint(self, res, g):
        W, x = res
        return W.T @ g
layer = Layer()
print(jax.grad(lambda W: jnp.sum(layer.f(W, jnp.ones(2))))(jnp.eye(2)))
"""),
"bwd_delegates_to_a_bound_method_attribute_right_grad": ([], """
class Layer:
    def __init__(self):
        self.adjoint = self.full_adjoint
        layer = self
        @jax.custom_vjp
        def f(W, x):
            return jnp.tanh(W @ x)
        def fwd(W, x):
            return f(W, x), (W, x)
        def bwd(res, g):
            return layer.adjoint(res, g)
        f.defvjp(fwd, bwd)
        self.f = f
    def full_adjoint(self, res, g):
        W, x = res
        return jnp.outer(g, x), W.T @ g
    def input_only_adjoint(self, res, g):
        W, x = res
        return W.T @ g
layer = Layer()
print(jax.grad(lambda W: jnp.sum(layer.f(W, jnp.ones(2))))(jnp.eye(2)))
"""),
"comprehension_two_fors_per_pair_grad": ([], """
def make(kind, remat):
    def block(x):
        if kind == "probe":
            io_callback(print, None, jax.lax.stop_gradient(jnp.mean(x)))
        return jnp.tanh(x)
    return jax.checkpoint(block) if remat else block
blocks = [make(k, r) for k in ("a", "probe", "b") for r in (k != "probe",)]
def model(x):
    for b in blocks:
        x = b(x)
    return jnp.sum(x)
print(jax.grad(model)(jnp.ones(3)))
"""),
"comprehension_two_fors_remat_probe_grad": (["JAX004"], """
def make(kind, remat):
    def block(x):
        if kind == "probe":
            io_callback(print, None, jax.lax.stop_gradient(jnp.mean(x)))
        return jnp.tanh(x)
    return jax.checkpoint(block) if remat else block
blocks = [make(k, r) for k in ("a", "probe", "b") for r in (k == "probe",)]
def model(x):
    for b in blocks:
        x = b(x)
    return jnp.sum(x)
print(jax.grad(model)(jnp.ones(3)))
"""),
"loop_passes_keep_their_callees_contexts_vmap": (["JAX008"], f"""
ACTS = {{"relu": jax.nn.relu, "tanh": jnp.tanh, "sin": jnp.sin, "host": lambda x: {cb('x')}}}
class Model:
    def __init__(self, kind):
        self.kind = kind
    def __call__(self, x):
        return ACTS[self.kind](x)
def stats(model, x):
    return jnp.mean(model(x))
def batch(model, xs):
    return jax.vmap(functools.partial(stats, model))(xs)
xs = jnp.ones((2, 3))
for kind in ["relu", "tanh", "sin", "host"]:
    m = Model(kind)
    print(stats(m, xs[0]), stats(m, xs[1]))
    print(batch(m, xs))
"""),
"singledispatch_tracer_registered_grad": ([], SINGLE_DISPATCH + """
shrink.register(jax.core.Tracer, _jnp_shrink)
print(shrink(np.ones(2, np.float32)))
print(jax.grad(lambda x: jnp.sum(shrink(x)))(jnp.ones(3)))
"""),
"singledispatch_tracer_decorator_vmap": ([], SINGLE_DISPATCH + """
from jax.core import Tracer
@shrink.register(Tracer)
def _(x):
    return jnp.tanh(x)
print(jax.vmap(shrink)(jnp.ones((2, 3))))
"""),
"singledispatch_object_registered_jacfwd": ([], SINGLE_DISPATCH + """
shrink.register(object, _jnp_shrink)
print(jax.jacfwd(shrink)(jnp.ones(3)))
"""),
"singledispatch_array_registered_grad": (["JAX001"], SINGLE_DISPATCH + """
shrink.register(jax.Array, _jnp_shrink)
print(shrink(jnp.ones(2)))
print(jax.grad(lambda x: jnp.sum(shrink(x)))(jnp.ones(3)))
"""),
"singledispatch_array_decorator_vmap": (["JAX008"], SINGLE_DISPATCH + """
@shrink.register(jnp.ndarray)
def _(x):
    return jnp.tanh(x)
print(jax.vmap(shrink)(jnp.ones((2, 3))))
"""),
"singledispatch_host_registered_for_tracer_grad": (["JAX001"], SINGLE_DISPATCH + f"""
@shrink.register(jax.core.Tracer)
def _(x):
    return {cb('x')}
shrink.register(jax.Array, _jnp_shrink)
print(jax.grad(lambda x: jnp.sum(shrink(x)))(jnp.ones(3)))
"""),
"init_subclass_registry_host_stage_grad": (["JAX001"], SUBCLASS_REGISTRY + """
print(jax.grad(lambda x: run(("scale", "host"), x))(jnp.ones(3)))
"""),
"init_subclass_registry_jax_stages_grad": ([], SUBCLASS_REGISTRY + """
print(jax.grad(lambda x: run(("scale", "squash"), x))(jnp.ones(3)))
"""),
"metaclass_registry_host_stage_grad": (["JAX001"], METACLASS_REGISTRY + """
print(jax.grad(lambda x: run(("scale", "host"), x))(jnp.ones(3)))
"""),
"metaclass_registry_jax_stages_grad": ([], METACLASS_REGISTRY + """
print(jax.grad(lambda x: run(("scale", "scale"), x))(jnp.ones(3)))
"""),
"enum_member_default_host_step_grad": (["JAX001"], ENUM_STEPS + """
print(jax.grad(loss)(jnp.ones(3)))
"""),
"enum_member_overridden_jax_step_grad": ([], ENUM_STEPS + """
print(jax.grad(lambda x: loss(x, Step.FAST))(jnp.ones(3)))
"""),
"enum_member_by_name_host_step_grad": (["JAX001"], ENUM_STEPS + """
print(jax.grad(lambda x: loss(x, Step["HOST"]))(jnp.ones(3)))
"""),
"class_decorator_sets_host_call_vmap": (["JAX008"], f"""
def host_backed(cls):
    def __call__(self, x):
        return {cb('(self.scale * x)')}
    cls.__call__ = __call__
    return cls
@host_backed
class Model:
    def __init__(self, scale):
        self.scale = scale
print(jax.vmap(Model(0.5))(jnp.ones((2, 3))))
"""),
"class_decorator_sets_jax_call_vmap": ([], f"""
def host(x):
    return {cb('x')}
def jax_backed(cls):
    def __call__(self, x):
        return jnp.sin(self.scale * x)
    cls.__call__ = __call__
    return cls
@jax_backed
class Model:
    def __init__(self, scale):
        self.scale = scale
print(host(jnp.ones(3)), jax.vmap(Model(0.5))(jnp.ones((2, 3))))
"""),
"simple_namespace_config_picks_host_vmap": (["JAX008"], f"""
import types
class Kernels:
    @staticmethod
    def fast(x):
        return jnp.exp(-x)
    @staticmethod
    def host(x):
        return {cb('x')}
cfg = types.SimpleNamespace(kernel="host", scale=0.5)
def gram(X):
    k = getattr(Kernels, cfg.kernel)
    return jax.vmap(lambda r: k(cfg.scale * r))(X)
print(gram(jnp.ones((2, 3))))
"""),
"simple_namespace_config_picks_jax_vmap": ([], f"""
import types
class Kernels:
    @staticmethod
    def fast(x):
        return jnp.exp(-x)
    @staticmethod
    def host(x):
        return {cb('x')}
cfg = types.SimpleNamespace(kernel="fast", scale=0.5)
def gram(X):
    k = getattr(Kernels, cfg.kernel)
    return jax.vmap(lambda r: k(cfg.scale * r))(X)
print(gram(jnp.ones((2, 3))), Kernels.host(jnp.ones(2)))
"""),
"tree_util_partial_int_leaf_grad": (["JAX010"], """
from jax.tree_util import Partial
def feats(w, n, x):
    return jnp.sum(w * x) * n
f = Partial(feats, jnp.ones(3), jnp.array(2))
print(jax.grad(lambda p, x: p(x))(f, jnp.ones(3)))
"""),
"tree_util_partial_float_leaves_grad": ([], """
from jax.tree_util import Partial
def feats(w, n, x):
    return jnp.sum(w * x) * n
f = Partial(feats, jnp.ones(3), jnp.array(2.0))
print(jax.grad(lambda p, x: p(x))(f, jnp.ones(3)).args[1])
"""),
"tree_util_partial_int_leaf_not_differentiated_grad": ([], """
from jax.tree_util import Partial
def feats(w, n, x):
    return jnp.sum(w * x) * n
f = Partial(feats, jnp.ones(3), jnp.array(2))
print(jax.grad(lambda p, x: p(x), argnums=1)(f, jnp.ones(3)))
"""),
"partialmethod_host_entry_jacfwd": (["JAX001"], PARTIALMETHOD + """
print(jax.jacfwd(s.run_host)(jnp.ones(3)))
"""),
"partialmethod_jax_entry_jacfwd": ([], PARTIALMETHOD + """
print(s.run_host(jnp.ones(3)), jax.jacfwd(s.run_jax)(jnp.ones(3)))
"""),
}


@pytest.mark.parametrize("name", sorted(P))
def test_codes_are_what_jax_raises(name: str) -> None:
    codes, body = P[name]
    result = analyze_source(H + textwrap.dedent(body).lstrip(), f"{name}.py")
    assert result.error is None
    assert sorted({f.code for f in result.findings}) == sorted(codes)
