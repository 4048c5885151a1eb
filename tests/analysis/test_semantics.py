"""The analysis on small programs, one per mechanism of JAX's or Python's semantics.

Each program's expected codes are what JAX 0.10.2 raised when the program was run (none: it ran).
"""

from __future__ import annotations

import textwrap

import pytest

from jax_lsp.analysis import analyze_source

H = (
    "import functools\nimport jax\nimport jax.numpy as jnp\nimport numpy as np\n"
    "from jax.experimental import io_callback\n\n"
)


def cb(x: str) -> str:
    return f"jax.pure_callback(np.sin, jax.ShapeDtypeStruct({x}.shape, {x}.dtype), {x})"


#: functions registered in a dict by a decorator factory (the two programs pick one by name)
HANDLER_REGISTRY = f"""
HANDLERS = {{}}
def handler(key):
    def add(fn):
        HANDLERS[key] = fn
        return fn
    return add
@handler("plain")
def plain(x):
    return jnp.sum(x ** 2)
@handler("host")
def via_host(x):
    return jnp.sum({cb('x')})
"""

#: a parametrized decorator registers (function, weight) pairs (two programs read them back)
PAIR_REGISTRY = f"""
TERMS = {{}}
def term(key, scale=1.0):
    def add(fn):
        TERMS[key] = (fn, scale)
        return fn
    return add
@term("square", scale=0.5)
def square(x):
    return jnp.sum(x ** 2)
@term("host", scale=2.0)
def via_host(x):
    return jnp.sum({cb('x')})
"""

#: a host loss and an input, for the programs on module-level tables of function values
HOST_SUM = f"""
def host(x):
    return jnp.sum({cb('x')})
x = jnp.ones(3)
"""

#: a table of transformed functions a factory returns, read at the keys a list names; the
#: programs using it name different keys
FACTORY_TABLE = f"""
def host(x):
    return {cb('x')}
def make_ops(f):
    return {{
        "value": jax.jit(f),
        "tangent": lambda x, t: jax.jvp(f, (x,), (t,))[1],
        "hess": jax.hessian(lambda x: jnp.sum(f(x))),
    }}
def evaluate(wanted, x):
    ops = make_ops(host)
    return [ops[w](x) for w in wanted]
"""

#: a custom_jvp function `f` and its `@f.defjvp` rule, indented as a class body holds them; `{}`
#: is what the rule returns (dedented, the rule stands at module level)
JVP_RULE = """\
    @jax.custom_jvp
    def f(x):
        return jnp.sin(x)
    @f.defjvp
    def f_jvp(primals, tangents):
        (x,), (t,) = primals, tangents
        return {}
"""

#: a class body holding a rule (`{}`: JVP_RULE), its function differentiated through `self`
LAYER = """
class Layer:
{}    def loss(self, x):
        return self.f(x).sum()
jax.grad(Layer().loss)(jnp.ones(3))
"""

#: a private module-level table of transformed functions; the programs using it read
#: different entries
PRIVATE_TABLE = """_TABLE = {
    "value": jax.jit(host),
    "grad": jax.jit(jax.grad(host)),
    "hvp": lambda x, v: jax.jvp(jax.grad(host), (x,), (v,))[1],
}
"""

#: a Newton iteration whose `lax.while_loop` carry is a NamedTuple built in the loop's body;
#: the programs below end it differently (which field they return, which transform)
NEWTON_LOOP = """
from typing import NamedTuple
class Newton(NamedTuple):
    root: jax.Array
    step: jax.Array
    count: jax.Array
def sqrt_of(c):
    def keep_going(s):
        return (jnp.abs(s.step) > 1e-6) & (s.count < 50)
    def update(s):
        step = (s.root * s.root - c) / (2.0 * s.root)
        return Newton(s.root - step, step, s.count + 1)
    out = jax.lax.while_loop(keep_going, update, Newton(c, jnp.array(1.0), jnp.array(0)))
"""

#: a custom_vjp solve taking its step function (closure-converted) and the step's constants
CLOSURE_SOLVE = """
def iterate(step, u, *consts):
    for _ in range(3):
        u = step(u, *consts)
    return u
@functools.partial(jax.custom_vjp, nondiff_argnums=(0,))
def solve(step, u, *consts):
    return iterate(step, u, *consts)
def solve_fwd(step, u, *consts):
    return iterate(step, u, *consts), (u, consts)
def solve_bwd(step, res, g):
    u, consts = res
    _, pull = jax.vjp(lambda *a: iterate(step, *a), u, *consts)
    return pull(g)
solve.defvjp(solve_fwd, solve_bwd)
"""

