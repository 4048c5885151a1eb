"""Soil moisture retention: attrs options with a converter decide the pure_callback keywords."""
from typing import Optional

import attrs
import jax
import jax.numpy as jnp
import numpy as np
from jaxtyping import Array, Float


def _tri_state(value) -> Optional[bool]:
    if value is None or str(value).lower() in {"auto", ""}:
        return None
    return str(value).lower() in {"1", "yes", "true", "on"}


@attrs.frozen
class HostCallOptions:
    batching: Optional[bool] = attrs.field(default="auto", converter=_tri_state)

    def as_kwargs(self) -> dict:
        renamed = {"batching": "vectorized"}
        return {renamed[k]: v for k, v in attrs.asdict(self).items() if v is not None}


@attrs.frozen
class VanGenuchten:
    alpha: float = attrs.field(default=0.08, converter=float)
    n: float = attrs.field(default=1.6, converter=float)
    theta_r: float = 0.05
    theta_s: float = 0.42


def retention_host(head, alpha, n):
    h = np.abs(np.asarray(head, dtype=np.float64))
    a, nn = float(np.asarray(alpha)), float(np.asarray(n))
    m = 1.0 - 1.0 / nn
    return ((1.0 + (a * h) ** nn) ** (-m)).astype(np.float32)


def water_content(head: Float[Array, "z"], soil: VanGenuchten,
                  opts: HostCallOptions = HostCallOptions()) -> Float[Array, "z"]:
    se = jax.pure_callback(retention_host, jax.ShapeDtypeStruct(head.shape, jnp.float32),
                           head, jnp.float32(soil.alpha), jnp.float32(soil.n), **opts.as_kwargs())
    return soil.theta_r + (soil.theta_s - soil.theta_r) * se


if __name__ == "__main__":
    soil = attrs.evolve(VanGenuchten(), alpha="0.05")
    heads = -jnp.array([10.0, 50.0, 150.0, 500.0], jnp.float32)
    theta = jax.jit(lambda h: water_content(h, soil))(heads)
    print(np.round(np.asarray(theta), 3))
