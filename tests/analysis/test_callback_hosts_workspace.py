"""JAX011 and JAX012 across a workspace's modules (`static_names.ModuleNames.follow`): a host
function, a helper it calls, a jitted function or `jnp` itself imported from another module of
the package checked as a whole; an options dict holding `vectorized` bound in another module.
Each folder is run under JAX (JAX011 is labelled by the rule: the program must run; a JAX012
folder must raise the host's TypeError); the markers are on `main.py`'s lines, where a JAX call
made in another module is reported at the host argument or at this module's call that leads
there."""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

import pytest
from oracle import expected_markers, run_program

from jax_lsp.analysis import analyze_source, callback_hosts, workspace
from jax_lsp.analysis.workspace import Workspace

_MAIN_HEAD = "import jax\nimport jax.numpy as jnp\nimport numpy as np\n\nS = jax.ShapeDtypeStruct\n"

#: a helper handing the function it is given to `jax.pure_callback` inside its own host
_BRIDGE = """
    import jax
    import numpy as np

    def host_call(fn, like, *args):
        def _host(*arrays):
            return np.asarray(fn(*[np.asarray(a) for a in arrays]), dtype=like.dtype)
        spec = jax.ShapeDtypeStruct(like.shape, like.dtype)
        return jax.pure_callback(_host, spec, *args, vmap_method="sequential")
"""
_KERNELS = """
    import jax.numpy as jnp
    import numpy as np

    def rbf(x, y):
        return np.exp(-np.subtract.outer(x, y) ** 2)

    def rbf_jax(x, y):
        return jnp.exp(-(x[:, None] - y[None, :]) ** 2)
"""
def _fullwidth(word: str) -> str:
    """`word` (ASCII letters) in fullwidth letters, which Python's identifiers read as `word`."""
    return "".join(chr(ord(c) + 0xFEE0) for c in word)


#: a helper forwarding its keywords to `jax.pure_callback`, and one with a host of its own
#: that is NumPy only
_FORWARDING = """
    import jax
    import numpy as np

    def call_host(fn, x, **options):
        return jax.pure_callback(fn, jax.ShapeDtypeStruct(x.shape, x.dtype), x, **options)

    def _halve(x):
        return np.asarray(x) / 2

    def own_host(x):
        return jax.pure_callback(_halve, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
"""

#: a package whose io_callback host reads a module-level noise source `configure` sets
_PLANT = {
    "plant/__init__.py": "from .sensors import configure\nfrom .loop import GAIN, simulate\n",
    "plant/sensors.py": """
        import numpy as np

        _source = None

        def configure(source):
            global _source
            _source = source

        def read_sensor(state):
            state = np.asarray(state)
            return (state + _source.sample(state.shape)).astype(np.float32)
    """,
    "plant/loop.py": """
        import jax
        import jax.numpy as jnp
        from jax.experimental import io_callback

        from .sensors import read_sensor

        GAIN = 0.5

        def _step(x, _):
            y = io_callback(read_sensor, jax.ShapeDtypeStruct(x.shape, jnp.float32), x)
            return x + GAIN * (y - x), y

        @jax.jit
        def simulate(x0):
            return jax.lax.scan(_step, x0, None, length=3)
    """,
    "plant/noise.py": """
        import jax
        import numpy as np

        class NumpyNoise:
            def __init__(self, seed):
                self._rng = np.random.default_rng(seed)

            def sample(self, shape):
                return 0.05 * self._rng.standard_normal(shape)

        class KeyedNoise:
            def __init__(self, seed):
                self._key = jax.random.key(seed)
                self._count = 0

            def sample(self, shape):
                self._count += 1
                noise = jax.random.normal(jax.random.fold_in(self._key, self._count), shape)
                return 0.05 * np.asarray(noise)
    """,
}

