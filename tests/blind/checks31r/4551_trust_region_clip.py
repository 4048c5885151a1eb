"""Trust-region style update: the flat parameter vector is clipped on the host."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.flatten_util import ravel_pytree


def init_params(key, sizes=(3, 4, 2)):
    params = []
    for i, (m, n) in enumerate(zip(sizes[:-1], sizes[1:])):
        k1, key = jax.random.split(key)
        params.append({"w": jax.random.normal(k1, (m, n)) * 0.3,
                       "b": jnp.zeros((n,))})
    return params


def forward(params, x):
    for layer in params[:-1]:
        x = jnp.tanh(x @ layer["w"] + layer["b"])
    last = params[-1]
    return x @ last["w"] + last["b"]


def _radius_scale(vec, radius):
    norm = jnp.linalg.norm(vec)
    return np.minimum(1.0, radius / (float(norm) + 1e-12))


def _clip_on_host(flat, radius):
    flat = np.asarray(flat)
    radius = float(np.asarray(radius))
    scale = _radius_scale(flat, radius)
    return (flat * scale).astype(np.float32)


def clipped_step(params, x, y, lr=0.1, radius=0.5):
    def loss(p):
        return jnp.mean((forward(p, x) - y) ** 2)
    grads = jax.grad(loss)(params)
    flat, unravel = ravel_pytree(grads)
    spec = jax.ShapeDtypeStruct(flat.shape, flat.dtype)
    flat = jax.pure_callback(_clip_on_host, spec, flat, jnp.float32(radius))
    step = unravel(flat)
    return jax.tree.map(lambda p, g: p - lr * g, params, step), loss(params)


if __name__ == "__main__":
    key = jax.random.PRNGKey(0)
    params = init_params(key)
    xs = jax.random.normal(jax.random.PRNGKey(1), (8, 3))
    ys = jnp.sin(xs[:, :2])
    update = jax.jit(clipped_step)
    for it in range(3):
        params, value = update(params, xs, ys)
        print(it, float(value))
    print(jax.tree.map(jnp.shape, params))
