import functools
import jax

host_call = functools.partial(jax.pure_callback, vmap_method="sequential")
