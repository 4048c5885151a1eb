"""copy.deepcopy copies the list of stages too: appending to the copy leaves the trained original as it was."""
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
        out = copy.deepcopy(self)
        out.stages.append(stage)
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
