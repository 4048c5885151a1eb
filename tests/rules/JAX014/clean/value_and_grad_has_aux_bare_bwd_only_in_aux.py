"""A custom_vjp whose bwd returns a bare array is used only in the has_aux output: never pulled back."""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def soft_ratio(a, b):
    return jnp.sum(a) / (jnp.sum(b) + 1.0)


def _fwd(a, b):
    return soft_ratio(a, b), (a, b)


def _bwd(res, g):
    a, b = res
    return g * jnp.ones_like(a)


soft_ratio.defvjp(_fwd, _bwd)


def objective(w, x):
    pred = jnp.tanh(x * w)
    loss = jnp.mean(pred ** 2)
    return loss, {"ratio": soft_ratio(pred, x)}


if __name__ == "__main__":
    (loss, aux), g = jax.value_and_grad(objective, has_aux=True)(0.5, jnp.arange(3.0))
    print(loss, aux["ratio"], g)
