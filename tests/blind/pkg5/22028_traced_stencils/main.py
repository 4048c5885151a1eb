# Models a finite-difference package whose operators report sign-change counts to a host monitor; a script pushes a tangent through with jvp.
import jax
import jax.numpy as jnp
import stencil

u = jnp.array([0.3, -0.1, 0.8, 0.2])
du = jnp.array([1.0, 0.0, 0.0, -1.0])

if __name__ == "__main__":
    lap = stencil.get("laplacian")
    y, dy = jax.jvp(lap, (u,), (du,))
    print(y, dy, stencil.monitor.COUNTS)
