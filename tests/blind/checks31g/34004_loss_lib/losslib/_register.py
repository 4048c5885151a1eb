import jax.numpy as jnp

from .divergences import EPS, log_ratio

log_ratio.defvjp(
    lambda p, q: (log_ratio(p, q), (jnp.clip(p, EPS), jnp.clip(q, EPS))),
    lambda res, g: g / res[0] - g / res[1],
)
