"""A loss history whose truth (`__bool__`) uses `jnp` only when it is empty: the host adds
an entry before testing it, and the entries are read elsewhere only by `np.mean`, which
takes nothing out of the list, so the host's test never reaches the `jnp` line."""
import jax
import jax.numpy as jnp
import numpy as np


class LossHistory:
    def __init__(self, target):
        self.target = target
        self.losses = []

    def add(self, value):
        self.losses.append(float(value))

    def __bool__(self):
        if self.losses:
            return self.losses[-1] > self.target
        return bool(jnp.zeros(()) > 0)


HISTORY = LossHistory(target=0.01)


def host_record(loss):
    HISTORY.add(np.asarray(loss))
    return np.float32(1.0 if HISTORY else 0.0)


@jax.jit
def step(w):
    loss = jnp.sum(w ** 2)
    keep_going = jax.pure_callback(host_record, jax.ShapeDtypeStruct((), jnp.float32), loss)
    return w * 0.5, keep_going


def mean_loss(history):
    return float(np.mean(history.losses))


if __name__ == "__main__":
    w = jnp.ones(2)
    for _ in range(3):
        w, flag = step(w)
    print(w, flag, mean_loss(HISTORY))
