"""Label the checks31w set by running every program under real JAX.

Usage:  python label.py            # runs all 60 programs (2 workers), writes labels.json
        python label.py --check    # also compares with an existing labels.json

Each program runs in a fresh `python` subprocess (JAX_PLATFORMS=cpu, timeout 120 s) through a
tiny runner (runpy, run_name="__main__") that reports the exception type, the first line of its
message, and the program lines on the traceback.  Families C and D are labelled by running.
"""
import concurrent.futures as cf
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# file: (family, fires, style, twin, labelled line)
#   C: line of the io_callback(...) call that ends up ordered=True
#   D: line of the `def` of the malformed rule (the defjvp(...) line for a lambda rule)
TABLE = {
    '5001_tangent_probe.py': ('D', True, 'instrumentation', '5004_tangent_probe.py', 20),
    '5002_chainmap_settings.py': ('C', True, 'mutation', '5036_chainmap_settings.py', 30),
    '5003_nan_guard.py': ('D', False, 'instrumentation', '5042_nan_guard.py', None),
    '5004_tangent_probe.py': ('D', False, 'instrumentation', '5001_tangent_probe.py', None),
    '5005_verbosity.py': ('C', False, 'instrumentation', '5050_verbosity.py', None),
    '5006_nan_watch.py': ('C', True, 'instrumentation', '5037_nan_watch.py', 19),
    '5007_scope_exit.py': ('D', True, 'dunder', '5020_scope_exit.py', 15),
    '5008_registry_alias.py': ('D', False, 'mutation', '5035_registry_alias.py', None),
    '5009_clip_gradient.py': ('D', True, 'instrumentation', '5059_clip_gradient.py', 18),
    '5010_audit_radd.py': ('C', False, 'dunder', '5032_audit_radd.py', None),
    '5011_linear_map.py': ('D', False, 'dunder', '5016_linear_map.py', None),
    '5012_grad_logger.py': ('D', False, 'instrumentation', '5033_grad_logger.py', None),
    '5013_trace_decorator.py': ('C', True, 'instrumentation', '5048_trace_decorator.py', 21),
    '5014_ordered_rules.py': ('D', True, 'mutation', '5043_ordered_rules.py', 21),
    '5015_quantity_rmul.py': ('D', False, 'dunder', '5021_quantity_rmul.py', None),
    '5016_linear_map.py': ('D', True, 'dunder', '5011_linear_map.py', 15),
    '5017_proxy_view.py': ('C', False, 'mutation', '5049_proxy_view.py', None),
    '5018_logger_enabled.py': ('C', False, 'instrumentation', '5034_logger_enabled.py', None),
    '5019_activation_call.py': ('D', True, 'dunder', '5058_activation_call.py', 24),
    '5020_scope_exit.py': ('D', False, 'dunder', '5007_scope_exit.py', None),
    '5021_quantity_rmul.py': ('D', True, 'dunder', '5015_quantity_rmul.py', 32),
    '5022_opts_alias.py': ('C', False, 'mutation', '5060_opts_alias.py', None),
    '5023_rule_list_alias.py': ('D', True, 'mutation', '5053_rule_list_alias.py', 21),
    '5024_callable_probe.py': ('C', True, 'dunder', '5030_callable_probe.py', 17),
    '5025_progress.py': ('C', True, 'instrumentation', '5040_progress.py', 17),
    '5026_counter_iadd.py': ('C', True, 'dunder', '5044_counter_iadd.py', 23),
    '5027_lazy_table.py': ('C', True, 'dunder', '5028_lazy_table.py', 28),
    '5028_lazy_table.py': ('C', False, 'dunder', '5027_lazy_table.py', None),
    '5029_mutable_default_cfg.py': ('D', True, 'mutation', '5055_mutable_default_cfg.py', 16),
    '5030_callable_probe.py': ('C', False, 'dunder', '5024_callable_probe.py', None),
    '5031_debug_print_rule.py': ('D', True, 'instrumentation', '5046_debug_print_rule.py', 14),
    '5032_audit_radd.py': ('C', True, 'dunder', '5010_audit_radd.py', 27),
    '5033_grad_logger.py': ('D', True, 'instrumentation', '5012_grad_logger.py', 25),
    '5034_logger_enabled.py': ('C', True, 'instrumentation', '5018_logger_enabled.py', 21),
    '5035_registry_alias.py': ('D', True, 'mutation', '5008_registry_alias.py', 12),
    '5036_chainmap_settings.py': ('C', False, 'mutation', '5002_chainmap_settings.py', None),
    '5037_nan_watch.py': ('C', False, 'instrumentation', '5006_nan_watch.py', None),
    '5038_mutable_default.py': ('C', False, 'mutation', '5057_mutable_default.py', None),
    '5039_signal_matmul.py': ('C', True, 'dunder', '5051_signal_matmul.py', 25),
    '5040_progress.py': ('C', False, 'instrumentation', '5025_progress.py', None),
    '5041_dict_update.py': ('D', True, 'mutation', '5045_dict_update.py', 21),
    '5042_nan_guard.py': ('D', True, 'instrumentation', '5003_nan_guard.py', 23),
    '5043_ordered_rules.py': ('D', False, 'mutation', '5014_ordered_rules.py', None),
    '5044_counter_iadd.py': ('C', False, 'dunder', '5026_counter_iadd.py', None),
    '5045_dict_update.py': ('D', False, 'mutation', '5041_dict_update.py', None),
    '5046_debug_print_rule.py': ('D', False, 'instrumentation', '5031_debug_print_rule.py', None),
    '5047_interp_getitem.py': ('D', False, 'dunder', '5052_interp_getitem.py', None),
    '5048_trace_decorator.py': ('C', False, 'instrumentation', '5013_trace_decorator.py', None),
    '5049_proxy_view.py': ('C', True, 'mutation', '5017_proxy_view.py', 20),
    '5050_verbosity.py': ('C', True, 'instrumentation', '5005_verbosity.py', 21),
    '5051_signal_matmul.py': ('C', False, 'dunder', '5039_signal_matmul.py', None),
    '5052_interp_getitem.py': ('D', True, 'dunder', '5047_interp_getitem.py', 20),
    '5053_rule_list_alias.py': ('D', False, 'mutation', '5023_rule_list_alias.py', None),
    '5054_handler_stack.py': ('C', True, 'mutation', '5056_handler_stack.py', 16),
    '5055_mutable_default_cfg.py': ('D', False, 'mutation', '5029_mutable_default_cfg.py', None),
    '5056_handler_stack.py': ('C', False, 'mutation', '5054_handler_stack.py', None),
    '5057_mutable_default.py': ('C', True, 'mutation', '5038_mutable_default.py', 19),
    '5058_activation_call.py': ('D', False, 'dunder', '5019_activation_call.py', None),
    '5059_clip_gradient.py': ('D', False, 'instrumentation', '5009_clip_gradient.py', None),
    '5060_opts_alias.py': ('C', True, 'mutation', '5022_opts_alias.py', 23),
}

