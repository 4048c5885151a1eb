# Re-expresses the set_x / get_x io_callback example from jax-ml/jax issue #20628 (mattjj's comment)
"""Host-side scratch register written and read back through ordered io_callbacks; the
members are processed one jit call at a time in a Python loop rather than with vmap."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

_register = {"x": 0.0}


def _set_x(x):
    _register["x"] = float(np.asarray(x))


def _get_x():
    return np.float32(_register["x"])


@jax.jit
def stash_and_reload(x):
    io_callback(_set_x, None, x * 2.0, ordered=True)
    back = io_callback(_get_x, jax.ShapeDtypeStruct((), jnp.float32), ordered=True)
    return back + 1.0


members = jnp.array([0.5, 1.5, 2.5])
results = [stash_and_reload(m) for m in members]
print(results, _register)
