# Models: a smoothing layer with a custom_jvp whose tangent rule applies a sparse Laplacian smoother assembled in SciPy (host callback on the tangent); the model is then trained with optax via value_and_grad.
import jax
import jax.numpy as jnp
import numpy as np
import optax
import scipy.sparse as sp
import scipy.sparse.linalg as spla

N = 8
_LAP = sp.diags([-1.0, 2.0, -1.0], [-1, 0, 1], shape=(N, N), format="csc")
_SMOOTHER = (sp.identity(N, format="csc") + 0.5 * _LAP)


def _smooth_np(v):
    return spla.spsolve(_SMOOTHER, np.asarray(v, dtype=np.float64)).astype(np.float32)


def host_smooth(v):
    return jax.pure_callback(_smooth_np, jax.ShapeDtypeStruct(v.shape, jnp.float32), v)


@jax.custom_jvp
def smooth_field(u):
    return host_smooth(u)


@smooth_field.defjvp
def _smooth_field_jvp(primals, tangents):
    (u,), (du,) = primals, tangents
    # the smoother is linear, so its JVP is the smoother applied to the tangent
    return host_smooth(u), host_smooth(du)


def field_model(params, coords):
    raw = jnp.sin(coords * params["freq"]) * params["amp"]
    return smooth_field(raw)


def make_loss(observed, coords):
    def loss(params):
        pred = field_model(params, coords)
        return jnp.mean((pred - observed) ** 2)

    return loss


if __name__ == "__main__":
    coords = jnp.linspace(0.0, 3.0, N)
    true_params = {"freq": jnp.float32(1.3), "amp": jnp.float32(0.9)}
    observed = field_model(true_params, coords)
    params = {"freq": jnp.float32(1.0), "amp": jnp.float32(0.5)}
    loss = make_loss(observed, coords)
    optimiser = optax.adam(0.05)
    opt_state = optimiser.init(params)
    for it in range(5):
        val, grads = jax.value_and_grad(loss)(params)
        updates, opt_state = optimiser.update(grads, opt_state)
        params = optax.apply_updates(params, updates)
        print(it, float(val))
