"""Credit-scoring batch CLI built with click; each applicant's score goes to a compliance sink."""
import click
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

COMPLIANCE = []


def _compliance_sink(score):
    s = np.asarray(score)
    COMPLIANCE.append(float(s))
    return np.bool_(s > 0.5)


def logistic_score(features, weights, bias):
    return jax.nn.sigmoid(features @ weights + bias)


def make_scorer(serial_audit):
    def score_one(features, weights, bias):
        p = logistic_score(features, weights, bias)
        approved = io_callback(_compliance_sink, jax.ShapeDtypeStruct((), jnp.bool_), p,
                               ordered=serial_audit)
        return jnp.where(approved, p, 0.0)
    return score_one


@click.group()
@click.option("--seed", default=0, type=int)
@click.pass_context
def cli(ctx, seed):
    ctx.ensure_object(dict)
    ctx.obj["key"] = jax.random.key(seed)


@cli.command()
@click.option("--applicants", default=4, type=int)
@click.option("--serial-audit/--parallel-audit", default=True,
              help="keep the compliance records in program order")
@click.pass_context
def score(ctx, applicants, serial_audit):
    k1, k2 = jax.random.split(ctx.obj["key"])
    feats = jax.random.normal(k1, (applicants, 3))
    weights = jax.random.normal(k2, (3,))
    scorer = make_scorer(serial_audit)
    out = jax.vmap(scorer, in_axes=(0, None, None))(feats, weights, 0.1)
    click.echo(f"scored {out.shape[0]} applicants, {len(COMPLIANCE)} audit rows")


@cli.command()
def version():
    click.echo("creditscore 0.3")


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
    cli.main(["--seed", "3", "score", "--applicants", "5"], standalone_mode=False)
