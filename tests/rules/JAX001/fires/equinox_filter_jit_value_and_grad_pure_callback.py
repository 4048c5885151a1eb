"""equinox filter_jit around filter_value_and_grad, with a host-evaluated loss term."""
import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np


def host_abs_sum(v):
    return np.asarray(np.abs(np.asarray(v)).sum(), dtype=np.float32)


class Affine(eqx.Module):
    w: jax.Array
    b: jax.Array

    def __call__(self, x):
        return x * self.w + self.b


def l1(v):
    return jax.pure_callback(host_abs_sum, jax.ShapeDtypeStruct((), v.dtype), v)  # EXPECT: JAX001


@eqx.filter_jit
def train_step(model, x, y):
    def loss_fn(m):
        return jnp.mean((m(x) - y) ** 2) + 0.01 * l1(m.w)

    loss, grads = eqx.filter_value_and_grad(loss_fn)(model)
    model = jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, model, grads)
    return model, loss


model = Affine(jnp.array([1.0, 2.0]), jnp.array([0.0, 0.0]))
print(train_step(model, jnp.array([1.0, 1.0]), jnp.array([0.0, 1.0]))[1])
