"""Absl app sweeping a thermistor's sensitivity with a hand-written JVP."""
from absl import app, flags
import jax
import jax.numpy as jnp

FLAGS = flags.FLAGS
flags.DEFINE_enum("sweep", "tangent", ["adjoint", "tangent"], "how sensitivities are computed")
flags.DEFINE_float("beta", 3950.0, "thermistor beta constant")
flags.DEFINE_integer("points", 4, "temperatures to evaluate")

T0 = 298.15
R0 = 10_000.0


@jax.custom_jvp
def resistance(temp_k, beta):
    return R0 * jnp.exp(beta * (1.0 / temp_k - 1.0 / T0))


@resistance.defjvp
def _resistance_jvp(primals, tangents):
    temp_k, beta = primals
    dtemp, dbeta = tangents
    expo = beta * (1.0 / temp_k - 1.0 / T0) + 0.0 * (dtemp + dbeta)
    r = R0 * jnp.exp(expo)
    return r, r * (-beta / temp_k ** 2 * dtemp + (1.0 / temp_k - 1.0 / T0) * dbeta)


def divider_voltage(temp_k, beta, vcc=3.3, r_fixed=10_000.0):
    r = resistance(temp_k, beta)
    return vcc * r_fixed / (r + r_fixed)


def sensitivities(temps, beta):
    if FLAGS.sweep == "adjoint":
        return jax.vmap(jax.grad(divider_voltage), in_axes=(0, None))(temps, beta)
    _, dv = jax.jvp(lambda t: divider_voltage(t, beta), (temps,), (jnp.ones_like(temps),))
    return dv


def main(argv):
    del argv
    temps = jnp.linspace(273.15, 323.15, FLAGS.points)
    print(FLAGS.sweep, sensitivities(temps, FLAGS.beta))


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


if __name__ == "__main__":
    app.run(main)
