import numpy as np
import jax
import jax.numpy as jnp
from scipy.special import log_softmax as sp_log_softmax


def _host_lsm(z):
    return sp_log_softmax(np.asarray(z), axis=-1).astype(np.float32)


@jax.custom_vjp
def log_softmax(z):
    return jax.pure_callback(_host_lsm, jax.ShapeDtypeStruct(z.shape, z.dtype), z,
                             vmap_method="sequential")

def _lsm_fwd(z):
    out = log_softmax(z)
    return out, out

def _lsm_bwd(out, g):
    return (g - jnp.exp(out) * jnp.sum(g, axis=-1, keepdims=True),)

log_softmax.defvjp(_lsm_fwd, _lsm_bwd)


def nll(logits, label):
    return -log_softmax(logits)[label]


if __name__ == "__main__":
    logits = jnp.array([[2.0, 0.5, -1.0], [0.0, 0.0, 1.0]])
    labels = jnp.array([0, 2])
    per_ex = jax.vmap(jax.grad(nll))(logits, labels)
    print(per_ex)
    print(jax.jit(jax.value_and_grad(lambda l: jax.vmap(nll)(l, labels).mean()))(logits))
