import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

journal = []


def append_entry(payload):
    payload = np.asarray(payload)
    journal.append(float(payload.sum()))
    return np.float32(len(journal))


def journal_call(*args):
    # args = (host, result_spec, operand, ...) ; first two are the callback pieces
    return io_callback(*args[:2], *args[2:3], ordered=True)


def layer(params, x, step):
    w, b = params
    h = jnp.tanh(x @ w + b)
    packed = (append_entry, jax.ShapeDtypeStruct((), jnp.float32), step, h)
    ticket = journal_call(*packed)
    return h * 1.0, ticket


def init(key, n_in, n_out):
    k1, k2 = jax.random.split(key)
    return (jax.random.normal(k1, (n_in, n_out)) * 0.1,
            jax.random.normal(k2, (n_out,)) * 0.01)



def moving_average(values, alpha=0.9):
    """Exponential moving average of a Python list of floats."""
    out, acc = [], None
    for v in values:
        acc = v if acc is None else alpha * acc + (1.0 - alpha) * v
        out.append(acc)
    return out


def format_row(label, numbers, width=8):
    cells = "".join(f"{float(n):>{width}.4f}" for n in numbers)
    return f"{label:<12}{cells}"


def relative_error(a, b, eps=1e-12):
    return float(jnp.max(jnp.abs(a - b) / (jnp.abs(b) + eps)))


if __name__ == "__main__":
    params = init(jax.random.PRNGKey(0), 3, 2)
    xs = jnp.arange(12.0, dtype=jnp.float32).reshape(4, 3) / 10.0
    step = jnp.float32(7.0)
    batched = jax.vmap(layer, in_axes=(None, 0, None))
    hs, tickets = batched(params, xs, step)
    print(hs.shape, tickets)
    print("journal", journal)
