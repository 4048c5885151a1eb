import jax
import equinox as eqx


class DropMLP(eqx.Module):
    l1: eqx.nn.Linear
    drop: eqx.nn.Dropout
    l2: eqx.nn.Linear

    def __init__(self, key):
        a, b = jax.random.split(key)
        self.l1 = eqx.nn.Linear(4, 8, key=a)
        self.drop = eqx.nn.Dropout(0.25)
        self.l2 = eqx.nn.Linear(8, 1, key=b)

    def __call__(self, x, key):
        h = jax.nn.relu(self.l1(x))
        h = self.drop(h, key=key)
        return self.l2(h)[0]


def make_model(seed):
    return DropMLP(jax.random.key(seed))
