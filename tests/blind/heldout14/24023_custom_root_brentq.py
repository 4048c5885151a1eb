"""Implied volatility by root finding: scipy's brentq does the search on the
host, lax.custom_root supplies implicit derivatives (vega-based)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.scipy.stats import norm
from scipy import optimize


def bs_call(sigma, S, K, T, r):
    d1 = (jnp.log(S / K) + (r + 0.5 * sigma**2) * T) / (sigma * jnp.sqrt(T))
    d2 = d1 - sigma * jnp.sqrt(T)
    return S * norm.cdf(d1) - K * jnp.exp(-r * T) * norm.cdf(d2)


def _np_bs(sigma, S, K, T, r):
    from scipy.stats import norm as snorm
    d1 = (np.log(S / K) + (r + 0.5 * sigma**2) * T) / (sigma * np.sqrt(T))
    return S * snorm.cdf(d1) - K * np.exp(-r * T) * snorm.cdf(d1 - sigma * np.sqrt(T))


def _brent(price, S, K, T, r):
    g = lambda s: _np_bs(s, S, K, T, r) - price
    return np.float32(optimize.brentq(g, 1e-4, 5.0, xtol=1e-10))


def implied_vol(price, S=100.0, K=105.0, T=0.5, r=0.01):
    def residual(sigma):
        return bs_call(sigma, S, K, T, r) - price

    def host_solve(f, guess):
        consts = [jnp.float32(v) for v in (price, S, K, T, r)]
        return jax.pure_callback(_brent, jax.ShapeDtypeStruct((), jnp.float32), *consts)

    def tangent_solve(g, y):
        return y / g(1.0)

    return lax.custom_root(residual, jnp.float32(0.2), host_solve, tangent_solve)


if __name__ == "__main__":
    price = jnp.float32(6.5)
    iv = implied_vol(price)
    div_dprice = jax.grad(implied_vol)(price)
    print(float(iv), float(div_dprice))
