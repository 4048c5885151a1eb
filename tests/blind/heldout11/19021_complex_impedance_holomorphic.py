# Models: circuit impedance Z(s) of an RLC ladder, derivative dZ/ds with jax.grad(holomorphic=True) and jacfwd(holomorphic=True)
import jax
import jax.numpy as jnp

jax.config.update("jax_enable_x64", True)


def parallel(z1, z2):
    return z1 * z2 / (z1 + z2)


def ladder_impedance(s, R=50.0, L=1e-3, C=1e-6, stages=3):
    z = R + 0.0j
    for _ in range(stages):
        z = parallel(z + s * L, 1.0 / (s * C))
    return z


def group_delay_proxy(omegas):
    dZ = jax.vmap(jax.grad(ladder_impedance, holomorphic=True))
    s = 1j * omegas
    return dZ(s)


def sensitivity_matrix(s_points):
    f = lambda s: jax.vmap(ladder_impedance)(s)
    return jax.jacfwd(f, holomorphic=True)(s_points)


def magnitude_db(z):
    return 20.0 * jnp.log10(jnp.abs(z))


def phase_deg(z):
    return jnp.degrees(jnp.angle(z))


def bode_table(omegas):
    z = jax.vmap(ladder_impedance)(1j * omegas)
    for w, m, p in zip(omegas, magnitude_db(z), phase_deg(z)):
        print(f"{float(w):9.1f} rad/s  {float(m):7.2f} dB  {float(p):7.2f} deg")


if __name__ == "__main__":
    bode_table(jnp.array([1e2, 1e3, 1e4]))
    w = jnp.array([1e3, 5e3, 2e4])
    print(group_delay_proxy(w))
    print(jnp.diag(sensitivity_matrix(1j * w)))
