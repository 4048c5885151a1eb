# Models: bond yield-to-maturity solved by scipy.optimize.brentq on the host inside lax.custom_root; duration via jax.grad (implicit differentiation)
import numpy as np
import scipy.optimize as so
import jax
import jax.numpy as jnp
from jax import lax

jax.config.update("jax_enable_x64", True)

TIMES = jnp.array([1.0, 2.0, 3.0, 4.0, 5.0])


def price_gap(y, coupon, price):
    cfs = jnp.full(TIMES.shape, coupon).at[-1].add(100.0)
    return jnp.sum(cfs * jnp.exp(-y * TIMES)) - price


def host_brent(coupon, price):
    def g(y):
        cfs = np.full(5, float(coupon)); cfs[-1] += 100.0
        return float(np.sum(cfs * np.exp(-y * np.asarray(TIMES))) - float(price))
    return np.float64(so.brentq(g, -0.5, 1.0))


def ytm(coupon, price):
    f = lambda y: price_gap(y, coupon, price)

    def solve(fn, y0):
        return jax.pure_callback(host_brent, jax.ShapeDtypeStruct((), jnp.float64),
                                 coupon, price, vmap_method="sequential")

    def tangent_solve(g, rhs):
        return rhs / g(1.0)

    return lax.custom_root(f, jnp.float64(0.05), solve, tangent_solve)


def dy_dprice(coupon, price):
    return jax.grad(ytm, argnums=1)(coupon, price)


if __name__ == "__main__":
    c, p = jnp.float64(5.0), jnp.float64(98.0)
    print("ytm", ytm(c, p))
    print("dy/dP", dy_dprice(c, p))
    print("dy/dc", jax.grad(ytm)(c, p))
