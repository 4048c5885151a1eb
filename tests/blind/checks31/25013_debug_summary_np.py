import numpy as np
import jax
import jax.numpy as jnp


def summarize(a):
    a = np.asarray(a)
    return np.array([a.min(), a.max(), np.linalg.norm(a)])


def show(name, arr):
    stats = summarize(arr)
    print(f"{name}: min={stats[0]:.3f} max={stats[1]:.3f} norm={stats[2]:.3f}")


def layer(params, h):
    h = jnp.tanh(h @ params["w"] + params["b"])
    jax.debug.callback(show, "hidden", h)
    return jnp.linalg.norm(h)


params = {"w": jnp.eye(3), "b": jnp.zeros(3)}
out = jax.jit(layer)(params, jnp.arange(3.0))
jax.effects_barrier()
print(out)
