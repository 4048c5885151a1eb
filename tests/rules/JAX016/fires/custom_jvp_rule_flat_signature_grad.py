"""A defjvp rule written with one parameter per primal and tangent, not (primals, tangents)."""
import jax


@jax.custom_jvp
def mul(x, y):
    return x * y


@mul.defjvp
def mul_jvp(x, y, x_dot, y_dot):  # EXPECT: JAX016
    return mul(x, y), x * y_dot + y * x_dot


print(jax.grad(mul)(1.0, 2.0))
