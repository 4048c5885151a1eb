"""`from jax import pure_callback as pc` on the (non-differentiated) targets inside a grad'ed loss."""
import jax
import jax.numpy as jnp
import numpy as np
import scipy.special
from jax import pure_callback as pc


def host_logit(p):
    return scipy.special.logit(np.clip(np.asarray(p), 1e-4, 1 - 1e-4)).astype(np.float32)


def loss(z, probs):
    target_logits = pc(host_logit, jax.ShapeDtypeStruct(probs.shape, probs.dtype), probs)
    return jnp.sum((z - target_logits) ** 2)


print(jax.grad(loss)(jnp.zeros(3), jnp.array([0.2, 0.5, 0.9])))
