import numpy as np
import jax
import jax.numpy as jnp


@jax.custom_vjp
def logcosh_loss(pred, target):
    d = pred - target
    return jnp.mean(jnp.logaddexp(d, -d) - jnp.log(2.0))


def _logcosh_fwd(pred, target):
    d = pred - target
    return logcosh_loss(pred, target), d


def _logcosh_bwd(d, g):
    gp = g * jnp.tanh(d) / d.size
    return (gp, -gp, None)


logcosh_loss.defvjp(_logcosh_fwd, _logcosh_bwd)


class Loader:
    def __init__(self, n_batches, seed=0):
        self.n_batches = n_batches
        self.key = jax.random.PRNGKey(seed)

    def __iter__(self):
        for _ in range(self.n_batches):
            self.key, k = jax.random.split(self.key)
            x = jax.random.normal(k, (4, 2))
            yield x, x.sum(axis=1)


def train(loader, warmup=3):
    w = jnp.ones(2) * 0.5
    history = []
    for step, (x, y) in enumerate(loader):
        if step < warmup:
            history.append(float(logcosh_loss(x @ w, y)))
            continue
        loss, g = jax.value_and_grad(lambda w_: logcosh_loss(x @ w_, y))(w)
        w = w - 0.1 * g
        history.append(float(loss))
    return w, history


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
    w, hist = train(Loader(n_batches=5))
    print(w, [round(h, 4) for h in hist])
    print(chunked(range(7), 3), describe_array("probe", np.arange(4.0)))
    print(value_at(parse_schedule("lr:0.1@0,0.01@100")[1], 150))
