"""pricing.py -- closed-form European option prices, implied volatility and Greeks.

Greeks are obtained by automatic differentiation of the pricer. The normal CDF carries a
custom JVP (the density is known in closed form; differentiating erfc is wasteful).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import Enum
from typing import Dict, Iterable, List, NamedTuple, Tuple

import numpy as np
import jax
import jax.numpy as jnp
from jax.scipy.special import erfc

INV_SQRT2 = 1.0 / math.sqrt(2.0)
INV_SQRT2PI = 1.0 / math.sqrt(2.0 * math.pi)


class Right(Enum):
    CALL = 1
    PUT = -1


class Market(NamedTuple):
    spot: jnp.ndarray
    rate: jnp.ndarray
    div: jnp.ndarray


class Contract(NamedTuple):
    strike: jnp.ndarray
    expiry: jnp.ndarray


def npdf(x):
    return INV_SQRT2PI * jnp.exp(-0.5 * x * x)


@jax.custom_jvp
def ncdf(x):
    return 0.5 * erfc(-x * INV_SQRT2)


ncdf.defjvp(lambda primals, tangents: (ncdf(primals[0]), npdf(primals[0]) * tangents[0]))


@jax.custom_jvp
def ncdf_poly(x):
    """Abramowitz-Stegun 26.2.17 approximation (|error| < 7.5e-8)."""
    t = 1.0 / (1.0 + 0.2316419 * jnp.abs(x))
    poly = t * (0.319381530 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))))
    upper = 1.0 - npdf(x) * poly
    return jnp.where(x >= 0, upper, 1.0 - upper)


# d/dx Phi(x) = phi(x): tangent is g * pdf at the primal input
ncdf_poly.defjvp(lambda g, ans, x: g * npdf(x))


def d1_d2(mkt: Market, c: Contract, vol):
    fwd_term = jnp.log(mkt.spot / c.strike) + (mkt.rate - mkt.div + 0.5 * vol ** 2) * c.expiry
    d1 = fwd_term / (vol * jnp.sqrt(c.expiry))
    return d1, d1 - vol * jnp.sqrt(c.expiry)


def black_scholes(mkt: Market, c: Contract, vol, right: Right = Right.CALL, cdf=ncdf):
    d1, d2 = d1_d2(mkt, c, vol)
    s = right.value
    df_q = jnp.exp(-mkt.div * c.expiry)
    df_r = jnp.exp(-mkt.rate * c.expiry)
    return s * (mkt.spot * df_q * cdf(s * d1) - c.strike * df_r * cdf(s * d2))


def put_call_parity_gap(mkt: Market, c: Contract, vol) -> jnp.ndarray:
    call = black_scholes(mkt, c, vol, Right.CALL)
    put = black_scholes(mkt, c, vol, Right.PUT)
    rhs = mkt.spot * jnp.exp(-mkt.div * c.expiry) - c.strike * jnp.exp(-mkt.rate * c.expiry)
    return call - put - rhs


def implied_vol(price, mkt: Market, c: Contract, right: Right = Right.CALL, iters: int = 20):
    """Newton on vol with vega from autodiff; falls back to bisection bounds."""
    vega_fn = jax.grad(lambda v: black_scholes(mkt, c, v, right))
    vol = jnp.float32(0.3)
    for _ in range(iters):
        diff = black_scholes(mkt, c, vol, right) - price
        vol = jnp.clip(vol - diff / jnp.maximum(vega_fn(vol), 1e-6), 1e-4, 5.0)
    return vol


@dataclass
class GreeksReport:
    price: float
    delta: float
    gamma: float
    vega: float
    theta: float
    extra: Dict[str, float] = field(default_factory=dict)

    def __str__(self) -> str:
        core = f"price={self.price:.4f} delta={self.delta:.4f} gamma={self.gamma:.5f} " \
               f"vega={self.vega:.4f} theta={self.theta:.4f}"
        return core + "".join(f" {k}={v:.4f}" for k, v in self.extra.items())


def greeks(mkt: Market, c: Contract, vol, right: Right = Right.CALL, cdf=ncdf) -> GreeksReport:
    def price_of(spot, vol, expiry):
        return black_scholes(Market(spot, mkt.rate, mkt.div), Contract(c.strike, expiry), vol, right, cdf)

    price = price_of(mkt.spot, vol, c.expiry)
    delta, vega, dT = jax.grad(price_of, argnums=(0, 1, 2))(mkt.spot, vol, c.expiry)
    gamma = jax.grad(jax.grad(price_of), argnums=0)(mkt.spot, vol, c.expiry)
    return GreeksReport(float(price), float(delta), float(gamma), float(vega), float(-dT))


def strike_ladder(mkt: Market, expiry: float, strikes: Iterable[float], vol: float) -> List[Tuple[float, float]]:
    rows = []
    for k in strikes:
        p = black_scholes(mkt, Contract(jnp.float32(k), jnp.float32(expiry)), jnp.float32(vol), cdf=ncdf_poly)
        rows.append((k, float(p)))
    return rows


def max_cdf_error(n: int = 41) -> float:
    xs = jnp.linspace(-4.0, 4.0, n)
    return float(jnp.max(jnp.abs(ncdf(xs) - ncdf_poly(xs))))


def bachelier(mkt: Market, c: Contract, normal_vol, right: Right = Right.CALL):
    """Normal-model price (used for low/negative-rate underlyings)."""
    fwd = mkt.spot * jnp.exp((mkt.rate - mkt.div) * c.expiry)
    sd = normal_vol * jnp.sqrt(c.expiry)
    d = right.value * (fwd - c.strike) / sd
    return jnp.exp(-mkt.rate * c.expiry) * sd * (d * ncdf(d) + npdf(d))


def intrinsic(mkt: Market, c: Contract, right: Right = Right.CALL) -> np.ndarray:
    return np.maximum(right.value * (np.asarray(mkt.spot) - np.asarray(c.strike)), 0.0)


def validate_inputs(mkt: Market, c: Contract, vol) -> None:
    if float(mkt.spot) <= 0:
        raise ValueError("spot must be positive")
    if float(c.strike) <= 0:
        raise ValueError("strike must be positive")
    if float(c.expiry) <= 0:
        raise ValueError("expiry must be positive")
    if not 0 < float(vol) < 5:
        raise ValueError(f"implausible volatility {float(vol)}")


def year_fraction_act365(days: int) -> float:
    return days / 365.0


def moneyness_bucket(spot: float, strike: float) -> str:
    m = strike / spot
    if m < 0.95:
        return "ITM" if m < 0.8 else "slightly ITM"
    if m > 1.05:
        return "OTM" if m > 1.2 else "slightly OTM"
    return "ATM"


def binomial_crr(spot: float, strike: float, rate: float, vol: float, expiry: float,
                 steps: int = 50, american: bool = False, right: Right = Right.CALL) -> float:
    """Cox-Ross-Rubinstein tree in NumPy, the reference for the closed forms."""
    dt = expiry / steps
    u = math.exp(vol * math.sqrt(dt))
    d = 1.0 / u
    p = (math.exp(rate * dt) - d) / (u - d)
    disc = math.exp(-rate * dt)
    prices = spot * u ** np.arange(steps, -1, -1) * d ** np.arange(0, steps + 1)
    values = np.maximum(right.value * (prices - strike), 0.0)
    for n in range(steps, 0, -1):
        prices = prices[:-1] / u
        values = disc * (p * values[:-1] + (1 - p) * values[1:])
        if american:
            values = np.maximum(values, right.value * (prices - strike))
    return float(values[0])


def main() -> None:
    mkt = Market(jnp.float32(100.0), jnp.float32(0.02), jnp.float32(0.01))
    con = Contract(jnp.float32(105.0), jnp.float32(0.5))
    print("cdf approx error:", f"{max_cdf_error():.2e}")
    print("ladder:", [(k, round(p, 3)) for k, p in strike_ladder(mkt, 0.5, (90, 100, 110), 0.25)])
    px = black_scholes(mkt, con, jnp.float32(0.25))
    print("parity gap:", float(put_call_parity_gap(mkt, con, jnp.float32(0.25))))
    print("implied vol:", float(implied_vol(px, mkt, con)))
    print(greeks(mkt, con, jnp.float32(0.25)))


if __name__ == "__main__":
    main()
