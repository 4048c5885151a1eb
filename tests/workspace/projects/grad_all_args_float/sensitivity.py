import jax


def leading_gradients(fn, *args):
    return jax.grad(fn, argnums=tuple(range(len(args) - 1)))(*args)
