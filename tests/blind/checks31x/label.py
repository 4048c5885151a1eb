"""Labeller for checks31x (families A and B, prefix 51).

    python label.py            # run every program, write labels.json, validate
    python label.py --check    # same, but compare with the existing labels.json instead of writing

Family B: each program runs in a fresh `python` subprocess (JAX_PLATFORMS=cpu, nice, timeout
120 s).  A firing program must raise because of the `vectorized=` keyword (the host's
TypeError "... unexpected keyword argument 'vectorized'", surfacing as JaxRuntimeError);
a near miss must run to the end cleanly.
Family A: labelled by the rule (JAX executed while a callback host is on the stack), decided
by running the program under _run.py (see its docstring).  The program must also run cleanly
on its own.  A firing program's first JAX call on the host must be at the labelled line; a
near miss must call its host at least once and execute no JAX on it.

INTENT below is the table written with the programs (family, intended outcome, style, twin,
labelled line); every label is taken from the runs and then compared with it.
"""
import json, os, subprocess, sys, tempfile, traceback

HERE = os.path.dirname(os.path.abspath(__file__))

INTENT = {
    '5101_unwrapped_moments.py': {"family": "A", "fires": False, "style": "decorators", "twin": "5114_validated_moments.py", "line": None},
    '5102_digamma_deco.py': {"family": "B", "fires": True, "style": "decorators", "twin": "5110_digamma_deco_method.py", "line": 14},
    '5103_quant_setdefault.py': {"family": "B", "fires": True, "style": "arguments", "twin": "5148_quant_method.py", "line": 10},
    '5104_ista_splice_all.py': {"family": "B", "fires": False, "style": "arguments", "twin": "5146_ista_splice.py", "line": None},
    '5105_cast_inside.py': {"family": "A", "fires": True, "style": "decorators", "twin": "5143_cast_outside.py", "line": 24},
    '5106_prefix_other.py': {"family": "A", "fires": False, "style": "decorators", "twin": "5122_prefix_instrument.py", "line": None},
    '5107_backend_factory_np.py': {"family": "A", "fires": False, "style": "decorators", "twin": "5151_backend_factory.py", "line": None},
    '5108_wrapped_ranks.py': {"family": "B", "fires": False, "style": "decorators", "twin": "5145_unwrap_ranks.py", "line": None},
    '5109_bus_erf.py': {"family": "B", "fires": True, "style": "events", "twin": "5142_bus_erf_cancelled.py", "line": 27},
    '5110_digamma_deco_method.py': {"family": "B", "fires": False, "style": "decorators", "twin": "5102_digamma_deco.py", "line": None},
    '5111_oneshot_calibrate.py': {"family": "A", "fires": True, "style": "events", "twin": "5132_oneshot_warm.py", "line": 30},
    '5112_bus_late_subscriber.py': {"family": "A", "fires": False, "style": "events", "twin": "5157_bus_grad_norm.py", "line": None},
    '5113_arrhenius_kwonly.py': {"family": "B", "fires": True, "style": "arguments", "twin": "5127_arrhenius_default.py", "line": 17},
    '5114_validated_moments.py': {"family": "A", "fires": True, "style": "decorators", "twin": "5101_unwrapped_moments.py", "line": 14},
    '5115_tolerant_inner.py': {"family": "B", "fires": False, "style": "decorators", "twin": "5130_tolerant_outer.py", "line": None},
    '5116_equalize_partial.py': {"family": "A", "fires": True, "style": "arguments", "twin": "5120_equalize_override.py", "line": 14},
    '5117_weak_sinks_dropped.py': {"family": "A", "fires": False, "style": "events", "twin": "5159_weak_sinks.py", "line": None},
    '5118_observer_plain.py': {"family": "B", "fires": False, "style": "events", "twin": "5147_observer_legacy.py", "line": None},
    '5119_lgamma_merge_method.py': {"family": "B", "fires": False, "style": "arguments", "twin": "5152_lgamma_merge.py", "line": None},
    '5120_equalize_override.py': {"family": "A", "fires": False, "style": "arguments", "twin": "5116_equalize_partial.py", "line": None},
    '5121_async_config.py': {"family": "B", "fires": True, "style": "events", "twin": "5139_async_config_reset.py", "line": 32},
    '5122_prefix_instrument.py': {"family": "A", "fires": True, "style": "decorators", "twin": "5106_prefix_other.py", "line": 14},
    '5123_clip_post_relu.py': {"family": "A", "fires": True, "style": "arguments", "twin": "5135_clip_post_abs.py", "line": 10},
    '5124_hook_filter_alarm.py': {"family": "A", "fires": True, "style": "events", "twin": "5137_hook_filter_quiet.py", "line": 31},
    '5125_phase_machine.py': {"family": "B", "fires": True, "style": "events", "twin": "5133_phase_machine_upgraded.py", "line": 18},
    '5126_subject_mirror.py': {"family": "A", "fires": True, "style": "events", "twin": "5141_subject_detached.py", "line": 37},
    '5127_arrhenius_default.py': {"family": "B", "fires": False, "style": "arguments", "twin": "5113_arrhenius_kwonly.py", "line": None},
    '5128_counting_host.py': {"family": "B", "fires": True, "style": "decorators", "twin": "5154_counting_host_consumes.py", "line": 30},
    '5129_sinc_filter_host.py': {"family": "B", "fires": False, "style": "arguments", "twin": "5155_sinc_filter_kwargs.py", "line": None},
    '5130_tolerant_outer.py': {"family": "B", "fires": True, "style": "decorators", "twin": "5115_tolerant_inner.py", "line": 21},
    '5131_transfer_tuple_slice.py': {"family": "A", "fires": False, "style": "arguments", "twin": "5134_transfer_tuple.py", "line": None},
    '5132_oneshot_warm.py': {"family": "A", "fires": False, "style": "events", "twin": "5111_oneshot_calibrate.py", "line": None},
    '5133_phase_machine_upgraded.py': {"family": "B", "fires": False, "style": "events", "twin": "5125_phase_machine.py", "line": None},
    '5134_transfer_tuple.py': {"family": "A", "fires": True, "style": "arguments", "twin": "5131_transfer_tuple_slice.py", "line": 12},
    '5135_clip_post_abs.py': {"family": "A", "fires": False, "style": "arguments", "twin": "5123_clip_post_relu.py", "line": None},
    '5136_smooth_bind_np.py': {"family": "A", "fires": False, "style": "arguments", "twin": "5138_smooth_bind.py", "line": None},
    '5137_hook_filter_quiet.py': {"family": "A", "fires": False, "style": "events", "twin": "5124_hook_filter_alarm.py", "line": None},
    '5138_smooth_bind.py': {"family": "A", "fires": True, "style": "arguments", "twin": "5136_smooth_bind_np.py", "line": 13},
    '5139_async_config_reset.py': {"family": "B", "fires": False, "style": "events", "twin": "5121_async_config.py", "line": None},
    '5140_job_queue_stopped.py': {"family": "B", "fires": False, "style": "events", "twin": "5156_job_queue.py", "line": None},
    '5141_subject_detached.py': {"family": "A", "fires": False, "style": "events", "twin": "5126_subject_mirror.py", "line": None},
    '5142_bus_erf_cancelled.py': {"family": "B", "fires": False, "style": "events", "twin": "5109_bus_erf.py", "line": None},
    '5143_cast_outside.py': {"family": "A", "fires": False, "style": "decorators", "twin": "5105_cast_inside.py", "line": None},
    '5144_compat_shim_on.py': {"family": "B", "fires": False, "style": "decorators", "twin": "5150_compat_shim_off.py", "line": None},
    '5145_unwrap_ranks.py': {"family": "B", "fires": True, "style": "decorators", "twin": "5108_wrapped_ranks.py", "line": 31},
    '5146_ista_splice.py': {"family": "B", "fires": True, "style": "arguments", "twin": "5104_ista_splice_all.py", "line": 19},
    '5147_observer_legacy.py': {"family": "B", "fires": True, "style": "events", "twin": "5118_observer_plain.py", "line": 19},
    '5148_quant_method.py': {"family": "B", "fires": False, "style": "arguments", "twin": "5103_quant_setdefault.py", "line": None},
    '5149_host_stats_defaults.py': {"family": "A", "fires": False, "style": "arguments", "twin": "5158_host_stats_merged.py", "line": None},
    '5150_compat_shim_off.py': {"family": "B", "fires": True, "style": "decorators", "twin": "5144_compat_shim_on.py", "line": 29},
    '5151_backend_factory.py': {"family": "A", "fires": True, "style": "decorators", "twin": "5107_backend_factory_np.py", "line": 15},
    '5152_lgamma_merge.py': {"family": "B", "fires": True, "style": "arguments", "twin": "5119_lgamma_merge_method.py", "line": 21},
    '5153_untimed_lookup.py': {"family": "A", "fires": False, "style": "decorators", "twin": "5160_timed_lookup.py", "line": None},
    '5154_counting_host_consumes.py': {"family": "B", "fires": False, "style": "decorators", "twin": "5128_counting_host.py", "line": None},
    '5155_sinc_filter_kwargs.py': {"family": "B", "fires": True, "style": "arguments", "twin": "5129_sinc_filter_host.py", "line": 16},
    '5156_job_queue.py': {"family": "B", "fires": True, "style": "events", "twin": "5140_job_queue_stopped.py", "line": 23},
    '5157_bus_grad_norm.py': {"family": "A", "fires": True, "style": "events", "twin": "5112_bus_late_subscriber.py", "line": 31},
    '5158_host_stats_merged.py': {"family": "A", "fires": True, "style": "arguments", "twin": "5149_host_stats_defaults.py", "line": 14},
    '5159_weak_sinks.py': {"family": "A", "fires": True, "style": "events", "twin": "5117_weak_sinks_dropped.py", "line": 26},
    '5160_timed_lookup.py': {"family": "A", "fires": True, "style": "decorators", "twin": "5153_untimed_lookup.py", "line": 16},
}


