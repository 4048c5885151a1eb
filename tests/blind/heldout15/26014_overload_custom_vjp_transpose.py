from typing import overload
import jax
import jax.numpy as jnp


@jax.custom_vjp
def scaled(v):
    return 3.0 * v

scaled.defvjp(lambda v: (scaled(v), None), lambda _, g: (3.0 * g,))


@overload
def apply(v: float) -> float: ...
@overload
def apply(v: jax.Array) -> jax.Array: ...
def apply(v):
    return scaled(v) + v


x = jnp.arange(3.0)
print(f"{apply(x)=}")
print(f"{jax.grad(lambda v: apply(v).sum())(x)=}")

adj = jax.linear_transpose(apply, x)
print(f"{adj(jnp.ones(3))=}")
