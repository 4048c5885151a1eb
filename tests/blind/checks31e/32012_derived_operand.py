"""Monte Carlo option pricer; the per-path payoff summary is sent to the risk host."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

RISK_LIMIT = 50.0


def _risk_gate(exposure):
    e = float(np.asarray(exposure))
    return np.bool_(e < RISK_LIMIT)


def simulate_path(key, s0=100.0, mu=0.02, sigma=0.2, n=8):
    z = jax.random.normal(key, (n,))
    log_ret = (mu - 0.5 * sigma ** 2) / n + sigma * z / jnp.sqrt(n)
    return s0 * jnp.exp(jnp.cumsum(log_ret))


def payoff(key, strike):
    path = simulate_path(key)
    pay = jnp.maximum(path[-1] - strike, 0.0)
    exposure = jnp.max(path) - strike
    ok = io_callback(_risk_gate, jax.ShapeDtypeStruct((), jnp.bool_), exposure, ordered=True)
    return jnp.where(ok, pay, 0.0)


keys = jax.random.split(jax.random.PRNGKey(3), 6)
print(jnp.mean(jax.vmap(payoff, in_axes=(0, None))(keys, 100.0)))
