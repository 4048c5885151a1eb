"""The vmap's `in_axes` for the ordered callback's operand comes from settings read as JSON
text: None there (the shock is shared, not batched). The analysis cannot read that axis, and an
axis it cannot read is not one it knows to batch: nothing is reported."""
import json

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

SETTINGS = json.loads('{"state_axis": 0, "shock_axis": null}')


def audit(shock):
    return np.bool_(np.all(np.abs(np.asarray(shock)) < 5.0))


def step(balances, shock):
    accepted = io_callback(audit, jax.ShapeDtypeStruct((), jnp.bool_), shock, ordered=True)
    return jnp.where(accepted, balances + shock, balances)


def simulate(balances, shock, settings):
    axes = (settings["state_axis"], settings["shock_axis"])
    return jax.vmap(step, in_axes=axes)(balances, shock)


print(simulate(jnp.ones((3, 4)), jnp.full((4,), 0.5), SETTINGS))
