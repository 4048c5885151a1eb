import jax
import jax.numpy as jnp

from thermo import legacy as vp

MMHG_TO_KPA = 0.133322


@jax.jit
def boiling_margin(temp_c, idx, ambient_kpa=101.325):
    return vp.vapour_pressure(temp_c, idx) * MMHG_TO_KPA - ambient_kpa


if __name__ == "__main__":
    print(boiling_margin(jnp.array([80.0, 100.0]), jnp.array([0, 1])))
