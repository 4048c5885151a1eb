"""Custom rules whose outputs JAX rejects when it differentiates: a bwd returning two cotangents
for one argument. JAX raises TypeError at jax.grad."""
# Re-expressed from jax-ml/jax tests/custom_api_test.py:1988-2002 (`foo_bwd` returns `(g, g)`,
# expected to raise by the test); JAX014. The sibling tests at :2005 (a bare array) and :452 (a
# jvp rule's tangent structure, JAX015) were run the same way and raise TypeError too.
import jax


@jax.custom_vjp
def f(x):
    return x


def foo_fwd(x):
    return x, None


def foo_bwd(_, g):  # EXPECT: JAX014
    return (g, g)


f.defvjp(foo_fwd, foo_bwd)

f(2.0)
print(jax.grad(f)(2.0))
