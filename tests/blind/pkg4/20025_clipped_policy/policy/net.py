import jax
import jax.numpy as jnp
import equinox as eqx

from .grads import clip_grad


class Policy(eqx.Module):
    trunk: eqx.nn.MLP
    clip: float = eqx.field(static=True)

    def __call__(self, obs):
        h = self.trunk(obs)
        h = clip_grad(h, self.clip)
        return jax.nn.softmax(h)


def build_policy(key, clip=1.0):
    return Policy(eqx.nn.MLP(3, 2, width_size=8, depth=1, key=key), clip)