RUNNER = r"""
import json, os, runpy, sys, traceback
prog = os.path.abspath(sys.argv[1])
out = {"exc_type": None, "message": None, "tb_lines": []}
try:
    runpy.run_path(prog, run_name="__main__")
except BaseException as e:
    out["exc_type"] = type(e).__name__
    msg = str(e).strip()
    out["message"] = msg.splitlines()[0] if msg else ""
    seen = set()
    exc = e
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        for fr in traceback.extract_tb(exc.__traceback__):
            if os.path.abspath(fr.filename) == prog:
                out["tb_lines"].append(fr.lineno)
        exc = exc.__cause__ or exc.__context__
sys.stdout.flush()
print("@@RESULT@@" + json.dumps(out))
"""

C_MSG = "Cannot `vmap` ordered IO callback."
D_PATTERNS = [
    ("TypeError", r"^Custom VJP bwd rule must produce an output with the same container \(pytree\) structure"),
    ("TypeError", r"^Custom JVP rule \S+ for function \S+ must produce primal and tangent outputs with equal container \(pytree\) structures"),
    ("TypeError", r"takes \d+ positional arguments? but \d+ (were|was) given"),
    ("TypeError", r"missing \d+ required positional argument"),
    ("ValueError", r"^Linearization failed to produce known values for all output primals"),
]


