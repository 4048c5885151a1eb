"""Tide prediction from harmonic constituents with a host-side astronomical argument table."""
from dataclasses import dataclass, field
from typing import Optional
import numpy as np
import jax
import jax.numpy as jnp


@dataclass
class CallbackSettings:
    vectorized: Optional[bool] = None
    vmap_method: Optional[str] = None

    def as_kwargs(self):
        kw = {}
        if self.vectorized is not None:
            kw["vectorized"] = self.vectorized
        if self.vmap_method is not None:
            kw["vmap_method"] = self.vmap_method
        return kw


@dataclass
class Harbor:
    name: str
    amplitudes: tuple = (1.2, 0.4, 0.25)
    settings: CallbackSettings = field(default_factory=CallbackSettings)


@dataclass
class ArchivedHarbor(Harbor):
    settings: CallbackSettings = field(default_factory=lambda: CallbackSettings(vectorized=True))


@dataclass
class BatchedHarbor(Harbor):
    settings: CallbackSettings = field(
        default_factory=lambda: CallbackSettings(vmap_method="broadcast_all"))


_SPEEDS = np.array([28.984, 30.0, 15.041])  # M2, S2, K1 in deg/hour


def _phases(hours):
    hours = np.asarray(hours, dtype=np.float64)
    return np.deg2rad(np.outer(hours, _SPEEDS) % 360.0).astype(np.float32)


def water_level(harbor, hours):
    spec = jax.ShapeDtypeStruct((hours.shape[0], 3), jnp.float32)
    ph = jax.pure_callback(_phases, spec, hours, **harbor.settings.as_kwargs())
    return jnp.cos(ph) @ jnp.asarray(harbor.amplitudes)


if __name__ == "__main__":
    harbor = ArchivedHarbor("Kirkwall")
    hours = jnp.arange(0.0, 24.0, 3.0)
    level = jax.jit(lambda h: water_level(harbor, h))(hours)
    for h, z in zip(np.asarray(hours), np.asarray(level)):
        print(f"{harbor.name} {h:5.1f} h  {z:+.3f} m")