def child(prog):
    """Run PROG in this process; print a JSON outcome line."""
    import runpy
    prog = os.path.abspath(prog)
    out = {"exc_type": None, "message": None, "text": None, "tb_line": None}
    try:
        sys.argv = [prog]
        runpy.run_path(prog, run_name="__main__")
        import jax
        jax.effects_barrier()
    except BaseException as e:  # noqa
        out["exc_type"] = type(e).__name__
        text = str(e)
        out["message"] = text.splitlines()[0] if text else ""
        out["text"] = text
        for fr in traceback.extract_tb(e.__traceback__):
            if os.path.abspath(fr.filename) == prog:
                out["tb_line"] = fr.lineno
    print("@@OUTCOME@@" + json.dumps(out))


def run(cmd):
    env = dict(os.environ, JAX_PLATFORMS="cpu")
    p = subprocess.run(["nice", "-n", "10"] + cmd, cwd=HERE, env=env, capture_output=True,
                       text=True, timeout=120)
    return p


def plain(prog):
    p = run([sys.executable, os.path.join(HERE, "label.py"), "--child", prog])
    for line in p.stdout.splitlines():
        if line.startswith("@@OUTCOME@@"):
            return json.loads(line[len("@@OUTCOME@@"):])
    raise RuntimeError(f"{prog}: no outcome (rc={p.returncode})\n{p.stderr[-2000:]}")


