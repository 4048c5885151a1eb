# Models an optics library whose experimental fast shift op has a custom VJP; a reconstruction script builds the adjoint via linear_transpose.
import jax
import jax.numpy as jnp
import optix

field = jnp.linspace(0.0, 1.0, 6)
system = optix.build_system(shift=2, attenuation=0.8)

if __name__ == "__main__":
    measured = system(field)
    print("forward", measured)
    back = jax.linear_transpose(system, field)
    print("adjoint", back(measured)[0])
