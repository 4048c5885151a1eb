import jax
import jax.numpy as jnp


@jax.custom_jvp
def moments(x):
    mu = jnp.mean(x)
    return {"mean": mu, "var": jnp.mean((x - mu) ** 2)}


@moments.defjvp
def moments_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    out = moments(x)
    mu = out["mean"]
    dmu = jnp.mean(dx)
    dvar = jnp.mean(2.0 * (x - mu) * (dx - dmu))
    return out, {"mean": dmu, "variance": dvar}


class Sensitivity:
    def __init__(self, data):
        self.data = data

    def along(self, direction):
        _, tangent = jax.jvp(moments, (self.data,), (direction,))
        return tangent


s = Sensitivity(jnp.array([1.0, 2.0, 4.0, 7.0]))
print(s.along(jnp.array([1.0, 0.0, 0.0, 0.0])))
