import jax


def make_linear_op(host_op):
    """Make a host operator differentiable: its VJP is the adjoint operator."""
    adjoint = host_op.T

    @jax.custom_vjp
    def op(x):
        return host_op(x)

    def op_fwd(x):
        return op(x), None

    def op_bwd(_, g):
        return (adjoint(g),)

    op.defvjp(op_fwd, op_bwd)
    return op
