import numpy as np
import jax
import jax.numpy as jnp

SETTINGS = {"mode": "jacobian", "n": 3}


def _host_scale_back(g):
    return (np.asarray(g) * 0.5).astype(np.float32)


@jax.custom_vjp
def halve(v):
    return 0.5 * v

def _halve_fwd(v):
    return halve(v), None

def _halve_bwd(_, g):
    return (jax.pure_callback(_host_scale_back, jax.ShapeDtypeStruct(g.shape, g.dtype), g),)

halve.defvjp(_halve_fwd, _halve_bwd)


def model(v):
    return jnp.sin(halve(v)) * 2.0


def main(settings=SETTINGS):
    v = jnp.linspace(0.0, 1.0, settings["n"])
    if settings["mode"] == "forward":
        print(model(v))
        return
    gsum = jax.grad(lambda u: model(u).sum())(v)
    print("grad of sum", gsum)
    if settings["mode"] != "jacobian":
        return
    J = jax.jacrev(model)(v)
    print(J)


if __name__ == "__main__":
    main()
