"""the bwd rule is chosen by the release as a tuple of ints (a generator over `jax.__version__.split(".")`): this JAX is past 0.5.0, so the rule returning a bare array is the one grad runs"""
import jax
import jax.numpy as jnp

_JAX = tuple(int(p) for p in jax.__version__.split(".")[:3] if p.isdigit())


@jax.custom_vjp
def logcosh(x):
    return x + jax.nn.softplus(-2.0 * x) - jnp.log(2.0)


def _fwd(x):
    return logcosh(x), jnp.tanh(x)


def _tuple_bwd(t, g):
    return (g * t,)


def _bare_bwd(t, g):  # EXPECT: JAX014
    return g * t


_bwd = _bare_bwd if _JAX >= (0, 5, 0) else _tuple_bwd
logcosh.defvjp(_fwd, _bwd)


if __name__ == "__main__":
    print(jax.grad(lambda x: jnp.sum(logcosh(x)))(jnp.array([0.1, 1.2])))
