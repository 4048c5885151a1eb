import numpy as np
import jax
import jax.numpy as jnp


@jax.custom_vjp
def spring_energy(state):
    return 0.5 * state["k"] * jnp.sum((state["pos"] - state["rest"]) ** 2)


def _energy_fwd(state):
    return spring_energy(state), state


def _energy_bwd(state, g):
    d = state["pos"] - state["rest"]
    cot = {"k": g * 0.5 * jnp.sum(d ** 2), "pos": g * state["k"] * d, "rest": -g * state["k"] * d}
    return cot


spring_energy.defvjp(_energy_fwd, _energy_bwd)


def total_energy(state, gravity=9.81):
    return spring_energy(state) + gravity * jnp.sum(state["pos"])


def relax(state, steps=4, lr=0.05):
    for _ in range(steps):
        e, g = jax.value_and_grad(total_energy)(state)
        state = jax.tree.map(lambda s, d: s - lr * d, state, g)
        state["rest"] = jnp.zeros_like(state["rest"])
    return state, e


def describe_array(name, a):
    a = np.asarray(a)
    return f"{name}: shape={a.shape} dtype={a.dtype} min={a.min():.3g} max={a.max():.3g}"


def chunked(seq, n):
    seq = list(seq)
    return [seq[i:i + n] for i in range(0, len(seq), n)]


def parse_schedule(spec):
    """Parse 'lr:0.1@0,0.01@100' style schedules into (step, value) pairs."""
    name, _, body = spec.partition(":")
    pairs = []
    for part in body.split(","):
        value, _, step = part.partition("@")
        pairs.append((int(step or 0), float(value)))
    return name, sorted(pairs)


def value_at(pairs, step):
    current = pairs[0][1]
    for s, v in pairs:
        if step >= s:
            current = v
    return current


if __name__ == "__main__":
    state = {"k": jnp.float32(40.0), "pos": jnp.array([0.3, -0.2]), "rest": jnp.zeros(2)}
    state, e = relax(state)
    print(float(e), state["pos"])
    print(chunked(range(7), 3), describe_array("probe", np.arange(4.0)))
    print(value_at(parse_schedule("lr:0.1@0,0.01@100")[1], 150))
