"""Dropout MLP driven by typed PRNG keys; gradients only wrt params."""
import jax
import jax.numpy as jnp
import optax


def dropout(key, x, rate):
    keep = jax.random.bernoulli(key, 1.0 - rate, x.shape)
    return jnp.where(keep, x / (1.0 - rate), 0.0)


def forward(params, x, key, train=True):
    k1, k2 = jax.random.split(key)
    h = jax.nn.relu(x @ params[0])
    if train:
        h = dropout(k1, h, 0.2)
    h = jax.nn.relu(h @ params[1])
    if train:
        h = dropout(k2, h, 0.2)
    return h @ params[2]


def loss_fn(params, x, y, key):
    return optax.softmax_cross_entropy_with_integer_labels(forward(params, x, key), y).mean()


root = jax.random.key(0)
pk, dk = jax.random.split(root)
shapes = [(3, 8), (8, 8), (8, 2)]
params = [0.3 * jax.random.normal(k, s) for k, s in zip(jax.random.split(pk, 3), shapes)]
x = jnp.ones((4, 3))
y = jnp.array([0, 1, 1, 0])
tx = optax.adam(1e-2)
opt_state = tx.init(params)
step = jax.jit(jax.value_and_grad(loss_fn))
for i in range(3):
    dk, sub = jax.random.split(dk)
    l, g = step(params, x, y, sub)
    u, opt_state = tx.update(g, opt_state)
    params = optax.apply_updates(params, u)
    print(i, float(l))
