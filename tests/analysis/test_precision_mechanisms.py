"""Mechanisms behind false positives and misses on programs written blind (without reading
jax_lsp), each pinned on a minimal program of our own. Every expectation was checked by
running the program under JAX 0.10.2 (what it raised, or that it ran, is said per case)."""

from __future__ import annotations

import textwrap

from jax_lsp.analysis import analyze_source

HEADER = """\
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
"""

HOST = """\
def host(x):
    return jax.pure_callback(lambda a: a, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
"""


def findings(body: str) -> list[tuple[int, str]]:
    """(line within `body`, code) of each finding of HEADER + body."""
    result = analyze_source(HEADER + textwrap.dedent(body), "t.py")
    assert result.error is None
    offset = HEADER.count("\n")
    return sorted((f.span.line - offset, f.code) for f in result.findings)


def test_while_loop_cond_sees_primals_only() -> None:
    # JAX: jvp through a while_loop whose cond_fun calls a pure_callback runs (the cond is
    # evaluated on the primal carry); the same callback in the body raises the JVP error.
    in_cond = HOST + """\
def f(a):
    return lax.while_loop(lambda c: ~(host(c) > 4.0), lambda c: c * 2.0, a)
jax.jvp(f, (1.0,), (1.0,))
"""
    in_body = HOST + """\
def f(a):
    return lax.while_loop(lambda c: c < 4.0, lambda c: host(c), a)
jax.jvp(f, (1.0,), (1.0,))
"""
    assert findings(in_cond) == []
    assert findings(in_body) == [(2, "JAX001")]


def test_python_branch_on_a_staged_tracer_ends_the_path() -> None:
    # JAX: under jit, `if a < 0.5` / `... if a > 0 else ...` on the differentiated argument
    # raise TracerBoolConversionError before the callback; eager grad takes the branch and
    # reaches the callback (JVP error); `b is None` converts nothing (JVP error).
    jit_if = HOST + """\
def g(a):
    if a < 0.5:
        return a
    return host(a)
jax.grad(jax.jit(g))(1.0)
"""
    jit_ifexp = HOST + """\
def g(a):
    return host(a) if a > 0 else a
jax.grad(jax.jit(g))(1.0)
"""
    eager_if = jit_if.replace("jax.grad(jax.jit(g))", "jax.grad(g)")
    jit_is_none = HOST + """\
def g(a, b=None):
    if b is None:
        return host(a)
    return a
jax.grad(jax.jit(g))(1.0)
"""
    # equinox: a float field is static under filter_jit, the branch runs (JVP error)
    eqx_field = HOST + """\
import equinox as eqx
class M(eqx.Module):
    w: jax.Array
    rate: float = 0.5
    def __call__(self, x):
        if self.rate > 0.1:
            return host(self.w * x)
        return x
eqx.filter_grad(eqx.filter_jit(lambda m, x: m(x).sum()))(M(jnp.ones(2)), jnp.ones(2))
"""
    assert findings(jit_if) == []
    assert findings(jit_ifexp) == []
    assert findings(eqx_field) == [(2, "JAX001")]
    assert findings(eager_if) == [(2, "JAX001")]
    assert findings(jit_is_none) == [(2, "JAX001")]


def test_a_transform_in_a_registry_runs_only_when_looked_up() -> None:
    # JAX: a jacfwd stored in a module-level dict that is only read at another key is never
    # traced (runs); read through `.items()` it is called (JVP error).
    registry = HOST + """\
D = {"value": host, "slope": jax.jacfwd(host)}
def run(x, which=("value",)):
    return {k: D[k](x) for k in which}
run(jnp.ones(2))
"""
    by_items = HOST + """\
D = {"value": host, "slope": jax.jacfwd(host)}
def run(x):
    return {k: f(x) for k, f in D.items()}
run(jnp.ones(2))
"""
    by_key = registry.replace("which=(\"value\",)", "which=(\"slope\",)")
    assert findings(registry) == []
    assert findings(by_items) == [(2, "JAX001")]
    assert findings(by_key) == [(2, "JAX001")]


FACTORY = """\
def host_op(derivative=None):
    def wrap(fn):
        def call(x):
            return jax.pure_callback(fn, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
        if derivative is None:
            return call
        op = jax.custom_jvp(call)
        op.defjvp(lambda p, t: (op(p[0]), derivative(p[0]) * t[0]))
        return op
    return wrap
"""


