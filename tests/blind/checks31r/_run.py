"""Runner used by label.py: runs one program as __main__ in this (fresh) process and
writes a JSON result.  For family-A programs it also records which lines of the program
file execute while a callback's host function is running (in whatever thread runs it)."""
import json, os, runpy, sys, traceback

prog = os.path.abspath(sys.argv[1])
out = sys.argv[2]
trace_hosts = sys.argv[3] == "1"
host_lines = set()
res = {"exc_type": None, "message": None, "host_error": None, "host_lines": []}

if trace_hosts:
    import jax, jax.experimental, jax.debug

    def _tracer(frame, event, arg):
        if frame.f_code.co_filename == prog:
            host_lines.add(frame.f_lineno)
            return _local
        return None

    def _local(frame, event, arg):
        if event == "line":
            host_lines.add(frame.f_lineno)
        return _local

    def _wrap_host(fn):
        def traced_host(*a, **k):
            old = sys.gettrace()
            sys.settrace(_tracer)
            try:
                return fn(*a, **k)
            finally:
                sys.settrace(old)
        return traced_host

    def _patch(mod, name):
        orig = getattr(mod, name)
        def patched(callback, *a, **k):
            return orig(_wrap_host(callback), *a, **k)
        setattr(mod, name, patched)

    _patch(jax, "pure_callback")
    _patch(jax.experimental, "io_callback")
    _patch(jax.debug, "callback")

sys.argv = [prog]
try:
    runpy.run_path(prog, run_name="__main__")
except BaseException as e:  # noqa
    res["exc_type"] = type(e).__name__
    text = str(e)
    res["message"] = text.splitlines()[0] if text else ""
    for ln in text.splitlines():
        if ln.startswith("TypeError:"):
            res["host_error"] = ln
    res["tb"] = traceback.format_exc()[-3000:]
res["host_lines"] = sorted(host_lines)
with open(out, "w") as fh:
    json.dump(res, fh)
sys.stdout.flush()
os._exit(0)
