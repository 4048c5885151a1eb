import jax.numpy as jnp
import numpy as np
from jax import jit
from jax import pure_callback as run_on_host

rng = np.random.default_rng(0)


@jit
def dropout_mask(x):
    return x * run_on_host(lambda a: (rng.random(np.shape(a)) > 0.5).astype(np.float32),
                           jnp.zeros(x.shape, jnp.float32), x, vectorized=True)


print(dropout_mask(jnp.ones(5)))