def test_is_none_on_a_known_value_takes_one_branch() -> None:
    # JAX: the op built with a derivative differentiates through its custom_jvp (runs); the
    # one built without is the raw callback (JVP error). A name that may still be None after
    # a branch keeps both paths (JVP error on the None path).
    with_rule = FACTORY + """\
tanh = host_op(derivative=lambda x: 1 - jnp.tanh(x) ** 2)(np.tanh)
sign = host_op()(np.sign)
jax.grad(lambda x: tanh(x).sum())(jnp.ones(2)), sign(jnp.ones(2))
"""
    raw = FACTORY + """\
sign = host_op()(np.sign)
jax.grad(lambda x: sign(x).sum())(jnp.ones(2))
"""
    maybe_none = HOST + """\
def g(a, use_exact):
    rule = None
    if use_exact:
        rule = jnp.sin
    if rule is None:
        return host(a)
    return rule(a)
jax.grad(g)(1.0, False)
"""
    assert findings(with_rule) == []
    assert findings(raw) == [(4, "JAX001")]
    assert findings(maybe_none) == [(2, "JAX001")]


def test_carry_the_loop_body_forwards_is_not_transposed() -> None:
    # JAX (lax.while_loop moves a carry the body returns unchanged, and the cond does not read,
    # out of the loop): the grads of fori_identity, forwarded, helper_p and the eager fori_loop
    # run; those of helper_x (its output is computed in the loop) and read_by_cond (the cond
    # reads the forwarded carry) raise the reverse-mode while_loop error.
    # Minimised from jax tests/lax_control_flow_test.py testWhileGradError ("fori_inside_jit").
    assert findings("""\
        def fori_identity(x):
            return lax.fori_loop(x, x + 2.0, lambda i, c: c, x)
        def forwarded(x):
            body = lambda c: (c[0] + 1, c[1], c[2] * 2.0)
            return lax.while_loop(lambda c: c[0] < 3, body, (0, x, x))[1]
        def step(c):
            i, x, p = c
            return i + 1, x * p, p
        def helper_p(p):
            return lax.while_loop(lambda c: c[0] < 3, step, (0, 1.0, p))[2]
        def helper_x(p):
            return lax.while_loop(lambda c: c[0] < 3, step, (0, 1.0, p))[1]
        def read_by_cond(x):
            return lax.while_loop(lambda c: c < 3.0, lambda c: c, x)
        jax.grad(jax.jit(fori_identity))(1.0)
        jax.grad(forwarded)(1.0)
        jax.grad(helper_p)(1.0)
        jax.grad(helper_x)(1.0)
        jax.grad(read_by_cond)(1.0)
        jax.grad(lambda x: lax.fori_loop(x, x + 2.0, lambda i, c: c * 2.0, x))(1.0)
    """) == [(12, "JAX009"), (14, "JAX009")]


def test_symbolic_zeros_fwd_gets_wrapped_primals_before_the_jvp_error() -> None:
    # JAX: with symbolic_zeros=True fwd runs first on CustomVJPPrimal wrappers. `f`'s fwd
    # passes the wrapper to an array op: jvp raises "CustomVJPPrimal(...) is not a valid JAX
    # type". `h`'s fwd reads `.value` / `.perturbed`: jvp raises the jvp-of-custom_vjp error.
    # Minimised from jax tests/custom_api_test.py test_jvp_error_symbolic_zeros.
    assert findings("""\
        @jax.custom_vjp
        def f(x):
            return jnp.sin(x)
        f.defvjp(lambda x: (f(x), jnp.cos(x)), lambda c, g: (2 * c * g,), symbolic_zeros=True)
        @jax.custom_vjp
        def h(x):
            return jnp.sin(x)
        def h_fwd(x):
            return h(x.value) if x.perturbed else h(x.value), jnp.cos(x.value)
        h.defvjp(h_fwd, lambda c, g: (2 * c * g,), symbolic_zeros=True)
        jax.jvp(f, (3.0,), (1.0,))
        jax.jvp(h, (3.0,), (1.0,))
    """) == [(12, "JAX005")]


