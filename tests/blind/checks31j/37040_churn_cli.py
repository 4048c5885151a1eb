"""churn: click tool to fit and score a tiny logistic churn model."""
import click
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

FEATURES = np.array([[0.2, 1.0, 0.0], [0.9, 0.1, 1.0], [0.4, 0.7, 1.0], [0.8, 0.3, 0.0]],
                    dtype=np.float32)
LABELS = np.array([0, 1, 0, 1], dtype=np.float32)
AUDIT: list = []


def _calibrated(logits: np.ndarray) -> np.ndarray:
    return np.asarray(jax.nn.softmax(np.stack([np.zeros_like(logits), logits], -1), axis=-1))[..., 1]


def _sigmoid(logits: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-logits))


def audit_scores(logits):
    p = _calibrated(np.asarray(logits))
    AUDIT.append(np.round(p, 3).tolist())
    return np.int32(len(AUDIT))


def audit_loss(loss):
    AUDIT.append(float(np.asarray(loss)))
    return np.int32(len(AUDIT))


def loss_fn(w, x, y):
    z = x @ w
    return jnp.mean(jnp.logaddexp(0.0, z) - y * z)


@click.group()
@click.option("--seed", default=0, type=int)
@click.pass_context
def cli(ctx, seed):
    ctx.obj = {"w": jnp.zeros(3, jnp.float32) + 0.01 * seed}


@cli.command()
@click.option("--epochs", default=20, type=int)
@click.option("--lr", default=0.5, type=float)
@click.pass_obj
def fit(obj, epochs, lr):
    w = obj["w"]
    step = jax.jit(lambda w: w - lr * jax.grad(loss_fn)(w, FEATURES, LABELS))
    for _ in range(epochs):
        w = step(w)
    n = jax.jit(lambda l: io_callback(audit_loss, jax.ShapeDtypeStruct((), jnp.int32), l))(
        loss_fn(w, FEATURES, LABELS))
    click.echo(f"fit done, audit entries {int(n)}")
    obj["w"] = w


@cli.command()
@click.option("--threshold", default=0.5, type=float)
@click.pass_obj
def score(obj, threshold):
    @jax.jit
    def run(w):
        logits = FEATURES @ w
        n = io_callback(audit_scores, jax.ShapeDtypeStruct((), jnp.int32), logits)
        return logits, n
    logits, n = run(obj["w"] + 1.0)
    flagged = int((_sigmoid(np.asarray(logits)) > threshold).sum())
    click.echo(f"{flagged} customers flagged, audit entries {int(n)}")


if __name__ == "__main__":
    cli.main(["--seed", "3", "score", "--threshold", "0.6"], standalone_mode=False)
