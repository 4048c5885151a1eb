"""Reactor kinetics: a pydantic model normalises the rate law; copies made with update skip it."""
from typing import Final

import jax
import jax.numpy as jnp
import numpy as np
from pydantic import BaseModel, field_validator

R_GAS: Final[float] = 8.314


class Kinetics(BaseModel):
    rate_law: str = "mass_action"
    pre_exp: float = 1.2e3
    act_energy: float = 4.5e4

    @field_validator("rate_law")
    @classmethod
    def _canonical(cls, v: str) -> str:
        return v.strip().lower().replace("-", "_")


def rate_constants(temps: np.ndarray, kin: Kinetics) -> np.ndarray:
    if kin.rate_law == "arrhenius":
        return kin.pre_exp * np.exp(-kin.act_energy / (R_GAS * temps))
    if kin.rate_law == "mass_action":
        return np.full_like(temps, kin.pre_exp)
    # generic fallback: evaluate the Arrhenius-like form with the device library
    return np.asarray(kin.pre_exp * jnp.exp(-kin.act_energy / (R_GAS * temps)))


def make_host(kin: Kinetics):
    def host(temps, conc):
        temps = np.asarray(temps, dtype=np.float64)
        conc = np.asarray(conc, dtype=np.float64)
        k = rate_constants(temps, kin)
        return (-k * conc).astype(np.float32)
    return host


def simulate(kin: Kinetics, temps: jax.Array, c0: float, dt: float, steps: int) -> jax.Array:
    host = make_host(kin)

    def step(c, _):
        dc = jax.pure_callback(host, jax.ShapeDtypeStruct(temps.shape, jnp.float32), temps, c)
        c = c + dt * dc
        return c, c.mean()

    _, means = jax.lax.scan(step, jnp.full(temps.shape, c0, jnp.float32), None, length=steps)
    return means


if __name__ == "__main__":
    base = Kinetics()
    kin = Kinetics.model_validate({**base.model_dump(), "rate_law": "Arrhenius"})
    temps = jnp.array([520.0, 560.0, 600.0], dtype=jnp.float32)
    means = jax.jit(lambda t: simulate(kin, t, 1.0, 0.01, 5))(temps)
    print(kin.rate_law, np.round(np.asarray(means), 4))
