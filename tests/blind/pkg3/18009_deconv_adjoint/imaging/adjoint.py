import jax


def adjoint_of(linear_op, example):
    """Return the adjoint (transpose) of a linear operator at the given input shape."""
    t = jax.linear_transpose(linear_op, example)
    return lambda y: t(y)[0]
