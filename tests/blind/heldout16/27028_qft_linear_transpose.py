"""Quantum Fourier transform as a linear map run by NumPy; its adjoint obtained by linear_transpose."""
import numpy as np
import jax
import jax.numpy as jnp

N_QUBITS = 3
DIM = 2 ** N_QUBITS


def _host_qft(psi):
    return (np.fft.ifft(np.asarray(psi), norm="ortho")).astype(np.complex64)


def qft(psi):
    return jax.pure_callback(_host_qft, jax.ShapeDtypeStruct((DIM,), jnp.complex64), psi)


psi = jnp.zeros(DIM, jnp.complex64).at[3].set(1.0)
phi = qft(psi)
print(jnp.round(phi, 3))

# adjoint check <phi, QFT psi> == <QFT^T phi, psi>
qft_T = jax.linear_transpose(qft, psi)
(back,) = qft_T(jnp.conj(phi))
print(jnp.vdot(back, psi))
