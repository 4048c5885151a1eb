"""Second derivative of a rematerialised energy, with a saturation monitor on the host."""
import numpy as np
import jax
import jax.numpy as jnp

ALERTS = []
THRESH = 5.0


def _saturation_alert(v):
    a = np.asarray(v)
    frac = float(np.mean(np.abs(a) > THRESH))
    if frac > 0.0:
        ALERTS.append(float(jax.nn.sigmoid(frac)))


@jax.checkpoint
def block(x, w):
    h = jnp.tanh(w * x)
    jax.debug.callback(_saturation_alert, h)
    return h * x


def energy(w, xs):
    return jnp.sum(block(xs, w) ** 2)


def second_derivative(w, xs):
    return jax.grad(jax.grad(energy))(w, xs)


def newton_steps(w, xs, n=2):
    for _ in range(n):
        g = jax.grad(energy)(w, xs)
        h = second_derivative(w, xs)
        w = w - g / (jnp.abs(h) + 1.0)
    return w


if __name__ == "__main__":
    xs = jnp.linspace(-1.0, 1.0, 5)
    w = newton_steps(jnp.float32(0.9), xs)
    print("w* =", float(w), "alerts:", len(ALERTS))
