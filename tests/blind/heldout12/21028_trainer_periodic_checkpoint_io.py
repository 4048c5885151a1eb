# Models: a Trainer object with a jitted step that writes a weights checkpoint on host every k steps via io_callback inside lax.cond, placed after the optax update and outside the differentiated loss.
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.experimental import io_callback

SAVED = {}


def _save_to_disk(step, w, b):
    SAVED[int(step)] = (np.array(w), np.array(b))
    return np.bool_(True)


class Trainer:
    def __init__(self, n_features, every=2):
        self.every = every
        self.tx = optax.adamw(0.05, weight_decay=1e-3)
        self.params = dict(w=jnp.zeros(n_features), b=jnp.zeros(()))
        self.opt_state = self.tx.init(self.params)
        self.step_count = jnp.zeros((), jnp.int32)

    @staticmethod
    def loss(params, x, y):
        pred = x @ params["w"] + params["b"]
        return jnp.mean(jnp.abs(pred - y)), {"max_err": jnp.max(jnp.abs(pred - y))}

    def _maybe_checkpoint(self, step, params):
        def save(args):
            s, p = args
            return io_callback(_save_to_disk, jax.ShapeDtypeStruct((), jnp.bool_), s,
                               p["w"], p["b"], ordered=True)

        return jax.lax.cond(step % self.every == 0, save, lambda _: jnp.bool_(False),
                            (step, params))

    @partial(jax.jit, static_argnums=0)
    def step(self, params, opt_state, step, x, y):
        (loss, aux), grads = jax.value_and_grad(self.loss, has_aux=True)(params, x, y)
        updates, opt_state = self.tx.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        saved = self._maybe_checkpoint(step, params)
        return params, opt_state, loss, saved

    def run(self, x, y, steps=5):
        for _ in range(steps):
            self.params, self.opt_state, loss, saved = self.step(
                self.params, self.opt_state, self.step_count, x, y)
            self.step_count = self.step_count + 1
            print("loss", round(float(loss), 4), "saved", bool(saved))


if __name__ == "__main__":
    kx = jax.random.PRNGKey(6)
    x = jax.random.normal(kx, (30, 4))
    y = x @ jnp.array([0.2, 0.4, -0.6, 1.0])
    t = Trainer(4)
    t.run(x, y)
    print("checkpoints at steps", sorted(SAVED))
