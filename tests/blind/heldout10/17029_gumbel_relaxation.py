"""Relaxed categorical sampling (Gumbel-softmax) for a toy discrete latent
model."""
from dataclasses import dataclass
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
import optax


@dataclass(frozen=True)
class Hyper:
    n_categories: int = 4
    temperature: float = 0.5
    n_samples: int = 32
    lr: float = 0.1


H = Hyper()


def gumbel_softmax(key, logits, tau):
    g = -jnp.log(-jnp.log(jax.random.uniform(key, logits.shape, minval=1e-6, maxval=1.0)))
    return jax.nn.softmax((logits + g) / tau, axis=-1)


def reward(sample, payoff):
    return sample @ payoff


def objective(logits, key, payoff, hyper: Hyper):
    keys = jax.random.split(key, hyper.n_samples)
    draw = jax.vmap(lambda k: gumbel_softmax(k, logits, hyper.temperature))(keys)
    entropy = -jnp.sum(jax.nn.softmax(logits) * jax.nn.log_softmax(logits))
    return -jnp.mean(jax.vmap(reward, in_axes=(0, None))(draw, payoff)) - 0.01 * entropy


def make_update(hyper, optimizer):
    grad_fn = jax.grad(objective, argnums=0)

    @jax.jit
    def update(logits, opt_state, key, payoff):
        g = grad_fn(logits, key, payoff, hyper)
        updates, opt_state = optimizer.update(g, opt_state)
        return optax.apply_updates(logits, updates), opt_state
    return update


def key_stream(seed):
    key = jax.random.key(seed)
    while True:
        key, sub = jax.random.split(key)
        yield sub


def describe(logits):
    p = np.asarray(jax.nn.softmax(logits))
    return " ".join(f"{v:.3f}" for v in p)


def environment_summary():
    import platform
    devices = jax.devices()
    return {
        "python": platform.python_version(),
        "jax": jax.__version__,
        "numpy": np.__version__,
        "backend": devices[0].platform if devices else "none",
        "n_devices": len(devices),
    }


def format_summary(d):
    width = max(len(k) for k in d)
    return "\n".join(f"{k.ljust(width)} : {v}" for k, v in d.items())


if __name__ == "__main__":
    payoff = jnp.array([0.1, 0.9, 0.3, 0.2])
    logits = jnp.zeros(H.n_categories)
    opt = optax.adam(H.lr)
    state = opt.init(logits)
    update = make_update(H, opt)
    keys = key_stream(0)
    for i in range(25):
        logits, state = update(logits, state, next(keys), payoff)
        if i % 5 == 0:
            print(i, describe(logits))
    print("final", describe(logits))
