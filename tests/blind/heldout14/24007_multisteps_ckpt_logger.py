"""Gradient accumulation with optax.MultiSteps for an equinox MLP.

Each residual block is rematerialised with eqx.filter_checkpoint, and writes
activation statistics to a host-side log buffer as it runs."""
import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.experimental import io_callback

ACT_LOG = []


def _record(mean_abs):
    ACT_LOG.append(float(mean_abs))
    return np.int32(len(ACT_LOG))


class Block(eqx.Module):
    lin: eqx.nn.Linear

    def __init__(self, width, key):
        self.lin = eqx.nn.Linear(width, width, key=key)

    @eqx.filter_checkpoint
    def __call__(self, h):
        z = jax.nn.gelu(self.lin(h))
        stat = jax.lax.stop_gradient(jnp.mean(jnp.abs(z)))
        io_callback(_record, jax.ShapeDtypeStruct((), jnp.int32), stat, ordered=True)
        return h + z


class Net(eqx.Module):
    blocks: list
    head: eqx.nn.Linear

    def __init__(self, key):
        ks = jax.random.split(key, 3)
        self.blocks = [Block(8, ks[0]), Block(8, ks[1])]
        self.head = eqx.nn.Linear(8, 1, key=ks[2])

    def __call__(self, x):
        for b in self.blocks:
            x = b(x)
        return self.head(x)[0]


@eqx.filter_value_and_grad
def loss_fn(net, x, y):
    return (net(x) - y) ** 2


def main():
    net = Net(jax.random.PRNGKey(0))
    opt = optax.MultiSteps(optax.adamw(1e-3), every_k_schedule=2)
    state = opt.init(eqx.filter(net, eqx.is_inexact_array))
    xs = jnp.linspace(-1, 1, 32).reshape(4, 8)
    ys = jnp.arange(4.0)
    for x, y in zip(xs, ys):
        loss, grads = loss_fn(net, x, y)
        updates, state = opt.update(grads, state, eqx.filter(net, eqx.is_inexact_array))
        net = eqx.apply_updates(net, updates)
        print(float(loss), len(ACT_LOG))


if __name__ == "__main__":
    main()