#: a package whose host function calls, in a module of its own, the function a maker is
#: given (bound to the host by `functools.partial`), and models of it, NumPy and JAX
_SOLVER = {
    "solver/__init__.py": "from .driver import make_checked, make_repeated, make_solver\n",
    "solver/steps.py": """
        import numpy as np

        def euler(f, y, h, n):
            for _ in range(n):
                y = y + h * np.asarray(f(y))
            return y

        def repeat(g, y, n):
            return y if n == 0 else repeat(g, np.asarray(g(y)), n - 1)
    """,
    "solver/driver.py": """
        import functools

        import jax
        import numpy as np

        from .steps import euler, repeat

        def _host(y, *, f, h, n):
            return euler(f, np.asarray(y), h, n).astype(np.float32)

        def make_solver(f, h=0.1, n=5):
            host = functools.partial(_host, f=f, h=h, n=n)

            def solve(y):
                return jax.pure_callback(host, jax.ShapeDtypeStruct(y.shape, y.dtype), y)
            return solve

        def _repeated(y, g, n):
            return repeat(g, np.asarray(y), n).astype(np.float32)

        def make_repeated(g, n):
            def solve(y):
                host = functools.partial(_repeated, g=g, n=n)
                return jax.pure_callback(host, jax.ShapeDtypeStruct(y.shape, y.dtype), y)
            return solve

        def make_checked(f, f_device):
            host = functools.partial(_host, f=f, h=0.1, n=2)

            def solve(y):
                out = jax.pure_callback(host, jax.ShapeDtypeStruct(y.shape, y.dtype), y)
                return out + 0.0 * f_device(y)
            return solve
    """,
    "models.py": """
        import jax.numpy as jnp
        import numpy as np

        def decay_np(y):
            return -np.tanh(y)

        def decay_jax(y):
            return -jnp.tanh(y)
    """,
}

#: a module choosing its array namespace by another module's constant (`settings.py`'s), and
#: a host function computing with it
_SETTINGS = """
import os

ARRAY_BACKEND = {backend}
TABLE_SIZE = 8
"""
_COMPAT = """
import numpy
import jax.numpy

import settings

if settings.ARRAY_BACKEND == "jax":
    xp = jax.numpy
else:
    xp = numpy
"""
_INTERP_MAIN = """
from compat import xp

def interpolate(q, values):
    grid = np.linspace(0.0, 1.0, values.shape[-1])
    out = xp.interp(np.asarray(q), grid, np.asarray(values)){marker}
    return np.asarray(out, dtype=np.float32)

@jax.jit
def f(q, values):
    return jax.pure_callback(interpolate, S(q.shape, jnp.float32), q, values,
                             vmap_method="sequential")

print(f(jnp.linspace(0.0, 1.0, 4), jnp.arange(8.0)))
"""

#: a frozen spec whose method returns the callback's options, `vectorized` among them only
#: where the spec was made with it
_SPEC = """
from dataclasses import dataclass


@dataclass(frozen=True)
class CallbackSpec:
    vectorized: bool | None = None
    sequential_fallback: bool = True

    def as_kwargs(self) -> dict:
        kw = {{}}
        if self.vectorized is not None:
            kw["vectorized"] = self.vectorized
        if self.sequential_fallback:
            kw["vmap_method"] = "sequential"
        return kw


DEFAULT_SPEC = {made}
"""
_SPEC_MAIN = """
from spec import DEFAULT_SPEC

def index(lam):
    lam2 = np.asarray(lam, dtype=np.float64) ** 2
    return np.sqrt(1.0 + lam2 / (lam2 - 0.01)).astype(np.float32)

def refractive_index(lam, spec=DEFAULT_SPEC):
    out = S(jnp.shape(lam), jnp.float32)
    return jax.pure_callback(index, out, lam, **spec.as_kwargs()){marker}

print(jax.jit(jax.vmap(refractive_index))(jnp.array([0.45, 0.55])))
"""

