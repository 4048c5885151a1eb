"""copy.copy, then the copy's list of stages rebound to a new list: the trained original keeps only sin."""
import copy

import jax
import jax.numpy as jnp


@jax.custom_vjp
def squash(x, s):
    return jnp.tanh(x * s)


def _squash_fwd(x, s):
    return squash(x, s), (x, s)


def _squash_bwd(res, g):
    x, s = res
    return g * s * (1.0 - jnp.tanh(x * s) ** 2)


squash.defvjp(_squash_fwd, _squash_bwd)


class Pipeline:
    def __init__(self, stages):
        self.stages = stages

    def extended(self, stage):
        out = copy.copy(self)
        out.stages = self.stages + [stage]
        return out

    def run(self, x):
        for stage in self.stages:
            x = stage(x)
        return x


def objective(x):
    plain = Pipeline([jnp.sin])
    plain.extended(lambda h: squash(h, 2.0))
    return jnp.sum(plain.run(x))


if __name__ == "__main__":
    print(jax.grad(objective)(jnp.array([0.1, 0.4])))