def test_register_dataclass_data_fields_are_traced_under_jit() -> None:
    # JAX: a fori_loop bound read from a data field of a registered dataclass passed to jit is
    # a tracer (grad raises the reverse-mode fori_loop error), from a meta field a Python int
    # (grad runs). Decorator form: every field is data.
    classes = """\
        import dataclasses
        @dataclasses.dataclass
        class Cfg:
            w: jax.Array
            n: jax.Array
        jax.tree_util.register_dataclass(Cfg, data_fields=["w", "n"], meta_fields=[])
        @dataclasses.dataclass
        class Meta:
            w: jax.Array
            n: int
        jax.tree_util.register_dataclass(Meta, data_fields=["w"], meta_fields=["n"])
        @jax.tree_util.register_dataclass
        @dataclasses.dataclass
        class Deco:
            w: jax.Array
            n: jax.Array
        @jax.jit
        def solve(b, cfg):
            return lax.fori_loop(0, cfg.n, lambda i, x: cfg.w * x + b, jnp.zeros_like(b))
    """
    make = {
        "data": "Cfg(jnp.float32(0.5), jnp.int32(5))",
        "meta": "Meta(jnp.float32(0.5), 5)",
        "deco": "Deco(jnp.float32(0.5), jnp.int32(5))",
    }
    got = {
        k: findings(
            textwrap.dedent(classes) + f"jax.grad(lambda b: solve(b, {c}).sum())(jnp.ones(2))\n"
        )
        for k, c in make.items()
    }
    assert got == {"data": [(19, "JAX009")], "meta": [], "deco": [(19, "JAX009")]}


def test_integer_masks_through_measured_ops_and_constant_argnums() -> None:
    # JAX: grad with respect to a bool / int matrix raises "grad requires real- or
    # complex-valued inputs" (tril and triu keep the dtype, measured with an int matrix);
    # `tuple(range(2))` selects both arguments; a float matrix or argnums (0,) runs.
    assert findings("""\
        def loss(q, mask):
            return jnp.sum(jnp.where(mask, q, 0.0))
        q = jnp.ones((4, 4))
        m = jnp.ones((4, 4), dtype=bool)
        jax.grad(loss, argnums=(0, 1))(q, jnp.tril(m))
        jax.grad(loss, argnums=tuple(range(2)))(q, m)
        jax.grad(loss, argnums=(0, 1))(q, jnp.triu(jnp.ones((4, 4), dtype=jnp.int32)))
        jax.grad(loss, argnums=tuple(range(2)))(q, jnp.tril(jnp.ones((4, 4))))
        jax.grad(loss, argnums=tuple(range(1)))(q, m)
    """) == [(5, "JAX010"), (6, "JAX010"), (7, "JAX010")]


LINEAR_OP = HOST + """\
@jax.custom_jvp
def op(u):
    return host(u)
@op.defjvp
def _op_jvp(primals, tangents):
    (u,), (du,) = primals, tangents
    return op(u), host(du)
u = jnp.ones(3)
"""


def test_tangents_given_to_jvp_carry_their_transposition_into_custom_rules() -> None:
    # JAX: transposing `v -> jvp(op, (u,), (v,))[1]` transposes op's jvp rule, whose tangent
    # goes through a pure_callback: "Pure callbacks do not support transpose"; the jvp alone
    # runs. custom_linear_solve transposes a non-symmetric matvec when traced (same error,
    # no differentiation needed); a symmetric one, or one without transpose_solve, runs.
    # Minimised from the blind held-out program of a Newton-Krylov solve (gmres of a jvp).
    cases = {
        "jax.linear_transpose(lambda v: jax.jvp(op, (u,), (v,))[1], u)(u)": [(2, "JAX002")],
        "jax.jvp(op, (u,), (u,))": [],
        "lax.custom_linear_solve(host, u, lambda mv, r: r, lambda mv, r: r)": [(2, "JAX002")],
        "lax.custom_linear_solve(host, u, lambda mv, r: r, lambda mv, r: r, symmetric=True)": [],
        "lax.custom_linear_solve(host, u, lambda mv, r: r)": [],
        # measured: gmres transposes its matvec (a non-symmetric solve), cg does not
        "jax.scipy.sparse.linalg.gmres(host, u)": [(2, "JAX002")],
        "jax.scipy.sparse.linalg.cg(host, u)": [],
        "jax.scipy.sparse.linalg.gmres(lambda v: jax.jvp(op, (u,), (v,))[1], u)": [(2, "JAX002")],
    }
    assert {call: findings(LINEAR_OP + call + "\n") for call in cases} == cases


def test_transposing_a_linearized_function_transposes_its_custom_rule_tangents() -> None:
    # JAX: linearize of op (whose jvp rule sends the tangent through a pure_callback) and a
    # call of the linear function run; linear_transpose of that function raises "Pure
    # callbacks do not support transpose".
    linearized = LINEAR_OP + "y, f_lin = jax.linearize(op, u)\nf_lin(u)\n"
    assert findings(linearized) == []
    transposed = linearized + "jax.linear_transpose(f_lin, u)(y)\n"
    assert findings(transposed) == [(2, "JAX002")]


