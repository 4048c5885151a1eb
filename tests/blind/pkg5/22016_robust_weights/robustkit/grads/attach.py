import jax.numpy as jnp


def _fwd(r, cap):
    th = jnp.tanh(r / cap)
    return cap * th, th


def _bwd(cap, th, ct):
    return (ct * (1 - th * th),)


def install():
    from robustkit.functional.clipping.soft import capped
    capped.defvjp(_fwd, _bwd)
