"""Implied volatility by root finding.

The root itself is found by SciPy's Brent method on the host; derivatives with
respect to market inputs come from the implicit function theorem via
`lax.custom_root`.
"""
from dataclasses import dataclass
from functools import partial

import numpy as np
from scipy import optimize
import jax
import jax.numpy as jnp
from jax.scipy.stats import norm


@dataclass(frozen=True)
class Option:
    strike: float
    maturity: float
    rate: float = 0.01


def black_scholes(spot, vol, opt: Option):
    sqrt_t = jnp.sqrt(opt.maturity)
    d1 = (jnp.log(spot / opt.strike) + (opt.rate + 0.5 * vol ** 2) * opt.maturity) / (vol * sqrt_t)
    d2 = d1 - vol * sqrt_t
    return spot * norm.cdf(d1) - opt.strike * jnp.exp(-opt.rate * opt.maturity) * norm.cdf(d2)


def _brent_host(spot, price, strike, maturity, rate):
    o = Option(float(strike), float(maturity), float(rate))
    f = lambda v: float(black_scholes(float(spot), v, o)) - float(price)
    return np.float32(optimize.brentq(f, 1e-3, 5.0, xtol=1e-8))


def implied_vol(spot, price, opt: Option):
    def residual(v):
        return black_scholes(spot, v, opt) - price

    def solve(f, guess):
        s = jax.lax.stop_gradient(spot)
        p = jax.lax.stop_gradient(price)
        return jax.pure_callback(_brent_host, jax.ShapeDtypeStruct((), jnp.float32),
                                 s, p, opt.strike, opt.maturity, opt.rate)

    def tangent_solve(g, y):
        return y / g(1.0)

    return jax.lax.custom_root(residual, jnp.float32(0.2), solve, tangent_solve)


class VolSurface:
    def __init__(self, spot, options):
        self.spot = spot
        self.options = options

    def vols(self, prices):
        return jnp.stack([implied_vol(self.spot, p, o) for p, o in zip(prices, self.options)])

    def vega_inverse(self, prices):
        return jax.jacrev(self.vols)(prices)


class RunLog:
    """Collects scalar records and prints a compact table."""

    def __init__(self):
        self.records = []

    def add(self, **kwargs):
        self.records.append({k: float(np.asarray(v)) for k, v in kwargs.items()})

    def table(self):
        if not self.records:
            return ""
        keys = list(self.records[0])
        head = " | ".join(f"{k:>10s}" for k in keys)
        rows = [" | ".join(f"{r[k]:10.4g}" for k in keys) for r in self.records]
        return "\n".join([head] + rows)


if __name__ == "__main__":
    spot = jnp.float32(100.0)
    options = [Option(90.0, 0.5), Option(100.0, 1.0), Option(110.0, 1.5)]
    true_vol = 0.25
    prices = jnp.stack([black_scholes(spot, true_vol, o) for o in options])
    surf = VolSurface(spot, options)
    print("vols", np.asarray(surf.vols(prices)).round(4))
    print("dvol/dprice", np.asarray(jnp.diag(surf.vega_inverse(prices))).round(5))
    dv = jax.grad(lambda s: implied_vol(s, prices[1], options[1]))(spot)
    print("dvol/dspot", float(dv))
