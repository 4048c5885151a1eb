import jax
import jax.numpy as jnp

LAYER_WIDTHS = [4, 8, 1]
DEEP = len(LAYER_WIDTHS) > 3


def clipped_backward(limit):
    def deco(fn):
        wrapped = jax.custom_vjp(fn)

        def fwd(x):
            return fn(x), x

        def bwd(x, g):
            return jnp.clip(g, -limit, limit)

        wrapped.defvjp(fwd, bwd)
        return wrapped
    return deco


def activation(x):
    return jnp.tanh(x) * 1.5


activation = clipped_backward(0.5)(activation) if DEEP else activation


def init(key):
    keys = jax.random.split(key, len(LAYER_WIDTHS) - 1)
    return [jax.random.normal(k, (a, b)) * 0.3 for k, a, b in zip(keys, LAYER_WIDTHS[:-1], LAYER_WIDTHS[1:])]


def forward(params, x):
    for w in params[:-1]:
        x = activation(x @ w)
    return x @ params[-1]


def loss(params, x, y):
    return jnp.mean((forward(params, x) - y) ** 2)



SCHEDULE = [(0, 1e-2), (10, 5e-3), (50, 1e-3)]


def learning_rate(step):
    """Piecewise-constant learning-rate schedule (host side)."""
    lr = SCHEDULE[0][1]
    for boundary, value in SCHEDULE:
        if step >= boundary:
            lr = value
    return lr


def clip_by_global_norm(tree, max_norm):
    leaves = jax.tree_util.tree_leaves(tree)
    norm = jnp.sqrt(sum(jnp.sum(x * x) for x in leaves))
    scale = jnp.minimum(1.0, max_norm / (norm + 1e-9))
    return jax.tree_util.tree_map(lambda x: x * scale, tree)


if __name__ == "__main__":
    params = init(jax.random.PRNGKey(1))
    x = jnp.ones((3, 4), jnp.float32)
    y = jnp.zeros((3, 1), jnp.float32)
    grads = jax.grad(loss)(params, x, y)
    print("deep", DEEP, [g.shape for g in grads])
