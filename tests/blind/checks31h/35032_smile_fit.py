"""smile_fit: Black-Scholes helpers, implied volatility and zero curves.

The implied-vol root finder and the curve bootstrap run on the host through
``jax.pure_callback`` (they are iterative and branchy); pricing and greeks are
plain JAX so they can be differentiated.
"""
from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, field
from typing import Dict, Iterable, List, Literal, Sequence

import numpy as np
from scipy import optimize, special
import jax
import jax.numpy as jnp
from jax.scipy.stats import norm as jnorm

DAY_COUNT = 365.0
Method = Literal["brent", "newton"]


# ---------------------------------------------------------------------------
# contracts
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Quote:
    strike: float
    expiry: float          # in years
    price: float
    is_call: bool = True

    def moneyness(self, spot: float) -> float:
        return float(np.log(spot / self.strike))

    def __repr__(self):
        kind = "C" if self.is_call else "P"
        return f"Quote({kind} K={self.strike:g} T={self.expiry:.3f} px={self.price:.4f})"


@dataclass
class Chain:
    spot: float
    rate: float
    quotes: List[Quote] = field(default_factory=list)

    def arrays(self):
        k = jnp.array([q.strike for q in self.quotes], jnp.float32)
        t = jnp.array([q.expiry for q in self.quotes], jnp.float32)
        p = jnp.array([q.price for q in self.quotes], jnp.float32)
        return k, t, p

    def __len__(self):
        return len(self.quotes)


def year_fraction(start: _dt.date, end: _dt.date) -> float:
    return (end - start).days / DAY_COUNT


def business_days(start: _dt.date, end: _dt.date) -> int:
    return int(np.busday_count(start, end))


# ---------------------------------------------------------------------------
# traced pricing
# ---------------------------------------------------------------------------

def bs_call(spot, strike, expiry, rate, vol):
    sqrt_t = jnp.sqrt(expiry)
    d1 = (jnp.log(spot / strike) + (rate + 0.5 * vol ** 2) * expiry) / (vol * sqrt_t)
    d2 = d1 - vol * sqrt_t
    return spot * jnorm.cdf(d1) - strike * jnp.exp(-rate * expiry) * jnorm.cdf(d2)


def bs_put(spot, strike, expiry, rate, vol):
    call = bs_call(spot, strike, expiry, rate, vol)
    return call - spot + strike * jnp.exp(-rate * expiry)


vega = jax.grad(bs_call, argnums=4)
delta = jax.grad(bs_call, argnums=0)
gamma = jax.grad(delta, argnums=0)


# ---------------------------------------------------------------------------
# host-side implied volatility
# ---------------------------------------------------------------------------

def _ncdf_host(x):
    return special.ndtr(x)


def _bs_call_host(s, k, t, r, v):
    st = np.sqrt(t)
    d1 = (np.log(s / k) + (r + 0.5 * v * v) * t) / (v * st)
    return s * _ncdf_host(d1) - k * np.exp(-r * t) * _ncdf_host(d1 - v * st)


def _newton_step(s, k, t, r, v, target):
    diff = float(bs_call(s, k, t, r, v)) - target
    vg = float(vega(s, k, t, r, v))
    return v - diff / max(vg, 1e-8)


def _solve_one(s, k, t, r, target, method: Method):
    if target <= max(s - k * np.exp(-r * t), 0.0) + 1e-10:
        return np.nan
    if method == "brent":
        return optimize.brentq(lambda v: _bs_call_host(s, k, t, r, v) - target, 1e-4, 5.0,
                               xtol=1e-10)
    v = 0.3
    for _ in range(20):
        v = _newton_step(s, k, t, r, v, target)
    return v


