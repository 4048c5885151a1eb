import jax
import jax.numpy as jnp
import numpy as np


def _host_clip(rate):
    return np.clip(np.asarray(rate), 0.0, 1e3).astype(np.float32)


class HostAuditMixin:
    """Checks every reaction rate on the host (a pure_callback: no JVP rule)."""

    def _audit(self, rate):
        return jax.pure_callback(_host_clip, jax.ShapeDtypeStruct(rate.shape, rate.dtype), rate)


class QuietAuditMixin:
    """The same check traced by JAX (differentiable)."""

    def _audit(self, rate):
        return jnp.clip(rate, 0.0, 1e3)
