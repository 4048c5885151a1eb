import jax
import jax.numpy as jnp


def spring_energy(kind: str, n_links, stiffness):
    links = jnp.arange(1, n_links + 1)
    match kind:
        case "linear":
            return jnp.sum(stiffness * links)
        case "quadratic":
            return jnp.sum(stiffness * links ** 2)
        case _:
            raise KeyError(kind)


n = jnp.int32(4)
k = jnp.float32(0.3)
for kind in ("linear", "quadratic"):
    e = spring_energy(kind, 4, k)
    dk = jax.grad(spring_energy, argnums=2)(kind, 4, k)
    print(f"{kind:>9}: E={float(e):.3f} dE/dk={float(dk):.3f}")

dvec = jax.grad(lambda idx, s: jnp.sum(s * idx ** 2), argnums=1)(jnp.arange(3), k)
print(dvec)
