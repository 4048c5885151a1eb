"""Custom-gradient affine layer over a registered dataclass parameter pytree."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from jaxtyping import Array, Float


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Affine:
    weight: Float[Array, "out inp"]
    bias: Float[Array, " out"]


def _check(params: Affine, x: Float[Array, " inp"]) -> None:
    assert params.weight.shape[1] == x.shape[0], (params.weight.shape, x.shape)
    assert params.bias.shape == (params.weight.shape[0],)


@jax.custom_vjp
def affine_relu(params: Affine, x: Float[Array, " inp"]) -> Float[Array, " out"]:
    _check(params, x)
    return jax.nn.relu(params.weight @ x + params.bias)


def _fwd(params: Affine, x: Float[Array, " inp"]):
    pre = params.weight @ x + params.bias
    return jax.nn.relu(pre), (params, x, pre > 0)


def _bwd(res, g: Float[Array, " out"]) -> tuple[Affine, Float[Array, " inp"]]:
    params, x, active = res
    gated = g * active
    grads = Affine(weight=jnp.outer(gated, x), bias=gated)
    dx = params.weight.T @ gated
    return (grads, dx)


affine_relu.defvjp(_fwd, _bwd)


def mse(params: Affine, xs: Float[Array, "b inp"], ys: Float[Array, "b out"]) -> Float[Array, ""]:
    preds = jax.vmap(affine_relu, in_axes=(None, 0))(params, xs)
    return jnp.mean((preds - ys) ** 2)


def describe_model(obj: object) -> str:
    """One-line, sorted summary of a config-like object for log headers."""
    fields = getattr(obj, "__dict__", {}) or {}
    parts = [f"{k}={v!r}" for k, v in sorted(fields.items()) if not k.startswith("_")]
    return f"{type(obj).__name__}(" + ", ".join(parts) + ")"


def require_finite(name: str, value: float) -> float:
    import math
    if not math.isfinite(value):
        raise ValueError(f"{name} must be finite, got {value}")
    return value


if __name__ == "__main__":
    k1, k2 = jax.random.split(jax.random.key(0))
    params = Affine(weight=jax.random.normal(k1, (2, 3)) * 0.5, bias=jnp.zeros(2))
    xs = jax.random.normal(k2, (4, 3))
    ys = jnp.ones((4, 2))
    grads = jax.grad(mse)(params, xs, ys)
    print(jax.tree_util.tree_map(lambda a: a.shape, grads))
