# Models: a class-based Trainer whose jitted train step differentiates a loss method that also snapshots the current weights to an in-memory "checkpoint store" through io_callback.
import functools

import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.experimental import io_callback


class CheckpointStore:
    def __init__(self):
        self.snapshots = []

    def write(self, kernel, bias):
        self.snapshots.append({"kernel": np.array(kernel), "bias": np.array(bias)})
        return np.int32(len(self.snapshots))


class Trainer:
    def __init__(self, dim, lr=0.05, seed=0):
        self.store = CheckpointStore()
        key = jax.random.PRNGKey(seed)
        self.params = {"kernel": jax.random.normal(key, (dim,)) * 0.1, "bias": jnp.zeros(())}
        self.optimizer = optax.chain(optax.clip_by_global_norm(1.0), optax.adam(lr))
        self.opt_state = self.optimizer.init(self.params)

    def _snapshot(self, params):
        return io_callback(self.store.write, jax.ShapeDtypeStruct((), jnp.int32),
                           params["kernel"], params["bias"], ordered=True)

    def loss(self, params, x, y):
        n_saved = self._snapshot(params)
        logits = x @ params["kernel"] + params["bias"]
        loss = optax.sigmoid_binary_cross_entropy(logits, y).mean()
        return loss, {"n_saved": n_saved}

    @functools.partial(jax.jit, static_argnums=0)
    def _step(self, params, opt_state, x, y):
        (loss, aux), grads = jax.value_and_grad(self.loss, has_aux=True)(params, x, y)
        updates, opt_state = self.optimizer.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, loss, aux

    def fit(self, x, y, epochs=4):
        for ep in range(epochs):
            self.params, self.opt_state, loss, aux = self._step(self.params, self.opt_state, x, y)
            print(f"epoch {ep} loss {float(loss):.4f} snapshots {int(aux['n_saved'])}")
        return self


if __name__ == "__main__":
    key = jax.random.PRNGKey(1)
    x = jax.random.normal(key, (36, 3))
    y = (x.sum(axis=1) > 0).astype(jnp.float32)
    trainer = Trainer(dim=3).fit(x, y)
    print("stored", len(trainer.store.snapshots))
