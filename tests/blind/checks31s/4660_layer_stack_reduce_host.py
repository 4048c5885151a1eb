import functools
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

CLIP = 1.5


def _host_clip(v):
    return np.clip(np.asarray(v), -CLIP, CLIP).astype(np.float32)


def dense(scale):
    return lambda v: jnp.tanh(v * scale)


def clipper(v):
    return io_callback(_host_clip, jax.ShapeDtypeStruct(v.shape, v.dtype), v, ordered=True)


def compose(fs):
    return functools.reduce(lambda f, g: (lambda v: g(f(v))), fs, lambda v: v)


SPEC = [("dense", 2.0, True), ("clip", None, False), ("dense", 0.5, True)]


def build_layers(spec):
    made = [dense(arg) if kind == "dense" else clipper for kind, arg, _ in spec]
    return [jax.vmap(f) if per_row else f for f, (_, _, per_row) in zip(made, spec)]


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
    layers = build_layers(SPEC)
    net = compose(layers)
    x = jnp.linspace(-3, 3, 8, dtype=jnp.float32).reshape(4, 2)
    y = net(x)
    print(y.shape, float(jnp.abs(y).max()))
    print(chunked(range(7), 3), describe_array("probe", np.arange(4.0)))
    print(value_at(parse_schedule("lr:0.1@0,0.01@100")[1], 150))
