"""A class decorator instruments methods whose names carry a prefix; one method is used as a host."""
import functools

import numpy as np
import jax
import jax.numpy as jnp


def instrument(prefix):
    def wrap_method(meth):
        @functools.wraps(meth)
        def inner(self, *args):
            out = meth(self, *args)
            self.last_norm = jnp.linalg.norm(out)
            return out
        return inner

    def cls_deco(cls):
        for name, member in list(vars(cls).items()):
            if name.startswith(prefix) and callable(member):
                setattr(cls, name, wrap_method(member))
        return cls
    return cls_deco


@instrument(prefix="cb_")
class Resampler:
    def __init__(self, factor):
        self.factor = factor
        self.last_norm = None

    def cb_upsample(self, x):
        arr = np.asarray(x)
        return np.repeat(arr, self.factor).astype(np.float32)

    def log_shape(self, x):
        return np.asarray(np.shape(x))

    def __call__(self, x):
        spec = jax.ShapeDtypeStruct((x.shape[0] * self.factor,), jnp.float32)
        return jax.pure_callback(self.cb_upsample, spec, x)


if __name__ == "__main__":
    rs = Resampler(2)
    y = jax.jit(lambda v: rs(v) * 2.0)(jnp.arange(3.0, dtype=jnp.float32))
    print("upsampled", y, rs.log_shape(y))
