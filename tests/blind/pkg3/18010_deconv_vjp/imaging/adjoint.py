import jax


def adjoint_of(linear_op, example):
    """Return the adjoint (transpose) of a linear operator at the given input shape."""
    _, pullback = jax.vjp(linear_op, example)
    return lambda y: pullback(y)[0]
