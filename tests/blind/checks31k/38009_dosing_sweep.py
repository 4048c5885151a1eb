"""Pharmacokinetic dosing simulator with a regulatory event journal."""
from __future__ import annotations

import attrs
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback
from jaxtyping import Array, Float

_TRUTHY = {"yes", "true", "on", "1", "strict"}


def _as_flag(value: object) -> bool:
    if isinstance(value, bool):
        return value
    return str(value).strip().lower() in _TRUTHY


@attrs.frozen
class JournalPolicy:
    retention_days: int = attrs.field(default=30, converter=int)
    sequencing: bool = attrs.field(default="relaxed", converter=_as_flag)
    label: str = "pk-journal"


@attrs.frozen
class Patient:
    clearance: float = attrs.field(converter=float)
    volume: float = attrs.field(converter=float)


JOURNAL: list[float] = []


def _journal_entry(conc) -> np.ndarray:
    c = np.asarray(conc)
    JOURNAL.append(float(c.sum()))
    return np.float32(c.max())


def concentration_curve(dose: Float[Array, ""], times: Float[Array, " t"],
                        patient: Patient, policy: JournalPolicy) -> Float[Array, " t"]:
    k = patient.clearance / patient.volume
    conc = dose / patient.volume * jnp.exp(-k * times)
    peak = io_callback(_journal_entry, jax.ShapeDtypeStruct((), jnp.float32), conc,
                       ordered=policy.sequencing)
    return conc / jnp.maximum(peak, 1e-6)


def dose_sweep(doses: Float[Array, " d"], policy: JournalPolicy) -> Float[Array, "d t"]:
    patient = Patient(clearance="4.2", volume=30)
    times = jnp.linspace(0.0, 12.0, 6)
    return jax.vmap(concentration_curve, in_axes=(0, None, None, None))(doses, times, patient, policy)


def main() -> int:
    policy = JournalPolicy()
    policy = attrs.evolve(policy, retention_days="90")
    curves = dose_sweep(jnp.array([50.0, 100.0, 200.0]), policy)
    print(attrs.asdict(policy), curves.shape, len(JOURNAL))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
