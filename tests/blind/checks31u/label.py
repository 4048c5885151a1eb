"""Labeller for the checks31u blind set (families C and D, labelled by running JAX).

Runs every program in a fresh `python` subprocess (JAX_PLATFORMS=cpu, timeout 120 s,
under `nice`, at most 2 at once), records the first line of the exception it raises (if
any), checks that each firing program raises its own family's error and that each near
miss runs cleanly, prints the labelled source line of each firing program, and writes
labels.json.
Usage: python label.py [--out labels.json]
"""
import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))

# file: (family, fires, style, twin, line)
# line: C = the io_callback(..., ordered=True) call (the line naming the callback);
#       D = the `def` of the malformed rule (the defvjp(...) line when the rule is a lambda).
TABLE = {
    "4801_sensor_taps.py": ("C", True, "binding", "4845_sensor_taps.py", 24),
    "4802_dose_response_scipy.py": ("D", False, "reflection", "4844_dose_response_scipy.py", None),
    "4803_arrhenius_grid.py": ("C", False, "nested", "4827_arrhenius_grid.py", None),
    "4804_gradnorm_clip.py": ("C", False, "nested", "4835_gradnorm_clip.py", None),
    "4805_prefix_hooks.py": ("C", True, "reflection", "4838_prefix_hooks.py", 24),
    "4806_docking_chunks.py": ("C", True, "reflection", "4817_docking_chunks.py", 22),
    "4807_per_example_curvature.py": ("C", True, "nested", "4852_per_example_curvature.py", 22),
    "4808_coupling_tree.py": ("D", False, "nested", "4847_coupling_tree.py", None),
    "4809_step_ranking.py": ("D", False, "reflection", "4832_step_ranking.py", None),
    "4810_lr_scan_journal.py": ("C", False, "binding", "4841_lr_scan_journal.py", None),
    "4811_spectral_fits.py": ("C", True, "reflection", "4854_spectral_fits.py", 29),
    "4812_kernel_rule_discovery.py": ("D", True, "reflection", "4843_kernel_rule_discovery.py", 29),
    "4813_tv_tangent_probe.py": ("C", True, "nested", "4851_tv_tangent_probe.py", 28),
    "4814_nested_softmax.py": ("D", True, "nested", "4831_nested_softmax.py", 18),
    "4815_minibatch_audit.py": ("C", False, "nested", "4839_minibatch_audit.py", None),
    "4816_image_qc_plugin.py": ("C", True, "reflection", "4846_image_qc_plugin.py", 35),
    "4817_docking_chunks.py": ("C", False, "reflection", "4806_docking_chunks.py", None),
    "4818_shower_counters.py": ("C", True, "binding", "4849_shower_counters.py", 27),
    "4819_pricing_audit.py": ("C", True, "binding", "4856_pricing_audit.py", 23),
    "4820_activation_registry.py": ("D", False, "reflection", "4848_activation_registry.py", None),
    "4821_softrelu_hvp.py": ("D", False, "nested", "4837_softrelu_hvp.py", None),
    "4822_ranking_hinge.py": ("D", False, "binding", "4826_ranking_hinge.py", None),
    "4823_option_table_kernel.py": ("D", True, "reflection", "4857_option_table_kernel.py", 22),
    "4824_squash_screen.py": ("D", False, "binding", "4850_squash_screen.py", None),
    "4825_activation_swap.py": ("D", False, "binding", "4840_activation_swap.py", None),
    "4826_ranking_hinge.py": ("D", True, "binding", "4822_ranking_hinge.py", 22),
    "4827_arrhenius_grid.py": ("C", True, "nested", "4803_arrhenius_grid.py", 24),
    "4828_fused_sums.py": ("D", True, "binding", "4842_fused_sums.py", 25),
    "4829_solver_watchdog.py": ("C", True, "binding", "4858_solver_watchdog.py", 29),
    "4830_mc_pi_stages.py": ("C", True, "reflection", "4836_mc_pi_stages.py", 20),
    "4831_nested_softmax.py": ("D", False, "nested", "4814_nested_softmax.py", None),
    "4832_step_ranking.py": ("D", True, "reflection", "4809_step_ranking.py", 18),
    "4833_remat_hessian.py": ("D", True, "nested", "4855_remat_hessian.py", 18),
    "4834_taylor_response.py": ("D", False, "nested", "4860_taylor_response.py", None),
    "4835_gradnorm_clip.py": ("C", True, "nested", "4804_gradnorm_clip.py", 32),
    "4836_mc_pi_stages.py": ("C", False, "reflection", "4830_mc_pi_stages.py", None),
    "4837_softrelu_hvp.py": ("D", True, "nested", "4821_softrelu_hvp.py", 17),
    "4838_prefix_hooks.py": ("C", False, "reflection", "4805_prefix_hooks.py", None),
    "4839_minibatch_audit.py": ("C", True, "nested", "4815_minibatch_audit.py", 21),
    "4840_activation_swap.py": ("D", True, "binding", "4825_activation_swap.py", 17),
    "4841_lr_scan_journal.py": ("C", True, "binding", "4810_lr_scan_journal.py", 21),
    "4842_fused_sums.py": ("D", False, "binding", "4828_fused_sums.py", None),
    "4843_kernel_rule_discovery.py": ("D", False, "reflection", "4812_kernel_rule_discovery.py", None),
    "4844_dose_response_scipy.py": ("D", True, "reflection", "4802_dose_response_scipy.py", 23),
    "4845_sensor_taps.py": ("C", False, "binding", "4801_sensor_taps.py", None),
    "4846_image_qc_plugin.py": ("C", False, "reflection", "4816_image_qc_plugin.py", None),
    "4847_coupling_tree.py": ("D", True, "nested", "4808_coupling_tree.py", 21),
    "4848_activation_registry.py": ("D", True, "reflection", "4820_activation_registry.py", 36),
    "4849_shower_counters.py": ("C", False, "binding", "4818_shower_counters.py", None),
    "4850_squash_screen.py": ("D", True, "binding", "4824_squash_screen.py", 28),
    "4851_tv_tangent_probe.py": ("C", False, "nested", "4813_tv_tangent_probe.py", None),
    "4852_per_example_curvature.py": ("C", False, "nested", "4807_per_example_curvature.py", None),
    "4853_polar_widen.py": ("D", True, "binding", "4859_polar_widen.py", 19),
    "4854_spectral_fits.py": ("C", False, "reflection", "4811_spectral_fits.py", None),
    "4855_remat_hessian.py": ("D", False, "nested", "4833_remat_hessian.py", None),
    "4856_pricing_audit.py": ("C", False, "binding", "4819_pricing_audit.py", None),
    "4857_option_table_kernel.py": ("D", False, "reflection", "4823_option_table_kernel.py", None),
    "4858_solver_watchdog.py": ("C", False, "binding", "4829_solver_watchdog.py", None),
    "4859_polar_widen.py": ("D", False, "binding", "4853_polar_widen.py", None),
    "4860_taylor_response.py": ("D", True, "nested", "4834_taylor_response.py", 19),
}

