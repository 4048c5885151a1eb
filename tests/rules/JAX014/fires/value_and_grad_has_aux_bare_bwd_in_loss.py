"""The same bare-array bwd, its output added to the differentiated loss: JAX pulls back through it."""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def soft_ratio(a, b):
    return jnp.sum(a) / (jnp.sum(b) + 1.0)


def _fwd(a, b):
    return soft_ratio(a, b), (a, b)


def _bwd(res, g):  # EXPECT: JAX014
    a, b = res
    return g * jnp.ones_like(a)


soft_ratio.defvjp(_fwd, _bwd)


def objective(w, x):
    pred = jnp.tanh(x * w)
    ratio = soft_ratio(pred, x)
    loss = jnp.mean(pred ** 2) + 0.1 * ratio
    return loss, {"ratio": ratio}


if __name__ == "__main__":
    (loss, aux), g = jax.value_and_grad(objective, has_aux=True)(0.5, jnp.arange(3.0))
    print(loss, aux["ratio"], g)
