"""Temperature-scaled classifier: gradients w.r.t. weights or temperature.

The temperature passes through a custom_vjp positivity map.
"""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def positive(t, floor):
    return jnp.maximum(t, floor)


def _pos_fwd(t, floor):
    return positive(t, floor), (t, floor)


def _pos_bwd(res, g):
    t, floor = res
    return (g * (t > floor),)


positive.defvjp(_pos_fwd, _pos_bwd)


def logits(w, x):
    return x @ w


def nll(w, temp, x, y):
    tau = positive(temp, 0.05)
    z = logits(w, x) / tau
    logp = jax.nn.log_softmax(z, axis=-1)
    return -jnp.mean(jnp.take_along_axis(logp, y[:, None], axis=1))


def data():
    x = jnp.array([[1.0, 0.2], [0.1, 1.3], [0.9, 0.8]])
    y = jnp.array([0, 1, 1])
    return x, y


def fit_weights(w, temp, x, y, lr=0.1, steps=2):
    g = jax.grad(nll, argnums=0)
    for _ in range(steps):
        w = w - lr * g(w, temp, x, y)
    return w


def fit_temperature(w, temp, x, y, lr=0.1, steps=2):
    g = jax.grad(nll, argnums=1)
    for _ in range(steps):
        temp = temp - lr * g(w, temp, x, y)
    return temp


if __name__ == "__main__":
    x, y = data()
    w = jnp.array([[1.0, -0.5], [-0.3, 0.8]])
    temp = jnp.float32(1.5)
    print("nll", float(nll(w, temp, x, y)))
    temp = fit_temperature(w, temp, x, y)
    print("calibrated temperature", float(temp))
    print("nll after", float(nll(w, temp, x, y)))
