"""Monte Carlo Asian call with pathwise Greeks; typed keys threaded through split."""
from functools import partial
import jax
import jax.numpy as jnp


def gbm_paths(key, s0, vol, rate, T=1.0, n_steps=12, n_paths=256):
    dt = T / n_steps
    z = jax.random.normal(key, (n_paths, n_steps))
    log_inc = (rate - 0.5 * vol ** 2) * dt + vol * jnp.sqrt(dt) * z
    return s0 * jnp.exp(jnp.cumsum(log_inc, axis=1))


@partial(jax.jit, static_argnames=("n_paths",))
def asian_price(s0, vol, key, strike=100.0, rate=0.02, n_paths=256):
    paths = gbm_paths(key, s0, vol, rate, n_paths=n_paths)
    payoff = jnp.maximum(paths.mean(axis=1) - strike, 0.0)
    return jnp.exp(-rate) * payoff.mean()


key = jax.random.key(2024)
k_price, k_greeks = jax.random.split(key)
print("price", asian_price(100.0, 0.25, k_price))
delta, vega = jax.grad(asian_price, argnums=(0, 1))(100.0, 0.25, k_greeks)
print("delta", delta, "vega", vega)
