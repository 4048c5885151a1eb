import functools

from .rootfind.newton import newton_inverse


def configured_inverse(iters):
    return functools.partial(newton_inverse, iters=iters)
