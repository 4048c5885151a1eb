"""A callback's keyword options filled at import under an environment switch whose default
("1") turns `vectorized=` on where the program runs: JAX 0.10 hands it to the host."""
import os

import jax
import jax.numpy as jnp
import numpy as np

OPTIONS = {}
if os.environ.get("JAX_LSP_DEMO_VECTORIZED", "1") == "1":
    OPTIONS["vectorized"] = True


def host_square(x):
    return (np.asarray(x) ** 2).astype(np.float32)


@jax.jit
def f(x):
    return jax.pure_callback(host_square, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,  # EXPECT: JAX012
                             **OPTIONS)


print(f(jnp.arange(3.0)))
