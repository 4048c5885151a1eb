# Models: a line-shape fit using scipy's scaled complementary error function through a custom_jvp-wrapped host call, with optax fitting and a jax.jacfwd sensitivity matrix.
import jax
import jax.numpy as jnp
import numpy as np
import optax
from scipy import special


def _erfcx_np(z):
    return special.erfcx(np.asarray(z, dtype=np.float64)).astype(np.float32)


def host_erfcx(z):
    spec = jax.ShapeDtypeStruct(jnp.shape(z), jnp.float32)
    return jax.pure_callback(_erfcx_np, spec, z, vmap_method="sequential")


@jax.custom_jvp
def erfcx(z):
    return host_erfcx(z)


@erfcx.defjvp
def _erfcx_jvp(primals, tangents):
    (z,), (dz,) = primals, tangents
    val = host_erfcx(z)
    # d/dz erfcx(z) = 2 z erfcx(z) - 2/sqrt(pi)
    deriv = 2.0 * z * val - 2.0 / jnp.sqrt(jnp.pi)
    return val, deriv * dz


def profile(params, x):
    center, width, height = params
    z = jnp.abs(x - center) / width
    return height * erfcx(z)


def objective(params, x, target):
    resid = profile(params, x) - target
    return jnp.sum(resid ** 2) / x.shape[0]


def run_fit(params, x, target, n_iter=20):
    solver = optax.chain(optax.clip_by_global_norm(2.0), optax.adam(0.05))
    opt_state = solver.init(params)

    @jax.jit
    def step(params, opt_state):
        val, grads = jax.value_and_grad(objective)(params, x, target)
        updates, opt_state = solver.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, val

    for _ in range(n_iter):
        params, opt_state, val = step(params, opt_state)
    return params, val


if __name__ == "__main__":
    xs = jnp.linspace(-2.0, 2.0, 15)
    truth = jnp.array([0.3, 0.7, 1.5])
    target = profile(truth, xs)
    p0 = jnp.array([0.0, 1.0, 1.0])
    p_fit, final = run_fit(p0, xs, target)
    print("fit", p_fit, "objective", float(final))
    jac = jax.jacfwd(profile)(p_fit, xs)
    print("jacobian", jac.shape, bool(jnp.all(jnp.isfinite(jac))))
