# after https://openillumi.com/en/en-jax-jit-custom-differentiation-pure-callback (scipy BSpline in a JAX model)
import jax
import jax.numpy as jnp
import numpy as np
from scipy.interpolate import make_interp_spline

knots_x = np.linspace(0.0, 10.0, 12)
table_y = np.sin(knots_x) + 0.1 * knots_x
_spl = make_interp_spline(knots_x, table_y, k=3)
_dspl = _spl.derivative()


def _eval(spline):
    return lambda t: np.asarray(spline(t), dtype=np.float32)


@jax.custom_jvp
def spline_eval(t):
    return jax.pure_callback(_eval(_spl), jax.ShapeDtypeStruct(t.shape, jnp.float32), t,
                             vmap_method="expand_dims")


@spline_eval.defjvp
def spline_eval_jvp(primals, tangents):
    (t,), (t_dot,) = primals, tangents
    slope = jax.pure_callback(_eval(_dspl), jax.ShapeDtypeStruct(t.shape, jnp.float32), t,
                              vmap_method="expand_dims")
    return spline_eval(t), slope * t_dot


obs_t = jnp.array([1.0, 2.5, 4.0, 6.5, 8.0])
obs_y = jnp.array([0.95, 0.9, -0.35, 0.85, 1.8])


def log_likelihood(shift, sigma=0.3):
    mu = spline_eval(obs_t + shift)
    return -0.5 * jnp.sum(((obs_y - mu) / sigma) ** 2)


score = jax.jit(jax.grad(log_likelihood))
shift = jnp.array(0.4)
for _ in range(25):
    shift = shift + 0.01 * score(shift)
print("shift", shift)
