import jax
import jax.numpy as jnp
import optax


@jax.custom_vjp
def grad_scale(x):
    return x


def _gs_fwd(x):
    return x, None


def _gs_bwd(_, g):
    return 0.1 * g


grad_scale.defvjp(_gs_fwd, _gs_bwd)


def loss(params, x):
    h = grad_scale(params["w"]) * x
    return jnp.sum((h - 1.0) ** 2)


params = {"w": jnp.ones(3)}
opt = optax.sgd(0.1)
state = opt.init(params)
x = jnp.arange(3.0)
for _ in range(2):
    g = jax.grad(loss)(params, x)
    updates, state = opt.update(g, state)
    params = optax.apply_updates(params, updates)
print(params)
