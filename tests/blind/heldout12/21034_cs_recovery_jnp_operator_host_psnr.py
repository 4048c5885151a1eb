# Models: sparse-signal recovery with a JAX-native (jnp.fft) measurement operator whose adjoint comes from jax.linear_transpose; reconstruction quality (PSNR) is scored on host with pure_callback outside any transform.
import jax
import jax.numpy as jnp
import numpy as np

LENGTH, N_MEAS = 16, 10


def _psnr_np(ref, est):
    ref, est = np.asarray(ref), np.asarray(est)
    mse = np.mean((ref - est) ** 2) + 1e-12
    return np.float32(10.0 * np.log10(np.max(np.abs(ref)) ** 2 / mse))


@jax.jit
def psnr(ref, est):
    return jax.pure_callback(_psnr_np, jax.ShapeDtypeStruct((), jnp.float32), ref, est)


def build_operator(rows):
    def op(signal):
        spectrum = jnp.fft.rfft(signal)
        return jnp.concatenate([spectrum.real, spectrum.imag])[rows]

    return op


def proximal_gradient(op, y, lam=0.01, n_iter=25, lr=0.05):
    op_t = jax.linear_transpose(op, jnp.zeros(LENGTH, jnp.float32))

    @jax.jit
    def iteration(x):
        (g,) = op_t(op(x) - y)
        z = x - lr * g
        return jnp.sign(z) * jnp.maximum(jnp.abs(z) - lr * lam, 0.0)

    x = jnp.zeros(LENGTH)
    for _ in range(n_iter):
        x = iteration(x)
    return x


if __name__ == "__main__":
    key = jax.random.PRNGKey(5)
    rows = jax.random.choice(key, 2 * (LENGTH // 2 + 1), (N_MEAS,), replace=False)
    op = build_operator(rows)
    truth = jnp.zeros(LENGTH).at[jnp.array([1, 6, 11])].set(jnp.array([0.8, -1.0, 0.5]))
    y = op(truth)
    est = proximal_gradient(op, y)
    print("psnr dB", float(psnr(truth, est)))
    print("support", jnp.nonzero(jnp.abs(est) > 0.1)[0])
