"""A script's custom_jvp whose rule logs through `jax.debug.callback` to a host computing with
`jnp`: the script differentiates the function once: JAX runs the rule, whose host computes
with JAX."""
import numpy as np
import jax
import jax.numpy as jnp

LOG = []


def log_rule(x):
    LOG.append(float(jnp.max(jnp.abs(np.asarray(x)))))  # EXPECT: JAX011


@jax.custom_jvp
def penalty(x):
    return jnp.logaddexp(0.0, 3.0 * x) / 3.0


@penalty.defjvp
def penalty_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    jax.debug.callback(log_rule, x)
    return penalty(x), jax.nn.sigmoid(3.0 * x) * t


def objective(x):
    return penalty(x) + 0.05 * x ** 2


def derivative(f, order):
    return f if order == 0 else jax.grad(derivative(f, order - 1))


ORDER = 1

if __name__ == "__main__":
    print("value:", float(derivative(objective, ORDER)(0.7)), "rule calls:", len(LOG))
