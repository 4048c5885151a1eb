"""curves.py -- zero-coupon yield curves, bond pricing and a host-side pricing audit.

The audit trail is a regulatory requirement: every priced cash-flow schedule is appended,
in program order, to an in-memory journal that the risk service drains after each run.
"""
from __future__ import annotations

import enum
import itertools
from dataclasses import dataclass, field
from typing import Iterable, NamedTuple, Sequence

import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

DAYS_PER_YEAR = 365.0


class Compounding(enum.Enum):
    CONTINUOUS = "continuous"
    ANNUAL = "annual"
    SEMI = "semi-annual"


class Bond(NamedTuple):
    coupon: jnp.ndarray      # annual coupon rate
    maturity: jnp.ndarray    # years
    notional: jnp.ndarray


def make_bonds(coupons: Sequence[float], maturities: Sequence[float], notional: float = 100.0) -> Bond:
    if len(coupons) != len(maturities):
        raise ValueError("coupons and maturities differ in length")
    c = jnp.asarray(coupons, jnp.float32)
    m = jnp.asarray(maturities, jnp.float32)
    return Bond(c, m, jnp.full_like(c, notional))


def year_fraction(days: int, basis: float = DAYS_PER_YEAR) -> float:
    return days / basis


def validate_pillars(times: np.ndarray, rates: np.ndarray) -> None:
    if times.ndim != 1 or rates.shape != times.shape:
        raise ValueError("pillars must be 1-D and aligned")
    if np.any(np.diff(times) <= 0):
        raise ValueError("pillar times must be strictly increasing")
    if np.any(rates < -0.05) or np.any(rates > 0.5):
        raise ValueError("implausible zero rates")


# ---------------------------------------------------------------------------
# audit journal
# ---------------------------------------------------------------------------

@dataclass(eq=False)
class Journal:
    entries: list = field(default_factory=list)
    _ids: itertools.count = field(default_factory=itertools.count)

    def record(self, maturity, price):
        self.entries.append({"id": next(self._ids),
                             "maturity": float(np.asarray(maturity)),
                             "price": float(np.asarray(price))})
        return np.float32(np.asarray(price))

    def drain(self) -> list:
        out, self.entries = self.entries, []
        return out


JOURNAL = Journal()


def audited(maturity: jnp.ndarray, price: jnp.ndarray) -> jnp.ndarray:
    return io_callback(JOURNAL.record, jax.ShapeDtypeStruct((), jnp.float32), maturity, price,
                       ordered=True)


# ---------------------------------------------------------------------------
# curve
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class YieldCurve:
    times: jnp.ndarray
    zero_rates: jnp.ndarray
    compounding: Compounding = Compounding.CONTINUOUS

    @classmethod
    def from_pillars(cls, times: Iterable[float], rates: Iterable[float], **kw) -> "YieldCurve":
        t = np.asarray(list(times), np.float32)
        r = np.asarray(list(rates), np.float32)
        validate_pillars(t, r)
        return cls(jnp.asarray(t), jnp.asarray(r), **kw)

    def __repr__(self) -> str:
        pts = ", ".join(f"{float(t):g}y:{float(r):.2%}" for t, r in zip(self.times, self.zero_rates))
        return f"YieldCurve[{self.compounding.value}]({pts})"

    def zero(self, t: jnp.ndarray) -> jnp.ndarray:
        return jnp.interp(t, self.times, self.zero_rates)

    def discount(self, t: jnp.ndarray) -> jnp.ndarray:
        r = self.zero(t)
        if self.compounding is Compounding.CONTINUOUS:
            return jnp.exp(-r * t)
        if self.compounding is Compounding.ANNUAL:
            return (1.0 + r) ** (-t)
        return (1.0 + r / 2.0) ** (-2.0 * t)

    def forward(self, t1: jnp.ndarray, t2: jnp.ndarray) -> jnp.ndarray:
        return jnp.log(self.discount(t1) / self.discount(t2)) / (t2 - t1)

    def price(self, bond: Bond, max_periods: int = 20) -> jnp.ndarray:
        k = jnp.arange(1, max_periods + 1, dtype=jnp.float32)
        pay_times = k * 0.5
        live = pay_times <= bond.maturity + 1e-6
        cfs = jnp.where(live, bond.notional * bond.coupon / 2.0, 0.0)
        pv = jnp.sum(cfs * self.discount(pay_times)) + bond.notional * self.discount(bond.maturity)
        return audited(bond.maturity, pv)

    def price_sequential(self, bonds: Bond) -> jnp.ndarray:
        def body(_, b):
            return None, self.price(Bond(*b))
        _, prices = jax.lax.scan(body, None, tuple(bonds))
        return prices

    def price_many(self, bonds: Bond) -> jnp.ndarray:
        return jax.vmap(self.price)(bonds)

    def par_yield(self, maturity: float) -> jnp.ndarray:
        pay = jnp.arange(0.5, maturity + 1e-6, 0.5)
        annuity = 0.5 * jnp.sum(self.discount(pay))
        return (1.0 - self.discount(jnp.float32(maturity))) / annuity

    def shifted(self, bp: float) -> "YieldCurve":
        return YieldCurve(self.times, self.zero_rates + bp * 1e-4, self.compounding)