#: name -> (the other modules, main.py); `# EXPECT:` markers in main.py
FOLDERS: dict[str, tuple[dict[str, str], str]] = {
    "host_defined_in_another_module": ({
        "hosts.py": """
            import jax.numpy as jnp
            import numpy as np

            def smooth(x):
                return np.asarray(jnp.convolve(np.asarray(x), np.ones(2) / 2, mode="same"))
        """}, """
            from hosts import smooth

            @jax.jit
            def f(x):
                return jax.pure_callback(smooth, S(x.shape, x.dtype), x)  # EXPECT: JAX011

            print(f(jnp.ones(4)))
        """),
    "neg_numpy_host_defined_in_another_module": ({
        "hosts.py": """
            import jax.numpy as jnp
            import numpy as np

            def smooth(x):
                return np.convolve(np.asarray(x), np.ones(2) / 2, mode="same").astype(np.float32)

            def unused(x):
                return jnp.sin(x)
        """}, """
            from hosts import smooth

            @jax.jit
            def f(x):
                return jax.pure_callback(smooth, S(x.shape, x.dtype), x)

            print(f(jnp.ones(4)))
        """),
    "neg_jax_step_under_another_modules_frozen_flag": ({
        "options.py": """
            from dataclasses import dataclass

            @dataclass(frozen=True, kw_only=True)
            class Options:
                polish: bool = True
                on_device: bool = False

            OPTIONS = Options(polish=True)
        """,
        "steps.py": """
            import jax
            import jax.numpy as jnp

            @jax.jit
            def step(y):
                return y - 0.5 * jnp.sin(y)
        """}, """
            from options import OPTIONS
            from steps import step

            def host(x):
                y = np.asarray(x) * 2.0
                if OPTIONS.on_device:
                    y = np.asarray(step(y))
                return y.astype(np.float32)

            @jax.jit
            def f(x):
                return jax.pure_callback(host, S(x.shape, x.dtype), x)

            print(f(jnp.ones(4)))
        """),
    "jax_step_under_another_modules_frozen_flag_set": ({
        "options.py": """
            from dataclasses import dataclass

            @dataclass(frozen=True)
            class Options:
                polish: bool = True
                on_device: bool = False

            OPTIONS = Options(True, True)
        """,
        "steps.py": """
            import jax
            import jax.numpy as jnp

            @jax.jit
            def step(y):
                return y - 0.5 * jnp.sin(y)
        """}, """
            from options import OPTIONS
            from steps import step

            def host(x):
                y = np.asarray(x) * 2.0
                if OPTIONS.on_device:
                    y = np.asarray(step(y))  # EXPECT: JAX011
                return y.astype(np.float32)

            @jax.jit
            def f(x):
                return jax.pure_callback(host, S(x.shape, x.dtype), x)

            print(f(jnp.ones(4)))
        """),
    "jax_namespace_chosen_by_another_modules_backend_constant": ({
        "settings.py": _SETTINGS.format(backend='"jax"'),
        "compat.py": _COMPAT}, _INTERP_MAIN.format(marker="  # EXPECT: JAX011")),
    "neg_numpy_namespace_chosen_by_another_modules_backend_constant": ({
        "settings.py": _SETTINGS.format(backend='"numpy"'),
        "compat.py": _COMPAT}, _INTERP_MAIN.format(marker="")),
    # the environment's variable unset where the program runs (`run_environment`): its
    # default chooses the namespace
    "jax_namespace_chosen_by_the_environments_default": ({
        "settings.py": _SETTINGS.format(backend='os.environ.get("ARRAY_BACKEND", "jax")'),
        "compat.py": _COMPAT}, _INTERP_MAIN.format(marker="  # EXPECT: JAX011")),
    "neg_numpy_namespace_chosen_by_the_environments_default": ({
        "settings.py": _SETTINGS.format(backend='os.environ.get("ARRAY_BACKEND", "numpy")'),
        "compat.py": _COMPAT}, _INTERP_MAIN.format(marker="")),
    # the script sets the variable before the import reads it: not decided, no finding
    "neg_namespace_chosen_by_a_variable_the_script_sets": ({
        "settings.py": _SETTINGS.format(backend='os.environ.get("ARRAY_BACKEND", "jax")'),
        "compat.py": _COMPAT}, "import os\nos.environ[\"ARRAY_BACKEND\"] = \"numpy\"\n"
                               + _INTERP_MAIN.format(marker="")),
    "neg_namespace_chosen_by_a_constant_a_script_sets_first": ({
        "settings.py": _SETTINGS.format(backend='"jax"'),
        "compat.py": _COMPAT}, "import settings\nsettings.ARRAY_BACKEND = \"numpy\"\n"
                               + _INTERP_MAIN.format(marker="")),
    "neg_namespace_chosen_by_a_constant_bound_twice": ({
        "settings.py": _SETTINGS.format(backend='"jax"') + "ARRAY_BACKEND = \"numpy\"\n",
        "compat.py": _COMPAT}, _INTERP_MAIN.format(marker="")),
    "vectorized_key_of_another_modules_spec_method": ({
        "spec.py": _SPEC.format(made="CallbackSpec(vectorized=True)")}, _SPEC_MAIN.format(
            marker="  # EXPECT: JAX012")),
    "neg_no_vectorized_key_of_another_modules_spec_method": ({
        "spec.py": _SPEC.format(made="CallbackSpec()")}, _SPEC_MAIN.format(marker="")),
    "helper_in_a_package_module": ({
        "pkg/__init__.py": "",
        "pkg/util.py": """
            import jax

            def summarize(v):
                return float(jax.numpy.linalg.norm(v))
        """}, """
            from jax.experimental import io_callback
            from pkg.util import summarize

            def log(x):
                print(summarize(x))  # EXPECT: JAX011
                return np.asarray(x)

            @jax.jit
            def f(x):
                return io_callback(log, S(x.shape, x.dtype), x)

            print(f(jnp.ones(3)))
        """),
    "jitted_function_from_another_module": ({
        "ops.py": """
            import jax
            import jax.numpy as jnp

            fast_norm = jax.jit(jnp.linalg.norm)
        """}, """
            import ops

            def host(x):
                return np.asarray(ops.fast_norm(np.asarray(x)), np.float32)  # EXPECT: JAX011

            print(jax.jit(lambda x: jax.pure_callback(host, S((), x.dtype), x))(jnp.ones(3)))
        """),
    "neg_numpy_function_from_another_module": ({
        "ops.py": """
            import numpy as np

            fast_norm = np.linalg.norm
        """}, """
            import ops

            def host(x):
                return np.asarray(ops.fast_norm(np.asarray(x)), np.float32)

            print(jax.jit(lambda x: jax.pure_callback(host, S((), x.dtype), x))(jnp.ones(3)))
        """),
    "numpy_facade_reexporting_jax_numpy": ({
        "backend/__init__.py": "",
        "backend/xnp.py": "from jax.numpy import *  # noqa: F403\n",
        }, """
            from backend import xnp

            def host(x):
                return np.asarray(xnp.cumsum(np.asarray(x)))  # EXPECT: JAX011

            print(jax.jit(lambda x: jax.pure_callback(host, S(x.shape, x.dtype), x))(jnp.ones(3)))
        """),
    "neg_numpy_facade_reexporting_numpy": ({
        "backend/__init__.py": "",
        "backend/xnp.py": "from numpy import *  # noqa: F403\n",
        }, """
            from backend import xnp

            def host(x):
                return np.asarray(xnp.cumsum(np.asarray(x)))

            print(jax.jit(lambda x: jax.pure_callback(host, S(x.shape, x.dtype), x))(jnp.ones(3)))
        """),
    "callback_reexported_by_a_compat_module": ({
        "compat.py": "from jax import pure_callback\n",
        }, """
            from compat import pure_callback

            def host(x):
                return np.asarray(jnp.tanh(x))  # EXPECT: JAX011

            print(jax.jit(lambda x: pure_callback(host, S(x.shape, x.dtype), x))(jnp.ones(3)))
        """),
    "options_dict_from_a_config_module": ({
        "config.py": """
            CALLBACK_OPTIONS = {"vectorized": True}
        """}, """
            from config import CALLBACK_OPTIONS

            def host(x):
                return np.asarray(x) * 2

            def f(x):
                spec = S(x.shape, x.dtype)
                return jax.pure_callback(host, spec, x, **CALLBACK_OPTIONS)  # EXPECT: JAX012

            print(f(jnp.ones(3)))
        """),
    "options_dict_as_a_package_module_attribute": ({
        "pkg/__init__.py": "",
        "pkg/settings.py": """
            BASE = dict(vmap_method="sequential")
            LEGACY = dict(BASE, vectorized=False)
        """}, """
            from pkg import settings

            def host(x):
                return np.asarray(x) * 2

            def f(x):
                spec = S(x.shape, x.dtype)
                return jax.pure_callback(host, spec, x, **settings.LEGACY)  # EXPECT: JAX012

            print(f(jnp.ones(3)))
        """),
    "neg_options_dict_from_a_config_module_without_vectorized": ({
        "config.py": """
            CALLBACK_OPTIONS = {"vmap_method": "sequential"}
            OLD_OPTIONS = {"vectorized": True}
        """}, """
            from config import CALLBACK_OPTIONS

            def host(x):
                return np.asarray(x) * 2

            def f(x):
                return jax.pure_callback(host, S(x.shape, x.dtype), x, **CALLBACK_OPTIONS)

            print(jax.vmap(f)(jnp.ones((2, 3))))
        """),
    "neg_options_dict_from_a_config_module_host_takes_kwargs": ({
        "config.py": """
            CALLBACK_OPTIONS = {"vectorized": True}
        """}, """
            from config import CALLBACK_OPTIONS

            def host(x, **options):
                return np.asarray(x) * 2

            def f(x):
                return jax.pure_callback(host, S(x.shape, x.dtype), x, **CALLBACK_OPTIONS)

            print(f(jnp.ones(3)))
        """),
    "host_given_to_a_helper_of_another_module": ({
        "solver/__init__.py": "",
        "solver/bridge.py": _BRIDGE,
        "solver/kernels.py": _KERNELS,
        }, """
            from solver.bridge import host_call
            from solver import kernels

            @jax.jit
            def gram(x):
                like = jnp.zeros((x.shape[0], x.shape[0]))
                return host_call(kernels.rbf_jax, like, x, x)  # EXPECT: JAX011

            print(gram(jnp.arange(3.0)))
        """),
    "host_given_to_a_helper_reexported_by_its_package": ({
        "solver/__init__.py": "from .bridge import host_call\n",
        "solver/bridge.py": _BRIDGE,
        "solver/kernels.py": _KERNELS,
        }, """
            from solver import host_call, kernels

            def gram(x):
                like = jnp.zeros((x.shape[0], x.shape[0]))
                return host_call(kernels.rbf_jax, like, x, x)  # EXPECT: JAX011

            print(jax.jit(gram)(jnp.arange(3.0)))
        """),
    # the helper's module writes the callback's name in fullwidth letters: Python reads it as
    # `jax.pure_callback`, though its text holds no "callback"
    "host_given_to_a_helper_writing_the_callback_in_fullwidth": ({
        "solver/__init__.py": "",
        "solver/bridge.py": _BRIDGE.replace("jax.pure_callback",
                                            f"jax.{_fullwidth('pure')}_{_fullwidth('callback')}"),
        "solver/kernels.py": _KERNELS,
        }, """
            from solver.bridge import host_call
            from solver import kernels

            @jax.jit
            def gram(x):
                like = jnp.zeros((x.shape[0], x.shape[0]))
                return host_call(kernels.rbf_jax, like, x, x)  # EXPECT: JAX011

            print(gram(jnp.arange(3.0)))
        """),
    "neg_numpy_host_given_to_a_helper_of_another_module": ({
        "solver/__init__.py": "",
        "solver/bridge.py": _BRIDGE,
        "solver/kernels.py": _KERNELS,
        }, """
            from solver.bridge import host_call
            from solver import kernels

            @jax.jit
            def gram(x):
                like = jnp.zeros((x.shape[0], x.shape[0]))
                return host_call(kernels.rbf, like, x, x)

            print(gram(jnp.arange(3.0)))
        """),
    "vectorized_given_to_a_forwarding_helper_of_another_module": ({
        "bridge.py": _FORWARDING,
        }, """
            import bridge

            def double(x):
                return np.asarray(x) * 2

            print(bridge.call_host(double, jnp.ones(3), vectorized=True))  # EXPECT: JAX012
        """),
    "host_of_another_module_without_the_keyword": ({
        "backends/__init__.py": "from . import numpy_impl\n",
        "backends/numpy_impl.py": """
            import numpy as np

            def cumhaz(t, shape):
                return (np.asarray(t) ** np.asarray(shape)).astype(np.float32)
        """}, """
            from backends import numpy_impl

            def f(t):
                host, spec = numpy_impl.cumhaz, S(t.shape, jnp.float32)
                return jax.pure_callback(host, spec, t, 1.5, vectorized=False)  # EXPECT: JAX012

            print(jax.jit(f)(jnp.ones(3)))
        """),
    "neg_host_of_another_module_takes_kwargs": ({
        "backends/__init__.py": "from . import numpy_impl\n",
        "backends/numpy_impl.py": """
            import numpy as np

            def cumhaz(t, shape, **_unused):
                return (np.asarray(t) ** np.asarray(shape)).astype(np.float32)
        """}, """
            from backends import numpy_impl

            def f(t):
                spec = S(t.shape, jnp.float32)
                return jax.pure_callback(numpy_impl.cumhaz, spec, t, 1.5, vectorized=False)

            print(jax.jit(f)(jnp.ones(3)))
        """),
    "neg_host_imported_from_another_module_has_a_vectorized_parameter": ({
        "hosts.py": """
            import numpy as np

            def log_host(z, *, vectorized=False):
                return np.log(np.asarray(z))
        """}, """
            from hosts import log_host

            @jax.custom_jvp
            def log_op(z):
                return jax.pure_callback(log_host, S(z.shape, z.dtype), z, vectorized=True)

            log_op.defjvp(lambda p, t: (log_op(p[0]), t[0] / p[0]))
            print(jax.grad(lambda z: log_op(z).sum())(jnp.ones(3)))
        """),
    # the host's callee is a parameter handed on across three modules: main.py gives it to
    # `make_solver`, whose `partial` binds it to the host, which hands it to `euler` in a
    # third module, which calls it (`_parameter_values` follows it up the path)
    "host_callee_handed_on_across_three_modules": (_SOLVER, """
            import models
            from solver import make_solver

            solve = make_solver(models.decay_jax)  # EXPECT: JAX011
            print(jax.jit(solve)(jnp.ones(3)))
        """),
    "neg_numpy_host_callee_handed_on_across_three_modules": (_SOLVER, """
            import models
            from solver import make_solver

            solve = make_solver(models.decay_np)
            print(jax.jit(solve)(jnp.ones(3)))
        """),
    # the same through a recursive helper that hands the function on to itself
    "host_callee_handed_on_through_a_recursive_helper": (_SOLVER, """
            import models
            from solver import make_repeated

            solve = make_repeated(models.decay_jax, 3)  # EXPECT: JAX011
            print(jax.jit(solve)(jnp.ones(3)))
        """),
    "neg_numpy_host_callee_handed_on_through_a_recursive_helper": (_SOLVER, """
            import models
            from solver import make_repeated

            solve = make_repeated(models.decay_np, 3)
            print(jax.jit(solve)(jnp.ones(3)))
        """),
    # the JAX function given to the maker is not the one the host calls (it is used on the
    # device), so the host stays NumPy only
    "neg_jax_function_given_beside_the_host_callee": (_SOLVER, """
            import models
            from solver import make_checked

            solve = make_checked(models.decay_np, models.decay_jax)
            print(jax.jit(solve)(jnp.ones(3)))
        """),
    # the callback and its host are in the package, which calls no callback from its own
    # code: the host reads a noise source the main module configures, and the main module's
    # call of the jitted simulation runs it (reported at that call)
    "host_of_a_package_callback_reads_a_source_main_configures": (_PLANT, """
            import plant
            from plant.noise import KeyedNoise

            plant.configure(KeyedNoise(0))
            print(plant.simulate(jnp.ones(2, jnp.float32)))  # EXPECT: JAX011
        """),
    "neg_numpy_source_configured_for_a_package_callback": (_PLANT, """
            import plant
            from plant.noise import NumpyNoise

            plant.configure(NumpyNoise(0))
            print(plant.simulate(jnp.ones(2, jnp.float32)))
        """),
    "neg_package_callback_configured_but_never_run": (_PLANT, """
            import plant
            from plant.noise import KeyedNoise

            plant.configure(KeyedNoise(0))
            print(plant.GAIN)
        """),
    "neg_helper_of_another_module_with_its_own_host": ({
        "bridge.py": _FORWARDING,
        }, """
            from bridge import call_host, own_host

            def double(x):
                return np.asarray(x) * 2

            print(call_host(double, jnp.ones(3), vmap_method="sequential"))
            print(own_host(jnp.ones(3)))
        """),
}


