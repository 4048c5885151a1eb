import jax


def input_saliency(fn, *args):
    """Gradient of fn with respect to every positional argument."""
    return jax.grad(fn, argnums=tuple(range(len(args))))(*args)
