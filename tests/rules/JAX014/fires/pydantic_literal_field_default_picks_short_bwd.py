"""A pydantic Literal field's Field default picks the bwd rule that returns one cotangent for two primal inputs."""
from typing import Literal

import jax
import jax.numpy as jnp
from pydantic import BaseModel, Field


class QuantConfig(BaseModel):
    surrogate: Literal["smooth", "straight"] = Field(default="smooth")
    bits: int = 4


def smooth_bwd(res, g):  # EXPECT: JAX014
    x, scale = res
    return g * jnp.cos(x) * scale


def straight_bwd(res, g):
    x, scale = res
    return g * scale, jnp.sum(g * x)


def make_quantise(cfg):
    @jax.custom_vjp
    def quantise(x, scale):
        return jnp.round(x * scale) / scale

    def fwd(x, scale):
        return quantise(x, scale), (x, scale)

    quantise.defvjp(fwd, smooth_bwd if cfg.surrogate == "smooth" else straight_bwd)
    return quantise


cfg = QuantConfig(bits="8")
q = make_quantise(cfg)
print(jax.grad(lambda x: jnp.sum(q(x, 2.0 ** cfg.bits)))(jnp.ones(3)))