def _write(root: Path, name: str) -> Path:
    others, main = FOLDERS[name]
    for rel, text in others.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(textwrap.dedent(text))
    (root / "main.py").write_text(_MAIN_HEAD + textwrap.dedent(main))
    return root / "main.py"


@pytest.mark.parametrize("name", sorted(FOLDERS))
def test_workspace_host_findings_match_the_markers(tmp_path: Path, name: str) -> None:
    main = _write(tmp_path, name)
    source = main.read_text()
    result = analyze_source(source, str(main), workspace=Workspace(roots=[tmp_path]))
    got = {(f.span.line, f.code) for f in result.findings}
    assert got == expected_markers(source)
    if got:  # the finding depends on the module the JAX call was read in
        others = {str((tmp_path / rel).resolve()) for rel in FOLDERS[name][0]}
        assert others & set(result.dependencies)


def test_without_a_workspace_nothing_is_followed(tmp_path: Path) -> None:
    main = _write(tmp_path, "host_defined_in_another_module")
    assert analyze_source(main.read_text(), str(main)).findings == []


@pytest.mark.parametrize("name", sorted(FOLDERS))
def test_each_folder_runs_under_jax(tmp_path: Path, name: str) -> None:
    """JAX011 warns of a hang JAX does not raise: those programs run to their end; a JAX012
    program raises the host's TypeError for the keyword JAX passes on."""
    main = _write(tmp_path, name)
    outcome = run_program(main)
    if "JAX012" in {code for _, code in expected_markers(main.read_text())}:
        assert not outcome.ok and "unexpected keyword argument 'vectorized'" in outcome.message, (
            outcome)
    else:
        assert outcome.ok, outcome


