import jax
import jax.numpy as jnp
import optax
from jax.experimental import io_callback

ACT_LOG = []


def _record(stats):
    ACT_LOG.append(stats.tolist())
    return stats


def log_activation_stats(h):
    stats = jnp.stack([h.mean(), h.std()])
    return io_callback(_record, jax.ShapeDtypeStruct((2,), jnp.float32), stats)


def mlp(params, x):
    for i, (W, b) in enumerate(params):
        x = x @ W + b
        if i < len(params) - 1:
            x = jax.nn.relu(x)
            log_activation_stats(x)
    return x


def loss(params, x, y):
    return optax.l2_loss(mlp(params, x), y).mean()


def init_params(key, sizes=(3, 8, 1)):
    keys = jax.random.split(key, len(sizes) - 1)
    return [(jax.random.normal(k, (a, b)) * 0.5, jnp.zeros(b))
            for k, a, b in zip(keys, sizes[:-1], sizes[1:])]


params = init_params(jax.random.PRNGKey(3))
x = jnp.linspace(-1, 1, 12).reshape(4, 3)
y = jnp.ones((4, 1))
opt = optax.chain(optax.clip_by_global_norm(1.0), optax.sgd(0.1))
state = opt.init(params)
print("eval", loss(params, x, y), len(ACT_LOG))
for step in range(2):
    l, g = jax.value_and_grad(loss)(params, x, y)
    upd, state = opt.update(g, state)
    params = optax.apply_updates(params, upd)
    print(step, l)
