import jax
import jax.numpy as jnp

EPS = 1e-12


@jax.custom_vjp
def safe_log(p):
    return jnp.log(jnp.maximum(p, EPS))


def _safe_log_fwd(p):
    return safe_log(p), p


def _safe_log_bwd(p, g):
    return (g / jnp.maximum(p, EPS),)


safe_log.defvjp(_safe_log_fwd, _safe_log_bwd)
