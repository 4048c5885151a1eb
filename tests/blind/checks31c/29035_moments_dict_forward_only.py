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


class Summary:
    def __init__(self, data):
        self.data = data

    def report(self):
        stats = jax.jit(moments)(self.data)
        per_row = jax.vmap(moments)(self.data.reshape(2, 2))
        return stats, per_row


s = Summary(jnp.array([1.0, 2.0, 4.0, 7.0]))
print(s.report())
