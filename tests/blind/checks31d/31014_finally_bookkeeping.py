"""A host-side root polisher that records diagnostics in a finally block."""
import jax
import jax.numpy as jnp
import numpy as np

DIAG = {"calls": 0, "last_residual": None}


def _newton_polish(coeffs, guess):
    coeffs = np.asarray(coeffs)
    root = np.asarray(guess).copy()
    try:
        for _ in range(20):
            f = np.polyval(coeffs, root)
            df = np.polyval(np.polyder(coeffs), root)
            root = root - f / np.where(df == 0, 1.0, df)
        return root.astype(coeffs.dtype)
    finally:
        DIAG["calls"] += 1
        DIAG["last_residual"] = float(jnp.max(jnp.abs(jnp.polyval(coeffs, root))))


def polish(coeffs, guess):
    return jax.pure_callback(_newton_polish, jax.ShapeDtypeStruct(guess.shape, guess.dtype),
                             coeffs, guess)


@jax.jit
def eigen_guess(coeffs):
    guess = jnp.real(jnp.roots(coeffs, strip_zeros=False))
    return polish(coeffs, guess)


if __name__ == "__main__":
    c = jnp.array([1.0, -6.0, 11.0, -6.0])
    print(eigen_guess(c), DIAG)
