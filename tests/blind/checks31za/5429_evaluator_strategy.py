"""Batch evaluator whose execution strategy is picked at build() time."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

_trace = []


def _host_trace(v):
    _trace.append(float(np.asarray(v)))
    return np.float32(0.0)


def audited_score(theta):
    s = jnp.sum(jnp.sin(theta) ** 2)
    bump = io_callback(_host_trace, jax.ShapeDtypeStruct((), jnp.float32),
                       s, ordered=True)
    return s + bump


class EvaluatorBuilder:
    def __init__(self):
        self.mode = "sequential"
        self.jit = False

    def batched(self):
        self.mode = "batched"
        return self

    def sequential(self):
        self.mode = "sequential"
        return self

    def compiled(self):
        self.jit = True
        return self

    def build(self, fn):
        if self.mode == "batched":
            run = jax.vmap(fn)
        else:
            run = lambda xs: jax.lax.map(fn, xs)
        return jax.jit(run) if self.jit else run


def candidates(n=4, d=3):
    return jnp.arange(n * d, dtype=jnp.float32).reshape(n, d) / 7.0


def main():
    builder = EvaluatorBuilder().compiled().sequential().batched()
    evaluate = builder.build(audited_score)
    scores = evaluate(candidates())
    best = int(np.argmax(np.asarray(scores)))
    print("mode", builder.mode, "best", best, "trace", len(_trace))


if __name__ == "__main__":
    main()