def run_one(name):
    env = dict(os.environ, JAX_PLATFORMS="cpu")
    try:
        p = subprocess.run([sys.executable, "-c", RUNNER, name], cwd=HERE, env=env,
                           capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return name, {"timeout": True}
    res = None
    for line in p.stdout.splitlines():
        if line.startswith("@@RESULT@@"):
            res = json.loads(line[len("@@RESULT@@"):])
    if res is None:
        res = {"exc_type": "RunnerFailure", "message": p.stderr.strip().splitlines()[-1:], "tb_lines": []}
    res["returncode"] = p.returncode
    return name, res


def own_error(family, res):
    et, msg = res.get("exc_type"), res.get("message") or ""
    if family == "C":
        return et == "ValueError" and msg == C_MSG
    if family == "D":
        return any(et == t and re.search(p, msg) for t, p in D_PATTERNS)
    return False


def main():
    names = sorted(f for f in os.listdir(HERE) if re.match(r"^50\d\d_.*\.py$", f))
    assert sorted(TABLE) == names, set(TABLE) ^ set(names)
    with cf.ThreadPoolExecutor(max_workers=2) as ex:
        results = dict(ex.map(run_one, names))
    labels, problems = {}, []
    for name in names:
        fam, fires, style, twin, line = TABLE[name]
        res = results[name]
        src = open(os.path.join(HERE, name)).read().splitlines()
        if res.get("timeout"):
            problems.append(f"{name}: timeout")
            continue
        raised = res["exc_type"] is not None
        if fires:
            if not raised or not own_error(fam, res):
                problems.append(f"{name}: expected family {fam} error, got {res['exc_type']}: {res['message']}")
            text = src[line - 1]
            print(f"{name}:{line}: {text.strip()}")
            if fam == "C":
                if "io_callback(" not in text and "ordered=True" not in text:
                    problems.append(f"{name}: line {line} is not an io_callback call")
                if line not in res["tb_lines"] and not any(l in res["tb_lines"] for l in range(line - 5, line + 1)):
                    problems.append(f"{name}: io_callback line {line} not on the traceback {res['tb_lines']}")
            else:
                if not (text.lstrip().startswith("def ") or ".defjvp(" in text or ".defvjp(" in text):
                    problems.append(f"{name}: line {line} is not a rule definition")
                m = re.match(r"\s*def (\w+)", text)
                if m and "positional argument" in res["message"] and m.group(1) not in res["message"]:
                    problems.append(f"{name}: arity error does not name {m.group(1)}")
                if m and res["message"].startswith("Custom JVP rule") and m.group(1) not in res["message"]:
                    problems.append(f"{name}: JVP structure error does not name {m.group(1)}")
        else:
            if raised or res["returncode"] != 0:
                problems.append(f"{name}: near miss raised {res['exc_type']}: {res['message']}")
        labels[name] = {
            "family": fam,
            "fires": fires,
            "how": "run",
            "message": res["message"] if fires else None,
            "line": line if fires else None,
            "exc_type": res["exc_type"] if fires else None,
            "style": style,
            "twin": twin,
        }
    # balance: 15 fires + 15 near misses per family, 5 + 5 per style
    for fam in "CD":
        for style in ("dunder", "instrumentation", "mutation"):
            for fires in (True, False):
                n = sum(1 for v in labels.values() if v["family"] == fam and v["style"] == style and v["fires"] == fires)
                if n != 5:
                    problems.append(f"count {fam}/{style}/fires={fires} is {n}")
    for name, v in labels.items():
        if labels.get(v["twin"], {}).get("twin") != name or labels[v["twin"]]["fires"] == v["fires"]:
            problems.append(f"{name}: bad twin {v['twin']}")
    out = os.path.join(HERE, "labels.json")
    if "--check" in sys.argv and os.path.exists(out):
        old = json.load(open(out))
        print("identical to existing labels.json:", old == labels)
        if old != labels:
            problems.append("labels differ from existing labels.json")
    with open(out, "w") as f:
        json.dump(labels, f, indent=1, sort_keys=True)
    print(len(labels), "labelled;", sum(v["fires"] for v in labels.values()), "fire")
    if problems:
        print("PROBLEMS:")
        print("\n".join(problems))
        sys.exit(1)
    print("all checks passed")


if __name__ == "__main__":
    main()
