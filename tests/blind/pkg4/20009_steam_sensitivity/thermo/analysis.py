import jax
import jax.numpy as jnp

from .ops import *


def boiler_duty(temps):
    p = saturation_pressure(temps)
    return jnp.sum(p * jnp.log(temps))


def sensitivity_report(temps):
    duty = boiler_duty(temps)
    d_duty = jax.jacfwd(boiler_duty)(temps)
    return {"duty": duty, "d_duty/dT": d_duty}
