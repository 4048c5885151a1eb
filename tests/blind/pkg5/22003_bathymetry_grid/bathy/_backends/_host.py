import functools

import jax

_callback = functools.partial(jax.pure_callback, vmap_method="expand_dims")


def host_call(fn, shape, dtype, *args):
    return _callback(fn, jax.ShapeDtypeStruct(shape, dtype), *args)