def _host_implied_vol(spot, strike, expiry, rate, price, *, method: Method):
    spot, rate = float(np.asarray(spot)), float(np.asarray(rate))
    strike = np.atleast_1d(np.asarray(strike, dtype=np.float64))
    expiry = np.atleast_1d(np.asarray(expiry, dtype=np.float64))
    price = np.atleast_1d(np.asarray(price, dtype=np.float64))
    out = np.array([_solve_one(spot, k, t, rate, p, method)
                    for k, t, p in zip(strike, expiry, price)])
    return out.reshape(np.shape(np.asarray(strike))).astype(np.float32)


def implied_vol(spot, strike, expiry, rate, price, method: Method = "brent"):
    spec = jax.ShapeDtypeStruct(jnp.shape(strike), jnp.float32)
    host = lambda *a: _host_implied_vol(*a, method=method)
    return jax.pure_callback(host, spec, spot, strike, expiry, rate, price,
                             vmap_method="sequential")


# ---------------------------------------------------------------------------
# zero curve bootstrap (host)
# ---------------------------------------------------------------------------

def _host_bootstrap_zero(tenors, par_rates):
    tenors = np.asarray(tenors, dtype=np.float64)
    par = np.asarray(par_rates, dtype=np.float64)
    dfs = np.empty_like(par)
    for i, (t, c) in enumerate(zip(tenors, par)):
        coupons = c * dfs[:i].sum() if i else 0.0
        dfs[i] = (1.0 - coupons) / (1.0 + c)
    zeros = -np.log(dfs) / tenors
    return zeros.astype(np.float32)


def zero_curve(tenors, par_rates):
    spec = jax.ShapeDtypeStruct(tenors.shape, jnp.float32)
    return jax.pure_callback(_host_bootstrap_zero, spec, tenors, par_rates,
                             vmap_method="sequential")


def discount(zero_rates, tenors):
    return jnp.exp(-zero_rates * tenors)


def forward_rates(zero_rates, tenors):
    zt = zero_rates * tenors
    return jnp.diff(zt) / jnp.diff(tenors)


# ---------------------------------------------------------------------------
# surface
# ---------------------------------------------------------------------------

def smile(chain: Chain, method: Method = "brent"):
    k, t, p = chain.arrays()
    return jax.jit(implied_vol, static_argnames="method")(
        jnp.float32(chain.spot), k, t, jnp.float32(chain.rate), p, method=method)


def atm_vol(chain: Chain, vols: jax.Array) -> float:
    k = np.array([q.strike for q in chain.quotes])
    i = int(np.argmin(np.abs(k - chain.spot)))
    return float(vols[i])


def synthetic_chain(spot=100.0, rate=0.02, vol=0.25, strikes: Iterable[float] = (80, 90, 100, 110, 120),
                    expiry=0.5) -> Chain:
    quotes = []
    for k in strikes:
        px = float(bs_call(spot, float(k), expiry, rate, vol + 0.001 * (k - spot) ** 2 / spot))
        quotes.append(Quote(float(k), expiry, px))
    return Chain(spot, rate, quotes)


def summary(chain: Chain, vols) -> Dict[str, float]:
    v = np.asarray(vols)
    return {"n": len(chain), "atm": atm_vol(chain, vols), "skew": float(v[0] - v[-1]),
            "min": float(np.nanmin(v)), "max": float(np.nanmax(v))}


if __name__ == "__main__":
    chain = synthetic_chain()
    print(chain.quotes[0])
    vols = smile(chain)
    print(summary(chain, vols))
    tenors = jnp.array([1.0, 2.0, 3.0, 5.0], jnp.float32)
    par = jnp.array([0.02, 0.022, 0.024, 0.027], jnp.float32)
    z = jax.jit(zero_curve)(tenors, par)
    print("zeros", z, "fwd", forward_rates(z, tenors))
    print("delta/gamma ATM", float(delta(100.0, 100.0, 0.5, 0.02, 0.25)),
          float(gamma(100.0, 100.0, 0.5, 0.02, 0.25)))
    print("bdays", business_days(_dt.date(2026, 1, 5), _dt.date(2026, 3, 2)))
