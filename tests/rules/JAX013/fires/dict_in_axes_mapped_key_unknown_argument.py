"""Twin of clean/dict_in_axes_shared_key_unknown_argument.py: the dict prefix maps "scale"
too, so the ordered io_callback's operand is batched, also when `run`'s argument is one whose
keys the analysis does not see."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


def _record(scale):
    return np.asarray(scale, dtype=np.float32)


def scaled(inputs):
    s = io_callback(_record, jax.ShapeDtypeStruct((), jnp.float32), inputs["scale"],  # EXPECT: JAX013
                    ordered=True)
    return inputs["x"] * s


AXES = {"x": 0, "scale": 0}


def run(inputs):
    return jax.vmap(scaled, in_axes=(AXES,))(inputs)


NAMES = ("x", "scale")
# (`dict(zip(...))`: its keys are not seen)
print(run(dict(zip(NAMES, (jnp.arange(3.0), jnp.ones(3, jnp.float32))))))
