"""Neural-ODE style residual network whose number of unrolled steps is chosen
per call from a complexity budget."""
from dataclasses import dataclass
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
import equinox as eqx


@dataclass(frozen=True)
class Budget:
    max_steps: int = 8
    cost_per_step: float = 0.25


class VectorField(eqx.Module):
    mlp: eqx.nn.MLP

    def __init__(self, dim, key):
        self.mlp = eqx.nn.MLP(dim, dim, width_size=16, depth=1, activation=jnp.tanh, key=key)

    def __call__(self, h):
        return self.mlp(h)


class ResNetODE(eqx.Module):
    field: VectorField
    readout: eqx.nn.Linear

    def __init__(self, dim, key):
        k1, k2 = jax.random.split(key)
        self.field = VectorField(dim, k1)
        self.readout = eqx.nn.Linear(dim, 1, key=k2)

    def n_steps(self, budget_value, budget: Budget):
        return jnp.clip(jnp.floor(budget_value / budget.cost_per_step), 1, budget.max_steps).astype(jnp.int32)

    def __call__(self, x, budget_value, budget: Budget):
        n = self.n_steps(budget_value, budget)
        dt = 1.0 / n.astype(jnp.float32)
        body = lambda i, h: h + dt * self.field(h)
        h = jax.lax.fori_loop(0, n, body, x)
        return self.readout(h)[0]


def loss(model, xs, ys, budget_value, budget):
    preds = jax.vmap(lambda x: model(x, budget_value, budget))(xs)
    return jnp.mean((preds - ys) ** 2)


@partial(eqx.filter_jit, donate="none")
def train_step(model, xs, ys, budget_value, lr=0.05):
    val, grads = eqx.filter_value_and_grad(loss)(model, xs, ys, budget_value, Budget())
    model = eqx.apply_updates(model, jax.tree_util.tree_map(lambda g: -lr * g, grads))
    return model, val


def data(n=16, dim=3, seed=0):
    rng = np.random.default_rng(seed)
    xs = rng.normal(size=(n, dim)).astype(np.float32)
    ys = np.linalg.norm(xs, axis=-1).astype(np.float32)
    return jnp.asarray(xs), jnp.asarray(ys)


def build_arg_parser():
    import argparse
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--steps", type=int, default=10)
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--out", type=str, default="")
    return parser


def describe_array(name, arr):
    arr = np.asarray(arr)
    return (f"{name}: shape={arr.shape} dtype={arr.dtype} "
            f"min={arr.min():.4g} max={arr.max():.4g} mean={arr.mean():.4g}")


if __name__ == "__main__":
    xs, ys = data()
    model = ResNetODE(3, jax.random.PRNGKey(0))
    print("eval loss", float(loss(model, xs, ys, 1.0, Budget())))
    for i in range(3):
        model, val = train_step(model, xs, ys, jnp.float32(1.0))
        print(i, float(val))