P = {
"reduce_compose": (["JAX001"], f"""
def host(x):
    return {cb('x')}
def compose(*fns):
    return functools.reduce(lambda f, g: lambda x: g(f(x)), fns)
pipe = compose(jnp.sin, host, jnp.tanh)
jax.jacrev(pipe)(jnp.ones(3))
"""),
"range_int_grad": (["JAX010"], """
def f(x):
    return x * 2.0
for i in range(3):
    jax.grad(f)(jnp.asarray(i))
"""),
"typed_key_grad": (["JAX010"], """
def sample(key):
    return 2.0 * jax.random.uniform(key)
jax.grad(sample)(jax.random.key(0))
"""),
"typed_keys_split_jacrev": (["JAX010"], """
keys = jax.random.split(jax.random.key(0), 3)
jax.jacrev(jax.vmap(jax.random.normal))(keys)
"""),
"typed_key_grad_allow_int": ([], """
def sample(key):
    return 2.0 * jax.random.uniform(key)
print(jax.grad(sample, allow_int=True)(jax.random.key(0)).dtype)
"""),
"vmap_no_method": (["JAX008"], f"""
def f(x):
    return {cb('x')}
jax.vmap(f)(jnp.ones((2, 3)))
"""),
"vmap_unbatched_operand": ([], f"""
def f(x, w):
    return {cb('w')} + x
jax.vmap(f, in_axes=(0, None))(jnp.ones((2, 3)), jnp.ones(3))
"""),
"vmap_with_method": ([], """
def f(x):
    s = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(np.sin, s, x, vmap_method="sequential")
jax.vmap(f)(jnp.ones((2, 3)))
"""),
"grad_of_vmap": (["JAX008"], f"""
def f(x):
    return {cb('x')}
jax.grad(lambda x: jnp.sum(jax.vmap(f)(x)))(jnp.ones((2, 3)))
"""),
"vmap_of_grad": (["JAX001"], f"""
def f(x):
    return jnp.sum({cb('x')})
jax.vmap(jax.grad(f))(jnp.ones((2, 3)))
"""),
"vectorize_no_method": (["JAX008"], """
@jnp.vectorize
def f(x):
    return jax.pure_callback(np.sin, jax.ShapeDtypeStruct((), jnp.float32), x)
f(jnp.ones(3))
"""),
"piecewise_grad": (["JAX001"], """
def tail(x):
    s = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(np.sin, s, x, vmap_method="sequential")
def g(x):
    return jnp.sum(jnp.piecewise(x, [x < 0.0], [tail, jnp.cos]))
jax.grad(g)(jnp.ones(3))
"""),
"custom_vjp_bwd_jacrev": (["JAX008"], f"""
def host(x):
    return {cb('x')}
@jax.custom_vjp
def f(x):
    return host(x)
def fwd(x):
    return host(x), None
def bwd(_, g):
    return (host(g),)
f.defvjp(fwd, bwd)
jax.jacrev(f)(jnp.ones(3))
"""),
"custom_vjp_bwd_grad": ([], f"""
def host(x):
    return {cb('x')}
@jax.custom_vjp
def f(x):
    return host(x)
def fwd(x):
    return host(x), None
def bwd(_, g):
    return (host(g),)
f.defvjp(fwd, bwd)
jax.grad(lambda x: jnp.sum(f(x)))(jnp.ones(3))
"""),
"custom_vjp_on_reverse_tangent": (["JAX006"], """
@jax.custom_vjp
def scale(v, s):
    return v * s
scale.defvjp(lambda v, s: (v * s, (v, s)), lambda r, g: (g * r[1], jnp.sum(g * r[0])))
@jax.custom_jvp
def norm(v):
    return jnp.sqrt(jnp.sum(v ** 2))
@norm.defjvp
def norm_jvp(primals, tangents):
    (v,), (dv,) = primals, tangents
    n = norm(v)
    return n, scale(jnp.dot(v, dv), 1.0 / n)
jax.grad(norm)(jnp.ones(3))
"""),
"custom_vjp_on_forward_tangent": ([], """
@jax.custom_vjp
def scale(v, s):
    return v * s
scale.defvjp(lambda v, s: (v * s, (v, s)), lambda r, g: (g * r[1], jnp.sum(g * r[0])))
@jax.custom_jvp
def norm(v):
    return jnp.sqrt(jnp.sum(v ** 2))
@norm.defjvp
def norm_jvp(primals, tangents):
    (v,), (dv,) = primals, tangents
    n = norm(v)
    return n, scale(jnp.dot(v, dv), 1.0 / n)
jax.jacfwd(norm)(jnp.ones(3))
"""),
"grad_built_only_inspected": ([], f"""
def f(x):
    return jnp.sum({cb('x')})
g = jax.grad(f)
print(callable(g))
"""),
"argsort_tangent_free": ([], """
def f(x):
    idx = jnp.argsort(x)
    y = jax.pure_callback(np.sin, jax.ShapeDtypeStruct(idx.shape, jnp.float32), idx)
    return jnp.sum(x * y)
jax.grad(f)(jnp.ones(3))
"""),
"reduce_precision_keeps_tangent": (["JAX001"], f"""
def f(x):
    y = jax.lax.reduce_precision(x, exponent_bits=5, mantissa_bits=10)
    return jnp.sum({cb('y')})
jax.grad(f)(jnp.ones(3))
"""),
"bincount_weights_carry_tangent": (["JAX001"], f"""
def f(w):
    y = jnp.bincount(jnp.array([0, 1, 1]), weights=w, length=3)
    return jnp.sum({cb('y')})
jax.grad(f)(jnp.ones(3))
"""),
"where_condition_no_tangent": ([], """
def f(x):
    c = jnp.where(x > 0, 1.0, 0.0)
    m = jnp.where(c, 1.0, 2.0)
    return jnp.sum(jax.pure_callback(np.sin, jax.ShapeDtypeStruct(m.shape, m.dtype), m))
jax.grad(f)(jnp.ones(3))
"""),
"odeint_jacfwd": (["JAX005"], """
from jax.experimental.ode import odeint
def f(y0):
    return odeint(lambda y, t: -y, y0, jnp.linspace(0.0, 1.0, 3))
jax.jacfwd(f)(jnp.ones(2))
"""),
"minimize_grad": (["JAX009"], """
from jax.scipy.optimize import minimize
def f(x0):
    return minimize(lambda x: jnp.sum((x - 1.0) ** 2), x0, method="BFGS").fun
jax.grad(f)(jnp.ones(2))
"""),
"minimize_grad_callback": (["JAX001"], f"""
from jax.scipy.optimize import minimize
def obj(x):
    return jnp.sum({cb('x')})
def f(x0):
    return minimize(obj, x0, method="BFGS").fun
jax.grad(f)(jnp.ones(2))
"""),
"linen_remat_io": (["JAX004"], """
import flax.linen as nn
def log(d):
    pass
class Block(nn.Module):
    @nn.compact
    def __call__(self, x):
        io_callback(log, None, jnp.float32(1.0))
        return nn.Dense(3)(x)
class Stack(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.remat(Block)()(x)
m = Stack()
x = jnp.ones((2, 3))
p = m.init(jax.random.PRNGKey(0), x)
jax.grad(lambda p: jnp.sum(m.apply(p, x)))(p)
"""),
"linen_dense_params_reach_callback": (["JAX001"], """
import flax.linen as nn
class M(nn.Module):
    @nn.compact
    def __call__(self, x):
        h = nn.Dense(4)(x)
        return jax.pure_callback(np.sin, jax.ShapeDtypeStruct(h.shape, h.dtype), h)
m = M()
x = jnp.ones((2, 3))
p = m.init(jax.random.PRNGKey(0), x)
jax.grad(lambda p: jnp.sum(m.apply(p, x)))(p)
"""),
"eqx_static_field_not_differentiated": ([], """
import equinox as eqx
class M(eqx.Module):
    w: jax.Array
    scale: float = eqx.field(static=True)
    def __call__(self, x):
        s = jax.pure_callback(np.float32, jax.ShapeDtypeStruct((), jnp.float32), self.scale)
        return jnp.sum(self.w * x) * s
m = M(jnp.ones(3), 2.0)
eqx.filter_grad(lambda m, x: m(x))(m, jnp.ones(3))
"""),
"eqx_layers_list_io": (["JAX003"], """
import equinox as eqx
def rec(m):
    return np.zeros((), np.float32)
class M(eqx.Module):
    layers: list
    def __init__(self, key):
        self.layers = [eqx.nn.Linear(3, 3, key=key), eqx.nn.Linear(3, 1, key=key)]
    def __call__(self, x):
        h = self.layers[0](x)
        io_callback(rec, jax.ShapeDtypeStruct((), jnp.float32), jnp.mean(h))
        return self.layers[1](h)[0]
m = M(jax.random.PRNGKey(0))
eqx.filter_grad(lambda m, x: m(x))(m, jnp.ones(3))
"""),
"super_method_reaches_callback": (["JAX001"], f"""
class Base:
    def f(self, x):
        return {cb('x')}
class Child(Base):
    def f(self, x):
        return super().f(x) * 2.0
jax.grad(lambda x: jnp.sum(Child().f(x)))(jnp.ones(3))
"""),
"dunder_rmul_reaches_callback": (["JAX001"], f"""
class Host:
    def __init__(self, v):
        self.v = v
    def __mul__(self, other):
        x = self.v * other
        return Host({cb('x')})
    __rmul__ = __mul__
def f(x):
    return jnp.sum((2.0 * Host(x)).v)
jax.grad(f)(jnp.ones(3))
"""),
"dunder_getitem_reaches_callback": (["JAX001"], f"""
class Table:
    def __getitem__(self, pos):
        return {cb('pos')}
T = Table()
jax.grad(lambda p: jnp.sum(T[p]))(jnp.ones(3))
"""),
"closures_appended_in_loop": (["JAX001"], f"""
def make(n):
    fns = []
    for i in range(n):
        if i == n - 1:
            fns.append(lambda x: {cb('x')})
        else:
            fns.append(lambda x, i=i: x * i)
    return fns
FS = make(3)
def model(cs, x):
    return jnp.sum(sum(c * f(x) for c, f in zip(cs, FS)))
jax.grad(model, argnums=1)(jnp.ones(3), jnp.ones(3))
"""),
"shape_bound_is_static": ([], """
@jax.jit
def f(g, r):
    n = r.shape[0] - 1
    return jax.lax.fori_loop(0, n, lambda i, a: a * g + r[n - i], r[n])
jax.grad(f)(0.9, jnp.ones(4))
"""),
"jnp_int_bound_under_jit_is_traced": (["JAX009"], """
@jax.jit
def f(g, r):
    n = r.shape[0] - jnp.int32(1)
    return jax.lax.fori_loop(0, n, lambda i, a: a * g + r[n - i], r[n])
jax.grad(f)(0.9, jnp.ones(4))
"""),
"flax_struct_int_leaf_grad": (["JAX010"], """
from flax import struct
@struct.dataclass
class State:
    step: jax.Array
    w: jax.Array
def loss(s):
    return jnp.sum(s.w ** 2) * s.step
jax.grad(loss)(State(step=jnp.array(1), w=jnp.ones(3)))
"""),
"eqx_filter_grad_int_field_ok": ([], """
import equinox as eqx
class M(eqx.Module):
    step: jax.Array
    w: jax.Array
def loss(m):
    return jnp.sum(m.w ** 2) * m.step
eqx.filter_grad(loss)(M(jnp.array(1), jnp.ones(3)))
"""),
"lax_map_batch_size_no_method": (["JAX008"], """
def f(p):
    return jax.pure_callback(np.sum, jax.ShapeDtypeStruct((), jnp.float32), p)
jax.lax.map(f, jnp.ones((8, 3)), batch_size=4)
"""),
"lax_map_sequential_ok": ([], """
def f(p):
    return jax.pure_callback(np.sum, jax.ShapeDtypeStruct((), jnp.float32), p)
jax.lax.map(f, jnp.ones((8, 3)))
"""),
"randint_tokens_grad": (["JAX010"], """
def f(tokens, table):
    return jnp.sum(table[tokens])
key = jax.random.PRNGKey(0)
jax.grad(f)(jax.random.randint(key, (4,), 0, 10), jnp.ones((10, 2)))
"""),
"eqx_decorator_with_args": (["JAX001"], f"""
import equinox as eqx
@eqx.filter_value_and_grad(has_aux=True)
def loss(w, x):
    y = {cb('w')}
    return jnp.sum(y * x), y
loss(jnp.ones(3), jnp.ones(3))
"""),
"eqx_filter_jacfwd": (["JAX001"], f"""
import equinox as eqx
def f(w):
    return {cb('w')}
eqx.filter_jacfwd(f)(jnp.ones(3))
"""),
"eqx_filter_jacrev": (["JAX001"], f"""
import equinox as eqx
def f(w):
    return {cb('w')}
eqx.filter_jacrev(f)(jnp.ones(3))
"""),
"eqx_filter_hessian": (["JAX001"], f"""
import equinox as eqx
def f(w):
    return jnp.sum({cb('w')})
eqx.filter_hessian(f)(jnp.ones(3))
"""),
"nnx_grad_skips_batch_stat": ([], """
from flax import nnx
class M(nnx.Module):
    def __init__(self):
        self.w = nnx.Param(jnp.ones(3))
        self.s = nnx.BatchStat(jnp.ones(3))
    def __call__(self, x):
        y = jax.pure_callback(np.sin, jax.ShapeDtypeStruct((3,), jnp.float32), self.s[...])
        return jnp.sum(self.w[...] * x * y)
nnx.grad(lambda m, x: m(x))(M(), jnp.ones(3))
"""),
"registry_read_at_listed_names": ([], f"""
def host(x):
    return {cb('x')}
TOOLS = {{
    "value": jax.jit(host),
    "twice": lambda x: 2.0 * host(x),
    "slope": jax.jacfwd(host),
    "curv": jax.hessian(host),
}}
def run(names, x):
    return {{n: TOOLS[n](x) for n in names}}
run(["value", "twice"], jnp.ones(()))
"""),
"registry_read_at_one_of_listed_names": (["JAX001"], f"""
def host(x):
    return {cb('x')}
TOOLS = {{"value": jax.jit(host), "slope": jax.jacfwd(host), "curv": jax.hessian(host)}}
def run(names, x):
    out = {{}}
    for n in names:
        out[n] = TOOLS[n](x)
    return out
run(["value", "slope"], jnp.ones(()))
"""),
"namedtuple_state_int_leaf": (["JAX010"], """
from typing import NamedTuple
class State(NamedTuple):
    pos: jax.Array
    hits: jax.Array
def loss(s):
    return jnp.sum(s.pos ** 2)
jax.grad(loss)(State(jnp.ones(3), jnp.zeros((), jnp.int32)))
"""),
"namedtuple_state_float_leaves": ([], """
from typing import NamedTuple
class State(NamedTuple):
    pos: jax.Array
    vel: jax.Array
def loss(s):
    return jnp.sum(s.pos * s.vel)
jax.grad(loss)(State(jnp.ones(3), jnp.ones(3)))
"""),
"linear_transpose_of_odeint": (["JAX006"], """
from jax.experimental.ode import odeint
def decay(u0):
    return odeint(lambda u, t: -0.5 * u, u0, jnp.array([0.0, 1.0]))[-1]
jax.linear_transpose(decay, jnp.ones(3))(jnp.ones(3))
"""),
"grad_of_odeint": ([], """
from jax.experimental.ode import odeint
def decay(u0):
    return odeint(lambda u, t: -0.5 * u, u0, jnp.array([0.0, 1.0]))[-1]
jax.grad(lambda u: jnp.sum(decay(u)))(jnp.ones(3))
"""),
# a function value made inside a function and never called: it runs only if it leaves the code
# the analysis sees (returned outward, handed to other code, kept where outside code reads it)
"self_attribute_transform_never_read": ([], f"""
def host(x):
    return {cb('x')}
class Fit:
    def __init__(self, scale):
        self.scale = scale
        self.slope = jax.grad(lambda w: jnp.sum(host(w * self.scale)))  # unused
    def value(self, w):
        return jnp.sum(jnp.cos(w * self.scale))
print(Fit(2.0).value(jnp.ones(3)))
"""),
"self_attribute_transform_read": (["JAX001"], f"""
def host(x):
    return {cb('x')}
class Fit:
    def __init__(self, scale):
        self.scale = scale
        self.slope = jax.grad(lambda w: jnp.sum(host(w * self.scale)))
    def step(self, w):
        return w - 0.1 * self.slope(w)
print(Fit(2.0).step(jnp.ones(3)))
"""),
"self_attribute_transform_of_object_handed_on": (["JAX001"], f"""
import inspect
def host(x):
    return {cb('x')}
class Fit:
    def __init__(self):
        self.scale = 2.0
        self.slope = jax.grad(lambda w: jnp.sum(host(w)))
def call_all(obj, w):
    return [f(w) for n, f in inspect.getmembers(obj) if callable(f) and not n.startswith("_")]
print(call_all(Fit(), jnp.ones(3)))
"""),
"factory_table_entries_never_picked": (
    [], FACTORY_TABLE + 'print(evaluate(["value"], jnp.ones(3)))\n'
),
"factory_table_entry_picked": (
    ["JAX001"], FACTORY_TABLE + 'print(evaluate(["value", "hess"], jnp.ones(3)))\n'
),
"private_table_read_at_constant_key": (
    [], HOST_SUM + "\n" + PRIVATE_TABLE + 'print(_TABLE["value"](x))\n'
),
"private_table_read_at_constant_grad_key": (
    ["JAX001"], HOST_SUM + "\n" + PRIVATE_TABLE + 'print(_TABLE["grad"](x))\n'
),
"private_table_hvp_read_in_a_function": (["JAX001"], HOST_SUM + """
_TABLE = {
    "value": jax.jit(host),
    "hvp": lambda x, v: jax.jvp(jax.grad(host), (x,), (v,))[1],
}
def curvature(x):
    return _TABLE["hvp"](x, x)
curvature(x)
"""),
"private_table_values_swept": (["JAX001"], HOST_SUM + """
_TABLE = {"value": jax.jit(host), "grad": jax.grad(host)}
for fn in _TABLE.values():
    fn(x)
"""),
"private_table_passed_to_a_function": (["JAX001"], HOST_SUM + """
_TABLE = {"value": jax.jit(host), "grad": jax.grad(host)}
def apply_all(table, x):
    return [table[k](x) for k in sorted(table)]
apply_all(_TABLE, x)
"""),
"private_table_read_at_a_swept_key": (["JAX001"], HOST_SUM + """
_TABLE = {"value": jax.jit(host), "grad": jax.grad(host)}
def run(mode, x):
    return _TABLE[mode](x)
for mode in ("value", "grad"):
    run(mode, x)
"""),
"private_table_filled_by_statements": ([], HOST_SUM + """
_OPS = {}
_OPS["value"] = jax.jit(host)
_OPS["grad"] = jax.grad(host)
_OPS["hvp"] = lambda x, v: jax.jvp(jax.grad(host), (x,), (v,))[1]
print(_OPS["value"](x))
"""),
"private_table_filled_by_statements_grad_read": (["JAX001"], HOST_SUM + """
_OPS = {}
_OPS["value"] = jax.jit(host)
_OPS["grad"] = jax.grad(host)
print(_OPS["grad"](x))
"""),
"private_list_appended_first_read": ([], HOST_SUM + """
_STEPS = []
_STEPS.append(jax.jit(host))
_STEPS.append(lambda x: jax.grad(host)(x))
print(_STEPS[0](x))
"""),
"private_list_appended_last_read": (["JAX001"], HOST_SUM + """
_STEPS = []
_STEPS.append(jax.jit(host))
_STEPS.append(lambda x: jax.grad(host)(x))
print(_STEPS[-1](x))
"""),
"local_table_filled_by_statements": ([], HOST_SUM + """
def build():
    t = {}
    t["value"] = jax.jit(host)
    t["grad"] = jax.grad(host)
    return t
print(build()["value"](x))
"""),
"private_lambda_never_called": ([], HOST_SUM + """
_hvp = lambda x, v: jax.jvp(jax.grad(host), (x,), (v,))[1]
print(jax.jit(host)(x))
"""),
"private_table_read_through_globals": (["JAX001"], HOST_SUM + """
_TABLE = {"value": jax.jit(host), "hvp": lambda x, v: jax.jvp(jax.grad(host), (x,), (v,))[1]}
name = "_TAB" + "LE"
globals()[name]["hvp"](x, x)
"""),
"nested_def_never_called": ([], f"""
def host(x):
    return {cb('x')}
def solve(x):
    def newton_step(y):
        return y - host(y) / jax.grad(lambda z: jnp.sum(host(z)))(y)
    return jnp.cos(x)
print(solve(jnp.ones(3)))
"""),
"nested_transform_handed_to_sorted": (["JAX001"], f"""
def host(x):
    return {cb('x')}
def rank(points):
    steep = jax.grad(lambda p: jnp.sum(host(p)))
    return sorted(points, key=lambda p: float(jnp.sum(steep(p))))
print(rank([jnp.ones(2), jnp.zeros(2)]))
"""),
"nested_transform_returned_to_caller_that_calls": (["JAX001"], f"""
def host(x):
    return {cb('x')}
def make():
    g = jax.grad(lambda p: jnp.sum(host(p)))
    return g
def use(x):
    return make()(x)
print(use(jnp.ones(2)))
"""),
"long_table_entry_called_where_its_value_is_lost": (["JAX001"], f"""
def host(x):
    return {cb('x')}
def run(x):
    table = ({'jnp.sin, ' * 64}jax.grad(lambda v: jnp.sum(host(v))))
    return table[64](x)
print(run(jnp.ones(2)))
"""),
# functions registered in a dict by a decorator, one picked by a configured name
"decorator_registry_picks_host_loss": (["JAX001"], HANDLER_REGISTRY + """
SETTINGS = {"handler": "host"}
def total(x):
    return HANDLERS[SETTINGS["handler"]](x)
print(jax.grad(total)(jnp.ones(3)))
"""),
"decorator_registry_picks_plain_loss": ([], HANDLER_REGISTRY + """
SETTINGS = {"handler": "plain"}
def total(x):
    return HANDLERS[SETTINGS["handler"]](x)
print(jax.grad(total)(jnp.ones(3)))
"""),
# a parametrized decorator registers (function, weight) pairs; readers unpack them again
"decorator_registry_of_pairs_swept_by_grad": (["JAX001"], PAIR_REGISTRY + """
def each_gradient(x):
    return {k: jax.grad(lambda v: s * f(v))(x) for k, (f, s) in TERMS.items()}
print(each_gradient(jnp.ones(3)))
"""),
"decorator_registry_of_lists_values_by_grad": (["JAX001"], f"""
TERMS = {{}}
def term(key, scale):
    def add(fn):
        TERMS[key] = [scale, fn]
        return fn
    return add
@term("host", 3.0)
def via_host(x):
    return jnp.sum({cb('x')})
total = 0.0
for s, f in TERMS.values():
    total = total + jax.grad(f)(jnp.ones(2)).sum() * s
print(total)
"""),
"decorator_registry_of_pairs_grad_of_plain_entry": ([], PAIR_REGISTRY + """
f, s = TERMS["square"]
print(jax.grad(lambda v: s * f(v))(jnp.ones(3)))
print({k: g(jnp.ones(3)) for k, (g, _) in TERMS.items()})
"""),
"local_table_filled_by_key": (["JAX001"], f"""
def host(x):
    return {cb('x')}
def table():
    t = {{}}
    t["smooth"] = jnp.tanh
    t["exact"] = host
    return t
print(jax.jacfwd(lambda x: table()["exact"](x))(jnp.ones(2)))
"""),
"nnx_grad_differentiates_param": (["JAX001"], """
from flax import nnx
class M(nnx.Module):
    def __init__(self):
        self.w = nnx.Param(jnp.ones(3))
        self.s = nnx.BatchStat(jnp.ones(3))
    def __call__(self, x):
        y = jax.pure_callback(np.sin, jax.ShapeDtypeStruct((3,), jnp.float32), self.w[...])
        return jnp.sum(self.s[...] * x * y)
nnx.grad(lambda m, x: m(x))(M(), jnp.ones(3))
"""),
# a NamedTuple is the tuple of its fields: built in a loop's body, its fields keep the tangent
# the body closes over, and the loop's result read by field name or index carries it
"namedtuple_carry_built_in_while_body_grad": (
    ["JAX009"], NEWTON_LOOP + "    return out.root\nprint(jax.grad(sqrt_of)(2.0))\n"
),
"namedtuple_carry_built_in_while_body_jvp": (
    [], NEWTON_LOOP + "    return out.root\nprint(jax.jvp(sqrt_of, (2.0,), (1.0,)))\n"
),
# only the integer counter field of the result is used: no tangent of the loop reaches it
"namedtuple_carry_counter_field_only_grad": (
    [], NEWTON_LOOP + "    return c * out.count\nprint(jax.grad(sqrt_of)(2.0))\n"
),
"namedtuple_carry_unpacked_fori_traced_bound_grad": (["JAX009"], """
from typing import NamedTuple
class Acc(NamedTuple):
    total: jax.Array
    scale: jax.Array
def run(w, n):
    def body(i, a):
        total, scale = a
        return Acc(total + scale * jnp.sin(w * i), scale)
    out = jax.lax.fori_loop(0, n, body, Acc(jnp.zeros(()), jnp.ones(())))
    return out[0]
print(jax.jit(jax.grad(run))(0.3, 4))
"""),
"namedtuple_carry_from_its_method_jacrev": (["JAX009"], """
from typing import NamedTuple
class Walker(NamedTuple):
    pos: jax.Array
    left: jax.Array
    def advance(self, rate):
        return Walker(self.pos * jnp.cos(rate), self.left - 1)
def walk(rate):
    start = Walker(jnp.ones(2), jnp.array(3))
    out = jax.lax.while_loop(lambda w: w.left > 0, lambda w: w.advance(rate), start)
    pos, _ = out
    return jnp.sum(pos)
print(jax.jacrev(walk)(0.2))
"""),
# a class body binds into the class's namespace: its later statements see those names (the
# rule `f.defjvp(rule)` attaches there is the custom function's), the methods defined in it do not
"class_body_defjvp_call_tangent_grad": (["JAX002"], f"""
class Ops:
    @jax.custom_jvp
    def f(x):
        return jnp.sin(x)
    def f_jvp(primals, tangents):
        (x,), (t,) = primals, tangents
        return jnp.sin(x), {cb('t')}
    f.defjvp(f_jvp)
jax.grad(lambda x: Ops.f(x).sum())(jnp.ones(3))
"""),
"class_body_defjvp_decorator_through_self_grad": (
    ["JAX002"], LAYER.format(JVP_RULE.format(f"jnp.sin(x), {cb('t')}"))
),
"class_body_defjvp_callback_on_primal_grad": (
    [], LAYER.format(JVP_RULE.format(f"jnp.sin(x), {cb('x')} * t"))
),
"class_body_name_not_seen_by_method_grad": (["JAX001"], f"""
def host(x):
    return {cb('x')}
class M:
    host = staticmethod(jnp.tanh)
    def loss(self, x):
        return host(x).sum()
jax.grad(M().loss)(jnp.ones(3))
"""),
"class_body_name_not_seen_by_method_plain_grad": ([], f"""
def cbk(x):
    return {cb('x')}
host = jnp.tanh
class M:
    host = staticmethod(cbk)
    def loss(self, x):
        return host(x).sum()
jax.grad(M().loss)(jnp.ones(3))
"""),
# `staticmethod(f)` / `classmethod(f)` called in a class body make what the decorators make
"staticmethod_call_class_attribute_grad": (["JAX001"], f"""
def host(x):
    return {cb('x')}
class M:
    op = staticmethod(host)
    def loss(self, x):
        return self.op(x).sum()
jax.grad(M().loss)(jnp.ones(3))
"""),
"staticmethod_call_class_attribute_stop_gradient_grad": ([], f"""
def host(x):
    return {cb('x')}
class M:
    op = staticmethod(host)
    def loss(self, x):
        return (self.op(jax.lax.stop_gradient(x)) * x).sum()
jax.grad(M().loss)(jnp.ones(3))
"""),
"classmethod_call_class_attribute_grad": (["JAX001"], f"""
def scaled(cls, x):
    return cls.k * {cb('x')}
class M:
    k = 2.0
    op = classmethod(scaled)
    def loss(self, x):
        return self.op(x).sum()
jax.grad(M().loss)(jnp.ones(3))
"""),
# Python binds only descriptors to the instance: a partial, a custom_jvp function or an
# instance stored as a class attribute is called with the arguments given, `self` not among them
"partial_class_attribute_not_bound_grad": (["JAX001"], f"""
def scaled(k, x):
    return k * {cb('x')}
class M:
    op = functools.partial(scaled, 2.0)
    def loss(self, x):
        return self.op(x).sum()
jax.grad(M().loss)(jnp.ones(3))
"""),
"custom_jvp_class_attribute_not_bound_grad": (["JAX002"], "\n" + textwrap.dedent(
    JVP_RULE.format(f"jnp.sin(x), {cb('t')}")) + """class M:
    op = f
    def loss(self, x):
        return self.op(x).sum()
jax.grad(M().loss)(jnp.ones(3))
"""),
"instance_class_attribute_not_bound_grad": (["JAX001"], f"""
class HostOp:
    def __call__(self, x):
        return {cb('x')}
class M:
    op = HostOp()
    def loss(self, x):
        return self.op(x).sum()
jax.grad(M().loss)(jnp.ones(3))
"""),
# closure_convert: the hoisted constants carry what the function closes over (JAX005 when a
# forward transform reaches a custom_vjp only through them); the converted function computes
# from the constants it is given, not from its closure
"closure_convert_constants_into_custom_vjp_jvp": (["JAX005"], CLOSURE_SOLVE + """
def model(rate):
    step, consts = jax.closure_convert(lambda u: u - rate * u, jnp.ones(2))
    return solve(step, jnp.ones(2), *consts)
jax.jvp(model, (0.5,), (1.0,))
"""),
"closure_convert_from_custom_derivatives_jvp": (["JAX005"], CLOSURE_SOLVE + """
from jax.custom_derivatives import closure_convert
def model(rate):
    step, consts = closure_convert(lambda u: u - rate * u, jnp.ones(2))
    return solve(step, jnp.ones(2), *consts)
jax.jvp(model, (0.5,), (1.0,))
"""),
"closure_convert_constants_into_custom_vjp_grad": ([], CLOSURE_SOLVE + """
def model(rate):
    step, consts = jax.closure_convert(lambda u: u - rate * u, jnp.ones(2))
    return jnp.sum(solve(step, jnp.ones(2), *consts))
jax.grad(model)(0.5)
"""),
"closure_convert_closing_over_constants_jvp": ([], CLOSURE_SOLVE + """
DECAY = jnp.array([0.1, 0.2])
def model(gain):
    step, consts = jax.closure_convert(lambda u: u - DECAY * u, jnp.ones(2))
    return gain * solve(step, jnp.ones(2), *consts)
jax.jvp(model, (0.5,), (1.0,))
"""),
"closure_convert_converted_called_under_grad": (["JAX001"], f"""
def loss(p):
    def host_scaled(x):
        return {cb('(p * x)')}
    f, consts = jax.closure_convert(host_scaled, jnp.ones(2))
    return jnp.sum(f(jnp.ones(2), *consts))
jax.grad(loss)(jnp.array(2.0))
"""),
"closure_convert_host_step_in_fwd_rule_grad": ([], f"""
@functools.partial(jax.custom_vjp, nondiff_argnums=(0,))
def apply(step, x, *consts):
    return step(x, *consts)
def apply_fwd(step, x, *consts):
    return step(x, *consts), consts
def apply_bwd(step, consts, g):
    return (g, *(jnp.sum(g) * jnp.ones_like(c) for c in consts))
apply.defvjp(apply_fwd, apply_bwd)
def loss(p):
    def host_scaled(x):
        return {cb('(p * x)')}
    f, consts = jax.closure_convert(host_scaled, jnp.ones(2))
    return jnp.sum(apply(f, jnp.ones(2), *consts))
jax.grad(loss)(jnp.array(2.0))
"""),
# jax.shard_map traces its function as jit does, on a one-device mesh too (heldout14 24029);
# kept out of the corpus: the fixes' custom rules do not type-check inside shard_map
"shard_map_one_device_host_loss_grad": (["JAX001"], """
from jax.sharding import NamedSharding, PartitionSpec as P
mesh = jax.make_mesh((1,), ("data",))
def host_abs_sum(r):
    return np.float32(np.abs(np.asarray(r)).sum())
def shard_loss(w, xb):
    local = jax.pure_callback(
        host_abs_sum, jax.ShapeDtypeStruct((), jnp.float32), xb @ w, vmap_method="sequential"
    )
    return jax.lax.psum(local, "data")
def loss(w, x):
    return jax.shard_map(shard_loss, mesh=mesh, in_specs=(P(), P("data")), out_specs=P())(w, x)
x = jax.device_put(jnp.ones((4, 3)), NamedSharding(mesh, P("data")))
jax.grad(loss)(jnp.ones(3), x)
"""),
}