def dv01(curve: YieldCurve, bond: Bond) -> jnp.ndarray:
    up = curve.shifted(1.0).price(bond)
    down = curve.shifted(-1.0).price(bond)
    return (down - up) / 2.0


def nelson_siegel(t: np.ndarray, beta0: float, beta1: float, beta2: float, tau: float) -> np.ndarray:
    """Nelson-Siegel zero rate at maturities `t` (NumPy, used for curve fitting offline)."""
    t = np.maximum(np.asarray(t, np.float64), 1e-6)
    x = t / tau
    load1 = (1.0 - np.exp(-x)) / x
    return beta0 + beta1 * load1 + beta2 * (load1 - np.exp(-x))


def fit_nelson_siegel(t: np.ndarray, rates: np.ndarray, taus: Sequence[float] = (0.5, 1.0, 2.0, 5.0)):
    """Grid over tau, least squares for the betas. Returns (betas, tau, rmse)."""
    best = None
    for tau in taus:
        x = np.maximum(np.asarray(t, np.float64), 1e-6) / tau
        load1 = (1.0 - np.exp(-x)) / x
        A = np.stack([np.ones_like(x), load1, load1 - np.exp(-x)], axis=1)
        betas, *_ = np.linalg.lstsq(A, rates, rcond=None)
        rmse = float(np.sqrt(np.mean((A @ betas - rates) ** 2)))
        if best is None or rmse < best[2]:
            best = (betas, tau, rmse)
    return best


def bootstrap_from_par(maturities: Sequence[float], par: Sequence[float]) -> YieldCurve:
    """Annual-pay par bootstrap (pure NumPy)."""
    dfs = []
    for n, (m, c) in enumerate(zip(maturities, par), start=1):
        dfs.append((1.0 - c * sum(dfs)) / (1.0 + c))
    dfs = np.asarray(dfs)
    t = np.asarray(maturities, np.float64)
    return YieldCurve.from_pillars(t, -np.log(dfs) / t)


def format_table(rows: Sequence[dict]) -> str:
    lines = [f"{'id':>3} {'mat':>6} {'price':>9}"]
    lines += [f"{r['id']:>3} {r['maturity']:>6.2f} {r['price']:>9.4f}" for r in rows]
    return "\n".join(lines)


def main() -> None:
    curve = YieldCurve.from_pillars([0.5, 1, 2, 5, 10], [0.030, 0.032, 0.035, 0.038, 0.040])
    print(curve)
    betas, tau, rmse = fit_nelson_siegel(np.asarray(curve.times), np.asarray(curve.zero_rates))
    print(f"NS fit tau={tau} rmse={rmse:.2e}", bootstrap_from_par([1, 2, 3], [0.03, 0.033, 0.035]))
    single = Bond(jnp.float32(0.04), jnp.float32(5.0), jnp.float32(100.0))
    print("5y 4% bond:", float(jax.jit(curve.price)(single)))
    print("dv01:", float(dv01(curve, single)))
    book = make_bonds([0.02, 0.03, 0.05], [1.0, 2.0, 7.0])
    print("book (sequential):", curve.price_sequential(book))
    print("book (vectorised):", curve.price_many(book))
    print(format_table(JOURNAL.drain()))


if __name__ == "__main__":
    main()
