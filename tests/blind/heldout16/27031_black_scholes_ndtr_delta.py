"""Black-Scholes pricing with Cephes' ndtr from SciPy; Greeks by autodiff."""
import numpy as np
import jax
import jax.numpy as jnp
from scipy.special import ndtr


def norm_cdf(x):
    return jax.pure_callback(lambda v: ndtr(np.asarray(v)).astype(np.float32),
                             jax.ShapeDtypeStruct(jnp.shape(x), jnp.float32), x,
                             vmap_method="expand_dims")


def call_price(spot, strike, vol, rate, tau):
    sqrt_t = jnp.sqrt(tau)
    d1 = (jnp.log(spot / strike) + (rate + 0.5 * vol ** 2) * tau) / (vol * sqrt_t)
    d2 = d1 - vol * sqrt_t
    return spot * norm_cdf(d1) - strike * jnp.exp(-rate * tau) * norm_cdf(d2)


strikes = jnp.array([90.0, 100.0, 110.0])
prices = call_price(100.0, strikes, 0.2, 0.01, 0.5)
print(prices)

greeks = {
    "delta": jax.vmap(jax.grad(call_price, argnums=0), (None, 0, None, None, None)),
    "vega": jax.vmap(jax.grad(call_price, argnums=2), (None, 0, None, None, None)),
}
for name, fn in greeks.items():
    print(name, fn(100.0, strikes, 0.2, 0.01, 0.5))
