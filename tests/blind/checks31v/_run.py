"""Run one program and report what happened, as JSON, to the file named by argv[3].

usage: python _run.py plain|trace PROGRAM OUT.json

plain: run the program (as __main__) and record the exception it raises, if any.
trace: additionally wrap every host function handed to jax.pure_callback,
       jax.experimental.io_callback and jax.debug.callback; while a host runs, a profile
       hook (set in the thread that runs the host) records every call made FROM A FRAME
       OF THE PROGRAM FILE into JAX (a Python function under the jax package, other than
       jax/_src/array.py, which only holds jax.Array's own conversion dunders such as
       __array__ used by np.asarray) or into a jaxlib C object (e.g. a cached jitted
       function).  A non-empty record list = family A "fires".
"""
import json, os, runpy, sys, threading, traceback

mode, prog, out = sys.argv[1], os.path.abspath(sys.argv[2]), sys.argv[3]
result = {"program": os.path.basename(prog), "exc_type": None, "message": None,
          "host_error": None, "host_calls": 0, "jax_on_host": []}

if mode == "trace":
    import jax, jax.experimental, jax.debug
    JAXDIR = os.path.dirname(jax.__file__) + os.sep
    EXCLUDE = os.path.join(JAXDIR, "_src", "array.py")
    lock = threading.Lock()

    def _is_jax_file(fn):
        return fn.startswith(JAXDIR) and fn != EXCLUDE

    def _hook(frame, event, arg):
        if event == "call":
            back = frame.f_back
            if (back is not None and back.f_code.co_filename == prog
                    and _is_jax_file(frame.f_code.co_filename)):
                with lock:
                    result["jax_on_host"].append(
                        {"line": back.f_lineno, "caller": back.f_code.co_name,
                         "callee": frame.f_code.co_name,
                         "callee_file": os.path.relpath(frame.f_code.co_filename, JAXDIR)})
        elif event == "c_call":
            if frame.f_code.co_filename == prog:
                mod = getattr(type(arg), "__module__", "") or ""
                if mod.startswith("jaxlib") or mod.startswith("jax."):
                    with lock:
                        result["jax_on_host"].append(
                            {"line": frame.f_lineno, "caller": frame.f_code.co_name,
                             "callee": repr(type(arg)), "callee_file": "<C>"})

    def _wrap_host(host):
        def _traced_host(*a, **k):
            with lock:
                result["host_calls"] += 1
            prev = sys.getprofile()
            sys.setprofile(_hook)
            try:
                return host(*a, **k)
            finally:
                sys.setprofile(prev)
        return _traced_host

    def _patch(mod, name):
        orig = getattr(mod, name)
        def patched(callback, *a, **k):
            return orig(_wrap_host(callback), *a, **k)
        patched.__name__ = orig.__name__
        patched.__doc__ = orig.__doc__
        setattr(mod, name, patched)

    _patch(jax, "pure_callback")
    _patch(jax.experimental, "io_callback")
    _patch(jax.debug, "callback")

sys.argv = [prog]
sys.path.insert(0, os.path.dirname(prog))
try:
    runpy.run_path(prog, run_name="__main__")
except BaseException as e:  # noqa
    text = str(e)
    result["exc_type"] = type(e).__name__
    result["message"] = text.splitlines()[0] if text else ""
    lines = [l for l in text.splitlines() if l.strip()]
    if "CpuCallback error" in text and lines:
        result["host_error"] = lines[-1].strip()
    result["traceback_tail"] = traceback.format_exc().splitlines()[-6:]
with open(out, "w") as fh:
    json.dump(result, fh, indent=1)
