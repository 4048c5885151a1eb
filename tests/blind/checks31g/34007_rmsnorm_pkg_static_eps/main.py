import jax
import jax.numpy as jnp

from layers import RMSNorm

if __name__ == "__main__":
    norm = RMSNorm(4)
    params = norm.init()
    x = jax.random.normal(jax.random.key(0), (2, 4))

    def objective(params, x):
        return jnp.sum(norm(params, x) ** 3)

    print(objective(params, x))
    gp, gx = jax.grad(objective, argnums=(0, 1))(params, x)
    print(gp["scale"], gx.shape)
