import jax
import jax.numpy as jnp
import optax


@jax.custom_vjp
def affine(params, x):
    return x @ params["w"] + params["b"]


def _affine_fwd(params, x):
    return affine(params, x), (params, x)


def _affine_bwd(res, g):
    params, x = res
    gp = {"w": jnp.outer(x, g), "b": g}
    return gp, params["w"] @ g


affine.defvjp(_affine_fwd, _affine_bwd)

params = {"w": jnp.eye(2), "b": jnp.zeros(2)}
opt = optax.adam(1e-2)
state = opt.init(params)
x = jnp.array([1.0, -1.0])
for _ in range(2):
    g = jax.grad(lambda p: jnp.sum(affine(p, x) ** 2))(params)
    upd, state = opt.update(g, state)
    params = optax.apply_updates(params, upd)
print(params)
