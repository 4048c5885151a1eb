"""The twin of summary_after_context_cap.py with one call fewer outside value_and_grad: the
result logged through io_callback is computed outside any differentiation, and JAX runs it."""
# Minimised from FLAIROx/JaxMARL baselines/IPPO/ippo_ff_mpe.py:318 (and the five sibling IPPO
# scripts): the flax model's `__call__` runs under `jax.value_and_grad` in the PPO loss and in
# more contexts outside it (environment steps, the last value); metrics computed outside the
# differentiation are logged with `jax.experimental.io_callback`.
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


def apply(p, x, k):
    return jnp.tanh(p * x) * k


def log(v):
    print("logged", v)


@jax.jit
def train(p, x):
    value, g = jax.value_and_grad(lambda p: jnp.sum(apply(p, x, 1.0)))(p)
    p = p - 0.1 * g
    a = apply(p, x, 2.0)
    b = apply(p, x, 3.0)
    c = apply(p, x, 4.0)
    d = apply(p, x, 5.0)
    e = apply(p, x, 6.0)
    io_callback(log, None, jnp.sum(e) + a[0] + b[0] + c[0] + d[0])
    return p


print(train(jnp.float32(0.5), jnp.ones(3, jnp.float32)))
