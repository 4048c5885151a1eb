import jax
import jax.numpy as jnp
import equinox as eqx


@jax.custom_vjp
def scaled_softplus(x, beta):
    return jax.nn.softplus(beta * x) / beta


def _fwd(x, beta):
    return scaled_softplus(x, beta), (x, beta)


def _bwd(res, g):
    x, beta = res
    gx = g * jax.nn.sigmoid(beta * x)
    return gx, jnp.zeros_like(beta), None


scaled_softplus.defvjp(_fwd, _bwd)


class Net(eqx.Module):
    lin: eqx.nn.Linear
    beta: jax.Array

    def __call__(self, x):
        return scaled_softplus(self.lin(x), self.beta)


net = Net(eqx.nn.Linear(2, 2, key=jax.random.PRNGKey(0)), jnp.array(2.0))


@eqx.filter_grad
def loss(model, x):
    return jnp.sum(model(x))


print(loss(net, jnp.ones(2)).beta)