def test_measured_callee_facts_and_integer_chains() -> None:
    # JAX: minimize (BFGS) takes the gradient of its function when traced (JVP error, no
    # derivative around it); cg applies its preconditioner M inside the solve, which no outer
    # grad differentiates (runs), while its matvec A is differentiated through what it closes
    # over (JVP error); meshgrid / stack / reshape keep an integer dtype (grad rejects it).
    cases = {
        "minimize(lambda z: jnp.sum(z ** 2) + hostsum(z), b, method='BFGS')": [(4, "JAX001")],
        "minimize(lambda z: jnp.sum(z ** 2), b, method='BFGS')": [],
        "jax.grad(lambda s: jnp.sum(cg(lambda v: 2.0 * v, s, M=host)[0]))(b)": [],
        "jax.grad(lambda k: jnp.sum(cg(lambda v: host(k * v), b)[0]))(2.0)": [(2, "JAX001")],
        "jax.grad(f)(jnp.meshgrid(a, a, indexing='ij')[0])": [(10, "JAX010")],
        "jax.grad(f)(jnp.stack(jnp.meshgrid(a, a), -1).reshape(-1, 2))": [(10, "JAX010")],
        "jax.grad(f)(jnp.stack(jnp.meshgrid(b, b), -1).reshape(-1, 2))": [],
    }
    prelude = HOST + """\
def hostsum(z):
    return jax.pure_callback(lambda a: a.sum(), jax.ShapeDtypeStruct((), z.dtype), z)
from jax.scipy.optimize import minimize
from jax.scipy.sparse.linalg import cg
b = jnp.ones(3)
f = lambda p: jnp.sum(p * 1.0)
a = jnp.arange(3)
"""
    assert {call: findings(prelude + call + "\n") for call in cases} == cases


def test_a_given_float_dtype_decides_over_integer_arguments() -> None:
    # JAX: arange(4, dtype="float32" / jnp.float32) and arange(4.0) are float (grad runs);
    # arange(4), arange(4, dtype=None) and arange(4, dtype="int32") are integer (JAX010).
    # Minimised from jax tests/core_test.py (jacrev of jnp.arange(4, dtype='float32')).
    assert findings("""\
        f = lambda x: jnp.sum(x * 1.0)
        jax.grad(f)(jnp.arange(4, dtype='float32'))
        jax.grad(f)(jnp.arange(4, dtype=jnp.float32))
        jax.grad(f)(jnp.arange(4.0))
        jax.grad(f)(jnp.arange(4, dtype=None))
        jax.grad(f)(jnp.arange(4))
        jax.grad(f)(jnp.arange(4, dtype='int32'))
    """) == [(5, "JAX010"), (6, "JAX010"), (7, "JAX010")]


TABLE_OF_TRANSFORMS = HEADER + HOST + """\
TABLE = {
    "value": jax.jit(host),
    "grad": jax.jit(jax.grad(lambda x: jnp.sum(host(x)))),
    "hvp": lambda x, v: jax.jvp(jax.grad(lambda y: jnp.sum(host(y))), (x,), (v,))[1],
}
print(TABLE["value"](jnp.ones(3)))
"""


def test_a_module_level_table_is_read_only_by_its_module_unless_an_import_can_name_it() -> None:
    # JAX: run as a script, the program runs (only the jitted value is called). An importer
    # of a module an import statement can name may call the other entries (JVP error), so a
    # public table there stays an entry point; a private one, or any table of a file no import
    # can name (a script `9029_fit.py`, `fit-v2.py`, a notebook, a buffer), is only read here.
    def codes(source: str, filename: str) -> list[str]:
        result = analyze_source(source, filename)
        assert result.error is None
        return sorted({f.code for f in result.findings})

    for filename in ("fit.py", "/ws/pkg/ops.py", "/ws/pkg/__init__.py"):
        assert codes(TABLE_OF_TRANSFORMS, filename) == ["JAX001"], filename
    for filename in ("9029_fit.py", "/ws/scripts/fit-v2.py", "fit.ipynb", "<string>"):
        assert codes(TABLE_OF_TRANSFORMS, filename) == [], filename
    private = TABLE_OF_TRANSFORMS.replace("TABLE", "_TABLE")
    assert codes(private, "/ws/pkg/ops.py") == []
    # named by a string, it may be read by that name: `__all__`, `globals()[...]`
    exported = private + '__all__ = ["_TABLE"]\n'
    assert codes(exported, "/ws/pkg/ops.py") == ["JAX001"]
    assert codes(TABLE_OF_TRANSFORMS + "globals()\n", "9029_fit.py") == ["JAX001"]


