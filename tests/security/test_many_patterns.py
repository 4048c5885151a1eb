"""Lists of thousands of `exclude` patterns or `per-file-ignores` globs (a planted .gitignore
or pyproject.toml) are matched through the globs' literal parts (docs/security.md, round 3):
30,000 .gitignore patterns on 111 files took 40 s, testing every pattern on every path, and
20,000 per-file-ignores 9 s for one file with a finding; now a path is matched against the few
globs whose literal parts it contains, with the same verdicts."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from jax_lsp.project.config import Config
from jax_lsp.project.globs import Glob, PathGlob

ROOT = Path("/w")
ALPHABET = "ab.x_"


def brute_force(config: Config, parts: tuple[str, ...], is_dir: bool) -> bool | None:
    """The last matching pattern's verdict, testing every pattern (the definition)."""
    verdict = None
    for p in config._compiled_exclude:
        if p.dir_only and not is_dir:
            continue
        if p.glob.matches(parts if p.anchored else parts[-1:]):
            verdict = not p.negated
    return verdict


def random_pattern(rng: random.Random) -> str:
    pieces = []
    for _ in range(rng.randint(1, 3)):
        segment = "".join(rng.choice([*ALPHABET, *ALPHABET, "*", "?", "[ab]", "[!a]", "\\*",
                                      "**"]) for _ in range(rng.randint(1, 5)))
        pieces.append(segment)
    pattern = "/".join(pieces)
    return rng.choice(["", "!", "/"]) + pattern + rng.choice(["", "", "/"])


def random_path(rng: random.Random) -> tuple[str, ...]:
    return tuple("".join(rng.choice(ALPHABET) for _ in range(rng.randint(1, 6)))
                 for _ in range(rng.randint(1, 4)))


@pytest.mark.parametrize("count", [5, 200])  # below and above the indexed size
def test_indexed_matching_gives_every_verdict_testing_all_patterns_gives(count: int) -> None:
    rng = random.Random(35 + count)
    for _ in range(20):
        config = Config.from_mapping(
            {"exclude": [random_pattern(rng) for _ in range(count)]}, root=ROOT)
        for _ in range(200):
            parts, is_dir = random_path(rng), rng.random() < 0.5
            assert config._match(parts, is_dir) == brute_force(config, parts, is_dir), \
                (config.exclude, parts, is_dir)


def test_thirty_thousand_patterns_test_only_the_candidates(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Counted glob matches, not time: deterministic under load."""
    patterns = [f"*d{i}*/**/f{i}*.py" for i in range(30_000)]
    config = Config.from_mapping({"exclude": patterns}, root=ROOT)
    calls = 0
    original = Glob.matches

    def counting(self: Glob, parts: object) -> bool:
        nonlocal calls
        calls += 1
        return original(self, parts)  # type: ignore[arg-type]

    monkeypatch.setattr(Glob, "matches", counting)
    paths = [(f"d{j}", f"e{k}", f"m{k}.py") for j in range(10) for k in range(10)]
    for parts in paths:
        assert not config._match(parts, False)
    assert config._match(("xd7y", "z", "f7.py"), False)
    # each path contains the literal part of a handful of patterns ("d1", "f1", ...), not 30,000
    assert calls < 20 * (len(paths) + 1), calls


def random_path_glob(rng: random.Random) -> str:
    return "".join(rng.choice([*ALPHABET, *ALPHABET, "/", "*", "?", "[ab]", "**/", "\\?"])
                   for _ in range(rng.randint(1, 8)))


def test_per_file_ignores_literal_parts_never_change_a_verdict() -> None:
    rng = random.Random(3535)
    for _ in range(2000):
        glob = PathGlob.compile(random_path_glob(rng))
        unfiltered = replace(glob, needles=())
        for _ in range(20):
            path = "/".join(random_path(rng))
            assert glob.matches(path) == unfiltered.matches(path), (glob, path)


def test_twenty_thousand_per_file_ignores_run_the_automaton_on_candidates_only(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    """Each entry is compiled once (a 1,024-entry cache was thrashed: every file compiled all
    40,000 globs again) and only globs whose literal parts are in the path are run."""
    entries = {f"*dir{i}*/**/f{i}*.py": ["JAX001"] for i in range(20_000)}
    config = Config.from_mapping({"per-file-ignores": entries}, root=tmp_path)
    assert config.ignored_in(tmp_path / "dir7x" / "a" / "f7.py") == ("JAX001",)
    runs = compiled = 0
    closure, compile_ = PathGlob._closure, PathGlob.compile.__func__  # type: ignore[attr-defined]

    def counting_closure(self: PathGlob, states: set[int]) -> set[int]:
        nonlocal runs
        runs += 1
        return closure(self, states)

    def counting_compile(cls: type[PathGlob], glob: str) -> PathGlob:
        nonlocal compiled
        compiled += 1
        return compile_(cls, glob)

    monkeypatch.setattr(PathGlob, "_closure", counting_closure)
    monkeypatch.setattr(PathGlob, "compile", classmethod(counting_compile))
    for k in range(20):
        assert config.ignored_in(tmp_path / f"pkg{k}" / "mod.py") == ()
    assert compiled <= 1  # (a name glob not needed before: compiled lazily, once)
    assert runs < 1000, runs  # 20 paths x 40,000 globs each, unfiltered
