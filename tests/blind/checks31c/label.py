"""Run every 290NN program in a fresh interpreter and record what JAX does.

Family C: an ordered io_callback reached by vmap ("Cannot `vmap` ordered IO callback.").
Family D: a malformed custom_jvp / custom_vjp rule that JAX rejects when differentiating.
"""
import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))

RUNNER = r'''
import runpy, sys, traceback, json, os
path = sys.argv[1]
sys.argv = [path]
res = {"raises": False, "type": None, "message": None, "tb_line": None}
try:
    runpy.run_path(path, run_name="__main__")
except BaseException as e:
    if isinstance(e, SystemExit) and not e.code:
        pass
    else:
        res["raises"] = True
        res["type"] = type(e).__name__
        msg = str(e).strip().splitlines()
        res["message"] = msg[0] if msg else ""
        line = None
        for fr in traceback.extract_tb(e.__traceback__):
            if os.path.abspath(fr.filename) == os.path.abspath(path):
                line = fr.lineno
        res["tb_line"] = line
print("@@LABEL@@" + json.dumps(res))
'''

# The nine errors of the original checker: no program here may raise any of them.
OLD_NINE = [
    "Pure callbacks do not support JVP", "Pure callbacks do not support transpose",
    "IO callbacks do not support JVP", "IO callbacks do not support transpose",
    "Effects not supported in partial-eval of",
    "can't apply forward-mode autodiff (jvp) to a custom_vjp function",
    "Transpose rule (for reverse-mode differentiation) for 'custom_vjp_call' not implemented",
    "vmap is only supported for the pure_callback primitive when vmap_method is",
    "Reverse-mode differentiation does not work for lax.while_loop or lax.fori_loop",
    "requires real- or complex-valued inputs", "requires real-valued inputs",
]

FAMILY_C = [("ValueError", r"^Cannot `vmap` ordered IO callback\.$")]
FAMILY_D = [
    ("TypeError", r"^Custom VJP bwd rule must produce an output with the same container \(pytree\) structure"),
    ("TypeError", r"^Custom JVP rule \S+ for function \S+ must produce primal and tangent outputs with equal container \(pytree\) structures"),
    ("TypeError", r"^\S+\(\) takes \d+ positional arguments? but \d+ (were|was) given$"),
    ("TypeError", r"^\S+\(\) missing \d+ required positional arguments?: "),
    ("ValueError", r"^Linearization failed to produce known values for all output primals\."),
]

# (family, expected to fire, line).  C: line of the io_callback(..., ordered=True) call.
# D: line of the `def` of the malformed rule, or of the defvjp(...) line for a lambda rule.
# Near misses carry line None.  Every firing line was checked by reading the program.
TABLE = {
    "29001_vmap_method_scorer.py": ("C", True, 23),
    "29002_vectorize_row_norms.py": ("C", True, 14),
    "29003_laxmap_batched_eval.py": ("C", True, 25),
    "29004_jacrev_grad_tap.py": ("C", True, 24),
    "29005_linen_vmap_ensemble.py": ("C", True, 20),
    "29006_nnx_vmap_probe.py": ("C", True, 14),
    "29007_eqx_filter_vmap_calib.py": ("C", True, 25),
    "29008_vmap_scan_rollout.py": ("C", True, 21),
    "29009_stacked_vmap_pairwise.py": ("C", True, 16),
    "29010_partial_vmap_newton.py": ("C", True, 25),
    "29011_vmap_method_scorer_unordered.py": ("C", False, None),
    "29012_laxmap_sequential_eval.py": ("C", False, None),
    "29013_grad_tap_scalar_loss.py": ("C", False, None),
    "29014_vectorize_excluded_gain.py": ("C", False, None),
    "29015_vmap_scan_step_counter.py": ("C", False, None),
    "29016_stacked_vmap_debug_callback.py": ("C", False, None),
    "29017_dead_branch_verbose.py": ("C", False, None),
    "29018_nnx_log_after_vmap.py": ("C", False, None),
    "29019_eqx_filter_vmap_temp_log.py": ("C", False, None),
    "29020_jacrev_log_inputs.py": ("C", False, None),
    "29021_clip_grad_short_tuple.py": ("D", True, 14),
    "29022_linen_ste_binarize.py": ("D", True, 17),
    "29023_eqx_grad_reversal_nondiff.py": ("D", True, 18),
    "29024_safe_norm_tuple_tangent.py": ("D", True, 13),
    "29025_moments_dict_keys.py": ("D", True, 12),
    "29026_lse_fwd_arity.py": ("D", True, 12),
    "29027_softclip_staticmethod_jvp.py": ("D", True, 15),
    "29028_fd_jvp_rule.py": ("D", True, 14),
    "29029_optax_huber_lambda_bwd.py": ("D", True, 17),
    "29030_pytree_layer_vjp.py": ("D", True, 22),
    "29031_clip_grad_none_cotangent.py": ("D", False, None),
    "29032_linen_ste_binarize_pair.py": ("D", False, None),
    "29033_eqx_grad_reversal_counted.py": ("D", False, None),
    "29034_safe_norm_pair_tangent.py": ("D", False, None),
    "29035_moments_dict_forward_only.py": ("D", False, None),
    "29036_lse_symbolic_zeros.py": ("D", False, None),
    "29037_softclip_jvp_never_differentiated.py": ("D", False, None),
    "29038_fd_jvp_rule_forward_mode.py": ("D", False, None),
    "29039_defjvps_none_rule.py": ("D", False, None),
    "29040_optax_huber_lambda_bwd_full.py": ("D", False, None),
}


