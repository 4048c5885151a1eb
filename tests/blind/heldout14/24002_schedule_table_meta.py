"""Meta-gradient of a base learning rate through optax.inject_hyperparams,
where the warmup multiplier comes from a table kept on the host."""
import jax
import jax.numpy as jnp
import numpy as np
import optax

WARMUP_TABLE = np.linspace(0.1, 1.0, 16).astype(np.float32)


def _lookup(step):
    i = int(min(int(step), len(WARMUP_TABLE) - 1))
    return WARMUP_TABLE[i]


def warmup_factor(count):
    return jax.pure_callback(_lookup, jax.ShapeDtypeStruct((), jnp.float32), count)


def make_opt(base_lr):
    def lr_fn(count):
        return base_lr * warmup_factor(count)

    return optax.inject_hyperparams(optax.adam)(learning_rate=lr_fn, b1=0.9)


def loss_fn(theta, x, y):
    return jnp.mean((jnp.tanh(x @ theta) - y) ** 2)


def train_then_eval(base_lr, theta0, x, y, xv, yv, steps=5):
    opt = make_opt(base_lr)
    st = opt.init(theta0)
    theta = theta0
    for _ in range(steps):
        g = jax.grad(loss_fn)(theta, x, y)
        u, st = opt.update(g, st, theta)
        theta = optax.apply_updates(theta, u)
    return loss_fn(theta, xv, yv)


if __name__ == "__main__":
    rng = np.random.default_rng(1)
    x = jnp.asarray(rng.normal(size=(16, 4)), jnp.float32)
    y = jnp.asarray(np.tanh(rng.normal(size=(16,))), jnp.float32)
    theta0 = jnp.zeros((4,))
    hyper_grad = jax.value_and_grad(train_then_eval)
    val, dlr = hyper_grad(jnp.float32(0.01), theta0, x, y, x[:8], y[:8])
    print("val loss", float(val), "d/dlr", float(dlr))