def traced(prog):
    with tempfile.TemporaryDirectory() as td:
        out = os.path.join(td, "trace.json")
        p = run([sys.executable, os.path.join(HERE, "_run.py"), prog, out])
        if not os.path.exists(out):
            raise RuntimeError(f"{prog}: tracer failed\n{p.stderr[-2000:]}")
        return json.load(open(out))


def host_error(text):
    for line in reversed((text or "").splitlines()):
        s = line.strip()
        if s and not s.startswith(("File ", "^", "~")) and ("Error:" in s or "Exception:" in s):
            return s
    return None


def label_one(prog, intent):
    src = open(os.path.join(HERE, prog)).read().splitlines()
    fam = intent["family"]
    res = plain(prog)
    lab = {"family": fam, "style": intent["style"], "twin": intent["twin"]}
    problems = []
    if fam == "A":
        if res["exc_type"] is not None:
            problems.append(f"family-A program raised {res['exc_type']}: {res['message']}")
        tr = traced(prog)
        if tr["error"]:
            problems.append(f"raised under tracer: {tr['error']}")
        if tr["host_calls"] == 0:
            problems.append("host never called")
        fires = bool(tr["jax_on_host"])
        line = tr["jax_on_host"][0][0] if fires else None
        lab.update(fires=fires, how="rule", message=None, line=line, exc_type=None,
                   host_calls=tr["host_calls"],
                   jax_on_host=[f"{l}:{w}" for l, w in tr["jax_on_host"]])
    else:
        raised = res["exc_type"] is not None
        herr = host_error(res["text"]) if raised else None
        own = raised and "vectorized" in (herr or "") and "unexpected keyword argument" in herr
        if raised and not own:
            problems.append(f"raised something else: {res['exc_type']}: {res['message']} / {herr}")
        fires = bool(own)
        line = intent["line"] if fires else None
        lab.update(fires=fires, how="run", message=res["message"], line=line,
                   exc_type=res["exc_type"])
        if fires:
            lab["host_error"] = herr
            lab["traceback_line"] = res["tb_line"]
            if "pure_callback" not in src[line - 1]:
                problems.append(f"labelled line {line} has no pure_callback: {src[line-1]!r}")
    if fires != intent["fires"]:
        problems.append(f"outcome fires={fires} disagrees with intent {intent['fires']}")
    if fires and line != intent["line"]:
        problems.append(f"line {line} != intended {intent['line']}")
    return lab, problems


