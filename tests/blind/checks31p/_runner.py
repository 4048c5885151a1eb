# Helper used by label.py (not a test program): runs one program as __main__ in this
# fresh interpreter, optionally tracing which of its lines execute on a callback host.
import json, os, runpy, sys, threading, traceback

prog = os.path.abspath(sys.argv[1])
do_trace = sys.argv[2] == "trace"
out_path = sys.argv[3]
HOST_MARKERS = {("callback.py", "pure_callback_impl"), ("callback.py", "io_callback_impl"),
                ("debugging.py", "debug_callback_impl")}
host_lines, jax_calls, host_calls = set(), set(), [0]

def _on_host(frame):
    f = frame
    while f is not None:
        co = f.f_code
        if "/jax/_src/" in co.co_filename and (os.path.basename(co.co_filename), co.co_name) in HOST_MARKERS:
            return True
        f = f.f_back
    return False

def _local(frame, event, arg):
    if event == "line" and _on_host(frame):
        host_lines.add(frame.f_lineno)
    return _local

def _global(frame, event, arg):
    fn = frame.f_code.co_filename
    if fn == prog:
        return _local
    if event == "call" and "/site-packages/jax/" in fn:
        back = frame.f_back
        if back is not None and back.f_code.co_filename == prog and not frame.f_code.co_name.startswith("_"):
            if _on_host(back):
                jax_calls.add(back.f_lineno)
    return None

res = {"exc_type": None, "message": None, "line": None, "host_error": None}
sys.argv = [prog]
if do_trace:
    threading.settrace(_global); sys.settrace(_global)
try:
    runpy.run_path(prog, run_name="__main__")
except BaseException as e:  # noqa
    sys.settrace(None)
    res["exc_type"] = type(e).__name__
    s = str(e)
    res["message"] = s.splitlines()[0] if s else ""
    frames = [fr for fr in traceback.extract_tb(e.__traceback__) if os.path.abspath(fr.filename) == prog]
    res["line"] = frames[-1].lineno if frames else None
    for ln in s.splitlines():
        if ln.startswith("TypeError: "):
            res["host_error"] = ln
finally:
    sys.settrace(None); threading.settrace(None)
res["host_lines"] = sorted(host_lines)
res["jax_calls"] = sorted(jax_calls)
with open(out_path, "w") as fh:
    json.dump(res, fh)
