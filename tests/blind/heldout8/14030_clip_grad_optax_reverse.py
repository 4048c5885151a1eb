"""Per-layer gradient clipping with custom_vjp, used only with reverse mode."""
import functools

import jax
import jax.numpy as jnp
import optax


@functools.partial(jax.custom_vjp, nondiff_argnums=(0,))
def clip_grad_norm(max_norm, x):
    return x


def _fwd(max_norm, x):
    return x, None


def _bwd(max_norm, _, g):
    n = jnp.linalg.norm(g)
    return (g * jnp.minimum(1.0, max_norm / (n + 1e-6)),)


clip_grad_norm.defvjp(_fwd, _bwd)


def forward(params, x):
    h = x
    for i, (W, b) in enumerate(params):
        h = clip_grad_norm(0.5, h @ W + b)
        if i + 1 < len(params):
            h = jax.nn.relu(h)
    return h


def loss(params, x, y):
    return optax.sigmoid_binary_cross_entropy(forward(params, x).squeeze(-1), y).mean()


ks = jax.random.split(jax.random.PRNGKey(0), 2)
params = [(jax.random.normal(ks[0], (3, 5)), jnp.zeros(5)),
          (jax.random.normal(ks[1], (5, 1)), jnp.zeros(1))]
x = jnp.array([[0.1, 0.2, 0.3], [1.0, -1.0, 0.5]])
y = jnp.array([1.0, 0.0])
opt = optax.sgd(0.1, momentum=0.9)
state = opt.init(params)
for i in range(3):
    l, g = jax.value_and_grad(loss)(params, x, y)
    u, state = opt.update(g, state)
    params = optax.apply_updates(params, u)
    print(i, l)
# Jacobian of the network wrt the input, reverse mode only
print(jax.jacrev(lambda xx: forward(params, xx).sum())(x))
