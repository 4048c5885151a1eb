"""Same accumulation setup as the production trainer, but the rematerialised
block reports statistics with jax.debug.callback."""
import equinox as eqx
import jax
import jax.numpy as jnp
import optax

STATS = []


def _stat_sink(v):
    STATS.append(float(v))


class Block(eqx.Module):
    lin: eqx.nn.Linear

    def __init__(self, width, key):
        self.lin = eqx.nn.Linear(width, width, key=key)

    @eqx.filter_checkpoint
    def __call__(self, h):
        z = jax.nn.gelu(self.lin(h))
        jax.debug.callback(_stat_sink, jnp.mean(jnp.abs(z)))
        return h + z


class Net(eqx.Module):
    blocks: tuple
    head: eqx.nn.Linear

    def __init__(self, key):
        ks = jax.random.split(key, 3)
        self.blocks = (Block(8, ks[0]), Block(8, ks[1]))
        self.head = eqx.nn.Linear(8, 1, key=ks[2])

    def __call__(self, x):
        for b in self.blocks:
            x = b(x)
        return self.head(x)[0]


@eqx.filter_jit
def step(net, state, x, y, opt):
    def loss_fn(n):
        return (n(x) - y) ** 2
    loss, grads = eqx.filter_value_and_grad(loss_fn)(net)
    params = eqx.filter(net, eqx.is_inexact_array)
    updates, state = opt.update(grads, state, params)
    return eqx.apply_updates(net, updates), state, loss


if __name__ == "__main__":
    net = Net(jax.random.PRNGKey(0))
    opt = optax.MultiSteps(optax.adamw(1e-3), every_k_schedule=2)
    state = opt.init(eqx.filter(net, eqx.is_inexact_array))
    xs = jnp.linspace(-1, 1, 32).reshape(4, 8)
    for i, x in enumerate(xs):
        net, state, loss = step(net, state, x, jnp.float32(i), opt)
    jax.effects_barrier()
    print(float(loss), len(STATS))
