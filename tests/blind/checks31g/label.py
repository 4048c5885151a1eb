"""Label every program of this set by running it under real JAX (0.10.2, CPU).

Single files run as `python <file>` from this folder; folders run as `python main.py`
with the folder as the working directory (and first on sys.path, as `python main.py` does).
Each run is a fresh interpreter, timeout 120 s, JAX_PLATFORMS=cpu, at most 2 at a time.

Checks: every firing program raises its family's own error (C: the ordered-io_callback
vmap ValueError; D: one of the malformed-custom-rule errors listed in EXPECT), every near
miss runs cleanly, nothing raises anything else. Each labelled line is printed so that it
can be checked by eye, and its text is compared with the expected fragment in TABLE.

Usage: python label.py [out.json]      (default: labels.json next to this file)
"""
import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))

RUNNER = r'''
import os, runpy, sys, json, traceback
path = os.path.abspath(sys.argv[1])
sys.argv = [path]
sys.path.insert(0, os.path.dirname(path))
res = {"raises": False, "type": None, "message": None, "tb_file": None, "tb_line": None}
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
        root = os.path.dirname(path)
        for fr in traceback.extract_tb(e.__traceback__):
            fn = os.path.abspath(fr.filename)
            if fn.startswith(root + os.sep):
                res["tb_file"] = os.path.relpath(fn, root)
                res["tb_line"] = fr.lineno
print("@@LABEL@@" + json.dumps(res))
'''

# expected error of each kind: (exception type, message substring)
EXPECT = {
    "C": ("ValueError", "Cannot `vmap` ordered IO callback."),
    "D-bwd": ("TypeError", "Custom VJP bwd rule must produce an output with the same container (pytree) structure"),
    "D-jvp": ("TypeError", "must produce primal and tangent outputs with equal container (pytree) structures"),
    "D-arity": ("TypeError", "positional argument"),
    "D-lin": ("ValueError", "Linearization failed to produce known values for all output primals."),
}

