"""Bond pricing off a host-interpolated yield curve; key-rate duration w.r.t. the coupon only."""
import numpy as np
import jax
import jax.numpy as jnp
from scipy.interpolate import CubicSpline

TENORS = np.array([0.5, 1, 2, 5, 10, 30], dtype=np.float64)


def _zero_rates(quotes, times):
    return CubicSpline(TENORS, np.asarray(quotes))(np.asarray(times)).astype(np.float32)


def discount_factors(curve_quotes, times):
    z = jax.pure_callback(_zero_rates, jax.ShapeDtypeStruct(times.shape, jnp.float32),
                          curve_quotes, times, vmap_method="sequential")
    return jnp.exp(-z * times)


def bond_price(coupon, curve_quotes, maturity=7):
    times = jnp.arange(1, maturity + 1, dtype=jnp.float32)
    cfs = jnp.full(times.shape, coupon).at[-1].add(100.0)
    return jnp.sum(cfs * discount_factors(curve_quotes, times))


quotes = jnp.array([0.030, 0.032, 0.034, 0.036, 0.038, 0.040])
price = bond_price(4.0, quotes)
dP_dcoupon = jax.grad(bond_price, argnums=0)(4.0, quotes)
print(price, dP_dcoupon)
coupons = jnp.array([2.0, 3.0, 4.0, 5.0])
print(jax.vmap(jax.grad(bond_price), in_axes=(0, None))(coupons, quotes))
