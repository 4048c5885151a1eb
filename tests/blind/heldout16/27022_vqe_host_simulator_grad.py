"""VQE for H2 in a minimal basis, with the circuit simulated by a NumPy backend."""
import numpy as np
import jax
import jax.numpy as jnp

# 2-qubit H2 Hamiltonian coefficients (Bravyi-Kitaev reduced)
PAULI = {"I": np.eye(2), "X": np.array([[0, 1], [1, 0]]), "Z": np.diag([1.0, -1.0]),
         "Y": np.array([[0, -1j], [1j, 0]])}
TERMS = [(-1.052, "II"), (0.397, "ZI"), (-0.397, "IZ"), (-0.011, "ZZ"), (0.181, "XX")]
H = sum(c * np.kron(PAULI[a], PAULI[b]) for c, (a, b) in TERMS).real.astype(np.float32)


class NumpyBackend:
    def run(self, angles):
        a = np.asarray(angles)
        state = np.zeros(4)
        state[0] = 1.0
        ry = lambda t: np.array([[np.cos(t / 2), -np.sin(t / 2)], [np.sin(t / 2), np.cos(t / 2)]])
        state = np.kron(ry(a[0]), ry(a[1])) @ state
        state = state[[0, 1, 3, 2]]
        return state.astype(np.float32)


backend = NumpyBackend()


def prepare(angles):
    return jax.pure_callback(backend.run, jax.ShapeDtypeStruct((4,), jnp.float32), angles)


def energy(angles):
    psi = prepare(angles)
    return psi @ jnp.asarray(H) @ psi


opt_step = jax.jit(lambda th: th - 0.2 * jax.grad(energy)(th))
theta = jnp.array([0.1, -0.1])
for _ in range(40):
    theta = opt_step(theta)
print("E0 estimate", energy(theta))