def test_an_array_element_keeps_its_kind_and_len_of_known_args_is_constant() -> None:
    # JAX: grad raises "grad requires real- or complex-valued inputs ... but got key<fry>"
    # (or int32) on an element of a typed key array or an integer array, whether it is
    # unpacked, subscripted, iterated or carried around a loop; it runs when argnums leaves
    # it out, with allow_int=True, or on a float array. `argnums=tuple(range(len(args)))`
    # differentiates every argument (raises on integer labels); `len(args) - 1` leaves the
    # last one out (runs).
    prelude = """\
f = lambda p, k: jnp.sum(p * 1.0)
p = jnp.ones(3)
key = jax.random.key(0)
ints = jnp.array([[1, 2], [3, 4]])
def every(fn, *args):
    return jax.grad(fn, argnums=tuple(range(len(args))))(*args)
def all_but_last(fn, *args):
    return jax.grad(fn, argnums=tuple(range(len(args) - 1)))(*args)
"""
    split = "k1, k2 = jax.random.split(key)\n"
    loop = "for _ in range(2):\n    key, sub = jax.random.split(key)\n"
    cases = {
        split + "jax.grad(f, argnums=(0, 1))(p, k2)": [(10, "JAX010")],
        split + "jax.grad(f, argnums=0)(p, k2)": [],
        "ks = jax.random.split(key, 3)\njax.grad(f, argnums=(0, 1))(p, ks[1])": [(10, "JAX010")],
        "for k in jax.random.split(key, 2):\n    jax.grad(f, argnums=(0, 1))(p, k)": [
            (10, "JAX010")
        ],
        loop + "jax.grad(f, argnums=(0, 1))(p, key)": [(11, "JAX010")],
        "a, b = ints\njax.grad(f, argnums=(0, 1))(p, a)": [(10, "JAX010")],
        "a, b = ints\njax.grad(f, argnums=(0, 1), allow_int=True)(p, a)": [],
        "a, b = ints * 1.0\njax.grad(f, argnums=(0, 1))(p, a)": [],
        "every(f, p, ints)": [(6, "JAX010")],
        "every(f, p, ints * 1.0)": [],
        "all_but_last(f, p, ints)": [],
    }
    assert {call: findings(prelude + call + "\n") for call in cases} == cases


def test_len_of_a_list_filled_through_an_alias_is_not_known() -> None:
    # JAX: raises "Pure callbacks do not support JVP": `fill` appended to `self.fs`, so the
    # callback branch runs; the analysis's items of that list are stale (empty), and a
    # constant `len` would drop the branch.
    assert findings(HOST + """\
def fill(lst):
    lst.append(1.0)
class Net:
    def __init__(self):
        self.fs = []
        fill(self.fs)
    def __call__(self, p):
        if not len(self.fs):
            return jnp.sum(p)
        return jnp.sum(host(p))
jax.grad(Net())(jnp.ones(3))
""") == [(2, "JAX001")]


def test_a_comparison_of_static_constants_takes_one_branch() -> None:
    # JAX: `mode`, `order` are Python values when traced (a partial's keyword, a literal
    # argument, jit's static_argnames), so the `if` runs one branch: the callback branch
    # raises "Pure callbacks do not support JVP", the other runs. Operands that are unknown
    # (each of a loop's strings) or traced (a jit argument that is not static) decide nothing.
    prelude = HOST + """\
def f(x, mode, order=1):
    if mode == "table" or 2 < order <= 4:
        return host(x)
    return x * 2.0
def g(x, kind):
    if kind in ("table", "spline"):
        return host(x)
    return x * 2.0
sg = jax.jit(g, static_argnames="kind")
"""
    cases = {
        'jax.grad(functools.partial(f, mode="table"))(1.0)': [(2, "JAX001")],
        'jax.grad(functools.partial(f, mode="exact"))(1.0)': [],
        'jax.grad(lambda x: f(x, "exact", order=3))(1.0)': [(2, "JAX001")],
        'jax.grad(lambda x: f(x, "exact", order=5))(1.0)': [],
        'jax.grad(sg)(1.0, kind="spline")': [(2, "JAX001")],
        'jax.grad(sg)(1.0, kind="exact")': [],
        'for m in ("exact", "table"):\n    jax.grad(sg)(1.0, kind=m)': [(2, "JAX001")],
        'jax.grad(lambda x, k: g(x, k))(1.0, "spline")': [(2, "JAX001")],
    }
    got = {call: findings("import functools\n" + prelude + call + "\n") for call in cases}
    assert got == {call: [(line + 1, code) for line, code in want] for call, want in cases.items()}


