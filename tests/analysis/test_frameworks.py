"""What each framework differentiates, and the forms its transforms are written in.

Each program's expected codes are what JAX 0.10.2 (flax 0.12.8, equinox 0.13.8, optax 0.2.8)
raised when the program was run (none: it ran).
"""

from __future__ import annotations

import textwrap

import pytest

from jax_lsp.analysis import analyze_source

H = (
    "import dataclasses\nimport functools\nimport jax\nimport jax.numpy as jnp\n"
    "import numpy as np\n"
    "import equinox as eqx\nimport optax\nfrom flax import nnx\n\n"
)


def cb(x: str) -> str:
    """A pure_callback on `x` whose result is a float32 scalar."""
    return (
        "jnp.sum(jax.pure_callback(lambda v: np.asarray(v, np.float32), "
        f"jax.ShapeDtypeStruct(jnp.shape({x}), jnp.float32), {x}))"
    )


def eqx_module(field: str, init: str) -> str:
    """An equinox module whose call passes its field `s` to a callback."""
    return f"""
class M(eqx.Module):
    w: jax.Array
    s: {field}
    def __call__(self, x):
        return jnp.sum(self.w * x) * {cb('self.s')}
m = M(jnp.ones(3), {init})
"""


BOX = """
@jax.tree_util.register_pytree_node_class
class Box:
    def __init__(self, strict, val, n=3):
        self.strict = strict
        self.x = val
        self.n = n
    def tree_flatten(self):
        children = [self.x]
        aux = (self.strict, self.n)
        return children, aux
    @classmethod
    def tree_unflatten(cls, aux, xs):
        return cls(aux[0], xs[0], aux[1])
"""

CUSTOM_VJP = """
@jax.custom_vjp
def f(x):
    return jnp.sin(x)
f.defvjp(lambda x: (jnp.sin(x), x), lambda r, g: (g * jnp.cos(r),))
"""

INT_PARAM = """
class Sub(nnx.Module):
    def __init__(self, n):
        self.ids = nnx.Param(jnp.arange(n))
class M(nnx.Module):
    def __init__(self, n):
        self.w = nnx.Param(jnp.ones(3))
        self.ids = {}
    def __call__(self, x):
        return jnp.sum(self.w[...] * x)
"""

NNX = f"""
class Count(nnx.Variable):
    pass
class Lora(nnx.Param):
    pass
class M(nnx.Module):
    def __init__(self):
        self.w = nnx.Param(jnp.ones(3))
        self.s = nnx.BatchStat(jnp.ones(3))
    def __call__(self, x):
        y = {cb('self.s[...]')}
        return jnp.sum(self.w[...] * x) * y
"""
DIFF = "nnx.grad(lambda m, x: m(x), argnums=nnx.DiffState(0, {}))(M(), jnp.ones(3))\n"

DATACLASS = """
@functools.partial(jax.tree_util.register_dataclass, data_fields=['w'], meta_fields=['n'])
@dataclasses.dataclass
class P:
    w: jax.Array
    n: float
"""

PLAIN_BOX = """
class Box:
    def __init__(self, w, n):
        self.w = w
        self.n = n
"""

#: a linen RNN whose scanned cell (`nn.scan` of a module class) calls a host callback
LINEN_SCAN_RNN = """
import flax.linen as nn
def host(h):
    return jax.pure_callback(np.tanh, jax.ShapeDtypeStruct(h.shape, h.dtype), h,
                             vmap_method="broadcast_all")
class Cell(nn.Module):
    @nn.compact
    def __call__(self, h, x):
        h = host(nn.Dense(4)(x) + h)
        return h, h
class RNN(nn.Module):
    @nn.compact
    def __call__(self, xs):
        Scan = nn.scan(Cell, variable_broadcast="params", split_rngs={"params": False})
        h, _ = Scan()(jnp.zeros(4), xs)
        return jnp.sum(h)
xs = jnp.ones((5, 3))
params = RNN().init(jax.random.key(0), xs)
"""