def main():
    check = "--check" in sys.argv
    labels, bad = {}, []
    for prog in sorted(INTENT):
        lab, problems = label_one(prog, INTENT[prog])
        labels[prog] = lab
        ln = lab["line"]
        shown = open(os.path.join(HERE, prog)).read().splitlines()[ln - 1].strip() if ln else ""
        print(f"{prog:40s} {lab['family']} fires={lab['fires']!s:5s} line={ln} {shown}", flush=True)
        for p in problems:
            print("   PROBLEM:", p, flush=True)
            bad.append((prog, p))
    for fam in "AB":
        for st in ("arguments", "events", "decorators"):
            n_f = sum(1 for l in labels.values() if l["family"] == fam and l["style"] == st and l["fires"])
            n_n = sum(1 for l in labels.values() if l["family"] == fam and l["style"] == st and not l["fires"])
            print(f"family {fam} {st:10s}: fires {n_f}, near misses {n_n}")
    path = os.path.join(HERE, "labels.json")
    if check:
        old = json.load(open(path))
        print("IDENTICAL to labels.json" if old == labels else "DIFFERENT from labels.json")
        if old != labels:
            bad.append(("labels.json", "differs"))
    elif not bad:
        with open(path, "w") as fh:
            json.dump(labels, fh, indent=1, sort_keys=True)
        print("wrote", path)
    if bad:
        print(len(bad), "problems; labels.json not trusted")
        sys.exit(1)


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--child":
        child(sys.argv[2])
    else:
        main()
