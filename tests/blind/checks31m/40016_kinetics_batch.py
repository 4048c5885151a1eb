"""Chemical kinetics batch runner built as a template method."""
import abc
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

HOST_TRACE = []


def _trace_host(conc):
    HOST_TRACE.append(np.asarray(conc).copy())
    return np.asarray(conc).astype(np.float32)


class BatchRunner(abc.ABC):
    n_steps = 40
    dt = 0.05

    def rates(self, c, k):
        a, b = c[0], c[1]
        r = k * a * b
        return jnp.stack([-r, -r, r])

    def integrate(self, c0, k):
        def step(c, _):
            c = c + self.dt * self.rates(c, k)
            return c, None
        c, _ = jax.lax.scan(step, c0, None, length=self.n_steps)
        return self.checkpoint(c)

    @abc.abstractmethod
    def checkpoint(self, c):
        ...

    def run(self, c0s, k):
        return jax.vmap(self.integrate, in_axes=(0, None))(c0s, k)


class QuietRunner(BatchRunner):
    def checkpoint(self, c):
        return c


class TracingRunner(BatchRunner):
    def checkpoint(self, c):
        return io_callback(_trace_host, jax.ShapeDtypeStruct(c.shape, c.dtype), c, ordered=True)


class PrintingRunner(BatchRunner):
    def checkpoint(self, c):
        jax.debug.callback(lambda v: HOST_TRACE.append(np.asarray(v)), c, ordered=True)
        return c


def yield_fraction(c_final, c0):
    return c_final[:, 2] / jnp.minimum(c0[:, 0], c0[:, 1])


if __name__ == "__main__":
    runner = TracingRunner()
    c0s = jnp.array([[1.0, 0.8, 0.0], [0.5, 0.5, 0.0], [2.0, 1.0, 0.0]])
    finals = runner.run(c0s, 0.7)
    print("final concentrations:\n", np.round(np.asarray(finals), 4))
    print("yield:", np.round(np.asarray(yield_fraction(finals, c0s)), 3))
    print("host trace length:", len(HOST_TRACE))
