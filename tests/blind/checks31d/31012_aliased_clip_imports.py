"""Gradient clipping statistics computed by a host routine (aliased imports)."""
import jax
import jax.numpy as xnp
import numpy as onp
from jax import pure_callback as pcb
from jax.tree_util import tree_leaves


def _host_percentile_clip(flat, q):
    flat = onp.asarray(flat)
    q = float(onp.asarray(q))
    bound = onp.percentile(onp.abs(flat), q)
    return onp.asarray(xnp.clip(flat, -bound, bound), dtype=flat.dtype)


def percentile_clip(grads, q=90.0):
    leaves = tree_leaves(grads)
    flat = xnp.concatenate([g.ravel() for g in leaves])
    clipped = pcb(_host_percentile_clip, jax.ShapeDtypeStruct(flat.shape, flat.dtype),
                  flat, xnp.float32(q))
    out, i = [], 0
    for g in leaves:
        out.append(clipped[i:i + g.size].reshape(g.shape))
        i += g.size
    return jax.tree_util.tree_unflatten(jax.tree_util.tree_structure(grads), out)


def loss(params, x):
    return xnp.sum((x @ params["w"] + params["b"]) ** 2)


@jax.jit
def step(params, x):
    g = jax.grad(loss)(params, x)
    g = percentile_clip(g)
    return jax.tree_util.tree_map(lambda p, d: p - 0.01 * d, params, g)


if __name__ == "__main__":
    p = {"w": xnp.ones((3, 2)), "b": xnp.zeros(2)}
    print(step(p, xnp.arange(6.0).reshape(2, 3)))
