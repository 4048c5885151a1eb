from .jax_impl import *
