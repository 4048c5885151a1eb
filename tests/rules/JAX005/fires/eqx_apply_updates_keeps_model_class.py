"""a training loop over `range(2)` replaces the model by `eqx.apply_updates(model, updates)`;
the updated model is the same `eqx.Module` class, whose `__call__` goes through a custom_vjp
function that `jax.jacfwd` then reaches"""
import equinox as eqx
import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip_grad(x):
    return x


def _clip_fwd(x):
    return x, None


def _clip_bwd(_, g):
    return (jnp.clip(g, -1.0, 1.0),)


clip_grad.defvjp(_clip_fwd, _clip_bwd)


class Scale(eqx.Module):
    w: jax.Array

    def __call__(self, x):
        return jnp.sum(clip_grad(self.w * x))  # EXPECT: JAX005


@eqx.filter_grad
def loss(model, x):
    return model(x) ** 2


if __name__ == "__main__":
    model = Scale(jnp.ones(3))
    x = jnp.arange(3.0)
    for _ in range(2):
        grads = loss(model, x)
        model = eqx.apply_updates(model, jax.tree_util.tree_map(lambda g: -0.1 * g, grads))
    print(jax.jacfwd(lambda v: model(v))(x))
