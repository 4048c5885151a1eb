"""The analyzer against the labeled corpus: precision, recall and line agreement.

Labels are `# EXPECT: CODE` markers (checked against real JAX by test_corpus_oracle.py). A
finding counts as a true positive when its (line, code) is marked. Precision must be 1.0 (a
noisy checker gets uninstalled) and recall at least 0.95.
"""

from __future__ import annotations

from pathlib import Path

from oracle import corpus_programs, expected_markers

from jax_lsp.analysis import analyze_source

REPO = Path(__file__).resolve().parent.parent
PROGRAMS = corpus_programs()


def _score() -> tuple[dict[str, float], list[str]]:
    tp = fp = fn = 0
    prog_tp = prog_fp = prog_fn = prog_tn = 0
    problems: list[str] = []
    for path in PROGRAMS:
        source = path.read_text(encoding="utf-8")
        expected = expected_markers(source)
        result = analyze_source(source, str(path))
        assert result.error is None, f"{path}: {result.error}"
        got = {(f.span.line, f.code) for f in result.findings}
        rel = path.relative_to(REPO)
        for line, code in sorted(got - expected):
            problems.append(f"FP {rel}:{line} {code}")
        for line, code in sorted(expected - got):
            problems.append(f"FN {rel}:{line} {code}")
        tp += len(got & expected)
        fp += len(got - expected)
        fn += len(expected - got)
        if expected and got:
            prog_tp += 1
        elif got:
            prog_fp += 1
        elif expected:
            prog_fn += 1
        else:
            prog_tn += 1
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / (tp + fn) if tp + fn else 1.0
    stats = {
        "programs": len(PROGRAMS),
        "findings_tp": tp,
        "findings_fp": fp,
        "findings_fn": fn,
        "precision": precision,
        "recall": recall,
        "program_tp": prog_tp,
        "program_fp": prog_fp,
        "program_fn": prog_fn,
        "program_tn": prog_tn,
        "program_precision": prog_tp / (prog_tp + prog_fp) if prog_tp + prog_fp else 1.0,
        "program_recall": prog_tp / (prog_tp + prog_fn) if prog_tp + prog_fn else 1.0,
    }
    return stats, problems


def test_corpus_precision_and_recall() -> None:
    stats, problems = _score()
    print(
        "\ncorpus:",
        ", ".join(f"{k}={v:.3f}" if isinstance(v, float) else f"{k}={v}" for k, v in stats.items()),
    )
    for p in problems:
        print("  ", p)
    assert stats["programs"] >= 150
    assert stats["precision"] == 1.0, "false positives:\n" + "\n".join(
        p for p in problems if p.startswith("FP")
    )
    assert stats["recall"] >= 0.95, "missed:\n" + "\n".join(
        p for p in problems if p.startswith("FN")
    )


if __name__ == "__main__":
    s, probs = _score()
    print(s)
    print("\n".join(probs))
