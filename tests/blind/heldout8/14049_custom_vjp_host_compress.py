"""Gradient compression on the host (top-k sparsification) inside a custom_vjp backward."""
import numpy as np
import jax
import jax.numpy as jnp
import optax


def _topk_sparsify(g, k=2):
    g = np.asarray(g)
    flat = g.reshape(-1)
    idx = np.argsort(-np.abs(flat))[:k]
    out = np.zeros_like(flat)
    out[idx] = flat[idx]
    return out.reshape(g.shape)


@jax.custom_vjp
def compressed(w):
    return w


def _c_fwd(w):
    return w, None


def _c_bwd(_, g):
    g_sparse = jax.pure_callback(_topk_sparsify, jax.ShapeDtypeStruct(g.shape, g.dtype), g,
                                 vmap_method="sequential")
    return (g_sparse,)


compressed.defvjp(_c_fwd, _c_bwd)


def loss(params, x, y):
    W = compressed(params["W"])
    return optax.squared_error(x @ W, y).mean()


params = {"W": jnp.zeros((3, 2))}
x = jnp.array([[1.0, 2.0, 0.0], [0.0, 1.0, 1.0]])
y = jnp.array([[1.0, 0.0], [0.0, 1.0]])
sgd = optax.sgd(0.1)
s = sgd.init(params)
for i in range(3):
    l, g = jax.value_and_grad(loss)(params, x, y)
    u, s = sgd.update(g, s)
    params = optax.apply_updates(params, u)
    print(i, float(l), int((g["W"] != 0).sum()))