def test_a_helper_edited_to_call_a_callback_is_followed_in_the_same_workspace(
        tmp_path: Path) -> None:
    """A helper module whose buffer changes to hand its function to a callback is read again
    by the next analysis in the same workspace (`_helper_names` looks through the workspace's
    own lookups, which the result cache records)."""
    (tmp_path / "bridge.py").write_text("def call_host(fn, x):\n    return fn(x)\n")
    main = tmp_path / "main.py"
    main.write_text(_MAIN_HEAD + textwrap.dedent("""
        from bridge import call_host

        def host(x):
            return np.asarray(jnp.sin(x))

        print(jax.jit(lambda x: call_host(host, x))(jnp.ones(3)))
    """))
    ws = Workspace(roots=[tmp_path])
    before = analyze_source(main.read_text(), str(main), workspace=ws).findings
    assert [f.code for f in before] == []
    ws.overlay[(tmp_path / "bridge.py").resolve()] = textwrap.dedent(_FORWARDING)
    after = analyze_source(main.read_text(), str(main), workspace=ws).findings
    assert [f.code for f in after] == ["JAX011"]


#: a package keeping its pre-migration call path (`legacy.py`) beside the migrated one
_THERMO = {
    "thermo/__init__.py": "from . import legacy, modern\n",
    "thermo/hosts.py": """
        import numpy as np

        def antoine(temp_c):
            t = np.asarray(temp_c, np.float64)
            return (10.0 ** (8.07 - 1730.6 / (233.4 + t))).astype(np.float32)
    """,
    "thermo/legacy.py": """
        import jax
        import jax.numpy as jnp

        from .hosts import antoine

        def pressure(temp_c):
            spec = jax.ShapeDtypeStruct(jnp.shape(temp_c), jnp.float32)
            return jax.pure_callback(antoine, spec, temp_c, vectorized=True)
    """,
    "thermo/modern.py": """
        import jax
        import jax.numpy as jnp

        from .hosts import antoine

        def pressure(temp_c):
            spec = jax.ShapeDtypeStruct(jnp.shape(temp_c), jnp.float32)
            return jax.pure_callback(antoine, spec, temp_c, vmap_method="sequential")
    """,
}


