"""grad through odeint pulls back one cotangent: the adjoint solve is not batched, and an
ordered io_callback on stop_gradient(y) in the dynamics runs."""
import jax
import jax.numpy as jnp
from jax.experimental import io_callback
from jax.experimental.ode import odeint


def log_state(y):
    return None


def decay(y, t, k):
    io_callback(log_state, None, jax.lax.stop_gradient(y), ordered=True)
    return -k * y


def final(k):
    return odeint(decay, jnp.array([1.0, 2.0]), jnp.array([0.0, 0.5]), k)[-1]


if __name__ == "__main__":
    print(jax.grad(lambda k: jnp.sum(final(k)))(0.3))
