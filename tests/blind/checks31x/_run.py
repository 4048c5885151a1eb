"""Family-A tracer: run one program and record JAX code executed while a host
function handed to jax.pure_callback / io_callback / jax.debug.callback is on the stack.

Usage: python _run.py PROGRAM.py OUT.json

How it works: before the program runs, the three callback entry points are wrapped so
that the host they receive is replaced by a shim.  The shim (1) converts the host's
jax.Array arguments to NumPy (so the program's own np.asarray(...) executes no JAX
code), (2) installs a per-thread profile hook for the duration of the host call and
(3) removes it when the host returns.  The hook records every call that enters JAX
code (a Python frame in the jax / jaxlib package, or a C call to a jaxlib object such
as a jit-compiled function) and the line of the innermost frame of PROGRAM that led
to it.  Outcome JSON: host_calls, jax_on_host [[line, qualname], ...], error.
"""
import json, os, sys, threading, traceback, runpy, functools

prog = os.path.abspath(sys.argv[1])
out = sys.argv[2]

import numpy as np
import jax
import jax.experimental
import jax.debug
import jaxlib

JAX_DIRS = tuple(os.path.dirname(m.__file__) + os.sep for m in (jax, jaxlib))
state = {"host_calls": 0, "jax_on_host": []}
tls = threading.local()


def _is_jax_file(fn):
    return fn.startswith(JAX_DIRS)


def _program_line(frame):
    f = frame
    while f is not None:
        if os.path.abspath(f.f_code.co_filename) == prog:
            return f.f_lineno
        f = f.f_back
    return None


def _note(line, what):
    # keep the first JAX entry per program line, in order
    if all(line != l for l, _ in state["jax_on_host"]):
        state["jax_on_host"].append([line, what])


def _hook(frame, event, arg):
    if event == "call":
        fn = frame.f_code.co_filename
        if _is_jax_file(fn) and not (frame.f_back and _is_jax_file(frame.f_back.f_code.co_filename)):
            _note(_program_line(frame.f_back), frame.f_code.co_qualname)
    elif event == "c_call":
        mod = getattr(type(arg), "__module__", "") or ""
        mod2 = getattr(arg, "__module__", "") or ""
        if (mod.startswith(("jax", "jaxlib")) or mod2.startswith(("jax", "jaxlib"))) \
                and not _is_jax_file(frame.f_code.co_filename):
            _note(_program_line(frame), type(arg).__name__)


def _to_np(v):
    if isinstance(v, jax.Array):
        return np.asarray(v)
    return v


def _shim(host):
    @functools.wraps(host)
    def shim(*args, **kwargs):
        args = jax.tree_util.tree_map(_to_np, args)
        kwargs = jax.tree_util.tree_map(_to_np, kwargs)
        state["host_calls"] += 1
        depth = getattr(tls, "depth", 0)
        tls.depth = depth + 1
        old = sys.getprofile()
        sys.setprofile(_hook)
        try:
            return host(*args, **kwargs)
        finally:
            sys.setprofile(old)
            tls.depth = depth
    return shim


def _wrap_entry(orig):
    @functools.wraps(orig)
    def entry(callback, *a, **k):
        return orig(_shim(callback), *a, **k)
    return entry


jax.pure_callback = _wrap_entry(jax.pure_callback)
jax.experimental.io_callback = _wrap_entry(jax.experimental.io_callback)
jax.debug.callback = _wrap_entry(jax.debug.callback)

err = None
try:
    sys.argv = [prog]
    runpy.run_path(prog, run_name="__main__")
    jax.effects_barrier()
except BaseException as e:  # noqa
    err = "%s: %s" % (type(e).__name__, str(e).splitlines()[0] if str(e) else "")
    traceback.print_exc()
state["error"] = err
with open(out, "w") as fh:
    json.dump(state, fh)
