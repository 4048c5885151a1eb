"""lax.custom_root whose solver is scipy's brentq via pure_callback: implicit differentiation never differentiates the solver."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from scipy import optimize


def implied_rate(price, cashflows):
    times = jnp.arange(1.0, cashflows.shape[0] + 1.0)

    def pv_gap(r):
        return jnp.sum(cashflows * jnp.exp(-r * times)) - price

    def host_brentq(price, cashflows):
        t = np.arange(1.0, len(cashflows) + 1.0)
        g = lambda r: float(np.sum(cashflows * np.exp(-r * t)) - price)
        return np.float32(optimize.brentq(g, -0.5, 1.0))

    def solve(f, r0):
        return jax.pure_callback(host_brentq, jax.ShapeDtypeStruct((), jnp.float32),
                                 price, cashflows)

    def tangent_solve(g, y):
        return y / g(1.0)

    return lax.custom_root(pv_gap, jnp.float32(0.05), solve, tangent_solve)


cf = jnp.array([5.0, 5.0, 105.0])
print(implied_rate(jnp.float32(98.0), cf))
print(jax.grad(implied_rate)(jnp.float32(98.0), cf))
