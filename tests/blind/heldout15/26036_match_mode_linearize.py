import jax
import jax.numpy as jnp


@jax.custom_vjp
def log1pexp(x):
    return jnp.logaddexp(0.0, x)

def _fwd(x):
    return log1pexp(x), x

def _bwd(x, g):
    return (g * jax.nn.sigmoid(x),)

log1pexp.defvjp(_fwd, _bwd)


def model(theta, x):
    return jnp.sum(log1pexp(theta[0] * x + theta[1]))


def sensitivity(theta, x, *, mode: str):
    match mode:
        case "reverse":
            return jax.grad(model)(theta, x)
        case "forward":
            _, f_lin = jax.linearize(lambda t: model(t, x), theta)
            return jnp.stack([f_lin(e) for e in jnp.eye(theta.shape[0])])
        case _:
            raise ValueError(mode)


theta = jnp.array([0.5, -0.1])
x = jnp.linspace(-1, 1, 4)
for mode in ("reverse", "forward"):
    print(f"{mode:>8}: {sensitivity(theta, x, mode=mode)}")