# Runs the program as __main__ in this fresh interpreter and reports the exception as JSON.
DRIVER = r"""
import json, runpy, sys, traceback
path = sys.argv[1]
sys.argv = [path]
res = {"raised": False}
try:
    runpy.run_path(path, run_name="__main__")
except BaseException as e:
    frames = [f for f in traceback.extract_tb(e.__traceback__) if f.filename == path]
    msg = str(e).strip().splitlines()
    res = {"raised": True, "exc_type": type(e).__name__, "message": msg[0] if msg else "",
           "call_line": frames[-1].lineno if frames else None}
sys.stdout.flush()
print("@@LABEL@@" + json.dumps(res))
"""

C_MESSAGE = "Cannot `vmap` ordered IO callback."
D_PATTERNS = [
    ("TypeError", re.compile(r"^Custom VJP bwd rule must produce an output with the same container "
                             r"\(pytree\) structure as the args tuple of the primal function")),
    ("TypeError", re.compile(r"^Custom JVP rule \S+ for function \S+ must produce primal and tangent "
                             r"outputs with equal container \(pytree\) structures")),
    ("TypeError", re.compile(r"^(\S+)\(\) (takes \d+ positional arguments? but \d+ (were|was) given|"
                             r"missing \d+ required positional arguments?)")),
    ("ValueError", re.compile(r"^Linearization failed to produce known values for all output primals\.")),
]


