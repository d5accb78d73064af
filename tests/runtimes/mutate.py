#!/usr/bin/env python3
"""Mutates skeletons one change at a time and asks an official runtime and rigls about each.

For every mutation (a number replaced by 1e39, 2^32, -1, 1.5, "3", null…, a key or an array
element deleted, a name emptied) the runtime's harness (`dragonbones-js.js` or `dragonbones-cpp`,
see README.md) loads and poses the file, and `rigls --check` (with `--target dragonbones-cpp` for
the C++ runtime) gives its verdict. Printed are the disagreements:

- `missed`: the runtime fails (an exception, an assertion, a crash, a hang), builds nothing or
  poses something non-finite, and rigls reports no error;
- `flagged`: the runtime loads and poses it finitely, and rigls reports an error (often right:
  an unknown name the runtime silently drops);
- `pose`: with `--poses`, where both load it, a pose of the runtime differs from `rigls pose`
  (as `compare.py` compares them).

Only files the runtime loads and poses finitely as they are count as `missed`. Mutations are
reproducible from `--seed`. Run from the repository root after `cargo build --release -p rigls`:

    tests/runtimes/mutate.py --runtime cpp --count 500 --seed 1 ../shared/corpus/dragonbones/*_ske.json
"""

import argparse, json, os, random, re, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import compare  # noqa: E402

VALUES = [1e39, -1e39, 4294967296, -1, 2147483648, 0, 1.5, "3", None, True, [], {}, -5, 1e20, 100000, "x"]
NAMES = ["", "zz", "root"]


def paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, path + (i,))


def at(value, path):
    for k in path:
        value = value[k]
    return value


def mutate(data, rnd):
    """One change to `data` in place, and what it was; None when the pick suits no change."""
    path = rnd.choice([p for p in paths(data) if p and "userData" not in p])
    parent, value, roll = at(data, path[:-1]), at(data, path), rnd.random()
    if roll < 0.6:
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            return None
        new = rnd.choice(VALUES)
        parent[path[-1]] = new
        return f"{list(path)} {value!r} -> {new!r}"
    if roll < 0.8 and isinstance(parent, dict):
        del parent[path[-1]]
        return f"{list(path)} deleted"
    if roll < 0.9 and isinstance(parent, list):
        del parent[path[-1]]
        return f"{list(path)} element deleted"
    if isinstance(value, str):
        new = rnd.choice(NAMES)
        parent[path[-1]] = new
        return f"{list(path)} {value!r} -> {new!r}"
    return None


def runtime_outcome(command, skeleton):
    """`ok`, `fails`, `nothing` (no armature built) or `nonfinite`, and the poses printed."""
    try:
        run = subprocess.run(command + [skeleton], capture_output=True, text=True, timeout=20)
    except subprocess.TimeoutExpired:
        return "fails", []
    lines = [line for line in run.stdout.splitlines() if line.startswith("{")]
    if run.returncode != 0 or not lines:
        return "fails", []
    poses = []
    for line in lines:
        try:
            poses.append(json.loads(re.sub(r"\b-?(nan|inf)\b", "null", line)))
        except json.JSONDecodeError:
            return "fails", []
    if any("error" in p for p in poses):
        return "nothing", poses
    bones = (v for p in poses for b in p["bones"] for v in b["matrix"])
    vertices = (v for p in poses for s in p["slots"] for v in s.get("vertices") or [])
    if any(v is None for v in bones) or any(v is None for v in vertices):
        return "nonfinite", poses
    return "ok", poses


def errors(rigls, target, skeleton):
    run = subprocess.run([rigls, "--check", "--format", "json"] + target + [skeleton], capture_output=True, text=True)
    try:
        found = json.loads(run.stdout)
    except json.JSONDecodeError:
        return ["(no JSON report)"]
    return sorted({d["code"] for d in found if isinstance(d, dict) and d.get("severity") == "error"})


def pose_difference(rigls, target, skeleton, poses):
    for theirs in poses[:5]:
        posed = compare.rigls_pose(rigls, skeleton, theirs, target)
        if posed.returncode != 0:
            return f"rigls did not pose {theirs['animation']}: {posed.stderr.strip()[:120]}"
        found = compare.difference(json.loads(posed.stdout), theirs)
        if found:
            return f"{theirs['animation']} at {theirs['time']}: {found}"
    return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runtime", choices=["js", "cpp"], default="cpp")
    parser.add_argument("--rigls", default="target/release/rigls")
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--poses", action="store_true", help="also compare poses where both load the file")
    parser.add_argument("skeletons", nargs="+")
    args = parser.parse_args()
    command = compare.runtime_command(args.runtime)
    target = compare.target_of(args.runtime)
    sound = [s for s in args.skeletons if runtime_outcome(command, s)[0] == "ok"]
    if not sound:
        sys.exit("the runtime loads and poses none of these files finitely as they are")
    rnd = random.Random(args.seed)
    tally = {}
    with tempfile.TemporaryDirectory() as scratch:
        mutated = os.path.join(scratch, "mutated_ske.json")
        for _ in range(args.count):
            skeleton = rnd.choice(sound)
            with open(skeleton, encoding="utf-8") as f:
                data = json.load(f)
            change = mutate(data, rnd)
            if change is None:
                continue
            with open(mutated, "w", encoding="utf-8") as f:
                json.dump(data, f, ensure_ascii=False)
            outcome, poses = runtime_outcome(command, mutated)
            found = errors(args.rigls, target, mutated)
            where = f"{os.path.basename(skeleton)} {change}"
            if outcome != "ok" and not found:
                kind = "missed"
                print(f"missed ({outcome}): {where}", flush=True)
            elif outcome == "ok" and found:
                kind = "flagged"
                print(f"flagged {found}: {where}", flush=True)
            else:
                kind = "agreed"
                if outcome == "ok" and args.poses:
                    difference = pose_difference(args.rigls, target, mutated, poses)
                    if difference:
                        kind = "pose"
                        print(f"pose: {where}: {difference}", flush=True)
            tally[kind] = tally.get(kind, 0) + 1
    print(", ".join(f"{n} {k}" for k, n in sorted(tally.items())))


if __name__ == "__main__":
    main()
