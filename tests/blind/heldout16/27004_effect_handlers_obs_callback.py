"""A tiny numpyro-style effect-handler stack written in plain Python."""
import numpy as np
import jax
import jax.numpy as jnp
from scipy import stats

_STACK = []


class Messenger:
    def __enter__(self):
        _STACK.append(self)
        return self

    def __exit__(self, *exc):
        _STACK.pop()

    def process(self, msg):
        pass


class substitute(Messenger):
    def __init__(self, values):
        self.values = values

    def process(self, msg):
        if msg["name"] in self.values:
            msg["value"] = self.values[msg["name"]]


class log_density_trace(Messenger):
    def __init__(self):
        self.total = 0.0

    def process(self, msg):
        self.total = self.total + msg["log_prob"](msg["value"])


def sample(name, log_prob, obs=None):
    msg = {"name": name, "value": obs, "log_prob": log_prob}
    for handler in reversed(_STACK):
        handler.process(msg)
    return msg["value"]


def _robust_weights(y):
    # Huber-style data weights from a SciPy robust scale estimate; they depend on data only
    scale = stats.median_abs_deviation(y)
    return np.clip(1.5 * scale / (np.abs(y - np.median(y)) + 1e-6), 0.0, 1.0).astype(np.float32)


y_obs = jnp.array([0.1, -0.3, 0.2, 4.0, 0.05])


def model():
    mu = sample("mu", lambda v: -0.5 * v ** 2)
    w = jax.pure_callback(_robust_weights, jax.ShapeDtypeStruct(y_obs.shape, jnp.float32), y_obs)
    sample("y", lambda v: jnp.sum(-0.5 * w * (v - mu) ** 2), obs=y_obs)


def potential(mu):
    with log_density_trace() as tr, substitute({"mu": mu}):
        model()
    return -tr.total


grad_potential = jax.jit(jax.grad(potential))
mu = 0.0
for _ in range(50):
    mu = mu - 0.1 * grad_potential(mu)
print("MAP mu", mu)
