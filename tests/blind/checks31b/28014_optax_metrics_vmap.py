import jax
import jax.numpy as jnp
import numpy as np
import optax

records = []


def per_sample_error(w, x, y):
    return (jnp.dot(w, x) - y) ** 2


def on_step(step, w, xs, ys):
    w, xs, ys = np.asarray(w), np.asarray(xs), np.asarray(ys)
    errs = jax.vmap(per_sample_error, in_axes=(None, 0, 0))(w, xs, ys)
    records.append((int(step), float(np.asarray(errs).max())))


def loss(w, xs, ys):
    return jnp.mean(jax.vmap(per_sample_error, in_axes=(None, 0, 0))(w, xs, ys))


opt = optax.adam(0.1)


@jax.jit
def update(w, state, step, xs, ys):
    l, g = jax.value_and_grad(loss)(w, xs, ys)
    jax.debug.callback(on_step, step, w, xs, ys)
    upd, state = opt.update(g, state, w)
    return optax.apply_updates(w, upd), state, l


xs = jnp.arange(12.0).reshape(4, 3) / 10
ys = xs @ jnp.array([0.5, -0.2, 0.1])
w = jnp.zeros(3)
st = opt.init(w)
for k in range(3):
    w, st, l = update(w, st, k, xs, ys)
jax.effects_barrier()
print(l, records)
