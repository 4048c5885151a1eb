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
}


@pytest.mark.parametrize("name", sorted(P))
def test_codes_are_what_jax_raises(name: str) -> None:
    codes, body = P[name]
    result = analyze_source(H + textwrap.dedent(body).lstrip(), f"{name}.py")
    assert result.error is None
    assert sorted({f.code for f in result.findings}) == sorted(codes)
