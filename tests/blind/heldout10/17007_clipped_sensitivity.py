"""Input sensitivity of a small classifier that clips its backward signal.

`clip_gradient` is the usual identity-with-clipped-cotangent trick.
"""
from dataclasses import dataclass
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
import flax.linen as nn


@partial(jax.custom_vjp, nondiff_argnums=(0,))
def clip_gradient(bound, x):
    return x


def _clip_fwd(bound, x):
    return x, None


def _clip_bwd(bound, _, g):
    return (jnp.clip(g, -bound, bound),)


clip_gradient.defvjp(_clip_fwd, _clip_bwd)


@dataclass(frozen=True)
class ModelConfig:
    width: int = 16
    classes: int = 3
    grad_bound: float = 0.5


class Encoder(nn.Module):
    width: int

    @nn.compact
    def __call__(self, x):
        x = nn.Dense(self.width)(x)
        x = nn.LayerNorm()(x)
        return nn.gelu(x)


class Classifier(nn.Module):
    cfg: ModelConfig

    def setup(self):
        self.encoder = Encoder(self.cfg.width)
        self.head = nn.Dense(self.cfg.classes)

    def __call__(self, x):
        h = self.encoder(x)
        h = clip_gradient(self.cfg.grad_bound, h)
        return self.head(h)


def softmax_cross_entropy(logits, label):
    logp = jax.nn.log_softmax(logits)
    return -logp[label]


class SensitivityProbe:
    def __init__(self, model, params):
        self.model = model
        self.params = params

    def logits(self, x):
        return self.model.apply(self.params, x)

    def loss_gradient(self, x, label):
        return jax.grad(lambda v: softmax_cross_entropy(self.logits(v), label))(x)

    def jacobian(self, x):
        return jax.jacfwd(self.logits)(x)

    def summary(self, x, label):
        g = self.loss_gradient(x, label)
        J = self.jacobian(x)
        return {"grad_norm": float(jnp.linalg.norm(g)),
                "jac_fro": float(jnp.linalg.norm(J)),
                "jac_shape": tuple(J.shape)}


def sample_inputs(n, dim, seed=0):
    rng = np.random.default_rng(seed)
    return jnp.asarray(rng.normal(size=(n, dim)).astype(np.float32))


if __name__ == "__main__":
    cfg = ModelConfig()
    model = Classifier(cfg)
    xs = sample_inputs(3, 5)
    params = model.init(jax.random.PRNGKey(0), xs[0])
    probe = SensitivityProbe(model, params)
    for i, x in enumerate(xs):
        print(i, probe.summary(x, i % cfg.classes))
