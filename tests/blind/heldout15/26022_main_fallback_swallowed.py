import warnings
import numpy as np
import jax
import jax.numpy as jnp

CFG = dict(dim=3, steps=2, lr=0.1)


def _host_logdet(m):
    sign, ld = np.linalg.slogdet(np.asarray(m))
    return np.float32(ld)


def logdet(m):
    return jax.pure_callback(_host_logdet, jax.ShapeDtypeStruct((), jnp.float32), m,
                             vmap_method="sequential")


def objective(scale, base):
    m = base + scale * jnp.eye(base.shape[0])
    return logdet(m) + jnp.sum(scale ** 2)


def main():
    base = jnp.eye(CFG["dim"]) * 2.0
    scale = jnp.float32(0.5)
    for step in range(CFG["steps"]):
        try:
            g = jax.grad(objective)(scale, base)
        except ValueError as e:
            warnings.warn(f"host logdet not differentiable ({type(e).__name__}); "
                          "treating it as a constant")
            g = jax.grad(lambda s: objective(jax.lax.stop_gradient(s), base) * 0
                         + jnp.sum(s ** 2))(scale)
        else:
            print("exact gradient available")
        scale = scale - CFG["lr"] * g
        print(f"step {step}: scale={float(scale):.4f}")


if __name__ == "__main__":
    main()