# name: (family, fires, kind, file inside folder or None, line, fragment expected on that line)
TABLE = {
    # ---- family C: ordered io_callback reached by vmap -----------------------------------
    "34060_telemetry_pkg": ("C", True, "C", "telemetry/probe.py", 10, "io_callback("),
    "34052_telemetry_pkg_pooled": ("C", False, None, None, None, None),
    "34033_ledger_sim": ("C", True, "C", "engine.py", 11, "ordered=True"),
    "34055_ledger_sim_common_shock": ("C", False, None, None, None, None),
    "34053_replay_buffer": ("C", True, "C", "ops.py", 13, "partial(io_callback"),
    "34031_replay_buffer_scan": ("C", False, None, None, None, None),
    "34043_sensor_pkg": ("C", True, "C", "sensorlib/acquire.py", 11, "ordered=True"),
    "34026_sensor_pkg_shared_gain": ("C", False, None, None, None, None),
    "34002_checkpoint_writer": ("C", True, "C", "persistence.py", 21, "ordered=True"),
    "34027_checkpoint_writer_final": ("C", False, None, None, None, None),
    "34035_rng_bridge": ("C", True, "C", "bridge.py", 11, "STREAM.draw_like"),
    "34036_rng_bridge_shared_draw": ("C", False, None, None, None, None),
    "34030_grid_search": ("C", True, "C", "search/logger.py", 15, "ordered=True"),
    "34049_grid_search_debug": ("C", False, None, None, None, None),
    "34058_frame_recorder": ("C", True, "C", "ops.py", 11, "ordered=True"),
    "34015_numpy_random_bridge.py": ("C", True, "C", None, 20, "ordered=True"),
    "34022_numpy_random_unordered.py": ("C", False, None, None, None, None),
    "34009_callback_flavors.py": ("C", True, "C", None, 11, "partial(io_callback, ordered=True)"),
    "34008_callback_flavors_scan.py": ("C", False, None, None, None, None),
    "34019_progress_bar_logdensity.py": ("C", True, "C", None, 29, "ordered=True"),
    "34017_progress_bar_chains.py": ("C", False, None, None, None, None),
    "34020_chain_sample_writer.py": ("C", True, "C", None, 39, "ordered=True"),
    "34056_chain_sample_writer_seq.py": ("C", False, None, None, None, None),
    "34025_rigid_body_poststep.py": ("C", True, "C", None, 39, "ordered=True"),
    "34037_rigid_body_clock_hook.py": ("C", False, None, None, None, None),
    "34012_ppo_seed_sweep.py": ("C", True, "C", None, 34, "ordered=True"),
    "34005_ppo_seed_loop.py": ("C", False, None, None, None, None),
    "34011_pytree_state_probe.py": ("C", True, "C", None, 28, "ordered=True"),
    "34039_pytree_state_probe_shared.py": ("C", False, None, None, None, None),
    "34029_per_example_then_log.py": ("C", False, None, None, None, None),
    # ---- family D: malformed custom rules ---------------------------------------------
    "34059_implicit_solver_pkg": ("D", True, "D-bwd", "solvers/rules.py", 13, "def _fixed_point_bwd"),
    "34024_implicit_solver_forward": ("D", False, None, None, None, None),
    "34003_pricing_lib": ("D", True, "D-bwd", "pricing/black_scholes.py", 30, "def _price_bwd"),
    "34023_pricing_lib_list_grads": ("D", False, None, None, None, None),
    "34018_kernels_pkg": ("D", True, "D-jvp", "kernels/derivatives.py", 7, "def _squareplus_jvp"),
    "34016_kernels_pkg_with_slope": ("D", False, None, None, None, None),
    "34038_rmsnorm_pkg": ("D", True, "D-arity", "layers/register.py", 12, "def _rms_bwd"),
    "34007_rmsnorm_pkg_static_eps": ("D", False, None, None, None, None),
    "34050_spring_chain_pkg": ("D", True, "D-lin", "physics/rules.py", 7, "def _soft_clip_jvp"),
    "34006_spring_chain_directional": ("D", False, None, None, None, None),
    "34021_affine_pkg": ("D", True, "D-bwd", "ops/grads.py", 12, "def _affine_bwd"),
    "34044_affine_pkg_nested": ("D", False, None, None, None, None),
    "34004_loss_lib": ("D", True, "D-bwd", "losslib/_register.py", 5, "log_ratio.defvjp("),
    "34054_masked_rnn_pkg": ("D", False, None, None, None, None),
    "34014_lookahead_pkg": ("D", False, None, None, None, None),
    "34048_kuramoto_fixed_point.py": ("D", True, "D-bwd", None, 38, "def fixed_point_bwd"),
    "34013_kuramoto_fixed_point_tuple.py": ("D", False, None, None, None, None),
    "34042_splat_output_dims.py": ("D", True, "D-bwd", None, 22, "def splat_2d_bwd"),
    "34046_splat_output_dims_none.py": ("D", False, None, None, None, None),
    "34001_gradient_clip_layer.py": ("D", True, "D-bwd", None, 17, "def clip_gradient_bwd"),
    "34032_gradient_clip_layer_none.py": ("D", False, None, None, None, None),
    "34057_polar_features.py": ("D", True, "D-jvp", None, 22, "def polar_features_jvp"),
    "34041_polar_features_keyorder.py": ("D", False, None, None, None, None),
    "34040_attention_custom_vjp.py": ("D", True, "D-arity", None, 28, "def _attention_bwd"),
    "34051_attention_custom_vjp_static.py": ("D", False, None, None, None, None),
    "34034_newton_sqrt_jvp.py": ("D", True, "D-arity", None, 25, "def _newton_sqrt_jvp"),
    "34028_xlogy_sampler.py": ("D", False, None, None, None, None),
    "34047_augmented_state_jvp.py": ("D", True, "D-lin", None, 25, "def _pass_through_jvp"),
    "34010_augmented_state_forward.py": ("D", False, None, None, None, None),
    "34045_default_arg_vjp.py": ("D", True, "D-bwd", None, 17, "def soft_hinge_bwd"),
}


