"""Tracer for family A: run one program under sys.settrace and record, while a host function
(the function handed to the callback) is on the stack,
  * which lines of the program file execute, and
  * every frame inside the installed `jax` package entered directly from a non-jax frame
    (an "entry"); entries whose function is `__array__` are ignored: they are the
    conversion `np.asarray(jax_array)` that every host performs on its arguments first;
    entries whose function is `_xla_gc_callback` are ignored too: that is JAX's hook in
    `gc.callbacks`, run by the interpreter's garbage collector whenever a collection happens
    to start inside the host (measured once under scipy.optimize), not a call made by the host.
Usage: python _run.py PROGRAM HOST[,HOST...]   -> prints one JSON line on stdout (last line).
Hosts run on the main thread on CPU in JAX 0.10.2 (measured); threading.settrace is set too.
Limitation: a jitted function whose C++ fast path hits its cache enters no Python frame; the
first call of any jitted function from a host always does, so entries are still recorded."""
import json
import os
import runpy
import sys
import threading

import jax

JAX_DIR = os.path.dirname(os.path.abspath(jax.__file__)) + os.sep
IGNORED_ENTRIES = {"__array__", "_xla_gc_callback"}

prog = os.path.abspath(sys.argv[1])
hosts = set(sys.argv[2].split(","))
state = {"depth": 0, "host_calls": 0}
lines_hit = set()
entries = []


def _local(frame, event, arg):
    if event == "line":
        lines_hit.add(frame.f_lineno)
    return _local


def _host_local(frame, event, arg):
    if event == "line":
        lines_hit.add(frame.f_lineno)
    elif event == "return":
        state["depth"] -= 1
    return _host_local


def _global(frame, event, arg):
    if event != "call":
        return None
    code = frame.f_code
    fn = code.co_filename
    if fn == prog and code.co_name in hosts:
        state["depth"] += 1
        state["host_calls"] += 1
        return _host_local
    if state["depth"] <= 0:
        return None
    if fn == prog:
        return _local
    if fn.startswith(JAX_DIR):
        back = frame.f_back
        if back is not None and not back.f_code.co_filename.startswith(JAX_DIR):
            if code.co_name not in IGNORED_ENTRIES:
                entries.append([os.path.basename(back.f_code.co_filename), back.f_lineno,
                                os.path.relpath(fn, JAX_DIR), code.co_name])
    return None


error = None
sys.argv = [prog]
threading.settrace(_global)
sys.settrace(_global)
try:
    runpy.run_path(prog, run_name="__main__")
except BaseException as e:  # noqa: BLE001
    error = f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"
finally:
    sys.settrace(None)
    threading.settrace(None)
# de-duplicate entries, keep order
seen, uniq = set(), []
for e in entries:
    t = tuple(e)
    if t not in seen:
        seen.add(t)
        uniq.append(e)
print(json.dumps({"host_calls": state["host_calls"], "lines_hit": sorted(lines_hit),
                  "jax_entries": uniq[:50], "error": error}))
