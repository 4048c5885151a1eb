"""Train a tiny equinox regressor with optax and stream metrics to a host sink."""
import json
import io
from dataclasses import dataclass, field

import numpy as np
import jax
import jax.numpy as jnp
import equinox as eqx
import optax
from jax.experimental import io_callback


@dataclass
class MetricSink:
    buffer: io.StringIO = field(default_factory=io.StringIO)
    count: int = 0

    def write(self, step, loss, gnorm):
        self.count += 1
        rec = {"step": int(step), "loss": float(loss), "gnorm": float(gnorm)}
        self.buffer.write(json.dumps(rec) + "\n")
        return np.int32(self.count)

    def lines(self):
        return self.buffer.getvalue().strip().splitlines()


SINK = MetricSink()


class Regressor(eqx.Module):
    layers: list
    scale: float = eqx.field(static=True, default=1.0)

    def __init__(self, key, width=16):
        k1, k2, k3 = jax.random.split(key, 3)
        self.layers = [eqx.nn.Linear(3, width, key=k1),
                       eqx.nn.Linear(width, width, key=k2),
                       eqx.nn.Linear(width, 1, key=k3)]

    def __call__(self, x):
        for layer in self.layers[:-1]:
            x = jax.nn.silu(layer(x))
        return self.scale * self.layers[-1](x)[0]


def mse(model, xs, ys):
    preds = jax.vmap(model)(xs)
    return jnp.mean((preds - ys) ** 2)


def global_norm(tree):
    leaves = jax.tree_util.tree_leaves(eqx.filter(tree, eqx.is_inexact_array))
    return jnp.sqrt(sum(jnp.sum(l ** 2) for l in leaves))


def build_step(optimizer):
    @eqx.filter_jit
    def step(model, opt_state, xs, ys, i):
        loss, grads = eqx.filter_value_and_grad(mse)(model, xs, ys)
        updates, opt_state = optimizer.update(grads, opt_state, eqx.filter(model, eqx.is_array))
        model = eqx.apply_updates(model, updates)
        io_callback(SINK.write, jax.ShapeDtypeStruct((), jnp.int32), i, loss, global_norm(grads),
                    ordered=True)
        return model, opt_state, loss
    return step


def dataset(n=32, seed=0):
    rng = np.random.default_rng(seed)
    xs = rng.uniform(-1, 1, size=(n, 3)).astype(np.float32)
    ys = (np.sin(xs[:, 0]) + xs[:, 1] * xs[:, 2]).astype(np.float32)
    return jnp.asarray(xs), jnp.asarray(ys)


if __name__ == "__main__":
    xs, ys = dataset()
    model = Regressor(jax.random.PRNGKey(0))
    opt = optax.adam(3e-3)
    opt_state = opt.init(eqx.filter(model, eqx.is_array))
    step = build_step(opt)
    for i in range(6):
        model, opt_state, loss = step(model, opt_state, xs, ys, jnp.int32(i))
    jax.effects_barrier()
    for line in SINK.lines():
        print(line)