def run_one(name):
    path = os.path.join(HERE, name)
    env = dict(os.environ, JAX_PLATFORMS="cpu", PYTHONHASHSEED="0")
    try:
        p = subprocess.run(["nice", "-n", "10", sys.executable, "-c", DRIVER, path],
                           capture_output=True, text=True, timeout=120, env=env, cwd=HERE)
    except subprocess.TimeoutExpired:
        return name, {"raised": True, "exc_type": "Timeout", "message": "timeout 120 s",
                      "call_line": None}, ""
    out = [l for l in p.stdout.splitlines() if l.startswith("@@LABEL@@")]
    if not out:
        return name, {"raised": True, "exc_type": "NoResult", "message": p.stderr[-300:],
                      "call_line": None}, p.stderr
    return name, json.loads(out[-1][len("@@LABEL@@"):]), p.stderr


def check(name, res, problems):
    family, fires, style, twin, line = TABLE[name]
    if not fires:
        if res["raised"]:
            problems.append(f"{name}: near miss raised {res['exc_type']}: {res['message']}")
        return
    if not res["raised"]:
        problems.append(f"{name}: firing program ran cleanly")
        return
    et, msg = res["exc_type"], res["message"]
    if family == "C":
        if not (et == "ValueError" and msg == C_MESSAGE):
            problems.append(f"{name}: expected C error, got {et}: {msg}")
        return
    for want_type, pat in D_PATTERNS:
        m = pat.match(msg)
        if et == want_type and m:
            if pat is D_PATTERNS[2][1]:
                # a wrong-arity rule: the function named must be the rule on the labelled line
                src = open(os.path.join(HERE, name)).read().splitlines()[line - 1]
                fn = m.group(1)
                if not (("def " + fn + "(") in src or (fn == "<lambda>" and "lambda" in src)):
                    problems.append(f"{name}: arity error names {fn}, labelled line is {src!r}")
            return
    problems.append(f"{name}: expected D error, got {et}: {msg}")


def main():
    out_path = os.path.join(HERE, "labels.json")
    if "--out" in sys.argv:
        out_path = sys.argv[sys.argv.index("--out") + 1]
    names = sorted(TABLE)
    missing = [n for n in names if not os.path.exists(os.path.join(HERE, n))]
    extra = sorted(f for f in os.listdir(HERE) if re.match(r"^48\d\d_.*\.py$", f) and f not in TABLE)
    assert not missing and not extra, (missing, extra)
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(run_one, names))
    problems, labels = [], {}
    for name, res, _stderr in results:
        family, fires, style, twin, line = TABLE[name]
        check(name, res, problems)
        labels[name] = {
            "family": family, "fires": fires, "how": "run",
            "message": res.get("message") if res["raised"] else None,
            "line": line,
            "exc_type": res.get("exc_type") if res["raised"] else None,
            "call_line": res.get("call_line") if res["raised"] else None,
            "style": style, "twin": twin,
        }
        if fires:
            src = open(os.path.join(HERE, name)).read().splitlines()[line - 1]
            print(f"{name}:{line}: {src.strip()}")
    for name, (family, fires, style, twin, line) in TABLE.items():
        assert TABLE[twin][3] == name and TABLE[twin][1] != fires and TABLE[twin][0] == family
    with open(out_path, "w") as fh:
        json.dump(labels, fh, indent=1, sort_keys=True)
        fh.write("\n")
    counts = {}
    for v in labels.values():
        key = (v["family"], v["fires"], v["style"])
        counts[key] = counts.get(key, 0) + 1
    for key in sorted(counts):
        print("family %s fires=%-5s %-10s %d" % (key[0], key[1], key[2], counts[key]))
    if problems:
        print("PROBLEMS:")
        for p in problems:
            print("  " + p)
        sys.exit(1)
    print(f"OK: {len(labels)} programs labelled, all checks passed -> {out_path}")


if __name__ == "__main__":
    main()