def smoother_fit(iters_field: str, construction: str, jit: bool = True) -> str:
    """An equinox module whose `iters` field bounds a `fori_loop`, differentiated by
    `filter_grad` (under `filter_jit` unless `jit` is false); the programs using it differ in
    how that field is declared and given."""
    return f"""
class Smoother(eqx.Module):
    w: jax.Array
    {iters_field}
    def __call__(self, x):
        return jax.lax.fori_loop(0, self.iters, lambda i, z: 0.5 * (z + jnp.tanh(self.w * z)), x)
{"@eqx.filter_jit" if jit else ""}
def fit(model, x):
    def objective(m):
        return jnp.sum(m(x) ** 2)
    return eqx.filter_grad(objective)(model)
print(fit({construction}, jnp.ones(3)))
"""

P = {
"linen_scan_cell_callback_grad": (["JAX001"], LINEN_SCAN_RNN + """
jax.grad(lambda p: RNN().apply(p, xs))(params)
"""),
"linen_scan_cell_callback_no_grad": ([], LINEN_SCAN_RNN + """
jax.jit(lambda p: RNN().apply(p, xs))(params)
"""),
# register_pytree_node_class: aux data is static, the children are the leaves
"pytree_class_bool_aux_not_an_int_leaf": ([], BOX + """
jax.grad(lambda b, y: jnp.sum(b.x * y))(Box(False, jnp.ones(3)), jnp.ones(3))
"""),
"pytree_class_callback_on_aux": ([], BOX + f"""
jax.grad(lambda b: jnp.sum(b.x) * {cb('b.n')})(Box(False, jnp.ones(3), 2.0))
"""),
"pytree_class_callback_on_child": (["JAX001"], BOX + f"""
jax.grad(lambda b: {cb('b.x')})(Box(False, jnp.ones(3)))
"""),
"pytree_class_int_child": (["JAX010"], BOX + """
jax.grad(lambda b: jnp.sum(b.x * 1.0))(Box(False, jnp.arange(3)))
"""),
"register_dataclass_meta_field": ([], DATACLASS + f"""
def loss(p):
    return jnp.sum(p.w) * {cb('p.n')}
jax.grad(loss)(P(jnp.ones(3), 3.0))
"""),
"register_dataclass_data_field": (["JAX001"], DATACLASS + f"""
def loss(p):
    return {cb('p.w')} * p.n
jax.grad(loss)(P(jnp.ones(3), 3.0))
"""),
"register_pytree_node_lambda_aux": ([], PLAIN_BOX + f"""
jax.tree_util.register_pytree_node(Box, lambda b: ((b.w,), b.n), lambda n, c: Box(c[0], n))
jax.grad(lambda b: jnp.sum(b.w) * {cb('b.n')})(Box(jnp.ones(3), 2.0))
"""),
"register_pytree_node_def_child": (["JAX001"], PLAIN_BOX + f"""
def flatten(b):
    return (b.w,), b.n
jax.tree_util.register_pytree_node(Box, flatten, lambda n, c: Box(c[0], n))
jax.grad(lambda b: {cb('b.w')})(Box(jnp.ones(3), 2.0))
"""),
"eqx_static_field": ([], """
class M(eqx.Module):
    w: jax.Array
    n: float = eqx.field(static=True)
    def __call__(self, x):
        return jnp.sum(self.w * x) * """ + cb("self.n") + """
jax.grad(lambda m, x: m(x))(M(jnp.ones(3), 2.0), jnp.ones(3))
"""),
# equinox's filters differentiate inexact arrays only
"eqx_python_float_field": ([], eqx_module("float", "2.0") + """
eqx.filter_grad(lambda m, x: m(x))(m, jnp.ones(3))
"""),
"eqx_int_array_field": ([], eqx_module("jax.Array", "jnp.arange(3)") + """
eqx.filter_grad(lambda m, x: m(x))(m, jnp.ones(3))
"""),
"eqx_bool_array_field": ([], eqx_module("jax.Array", "jnp.ones(3) > 0") + """
eqx.filter_value_and_grad(lambda m, x: m(x))(m, jnp.ones(3))
"""),
"eqx_float_array_field": (["JAX001"], eqx_module("jax.Array", "jnp.ones(3)") + """
eqx.filter_grad(lambda m, x: m(x))(m, jnp.ones(3))
"""),
"eqx_numpy_float_array_field": (["JAX001"], eqx_module("jax.Array", "np.ones(3)") + """
eqx.filter_grad(lambda m, x: m(x))(m, jnp.ones(3))
"""),
"jax_grad_python_float_field": (["JAX001"], eqx_module("float", "2.0") + """
jax.grad(lambda m, x: m(x))(m, jnp.ones(3))
"""),
"eqx_callable_field": ([], """
def host(v):
    return jax.pure_callback(np.tanh, jax.ShapeDtypeStruct(v.shape, v.dtype), v)
class M(eqx.Module):
    w: jax.Array
    act: object
    def __call__(self, x):
        return jnp.sum(self.act(self.w * x))
eqx.filter_grad(lambda m, x: m(x))(M(jnp.ones(3), jnp.tanh), jnp.ones(3))
"""),
"eqx_python_numbers_in_tuple": ([], f"""
def loss(p):
    w, s, n = p
    return jnp.sum(w) * {cb('s')} * {cb('n')}
eqx.filter_grad(loss)((jnp.ones(3), 3.0, 2))
"""),
"eqx_jacfwd_int_leaf": ([], f"""
def f(p):
    w, s = p
    return w * {cb('s')}
eqx.filter_jacfwd(f)((jnp.ones(3), jnp.arange(3)))
"""),
"eqx_jacrev_float_leaf": (["JAX001"], f"""
def f(p):
    w, s = p
    return w * {cb('s')}
eqx.filter_jacrev(f)((jnp.ones(3), jnp.ones(3)))
"""),
"eqx_hessian_int_dict_entry": ([], f"""
def f(p):
    return jnp.sum(p['w'] ** 2) * {cb("p['n']")}
eqx.filter_hessian(f)({{'w': jnp.ones(3), 'n': jnp.arange(3)}})
"""),
"eqx_second_argument_not_differentiated": ([], f"""
def loss(x, s):
    return jnp.sum(x) * {cb('s')}
eqx.filter_value_and_grad(loss)(jnp.ones(3), jnp.ones(3))
"""),
# nnx.merge of nnx.split's parts is an object of the split one's class (its methods)
"nnx_merge_of_split_jvp_reaches_custom_vjp": (["JAX005"], """
@jax.custom_vjp
def clipped(x):
    return jnp.clip(x, -1.0, 1.0)
clipped.defvjp(lambda x: (clipped(x), None), lambda _, g: (g,))
class Block(nnx.Module):
    def __init__(self):
        self.w = nnx.Param(jnp.ones(3))
        self.s = nnx.BatchStat(jnp.zeros(3))
    def __call__(self, x):
        return clipped(self.w * x + self.s)
gdef, params, rest = nnx.split(Block(), nnx.Param, ...)
def run(x):
    return nnx.merge(gdef, params, rest)(x)
print(jax.jvp(run, (jnp.ones(3),), (jnp.ones(3),)))
"""),
"nnx_merge_of_graphdef_and_state_grad_reaches_callback": (["JAX001"], f"""
class Head(nnx.Module):
    def __init__(self):
        self.w = nnx.Param(jnp.ones(3))
    def score(self, x):
        return {cb('self.w * x')}
head = Head()
parts = (nnx.graphdef(head), nnx.state(head))
def loss(x):
    g, st = parts
    return nnx.merge(g, st).score(x)
print(jax.grad(loss)(jnp.ones(3)))
"""),
"nnx_merge_of_split_custom_vjp_under_jit_only": ([], """
@jax.custom_vjp
def clipped(x):
    return jnp.clip(x, -1.0, 1.0)
clipped.defvjp(lambda x: (clipped(x), None), lambda _, g: (g,))
class Block(nnx.Module):
    def __init__(self):
        self.w = nnx.Param(jnp.ones(3))
    def __call__(self, x):
        return clipped(self.w * x)
gdef, state = nnx.split(Block())
print(jax.jit(lambda x: nnx.merge(gdef, state)(x))(jnp.ones(3)))
print(jax.grad(lambda x: jnp.sum(nnx.merge(gdef, state)(x)))(jnp.ones(3)))
"""),
# flax nnx.grad differentiates the Variables its filter selects (nnx.Param by default)
"nnx_default_skips_batch_stat": ([], NNX + "nnx.grad(lambda m, x: m(x))(M(), jnp.ones(3))\n"),
"nnx_diffstate_batch_stat": (["JAX001"], NNX + DIFF.format("nnx.BatchStat")),
"nnx_diffstate_param": ([], NNX + DIFF.format("nnx.Param")),
"nnx_diffstate_variable_base": (["JAX001"], NNX + DIFF.format("nnx.Variable")),
"nnx_diffstate_any": (["JAX001"], NNX + DIFF.format("nnx.Any(nnx.Param, nnx.BatchStat)")),
"nnx_diffstate_tuple": (["JAX001"], NNX + DIFF.format("(nnx.Param, nnx.BatchStat)")),
"nnx_diffstate_not_param": (["JAX001"], NNX + DIFF.format("nnx.Not(nnx.Param)")),
"nnx_diffstate_all_path": ([], NNX + DIFF.format("nnx.All(nnx.Param, nnx.PathContains('w'))")),
"nnx_diffstate_path": (["JAX001"], NNX + DIFF.format("nnx.PathContains('s')")),
"nnx_diffstate_everything": (["JAX001"], NNX + DIFF.format("...")),
"nnx_value_and_grad_diffstate_list": (["JAX001"], NNX + """
wrt = [nnx.DiffState(0, nnx.BatchStat), 1]
nnx.value_and_grad(lambda m, x: m(x), argnums=wrt)(M(), jnp.ones(3))
"""),
"nnx_argnums_int_skips_module": ([], NNX + """
nnx.grad(lambda m, x: m(x), argnums=1)(M(), jnp.ones(3))
"""),
"nnx_custom_variable_not_param": ([], NNX.replace("nnx.BatchStat(", "Count(") + """
nnx.grad(lambda m, x: m(x))(M(), jnp.ones(3))
"""),
"nnx_custom_variable_selected": (["JAX001"], NNX.replace("nnx.BatchStat(", "Count(")
    + DIFF.format("Count")),
"nnx_param_subclass_is_param": (["JAX001"], NNX.replace("nnx.BatchStat(", "Lora(") + """
nnx.grad(lambda m, x: m(x))(M(), jnp.ones(3))
"""),
"nnx_plain_attributes_not_differentiated": ([], NNX.replace(
    "nnx.BatchStat(jnp.ones(3))", "jnp.ones(3)\n        self.k = 2.0"
).replace("y = " + cb("self.s[...]"), "y = " + cb("self.s") + " * " + cb("self.k")) + """
nnx.grad(lambda m, x: m(x))(M(), jnp.ones(3))
"""),
"nnx_plain_pytree_argument_differentiated": (["JAX001"], f"""
nnx.grad(lambda p: {cb("p['a']")}, argnums=nnx.DiffState(0, nnx.BatchStat))({{'a': jnp.ones(3)}})
"""),
"nnx_decorated_jit_and_value_and_grad": (["JAX001"], NNX.replace("self.s[...]')", "self.w[...]')")
    .replace(cb("self.s[...]"), cb("self.w[...]")) + """
@nnx.jit
def train_step(m, x):
    def loss_fn(m):
        return m(x)
    return nnx.value_and_grad(loss_fn)(m)
train_step(M(), jnp.ones(3))
"""),
# integer leaves nnx.grad differentiates (JAX010), and those it does not
"nnx_int_param": (["JAX010"], INT_PARAM.format("nnx.Param(jnp.arange(n) * 7 % n)") + """
nnx.value_and_grad(lambda m, x: m(x))(M(5), jnp.ones(3))
"""),
"nnx_int_param_in_submodule": (["JAX010"], INT_PARAM.format("Sub(n)") + """
nnx.grad(lambda m, x: m(x))(M(5), jnp.ones(3))
"""),
"nnx_int_batch_stat": ([], INT_PARAM.format("nnx.BatchStat(jnp.arange(n))") + """
nnx.grad(lambda m, x: m(x))(M(5), jnp.ones(3))
"""),
"nnx_int_plain_attribute": ([], INT_PARAM.format("jnp.arange(n) + 1") + """
nnx.grad(lambda m, x: m(x))(M(5), jnp.ones(3))
"""),
"grad_int_array_times_int": (["JAX010"], """
jax.grad(lambda x: jnp.sum(x * 1.0))(jnp.arange(3) * 2)
"""),
"grad_int_array_true_division": ([], """
jax.grad(lambda x: jnp.sum(x * 1.0))(jnp.arange(3) / 2)
"""),
# transform forms: decorators with arguments, optax, staging methods, transforms never called
"eqx_value_and_grad_decorator_has_aux": (["JAX001"], f"""
@eqx.filter_value_and_grad(has_aux=True)
def loss(m, x):
    y = jnp.sum(m * x)
    return y * {cb('m')}, y
(l, aux), g = loss(jnp.ones(3), jnp.ones(3))
"""),
"has_aux_result_used_in_a_loop": ([], f"""
@eqx.filter_value_and_grad(has_aux=True)
def loss(m, x):
    y = jnp.sum(m * x)
    return y, m * 2.0
m = jnp.ones(3)
for i in range(3):
    (l, aux), g = loss(m, jnp.ones(3))
    m = m - 0.1 * g + 0.0 * {cb('aux')}
"""),
"partial_grad_argnums_decorator": (["JAX001"], f"""
@functools.partial(jax.grad, argnums=1)
def loss(x, y):
    return jnp.sum(x) * {cb('y')}
loss(jnp.ones(3), jnp.ones(3))
"""),
"partial_grad_argnums_decorator_other_argument": ([], f"""
@functools.partial(jax.grad, argnums=1)
def loss(x, y):
    return jnp.sum(y) * {cb('x')}
loss(jnp.ones(3), jnp.ones(3))
"""),
"optax_value_and_grad_from_state": (["JAX001"], f"""
def f(x):
    return {cb('x')} * jnp.sum(x)
opt = optax.lbfgs()
x = jnp.ones(3)
state = opt.init(x)
value, grad = optax.value_and_grad_from_state(f)(x, state=state)
"""),
"optax_value_and_grad_from_state_value_to_host": ([], f"""
def f(x):
    return jnp.sum(x ** 2)
opt = optax.lbfgs()
x = jnp.ones(3)
state = opt.init(x)
value, grad = optax.value_and_grad_from_state(f)(x, state=state)
z = {cb('value')}
"""),
"jit_lower_traces_the_gradient": (["JAX001"], f"""
def f(x):
    return {cb('x')}
jax.jit(jax.grad(f)).lower(jnp.ones(3)).compile()
"""),
"jit_trace_traces_the_gradient": (["JAX001"], f"""
def f(x):
    return {cb('x')}
jax.jit(jax.grad(f)).trace(jnp.ones(3))
"""),
"jit_lower_lowers_jvp_of_custom_vjp": (["JAX005"], CUSTOM_VJP + """
jax.jit(lambda x: jax.jvp(f, (x,), (x,))).lower(jnp.ones(3))
"""),
"jit_trace_only_traces_jvp_of_custom_vjp": ([], CUSTOM_VJP + """
jax.jit(lambda x: jax.jvp(f, (x,), (x,))).trace(jnp.ones(3))
"""),
"linearize_of_checkpoint": (["JAX001"], f"""
@jax.checkpoint
def f(x):
    return {cb('x')}
y, f_jvp = jax.linearize(f, jnp.ones(3))
"""),
"jit_eval_shape_traces_the_gradient": (["JAX001"], f"""
def f(x):
    return {cb('x')}
jax.jit(jax.grad(f)).eval_shape(jnp.ones(3))
"""),
"jit_of_grad_never_called": ([], f"""
def f(x):
    return {cb('x')}
step = jax.jit(jax.grad(f))
"""),
"jit_of_grad_lower_never_called": ([], f"""
def f(x):
    return {cb('x')}
to_lower = jax.jit(jax.grad(f)).lower
"""),
# register_dataclass(cls) reads meta fields from `field(metadata=dict(static=True))`
"register_dataclass_metadata_static_int_field": ([], """
@dataclasses.dataclass
class Poly:
    coeffs: jax.Array
    degree: int = dataclasses.field(metadata=dict(static=True))
jax.tree_util.register_dataclass(Poly)
def value(p, x):
    return sum(p.coeffs[i] * x ** i for i in range(p.degree + 1))
jax.grad(value)(Poly(jnp.ones(3), 2), 0.5)
"""),
"register_dataclass_int_field_is_a_leaf": (["JAX010"], """
@dataclasses.dataclass
class Poly:
    coeffs: jax.Array
    degree: int = dataclasses.field(metadata={"static": False})
jax.tree_util.register_dataclass(Poly)
def value(p, x):
    return sum(p.coeffs[i] * x ** i for i in range(3))
jax.grad(value)(Poly(jnp.ones(3), 2), 0.5)
"""),
# jax.grad never differentiates keyword arguments
"grad_keyword_argument": ([], f"""
def loss(x, y=None):
    return jnp.sum(x) * {cb('y')}
jax.grad(loss)(jnp.ones(3), y=jnp.ones(3))
"""),
"grad_positional_with_keyword": (["JAX001"], f"""
def loss(x, y=None):
    return jnp.sum(x) * {cb('x')}
jax.grad(loss)(jnp.ones(3), y=jnp.ones(3))
"""),
# an array field of a pytree module is a leaf every jit traces (filter_jit keeps only Python
# scalars static): as a fori_loop bound under reverse mode, the loop's bounds are dynamic
"eqx_array_field_bounds_loop_under_filter_jit": (["JAX009"], """
class Relax(eqx.Module):
    w: jax.Array
    steps: jax.Array
    def __init__(self, n):
        self.w = 0.5 * jnp.ones(3)
        self.steps = jnp.asarray(n)
    def __call__(self, x):
        return jax.lax.fori_loop(0, self.steps, lambda i, z: jnp.tanh(self.w * z + x), x)
@eqx.filter_jit
def update(m, x):
    return eqx.filter_grad(lambda m: jnp.sum(m(x)))(m)
print(update(Relax(4), jnp.ones(3)))
"""),
"eqx_int_field_bounds_loop_under_filter_jit": ([], """
class Relax(eqx.Module):
    w: jax.Array
    steps: int
    def __init__(self, n):
        self.w = 0.5 * jnp.ones(3)
        self.steps = n
    def __call__(self, x):
        return jax.lax.fori_loop(0, self.steps, lambda i, z: jnp.tanh(self.w * z + x), x)
@eqx.filter_jit
def update(m, x):
    return eqx.filter_grad(lambda m: jnp.sum(m(x)))(m)
print(update(Relax(4), jnp.ones(3)))
"""),
# an array field given at the construction of a dataclass-like module (keyword or positional)
# is a leaf filter_jit traces: a dynamic fori_loop bound under filter_grad
"eqx_array_field_given_by_keyword_bounds_loop_under_filter_jit": (
    ["JAX009"],
    smoother_fit(
        "iters: jax.Array",
        "Smoother(w=jnp.full(3, 0.4), iters=jnp.asarray(6))",
    ),
),
"eqx_array_field_given_by_position_bounds_loop_under_filter_jit": (
    ["JAX009"],
    smoother_fit(
        "iters: jax.Array",
        "Smoother(jnp.full(3, 0.4), jnp.arange(8)[6])",
    ),
),
"eqx_int_field_given_by_keyword_bounds_loop_under_filter_jit": (
    [],
    smoother_fit(
        "iters: jax.Array",
        "Smoother(w=jnp.full(3, 0.4), iters=6)",
    ),
),
"eqx_static_int_field_bounds_loop_under_filter_jit": (
    [],
    smoother_fit(
        "iters: int = eqx.field(static=True)",
        "Smoother(w=jnp.full(3, 0.4), iters=6)",
    ),
),
# no jit: filter_grad alone leaves the integer array concrete, fori_loop runs a scan
"eqx_array_field_given_by_keyword_bounds_loop_eager_filter_grad": (
    [],
    smoother_fit(
        "iters: jax.Array",
        "Smoother(w=jnp.full(3, 0.4), iters=jnp.asarray(6))",
        jit=False,
    ),
),
}


@pytest.mark.parametrize("name", sorted(P))
def test_codes_are_what_jax_raises(name: str) -> None:
    codes, body = P[name]
    result = analyze_source(H + textwrap.dedent(body).lstrip(), f"{name}.py")
    assert result.error is None
    assert sorted({f.code for f in result.findings}) == sorted(codes)


def test_nnx_variable_types_are_flaxs() -> None:
    """The table of nnx Variable types and their bases is flax's (when flax is installed)."""
    nnx = pytest.importorskip("flax.nnx")
    from jax_lsp.analysis.jax.jaxapi import NNX_VARIABLE_BASES

    for name, base in NNX_VARIABLE_BASES.items():
        cls = getattr(nnx, name.rpartition(".")[2])
        parents = [c.__name__ for c in cls.__mro__[1:] if issubclass(c, nnx.Variable)]
        assert base.rpartition(".")[2] == (parents[0] if parents else ""), name
    listed = {n.rpartition(".")[2] for n in NNX_VARIABLE_BASES}
    public = {
        n for n in dir(nnx) if isinstance(getattr(nnx, n), type)
        and issubclass(getattr(nnx, n), nnx.Variable) and n != "VariableState"
    }
    assert public <= listed