def run_one(name):
    path = os.path.join(HERE, name)
    env = dict(os.environ, JAX_PLATFORMS="cpu")
    try:
        p = subprocess.run([sys.executable, "-c", RUNNER, path], cwd=HERE, env=env,
                           capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return name, {"raises": None, "type": None, "message": "TIMEOUT", "tb_line": None}
    out = [l for l in p.stdout.splitlines() if l.startswith("@@LABEL@@")]
    if not out:
        return name, {"raises": None, "type": None, "message": "NO RESULT: " + p.stderr[-500:],
                      "tb_line": None}
    return name, json.loads(out[-1][len("@@LABEL@@"):])


def matches(family, exc_type, msg):
    pats = FAMILY_C if family == "C" else FAMILY_D
    return any(exc_type == t and re.search(rx, msg or "") for t, rx in pats)


def main():
    names = sorted(n for n in os.listdir(HERE) if re.match(r"290\d\d_.*\.py$", n))
    missing = set(TABLE) ^ set(names)
    if missing:
        sys.exit(f"table and folder disagree: {sorted(missing)}")
    with ThreadPoolExecutor(max_workers=2) as ex:
        runs = dict(ex.map(run_one, names))
    labels, problems = {}, []
    for name in names:
        family, fires, line = TABLE[name]
        r = runs[name]
        msg = r["message"]
        if msg is not None:
            msg = re.sub(r"0x[0-9a-fA-F]+", "0x...", msg)
        if r["raises"] is None:
            problems.append(f"{name}: {msg}")
        elif any(s in (msg or "") for s in OLD_NINE):
            problems.append(f"{name}: raises one of the nine old errors: {msg}")
        elif fires and not (r["raises"] and matches(family, r["type"], msg)):
            problems.append(f"{name}: expected family {family} error, got {r['type']}: {msg}")
        elif not fires and r["raises"]:
            problems.append(f"{name}: near miss raised {r['type']}: {msg}")
        labels[name] = {
            "family": family,
            "fires": bool(r["raises"]),
            "how": "run",
            "message": msg if r["raises"] else None,
            "line": line if r["raises"] else None,
            "exc_type": r["type"] if r["raises"] else None,
        }
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "labels.json")
    with open(out, "w") as fh:
        json.dump(labels, fh, indent=1, sort_keys=True)
    for name in names:
        v, r = labels[name], runs[name]
        print(f"{name:45s} {v['family']} fires={v['fires']!s:5s} line={v['line']} "
              f"tb={r['tb_line']} {(v['message'] or '')[:80]}")
    fam = {f: sum(1 for v in labels.values() if v["family"] == f and v["fires"]) for f in "CD"}
    print(f"{len(labels)} programs; firing: C={fam['C']} D={fam['D']}; problems: {len(problems)}")
    for p in problems:
        print("PROBLEM", p)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
