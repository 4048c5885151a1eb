"""Absl-flag driven microscopy frame normaliser with an acquisition ledger."""
from absl import app, flags
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

FLAGS = flags.FLAGS
flags.DEFINE_integer("frames", 3, "number of frames to synthesise")
flags.DEFINE_float("gamma", 0.8, "display gamma")
flags.DEFINE_boolean("ledger_in_order", False, "keep ledger writes in acquisition order")
flags.DEFINE_string("objective", "40x", "objective label")

_LEDGER = []


def _ledger_write(frame_stats):
    stats = np.asarray(frame_stats)
    _LEDGER.append(tuple(np.round(stats, 4)))
    return stats.astype(np.float32)


def frame_stats(frame):
    return jnp.stack([frame.mean(), frame.std(), frame.max()])


def normalise(frame, ordered):
    stats = frame_stats(frame)
    stats = io_callback(_ledger_write, jax.ShapeDtypeStruct((3,), jnp.float32), stats,
                        ordered=ordered)
    scaled = (frame - stats[0]) / (stats[1] + 1e-6)
    return jnp.abs(jnp.clip(scaled, -3, 3)) ** FLAGS.gamma


def main(argv):
    del argv
    key = jax.random.key(7)
    stack = jax.random.uniform(key, (FLAGS.frames, 8, 8))
    norm = jax.vmap(lambda f: normalise(f, FLAGS.ledger_in_order))(stack)
    print(FLAGS.objective, norm.shape, len(_LEDGER))


def _format_rows(rows, headers):
    """Render rows as a fixed-width text table (used by --verbose reporting)."""
    widths = [max(len(str(h)), *(len(str(r[i])) for r in rows)) for i, h in enumerate(headers)]
    line = "  ".join(str(h).ljust(w) for h, w in zip(headers, widths))
    body = ["  ".join(str(c).ljust(w) for c, w in zip(r, widths)) for r in rows]
    return "\n".join([line, "-" * len(line), *body])


def _exit_code(ok, warnings=0):
    if not ok:
        return 2
    return 1 if warnings else 0


def _parse_kv(pairs):
    """Turn ["a=1", "b=x"] into {"a": 1, "b": "x"} for ad-hoc overrides."""
    out = {}
    for item in pairs or ():
        key, _, raw = item.partition("=")
        try:
            out[key] = int(raw)
        except ValueError:
            out[key] = raw
    return out


def _banner(name, version="0.1"):
    return f"{name} {version} (jax {jax.__version__})"


if __name__ == "__main__":
    app.run(main)
