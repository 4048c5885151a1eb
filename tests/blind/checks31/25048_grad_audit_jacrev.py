import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

grad_log = []


def _audit(g):
    grad_log.append(float(np.abs(np.asarray(g)).max()))


@jax.custom_vjp
def clipped_identity(x):
    return x


def _fwd(x):
    return x, None


def _bwd(_, g):
    io_callback(_audit, None, g, ordered=True)
    return (jnp.clip(g, -1.0, 1.0),)


clipped_identity.defvjp(_fwd, _bwd)


def model(x):
    return jnp.tanh(clipped_identity(x) * 3.0)


print(jax.jacrev(model)(jnp.array([0.1, 0.2])))