def entry_path(name):
    full = os.path.join(HERE, name)
    if os.path.isdir(full):
        return full, os.path.join(full, "main.py")
    return HERE, full


def run_one(name):
    cwd, script = entry_path(name)
    env = dict(os.environ, JAX_PLATFORMS="cpu", PYTHONHASHSEED="0")
    try:
        p = subprocess.run(["nice", sys.executable, "-c", RUNNER, script], cwd=cwd, env=env,
                           capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return name, {"error": "TIMEOUT"}
    out = [l for l in p.stdout.splitlines() if l.startswith("@@LABEL@@")]
    if not out:
        return name, {"error": "NO RESULT: " + p.stderr[-800:]}
    return name, json.loads(out[-1][len("@@LABEL@@"):])


def normalise(msg):
    return None if msg is None else re.sub(r"0x[0-9a-fA-F]+", "0x...", msg)


def main():
    on_disk = sorted(n for n in os.listdir(HERE) if re.match(r"340\d\d_", n))
    missing = sorted(set(TABLE) - set(on_disk))
    extra = sorted(set(on_disk) - set(TABLE))
    problems = []
    if missing or extra:
        problems.append(f"table/disk mismatch: missing={missing} extra={extra}")

    names = sorted(set(TABLE) & set(on_disk))
    with ThreadPoolExecutor(max_workers=2) as ex:
        results = dict(ex.map(run_one, names))

    labels = {}
    for name in names:
        fam, fires, kind, file_, line, frag = TABLE[name]
        r = results[name]
        if "error" in r:
            problems.append(f"{name}: {r['error']}")
            continue
        if fires:
            etype, sub = EXPECT[kind]
            if not (r["raises"] and r["type"] == etype and sub in (r["message"] or "")):
                problems.append(f"{name}: expected {etype} '{sub}', got {r['type']}: {r['message']}")
        elif r["raises"]:
            problems.append(f"{name}: near miss raised {r['type']}: {r['message']}")
        entry = {
            "family": fam,
            "fires": fires,
            "how": "run",
            "message": normalise(r["message"]),
            "line": line,
            "exc_type": r["type"],
        }
        if os.path.isdir(os.path.join(HERE, name)):
            entry["file"] = file_
        labels[name] = entry
        # print the labelled line for checking
        if line is not None:
            src = os.path.join(HERE, name, file_) if file_ else os.path.join(HERE, name)
            with open(src) as fh:
                text = fh.read().splitlines()[line - 1]
            ok = frag in text
            if not ok:
                problems.append(f"{name}: line {line} of {file_ or name} lacks {frag!r}: {text!r}")
            print(f"{name:40s} {fam} fires  {(file_ or '-'):28s}:{line:<4d} {text.strip()}")
        else:
            print(f"{name:40s} {fam} clean")

    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "labels.json")
    with open(out, "w") as fh:
        json.dump(labels, fh, indent=1, sort_keys=True)
        fh.write("\n")

    for fam in "CD":
        sub = {k: v for k, v in labels.items() if v["family"] == fam}
        nf = sum(v["fires"] for v in sub.values())
        nfold = sum(1 for k in sub if os.path.isdir(os.path.join(HERE, k)))
        print(f"family {fam}: {len(sub)} programs, {nf} fire, {len(sub) - nf} near misses, "
              f"{nfold} folders, {len(sub) - nfold} single files")
    if problems:
        print("PROBLEMS:")
        for p in problems:
            print("  " + p)
        sys.exit(1)
    print("all labels consistent with JAX")


if __name__ == "__main__":
    main()