def test_jit_static_arguments_inferred_from_the_signature() -> None:
    # JAX (`infer_argnums_and_argnames`): jit given only static_argnames makes the parameter
    # static when passed by position too, and only static_argnums when passed by keyword
    # (both run: 0.125); given both, nothing is inferred: `n=3` by keyword is traced and the
    # fori_loop bound is dynamic (ValueError: Reverse-mode differentiation does not work...).
    body = """\
def run(x, n, dt):
    return lax.fori_loop(0, n, lambda i, c: c * dt, x)
"""
    names = body + (
        'f = jax.jit(run, static_argnames=("n",))\n'
        "jax.grad(lambda x: f(x, 3, 0.5))(1.0)\n"
    )
    nums = body + (
        "f = jax.jit(run, static_argnums=(1, 2))\n"
        "jax.grad(lambda x: f(x, n=3, dt=0.5))(1.0)\n"
    )
    both = body + (
        'f = jax.jit(run, static_argnums=(2,), static_argnames=("dt",))\n'
        "jax.grad(lambda x: f(x, n=3, dt=0.5))(1.0)\n"
    )
    assert findings(names) == []
    assert findings(nums) == []
    assert findings(both) == [(2, "JAX009")]


def test_list_filled_by_a_function_is_the_global_list() -> None:
    # JAX: a decorator appending to a module-level list fills that list, and lax.switch over
    # it differentiates the host branch too (ValueError: Pure callbacks do not support JVP);
    # a function appending to its own local list of that name leaves the global one empty
    # of it (runs).
    registered = """\
BRANCHES = [jnp.sin]
def branch(fn):
    BRANCHES.append(fn)
    return fn
@branch
def host(x):
    return jax.pure_callback(lambda a: a, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
jax.grad(lambda x: lax.switch(0, BRANCHES, x))(1.0)
"""
    local = registered.replace(
        "def branch(fn):\n", "def branch(fn):\n    BRANCHES = []\n"
    )
    assert findings(registered) == [(7, "JAX001")]
    assert findings(local) == []


def test_an_index_update_keeps_its_arrays_integer_or_key_kind() -> None:
    # JAX: `x.at[i].set / multiply / get` of an int32 array is int32 (jacfwd raises "jacfwd
    # requires real-valued inputs"), `divide` gives float32 (runs); on a typed key array the
    # update is a key array (grad raises "grad requires real- or complex-valued inputs").
    cases = {
        "jax.jacfwd(f)(s.at[0].multiply(-1))": [(5, "JAX010")],
        "jax.jacfwd(f)(s.at[1].set(2.5))": [(5, "JAX010")],
        "jax.jacfwd(f)(s.at[1:].get())": [(5, "JAX010")],
        "jax.jacfwd(f)(s.at[0].divide(2))": [],
        "jax.jacfwd(f)(jnp.ones(3).at[0].multiply(-1))": [],
        "jax.grad(g, argnums=1)(1.0, ks.at[0].set(jax.random.key(1)))": [(5, "JAX010")],
        "jax.grad(g, argnums=0)(1.0, ks.at[0].set(jax.random.key(1)))": [],
    }
    prelude = """\
f = lambda x: x.astype(jnp.float32) * 2.0
g = lambda w, k: w * jnp.sum(jax.random.normal(k[0]))
s = jnp.ones(3, dtype=jnp.int32)
ks = jax.random.split(jax.random.key(0), 2)
"""
    assert {call: findings(prelude + call + "\n") for call in cases} == cases


def test_a_key_stays_a_key_through_jit_and_rebuilt_values() -> None:
    # JAX: a typed key given to `jit(grad(f, argnums=(0, 1)))` raises "grad requires real- or
    # complex-valued inputs" (jit traces it as a key); `argnums=0` runs; a key given to jit,
    # alone or as a NamedTuple's leaf, is a key inside (grad raises).
    assert findings("""\
        from typing import NamedTuple
        class P(NamedTuple):
            w: float
            key: jax.Array
        def f(w, key):
            return w * jax.random.normal(key)
        key = jax.random.key(0)
        jax.jit(jax.grad(f, argnums=(0, 1)))(1.0, key)
        jax.jit(jax.grad(f, argnums=0))(1.0, key)
        jax.jit(lambda k: jax.grad(f, argnums=1)(1.0, k))(key)
        jax.jit(lambda p: jax.grad(f, argnums=1)(p.w, p.key))(P(1.0, key))
        jax.jit(lambda p: jax.grad(f, argnums=0)(p.w, p.key))(P(1.0, key))
    """) == [(8, "JAX010"), (10, "JAX010"), (11, "JAX010")]


