import numpy as np
import jax
import jax.numpy as jnp

DATA = np.random.default_rng(0).normal(size=(16,)).astype(np.float32)


def _host_median(d):
    return np.float32(np.median(np.asarray(d)))


def robust_center():
    return jax.pure_callback(_host_median, jax.ShapeDtypeStruct((), jnp.float32), DATA,
                             vmap_method="sequential")


def huber(theta, delta=1.0):
    r = jnp.asarray(DATA) - robust_center() - theta
    a = jnp.abs(r)
    return jnp.mean(jnp.where(a < delta, 0.5 * r ** 2, delta * (a - 0.5 * delta)))


def main():
    theta = jnp.float32(0.0)
    try:
        val, grad = jax.value_and_grad(huber)(theta)
    except (ValueError, TypeError) as exc:
        print("failed:", exc)
        raise
    else:
        print(f"huber={float(val):.4f} grad={float(grad):.4f}")
    finally:
        print("done")
    curv = jax.jacfwd(jax.grad(huber))(theta)
    print(f"curvature={float(curv):.4f}")


if __name__ == "__main__":
    main()
