"""A vmap whose in_axes is a dict prefix maps "x" and passes "scale" as it is; the ordered
io_callback reads only "scale", so no batched operand reaches it. `run` is given an argument whose keys
the analysis does not see: vmap only accepts a dict with the prefix's keys."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


def _record(scale):
    return np.float32(np.asarray(scale))


def scaled(inputs):
    s = io_callback(_record, jax.ShapeDtypeStruct((), jnp.float32), inputs["scale"],
                    ordered=True)
    return inputs["x"] * s


AXES = {"x": 0, "scale": None}


def run(inputs):
    return jax.vmap(scaled, in_axes=(AXES,))(inputs)


NAMES = ("x", "scale")
# (`dict(zip(...))`: its keys are not seen)
print(run(dict(zip(NAMES, (jnp.arange(3.0), jnp.float32(2.0))))))
