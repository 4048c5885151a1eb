"""Exponential integral E1 from scipy with an analytic JVP (dE1/dx = -exp(-x)/x).
The callback has no batching rule, but jacfwd only batches tangents, and the rule
never hands a tangent to the host."""
import jax
import jax.numpy as jnp
import numpy as np
import scipy.special as sc


@jax.custom_jvp
def exp1(x):
    return jax.pure_callback(lambda v: sc.exp1(v).astype(v.dtype),
                             jax.ShapeDtypeStruct(x.shape, x.dtype), x)


@exp1.defjvp
def exp1_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return exp1(x), -jnp.exp(-x) / x * t


def theis_drawdown(params, r=jnp.array([5.0, 10.0, 20.0]), t=3600.0, Q=0.01):
    """Theis well function: s = Q/(4 pi T) E1(r^2 S / (4 T t))."""
    T, S = params
    u = r ** 2 * S / (4.0 * T * t)
    return Q / (4.0 * jnp.pi * T) * exp1(u)


params = jnp.array([1e-3, 1e-4])
print("drawdown", theis_drawdown(params))
print("jacobian (fwd)\n", jax.jacfwd(theis_drawdown)(params))
print("jacobian (rev)\n", jax.jacrev(theis_drawdown)(params))
