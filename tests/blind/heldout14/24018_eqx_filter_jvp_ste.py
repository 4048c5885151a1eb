"""Sensitivity of a binarised equinox network to an input direction, via
eqx.filter_jvp.  Binarisation uses a sign with a straight-through backward."""
import equinox as eqx
import jax
import jax.numpy as jnp


@jax.custom_vjp
def ste_sign(x):
    return jnp.sign(x)


def _ste_fwd(x):
    return jnp.sign(x), x


def _ste_bwd(x, g):
    return (g * (jnp.abs(x) <= 1.0),)


ste_sign.defvjp(_ste_fwd, _ste_bwd)


class BinaryMLP(eqx.Module):
    layers: list

    def __init__(self, key):
        k1, k2 = jax.random.split(key)
        self.layers = [eqx.nn.Linear(4, 8, key=k1), eqx.nn.Linear(8, 2, key=k2)]

    def __call__(self, x):
        x = ste_sign(self.layers[0](x))
        return self.layers[1](x)


if __name__ == "__main__":
    net = BinaryMLP(jax.random.PRNGKey(3))
    x = jnp.array([0.2, -0.1, 0.7, 0.0])
    direction = jnp.array([1.0, 0.0, 0.0, 0.0])
    out, tangent = eqx.filter_jvp(net, (x,), (direction,))
    print(out, tangent)