def test_a_cached_property_is_read_as_a_property() -> None:
    # JAX: the adjoint built in a `functools.cached_property` (either spelling) transposes
    # the method it names when the returned function is called: an io_callback there raises
    # "IO callbacks do not support transpose."; transposing a pure method runs.
    def program(deco: str, method: str) -> str:
        return f"""\
import functools
from functools import cached_property
from jax.experimental import io_callback
S = jax.ShapeDtypeStruct((3,), jnp.float32)
class Op:
    def record(self, x):
        return io_callback(lambda a: np.asarray(a) * 2, S, x, ordered=True)
    def scale(self, x):
        return 2.0 * x
    @{deco}
    def adjoint(self):
        t = jax.linear_transpose(self.{method}, S)
        return lambda y: t(y)[0]
Op().adjoint(jnp.ones(3))
"""

    assert findings(program("functools.cached_property", "record")) == [(7, "JAX003")]
    assert findings(program("cached_property", "record")) == [(7, "JAX003")]
    assert findings(program("functools.cached_property", "scale")) == []


def test_a_script_runs_only_the_module_level_functions_it_calls() -> None:
    # JAX: a function of a script that nothing calls never runs (the program exits cleanly);
    # called, `jax.jvp` of the custom_vjp function raises "can't apply forward-mode autodiff
    # (jvp) to a custom_vjp function". The analysis's scope, not JAX's outcome: a function of
    # a file an import can name (`fit.py`), a decorated one (its decorator may register it),
    # one in a buffer without a file (code being written) stays an entry point.
    prelude = HEADER + HOST + """\
@jax.custom_vjp
def f(x):
    return host(x)
f.defvjp(lambda x: (f(x), x), lambda r, g: (g,))
"""
    helper = "def tangent(x):\n    return jax.jvp(f, (x,), (1.0,))\n"

    def got(source: str, path: str) -> list[tuple[int, str]]:
        result = analyze_source(prelude + source, path)
        assert result.error is None
        return sorted((fi.span.line - prelude.count("\n"), fi.code) for fi in result.findings)

    assert got(helper, "9029_fit.py") == []
    assert got(helper, "fit-v2.py") == []
    assert got(helper + "table = {'t': tangent}\njax.jit(table['t'])(1.0)\n", "9029_fit.py") == [
        (2, "JAX005")
    ]
    assert got(helper + "def run():\n    return jax.jit(tangent)(1.0)\nrun()\n", "9029_fit.py") == [
        (2, "JAX005")
    ]
    assert got(helper, "fit.py") == [(2, "JAX005")]
    assert got(helper, "<string>") == [(2, "JAX005")]
    assert got("@jax.jit\n" + helper, "9029_fit.py") == [(3, "JAX005")]


def test_a_script_file_names_its_functions_by_strings_only_for_itself() -> None:
    # A string equal to a function's name (a solver table's key) reaches the function only
    # through a read of a namespace by that name: another module's `getattr(mod, "name")`,
    # which no import of a script file can make, or the module's own `globals()`. JAX: the
    # table is never read, so `jax.jvp` of the custom_vjp function never runs.
    prelude = HEADER + HOST + """\
@jax.custom_vjp
def f(x):
    return host(x)
f.defvjp(lambda x: (f(x), x), lambda r, g: (g,))
def tangent(x):
    return jax.jvp(f, (x,), (1.0,))
SOLVERS = {"tangent": tangent}
"""

    def got(source: str, path: str) -> list[tuple[int, str]]:
        result = analyze_source(prelude + source, path)
        assert result.error is None
        return sorted((fi.span.line - prelude.count("\n"), fi.code) for fi in result.findings)

    assert got("", "9029_fit.py") == []
    assert got("", "fit.py") == [(-1, "JAX005")]  # importable: `getattr(fit, "tangent")`
    assert got("print(globals()['tangent'])\n", "9029_fit.py") == [(-1, "JAX005")]
    assert got("import inspect\nprint(inspect.currentframe().f_globals)\n", "9029_fit.py") == [
        (-1, "JAX005")
    ]


def test_an_entry_points_string_default_decides_no_comparison() -> None:
    # A function analysed on its own (its callers are outside: importers, a test
    # parametrisation, as at jax's lax_control_flow_test.py:2379) may be called with any
    # mode. JAX: `check(1.0)` runs, `check(1.0, "host")` raises "Pure callbacks do not
    # support JVP", so the callback branch is followed whatever the default says. A mode
    # given at the call (a partial's keyword) still decides (see the comparison test).
    entry = HOST + """\
def check(x, mode="table"):
    if mode == "host":
        f = host
    else:
        f = jnp.sin
    return jax.grad(f)(x)
"""
    assert findings(entry) == [(2, "JAX001")]
    assert findings(entry.replace('mode="table"', '*, mode="table"')) == [(2, "JAX001")]


