"""Run one program and report, as a JSON line prefixed RESULT:, what happened.

usage: python _run.py A|B path/to/prog.py

Family A: jax.pure_callback, jax.experimental.io_callback and jax.debug.callback are
patched (before the program is executed) so that the host function they receive is
wrapped; while the wrapped host runs, a sys.setprofile hook records every entry into
a Python function defined under the installed `jax` package whose caller is not itself
JAX code (i.e. an explicit JAX call made by the host or a helper it calls).  Entries named
`__array__` (NumPy converting a jax.Array given to the host, np.asarray) are ignored.
The recorded line is the innermost frame of the program file at that moment.

Family B: jax.pure_callback is patched with a pass-through that records the program line
of every call that passes a `vectorized` keyword.
"""
import json
import os
import runpy
import sys
import traceback

family, prog = sys.argv[1], os.path.abspath(sys.argv[2])

import jax
import jax.debug
import jax.experimental

JAX_DIR = os.path.dirname(os.path.abspath(jax.__file__)) + os.sep
THIS = os.path.abspath(__file__)
rec = {"host_calls": 0, "jax_on_host": [], "vectorized_calls": []}


def _prog_line(frame):
    f = frame
    while f is not None and os.path.abspath(f.f_code.co_filename) != prog:
        f = f.f_back
    return None if f is None else f.f_lineno


def _hook(frame, event, arg):
    if event != "call":
        return
    fn = frame.f_code.co_filename
    if not fn.startswith(JAX_DIR):
        return
    caller = frame.f_back
    if caller is not None and caller.f_code.co_filename.startswith(JAX_DIR):
        return
    if frame.f_code.co_name == "__array__":
        return
    rec["jax_on_host"].append({"line": _prog_line(frame),
                               "jax_fn": frame.f_code.co_name,
                               "jax_file": fn[len(JAX_DIR):]})


def _wrap_host(host):
    if host is None:
        return None

    def _traced_host(*a, **k):
        rec["host_calls"] += 1
        old = sys.getprofile()
        sys.setprofile(_hook)
        try:
            return host(*a, **k)
        finally:
            sys.setprofile(old)
    return _traced_host


if family == "A":
    _pc, _ioc, _dc = jax.pure_callback, jax.experimental.io_callback, jax.debug.callback

    def pure_callback(callback, *a, **k):
        return _pc(_wrap_host(callback), *a, **k)

    def io_callback(callback, *a, **k):
        return _ioc(_wrap_host(callback), *a, **k)

    def debug_callback(callback=None, *a, **k):
        if callback is None:  # decorator form
            return lambda cb: _dc(_wrap_host(cb), *a, **k)
        return _dc(_wrap_host(callback), *a, **k)

    jax.pure_callback = pure_callback
    jax.experimental.io_callback = io_callback
    jax.debug.callback = debug_callback
elif family == "B":
    _pc = jax.pure_callback

    def pure_callback(callback, *a, **k):
        if "vectorized" in k:
            rec["vectorized_calls"].append(_prog_line(sys._getframe(1)))
        return _pc(callback, *a, **k)

    jax.pure_callback = pure_callback

out = {"exc_type": None, "message": None, "line": None, "host_error": None}
try:
    sys.argv = [prog]
    runpy.run_path(prog, run_name="__main__")
except BaseException as e:  # noqa: BLE001
    out["exc_type"] = type(e).__name__
    msg = str(e)
    out["message"] = msg.splitlines()[0] if msg else ""
    for ln in msg.splitlines():
        if ln.startswith(("TypeError:", "ValueError:", "NameError:", "AttributeError:")):
            out["host_error"] = ln
    tb = traceback.extract_tb(e.__traceback__)
    lines = [fr.lineno for fr in tb if os.path.abspath(fr.filename) == prog]
    out["line"] = lines[-1] if lines else None
out.update(rec)
sys.stdout.flush()
print("RESULT:" + json.dumps(out), flush=True)
