# hand-written dropout MLP; the PRNG key is passed separately and not differentiated
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


def loss(params, key, x, y, step):
    return jnp.mean((apply(params, x, jax.random.fold_in(key, step)) - y) ** 2)


key = jax.random.key(0)
params = init(key)
x = jnp.ones((4, 3))
y = jnp.zeros(4)
grad_fn = jax.jit(jax.value_and_grad(loss))
for step in range(3):
    l, g = grad_fn(params, jax.random.key(1), x, y, step)
    params = jax.tree_util.tree_map(lambda p, d: p - 0.1 * d, params, g)
print(l)
d_counts = jax.grad(lambda r, k: jnp.sum(k * jnp.log(r) - r), allow_int=True, argnums=(0, 1))(
    2.0, jnp.array([1, 2, 3]))
print(d_counts[0])
