"""A loss history whose truth (`__bool__`) compares its last entry with `jnp`: the host adds
an entry, then tests the history, so the comparison runs JAX in the host. The entries are
also summarised by `np.mean(history.losses)`, which reads the list into a new array and
takes nothing out of it: the list still holds the entry when the host tests it."""
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
        if not self.losses:
            return False
        return bool(jnp.greater(self.losses[-1], self.target))  # EXPECT: JAX011


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