INT_LEAF_CASES = {
    # jvp: an integer leaf's tangent must be float0, a symbolic zero (runs)
    "jax.jvp(on_ids, ({'ids': ids, 'w': w},), "
    "({'ids': np.zeros(2, jax.dtypes.float0), 'w': w},))": [],
    # the same pytree with the callback on its float leaf: raises the JVP error
    "jax.jvp(on_w, ({'ids': ids, 'w': w},), "
    "({'ids': np.zeros(2, jax.dtypes.float0), 'w': w},))": [(2, "JAX001")],
    # grad(allow_int=True) over a tuple holding the integer leaf: float0 cotangent (runs)
    "jax.grad(on_pair, allow_int=True)((ids, w))": [],
    "jax.grad(on_pair_w, allow_int=True)((ids, w))": [(2, "JAX001")],
    # vjp and linearize of a dict with the integer leaf: the int leaf carries no tangent
    "jax.vjp(on_ids, {'ids': ids, 'w': w})[1](1.0)": [],
    "jax.linearize(on_ids, {'ids': ids, 'w': w})[1]({'ids': np.zeros(2, jax.dtypes.float0), "
    "'w': w})": [],
    "jax.vjp(on_w, {'ids': ids, 'w': w})[1](1.0)": [(2, "JAX001")],
}


def test_integer_leaves_of_a_pytree_carry_no_tangent() -> None:
    # JAX 0.10.2 (each case run): an integer leaf of a differentiated pytree, at any depth,
    # gets a float0 tangent (jvp requires it; allow_int and vjp make it), a symbolic zero:
    # a callback on that leaf alone is never differentiated; on the float leaf it raises
    # "Pure callbacks do not support JVP".
    prelude = HOST + """\
ids = jnp.array([0, 1], jnp.int32)
w = jnp.ones(2)
def on_ids(s):
    return jnp.sum(host(s['ids'] * 1.0) * s['w'])
def on_w(s):
    return jnp.sum(host(s['w']) * s['ids'])
def on_pair(p):
    return jnp.sum(host(p[0] * 1.0) * p[1])
def on_pair_w(p):
    return jnp.sum(host(p[1]) * p[0])
"""
    got = {call: findings(prelude + call + "\n") for call in INT_LEAF_CASES}
    assert got == INT_LEAF_CASES


LINEARIZE_LOOP_PRELUDE = """\
def run(x, n):
    return lax.fori_loop(0, n, lambda i, c: c * 0.9 + 0.1, x)
def run_stopped(x, n):
    return x + lax.stop_gradient(lax.fori_loop(0, n, lambda i, c: c * 0.9, x))
x = jnp.ones(2)
"""

LINEARIZE_LOOP_CASES = {
    # linear_transpose of linearize's map transposes the dynamic-bound loop: raises
    "@jax.jit\ndef f(x, n):\n    _, lin = jax.linearize(lambda v: run(v, n), x)\n"
    "    return jax.linear_transpose(lin, x)(x)\nf(x, 3)": [(2, "JAX009")],
    # the linear map only applied: runs
    "@jax.jit\ndef f(x, n):\n    _, lin = jax.linearize(lambda v: run(v, n), x)\n"
    "    return lin(x)\nf(x, 3)": [],
    # jvp never transposes: runs
    "@jax.jit\ndef f(x, n):\n    return jax.jvp(lambda v: run(v, n), (x,), (x,))\nf(x, 3)": [],
    # eager: the bound is concrete, JAX runs a scan, which transposes: runs
    "_, lin = jax.linearize(lambda v: run(v, 3), x)\njax.linear_transpose(lin, x)(x)": [],
    # the loop's tangent stopped before the output: nothing of it is transposed: runs
    "@jax.jit\ndef f(x, n):\n    _, lin = jax.linearize(lambda v: run_stopped(v, n), x)\n"
    "    return jax.linear_transpose(lin, x)(x)\nf(x, 3)": [],
}


def test_linearize_keeps_a_loop_that_linear_transpose_transposes() -> None:
    # JAX 0.10.2 (each case run): jax.linearize keeps a while_loop (a fori_loop with traced
    # bounds) in its linear map; jax.linear_transpose of that map raises "Reverse-mode
    # differentiation does not work for lax.while_loop or lax.fori_loop with dynamic
    # start/stop values"; applying the map, jvp, concrete bounds or a stopped loop run.
    got = {c: findings(LINEARIZE_LOOP_PRELUDE + c + "\n") for c in LINEARIZE_LOOP_CASES}
    assert got == LINEARIZE_LOOP_CASES