@pytest.mark.parametrize("name", sorted(P))
def test_codes_are_what_jax_raises(name: str) -> None:
    codes, body = P[name]
    result = analyze_source(H + textwrap.dedent(body).lstrip(), f"{name}.py")
    assert result.error is None
    assert sorted({f.code for f in result.findings}) == sorted(codes)


@pytest.mark.parametrize(
    ("transform", "says"),
    [
        ("jax.jacfwd", "jacfwd requires real-valued inputs"),
        ("jax.hessian", "jacfwd requires real-valued inputs"),
        ("jax.jacrev", "jacrev requires real- or complex-valued inputs"),
        ("jax.value_and_grad", "grad requires real- or complex-valued inputs"),
    ],
)
def test_integer_input_message_is_the_transforms_own(transform: str, says: str) -> None:
    """JAX names the transform that rejects an integer input (jacfwd wants real floats)."""
    src = H + f"{transform}(lambda x: x * 1.0)(jnp.int32(1))\n"
    (f,) = analyze_source(src, "t.py").findings
    assert f.code == "JAX010" and f"JAX will raise '{says}'" in f.message


@pytest.mark.parametrize("transform", ["jax.jacfwd", "jax.hessian"])
def test_typed_key_input_to_jacfwd_is_not_jax010(transform: str) -> None:
    """grad and jacrev reject a typed PRNG key with their integer-input message (JAX010);
    jacfwd and hessian raise another one, 'jacfwd with input element type key<fry>' (JAX
    0.10.2), which JAX010 does not predict."""
    src = H + f"{transform}(lambda k: jax.random.uniform(k))(jax.random.key(0))\n"
    assert analyze_source(src, "t.py").findings == []
