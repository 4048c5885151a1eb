import jax
import jax.numpy as jnp

from gmm import fit
from gmm.heldout import history

x = jnp.concatenate([jax.random.normal(jax.random.key(0), (20,)) - 2.0,
                     jax.random.normal(jax.random.key(1), (20,)) + 2.0])
params, loss = fit(x)
jax.effects_barrier()
print("loss", float(loss), "means", params[0])
print("held-out", [round(v, 3) for _, v in history])