@pytest.mark.parametrize("used", ["legacy", "modern"])
def test_a_legacy_module_no_module_calls_is_left_to_its_migrated_sibling(
        tmp_path: Path, used: str) -> None:
    """`legacy.py`'s call with `vectorized=` fails only where something calls it: beside a
    `modern.py` calling the same host with `vmap_method=`, it is reported while a script of
    the package's folder calls it (`from thermo import legacy as vp`), not when the script
    uses `modern` (whose function has the same name)."""
    for rel, text in _THERMO.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(textwrap.dedent(text))
    main = tmp_path / "main.py"
    main.write_text(f"import jax.numpy as jnp\nfrom thermo import {used} as vp\n\n"
                    "print(vp.pressure(jnp.array([80.0, 100.0])))\n")
    legacy = tmp_path / "thermo" / "legacy.py"
    result = analyze_source(legacy.read_text(), str(legacy),
                            workspace=Workspace(roots=[tmp_path]))
    codes = [(f.code, f.span.line) for f in result.findings]
    outcome = run_program(main)
    if used == "legacy":
        assert codes == [("JAX012", 9)]
        assert not outcome.ok and "unexpected keyword argument 'vectorized'" in outcome.message
    else:
        assert codes == []
        assert outcome.ok, outcome


def test_an_imported_module_whose_text_names_no_callback_is_not_parsed_for_the_pass(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Whether an imported module names a callback (`_helper_names`) is told from its text
    where the text holds no "callback": it is not parsed for that question. A module that
    does name one is."""
    (tmp_path / "plain.py").write_text("def scale(x):\n    return 2 * x\n" * 50)
    (tmp_path / "bridge.py").write_text(textwrap.dedent(_FORWARDING))
    main = tmp_path / "main.py"
    main.write_text("import plain\nimport bridge\n\nprint(plain.scale(1))\n")
    parsed: list[str] = []
    real = workspace._parse_module

    def counting(text: str, filename: str) -> ast.Module:
        parsed.append(Path(filename).name)
        return real(text, filename)

    monkeypatch.setattr(workspace, "_parse_module", counting)
    tree = ast.parse(main.read_text())
    callback_hosts.check_module(tree, main.read_text(), Workspace(roots=[tmp_path]),
                                str(main.resolve()), set(), remember=False)
    assert parsed == ["bridge.py"]
