# Models: training step with jax.vjp(has_aux=True); auxiliary loss value is reported with jax.debug.callback
import numpy as np
import jax
import jax.numpy as jnp

seen = []


def _push(v, tag):
    seen.append((tag, float(v)))


def two_layer(p, inputs):
    hidden = jax.nn.relu(inputs @ p["W"] + p["c"])
    return hidden @ p["V"]


def objective(p, data):
    inputs, targets = data
    out = two_layer(p, inputs)
    err = jnp.mean(jnp.abs(out - targets))
    jax.debug.callback(_push, err, tag="l1")
    aux = {"err": err, "out_std": jnp.std(out)}
    return err, aux


@jax.jit
def update(p, data):
    val, back, aux = jax.vjp(objective, p, data, has_aux=True)
    grads, _ = back(jnp.ones_like(val))
    return jax.tree_util.tree_map(lambda a, b: a - 0.05 * b, p, grads), aux


if __name__ == "__main__":
    keys = jax.random.split(jax.random.key(3), 2)
    p = {"W": jax.random.normal(keys[0], (3, 6)) * 0.2,
         "c": jnp.zeros(6),
         "V": jax.random.normal(keys[1], (6, 2)) * 0.2}
    data = (jnp.linspace(-1, 1, 12).reshape(4, 3), jnp.ones((4, 2)))
    for _ in range(2):
        p, aux = update(p, data)
    jax.effects_barrier()
    print(aux["err"], len(seen))
