"""Pipeline stages register themselves with __init_subclass__; one stage streams its
activations to a host logger with io_callback."""
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

SEEN = []


class Stage:
    stages = {}

    def __init_subclass__(cls, *, tag, **kw):
        super().__init_subclass__(**kw)
        cls.tag = tag
        Stage.stages[tag] = cls

    def apply(self, h):
        return h


class Affine(Stage, tag="affine"):
    def apply(self, h):
        return 1.5 * h + 0.1


class Monitor(Stage, tag="monitor"):
    def apply(self, h):
        io_callback(lambda v: SEEN.append(float(v)), None, jnp.max(h))
        return h


class Squash(Stage, tag="squash"):
    def apply(self, h):
        return jnp.tanh(h)


def build(tags):
    objs = [Stage.stages[t]() for t in tags]

    def run(h):
        for o in objs:
            h = o.apply(h)
        return jnp.sum(h ** 2)

    return run


if __name__ == "__main__":
    net = build(["affine", "monitor", "squash"])
    x = jnp.array([0.1, -0.4, 0.7])
    print(net(x), SEEN)
    print(jax.grad(net)(x))
