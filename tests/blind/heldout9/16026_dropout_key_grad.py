# hand-written dropout MLP; the PRNG key rides along in the argument tuple
import jax
import jax.numpy as jnp


def init(key, sizes=(3, 8, 1)):
    keys = jax.random.split(key, len(sizes) - 1)
    return [(jax.random.normal(k, (m, n)) * 0.3, jnp.zeros(n))
            for k, m, n in zip(keys, sizes[:-1], sizes[1:])]


def apply(params, x, key, rate=0.2):
    for i, (w, b) in enumerate(params):
        x = x @ w + b
        if i < len(params) - 1:
            x = jax.nn.relu(x)
            key, sub = jax.random.split(key)
            keep = jax.random.bernoulli(sub, 1.0 - rate, x.shape)
            x = jnp.where(keep, x / (1.0 - rate), 0.0)
    return x[:, 0]


def loss(state, x, y):
    params, key = state
    return jnp.mean((apply(params, x, key) - y) ** 2)


key = jax.random.key(0)
params = init(key)
x = jnp.ones((4, 3))
y = jnp.zeros(4)
state = (params, jax.random.key(1))
grads = jax.grad(loss)(state, x, y)
print(jax.tree_util.tree_map(jnp.shape, grads))
