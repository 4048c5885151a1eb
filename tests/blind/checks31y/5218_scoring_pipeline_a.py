import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

recorded = []


def _persist(x):
    x = np.asarray(x)
    recorded.append(x.copy())
    return x


def record_scores(s):
    return io_callback(_persist, jax.ShapeDtypeStruct(s.shape, s.dtype), s, ordered=True)


def serve_scores(s):
    return s


class Pipeline:
    TRANSITIONS = {
        ("idle", "start"): "serving",
        ("serving", "audit"): "recording",
        ("recording", "done"): "serving",
    }

    def __init__(self):
        self.state = "idle"

    def send(self, event):
        self.state = self.TRANSITIONS.get((self.state, event), self.state)

    def scorer(self):
        post = record_scores if self.state == "recording" else serve_scores

        def score(w, x):
            return post(jnp.tanh(w * x).sum(keepdims=True))

        return score


if __name__ == "__main__":
    pipe = Pipeline()
    for ev in ["start", "audit", "flush"]:
        pipe.send(ev)
    print("state", pipe.state)
    xs = jnp.linspace(-1.0, 1.0, 8, dtype=jnp.float32).reshape(4, 2)
    scores = jax.vmap(pipe.scorer(), in_axes=(None, 0))(jnp.float32(0.7), xs)
    print(scores.ravel())
    print("recorded", len(recorded))
