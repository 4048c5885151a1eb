"""Click tool computing sensitivities of a photovoltaic cell model with a pluggable JVP rule."""
import click
import jax
import jax.numpy as jnp

THERMAL_VOLTAGE = 0.02585


def analytic_rule(primals, tangents):
    (v, i_sat), (dv, di) = primals, tangents
    e = jnp.exp(v / THERMAL_VOLTAGE)
    out = i_sat * (e - 1.0)
    return out, i_sat * e / THERMAL_VOLTAGE * dv + (e - 1.0) * di


def linearised_rule(primals, tangents):
    (v, i_sat), (dv, di) = primals, tangents
    e = jnp.exp(v / THERMAL_VOLTAGE)
    out = i_sat * (e - 1.0)
    return out, [i_sat * e / THERMAL_VOLTAGE * dv + (e - 1.0) * di]


RULES = {"analytic": analytic_rule, "linearised": linearised_rule}


def build_diode(rule_name):
    @jax.custom_jvp
    def diode_current(v, i_sat):
        return i_sat * (jnp.exp(v / THERMAL_VOLTAGE) - 1.0)

    diode_current.defjvp(RULES[rule_name])
    return diode_current


def cell_power(v, i_light, i_sat, diode):
    return v * (i_light - diode(v, i_sat))


@click.group()
def cli():
    """PV cell utilities."""


@cli.command()
@click.option("--rule", type=click.Choice(sorted(RULES)), default="linearised")
@click.option("--i-light", default=3.0)
@click.option("--verbose/--quiet", default=False)
def mpp(rule, i_light, verbose):
    diode = build_diode(rule)
    v = jnp.float32(0.4)
    for it in range(4):
        dp = jax.grad(cell_power)(v, i_light, 1e-9, diode)
        v = v + 0.01 * dp
        if verbose:
            click.echo(f"iter {it} v={float(v):.4f}")
    click.echo(f"mpp voltage ~ {float(v):.4f}")


@cli.command()
def info():
    click.echo("single-diode model")


if __name__ == "__main__":
    cli.main(["mpp", "--i-light", "2.5"], standalone_mode=False)
