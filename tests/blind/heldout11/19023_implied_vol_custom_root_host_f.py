# Models: Black-Scholes implied volatility via lax.custom_root where the pricing residual uses scipy.special.ndtr on the host; vega-style sensitivities via jax.grad
import numpy as np
import scipy.special as sps
import jax
import jax.numpy as jnp
from jax import lax

jax.config.update("jax_enable_x64", True)


def _ndtr_host(z):
    z = np.asarray(z)
    return sps.ndtr(z).astype(z.dtype)


def norm_cdf(z):
    return jax.pure_callback(_ndtr_host, jax.ShapeDtypeStruct(z.shape, z.dtype), z,
                             vmap_method="broadcast_all")


def bs_call(sigma, S, K, T):
    d1 = (jnp.log(S / K) + 0.5 * sigma ** 2 * T) / (sigma * jnp.sqrt(T))
    d2 = d1 - sigma * jnp.sqrt(T)
    return S * norm_cdf(d1) - K * norm_cdf(d2)


def bisect(fn, lo, hi, iters=40):
    def body(_, bracket):
        a, b = bracket
        m = 0.5 * (a + b)
        go_left = fn(m) > 0
        return jnp.where(go_left, a, m), jnp.where(go_left, m, b)
    a, b = lax.fori_loop(0, iters, body, (lo, hi))
    return 0.5 * (a + b)


def implied_vol(price, S, K, T):
    resid = lambda s: bs_call(s, S, K, T) - price
    solve = lambda g, s0: bisect(g, 0.5 * s0 * 0 + 1e-3, s0 * 0 + 3.0)
    tangent_solve = lambda g, y: y / g(1.0)
    return lax.custom_root(resid, jnp.float64(0.3), solve, tangent_solve)


if __name__ == "__main__":
    S, K, T = jnp.float64(100.0), jnp.float64(105.0), jnp.float64(0.5)
    price = jnp.float64(6.0)
    print(implied_vol(price, S, K, T))
    print(jax.grad(implied_vol)(price, S, K, T))
