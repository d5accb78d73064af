#!/usr/bin/env python3
"""Mutates skeletons one change at a time and asks an official runtime and rigls about each.

For every mutation (a number replaced by 1e39, 2^32, -1, 1.5, "3", null… or by one an animator
might type (doubled, halved, negated, a degree or 90 more), a flag turned over, a key or an array
element deleted, swapped with its neighbour or given twice, a key given twice with another
value, a value made null, a name emptied or made another of the file's) the runtime's harness (`dragonbones-js.js` or `dragonbones-cpp`,
see README.md) loads and poses the file, and `rigls --check --target dragonbones-js` (or
`dragonbones-cpp`) gives its verdict. Printed are the disagreements:

- `missed`: the runtime fails (an exception, an assertion, a crash, a hang), builds nothing or
  poses something non-finite, and rigls reports no error;
- `flagged`: the runtime loads and poses it finitely, and rigls reports an error (often right:
  an unknown name the runtime silently drops);
- `pose`: with `--poses`, where both load it, a pose of the runtime differs from `rigls pose`
  (as `compare.py` compares them).

Only files the runtime loads and poses finitely as they are count as `missed`. Atlases
(`*_tex.json`) are mutated alike: the harnesses parse them as atlases, and an atlas has no pose.
Mutations are reproducible from `--seed`. Run from the repository root after `cargo build
--release -p rigls`:

    tests/runtimes/mutate.py --runtime cpp --count 500 --seed 1 ../shared/corpus/dragonbones/*_ske.json
"""

import argparse, json, os, random, re, struct, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import compare  # noqa: E402

VALUES = [1e39, -1e39, 4294967296, -1, 2147483648, 0, 1.5, "3", None, True, [], {}, -5, 1e20, 100000, "x"]
NAMES = ["", "zz", "root"]
AS_FLOAT = object()


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


# A key written twice: `dump` writes this key as the one before it. rapidjson reads the first
# of duplicate keys, JavaScript the last.
TWICE = "\u0001twice"


def dump(data, **options):
    """`data` as JSON text (`json.dumps` with `options`), each TWICE key written as the key it
    follows."""
    text = json.dumps(data, ensure_ascii=False, **options)
    string = r'"(?:[^"\\]|\\.)*"'
    scalar = rf'(?:[^,{{}}\[\]"]|{string})*'
    return re.sub(rf'({string})(\s*:\s*)({scalar})(,\s*)"\\u0001twice"\s*:\s*', r"\1\2\3\4\1\2", text)


def give_key_twice(data, rnd):
    """A key of an object written twice, the second time with another value, just after it."""
    keys = [p for p in paths(data) if p and isinstance(p[-1], str) and "userData" not in p]
    path = rnd.choice(keys)
    parent, value = at(data, path[:-1]), at(data, path)
    if isinstance(value, (dict, list)):
        return None
    if isinstance(value, str):
        same_key = sorted({at(data, p) for p in keys if p[-1] == path[-1] and isinstance(at(data, p), str)} - {value})
        new = rnd.choice(same_key or NAMES)
    else:
        new = rnd.choice(VALUES[:8])
    items = list(parent.items())
    parent.clear()
    for k, v in items:
        parent[k] = v
        if k == path[-1]:
            parent[TWICE] = new
    return f"{list(path)} {value!r} given twice, then {new!r}"


def mutate(data, rnd):
    """One change to `data` in place, and what it was; None when the pick suits no change."""
    if rnd.random() < 0.1:
        return give_key_twice(data, rnd)
    path = rnd.choice([p for p in paths(data) if p and "userData" not in p])
    if rnd.random() < 0.2:
        # Objects in lists (bones, slots, displays, key frames…) are a small share of the paths:
        # one time in five one of them is deleted, swapped or given twice.
        path = rnd.choice([p for p in paths(data) if p and isinstance(p[-1], int) and isinstance(at(data, p), dict)])
        parent, value, roll = at(data, path[:-1]), at(data, path), 0.8 + 0.2 * rnd.random()
    else:
        parent, value, roll = at(data, path[:-1]), at(data, path), rnd.random()
    if roll < 0.6:
        if isinstance(value, bool):
            # Flags the runtimes pose by (`bendPositive`, `inheritRotation`…), turned over.
            parent[path[-1]] = not value
            return f"{list(path)} {value!r} -> {not value!r}"
        if not isinstance(value, (int, float)):
            return None
        if rnd.random() < 0.3:
            # A value an animator might have typed: poses then differ in ordinary ranges, where
            # the evaluator's arithmetic, not only its guards, is compared with the runtime's.
            op, by = rnd.choice([("*", -1), ("*", 0.5), ("*", 2), ("*", 3.7), ("+", 1), ("+", -0.25), ("+", 90)])
            new = value * by if op == "*" else value + by
            new = int(new) if isinstance(value, int) and new == int(new) else new
            parent[path[-1]] = new
            return f"{list(path)} {value!r} -> {new!r}"
        # One time in seventeen the same number written as a float (`24.0`): rapidjson's
        # `GetInt`/`GetUint` assert on it, JavaScript reads 24.
        new = rnd.choice(VALUES + [AS_FLOAT])
        new = float(value) if new is AS_FLOAT else new
        parent[path[-1]] = new
        return f"{list(path)} {value!r} -> {new!r}"
    if roll < 0.72 and isinstance(parent, dict):
        del parent[path[-1]]
        return f"{list(path)} deleted"
    if roll < 0.8 and isinstance(parent, dict):
        # `null` reads a number's default, but a string, a list or an object the runtimes look into.
        parent[path[-1]] = None
        return f"{list(path)} {type(value).__name__} -> None"
    if roll < 0.9 and isinstance(parent, list):
        del parent[path[-1]]
        return f"{list(path)} element deleted"
    if isinstance(value, str):
        # Half the time another value of the same key elsewhere in the file: a reference that
        # still resolves, to another bone, slot or display (a parent made its own child…).
        same_key = sorted({at(data, p) for p in paths(data) if p and p[-1] == path[-1] and isinstance(at(data, p), str)})
        new = rnd.choice(same_key if rnd.random() < 0.5 and len(same_key) > 1 else NAMES)
        parent[path[-1]] = new
        return f"{list(path)} {value!r} -> {new!r}"
    if isinstance(parent, list) and len(parent) > 1:
        # Order matters to the runtimes (bones before their children, slots' draw order, key
        # frames): an element swapped with its neighbour, or given twice.
        i = path[-1]
        if rnd.random() < 0.5:
            j = i + 1 if i + 1 < len(parent) else i - 1
            parent[i], parent[j] = parent[j], parent[i]
            return f"{list(path)} swapped with element {j}"
        parent.insert(i, json.loads(json.dumps(value)))
        return f"{list(path)} given twice"
    return None


ARRAYS = ["intArray", "floatArray", "frameIntArray", "frameFloatArray", "frameArray", "timelineArray", "colorArray"]
INTS = [-1, 0, 1, 2, 32767, -32768, 255, 100]
FLOATS = [float("inf"), float("-inf"), float("nan"), 1e20, -1.0, 0.0, 0.5]


def split_binary(data):
    """A `.dbbin`'s header (as JSON) and body."""
    length = struct.unpack_from("<I", data, 8)[0]
    return json.loads(data[12:12 + length].decode("utf-8")), data[12 + length:]


def join_binary(header, body):
    text = dump(header, separators=(",", ":")).encode("utf-8")
    text += b" " * (-len(text) % 4)
    return b"DBDT" + struct.pack(">I", 3) + struct.pack("<I", len(text)) + text + body


def mutate_binary(data, rnd):
    """One change to a `.dbbin`: an element of one of its arrays (where the runtimes read what
    the header points to) or, one time in three, the header as `mutate` changes JSON."""
    header, body = split_binary(data)
    if rnd.random() < 1 / 3:
        change = mutate(header, rnd)
        return (join_binary(header, body), f"header {change}") if change else (None, None)
    offsets = header.get("offset", [])
    arrays = [(name, offsets[i * 2], offsets[i * 2 + 1]) for i, name in enumerate(ARRAYS) if i * 2 + 1 < len(offsets)]
    arrays = [a for a in arrays if a[2] > 0]
    if not arrays:
        return None, None
    name, start, size = rnd.choices(arrays, weights=[a[2] for a in arrays])[0]
    body = bytearray(body)
    if name in ("floatArray", "frameFloatArray"):
        at_ = start + 4 * rnd.randrange(size // 4)
        old = struct.unpack_from("<f", body, at_)[0]
        new = rnd.choice(FLOATS)
        struct.pack_into("<f", body, at_, new)
    else:
        at_ = start + 2 * rnd.randrange(size // 2)
        kind = "<H" if name == "timelineArray" else "<h"
        old = struct.unpack_from(kind, body, at_)[0]
        new = rnd.choice(INTS + [old + 1, old - 1, old * 2])
        new = new % 65536 if kind == "<H" else (new + 32768) % 65536 - 32768
        struct.pack_into(kind, body, at_, new)
    width = 4 if name in ("floatArray", "frameFloatArray") else 2
    return join_binary(header, bytes(body)), f"{name}[{(at_ - start) // width}] {old!r} -> {new!r}"


def runtime_outcome(command, skeleton):
    """`ok`, `fails`, `nothing` (no armature built) or `nonfinite`, and the poses printed."""
    try:
        run = subprocess.run(command + [skeleton], capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        return "fails", []
    lines = [line for line in run.stdout.splitlines() if line.startswith("{")]
    if run.returncode != 0 or not lines:
        return "fails", []
    poses = []
    for line in lines:
        try:
            poses.append(json.loads(re.sub(r"-?\b(nan|inf)\b", "null", line)))
        except json.JSONDecodeError:
            return "fails", []
    if any("error" in p for p in poses):
        return "nothing", poses
    if any("atlas" in p for p in poses):
        return "ok", []
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


REFUSED = "refused"


def pose_difference(rigls, target, skeleton, poses, refusal_ok=False):
    # The setup pose, then at most ten of the animated ones spread over every animation (a
    # mutation may be in any of them).
    animated = [p for p in poses[1:] if p["animation"] is not None and p["time"] > 0]
    step = max(1, -(-len(animated) // 10))
    for theirs in poses[:1] + animated[::step]:
        posed = compare.rigls_pose(rigls, skeleton, theirs, target)
        if posed.returncode != 0:
            if refusal_ok:
                return REFUSED
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
    parser.add_argument("--binary", action="store_true", help="convert each JSON skeleton to a .dbbin and mutate that (a .dbbin given is mutated as a binary, with or without --binary)")
    parser.add_argument("skeletons", nargs="+")
    args = parser.parse_args()
    command = compare.runtime_command(args.runtime)
    target = compare.target_of(args.runtime)
    with tempfile.TemporaryDirectory() as scratch:
        skeletons = args.skeletons
        if args.binary:
            skeletons = []
            for i, skeleton in enumerate(args.skeletons):
                if skeleton.endswith(".dbbin"):
                    # A binary another writer made (the official converter's): mutated as it is.
                    skeletons.append(skeleton)
                    continue
                out = os.path.join(scratch, f"{i}_{os.path.basename(skeleton)}.dbbin")
                if subprocess.run([args.rigls, "convert", "-o", out, skeleton], capture_output=True).returncode == 0:
                    skeletons.append(out)
        sound = [s for s in skeletons if runtime_outcome(command, s)[0] == "ok"]
        if not sound:
            sys.exit("the runtime loads and poses none of these files finitely as they are")
        rnd = random.Random(args.seed)
        tally = {}
        for _ in range(args.count):
            skeleton = rnd.choice(sound)
            # The harnesses parse a `_tex.json` as an atlas.
            # A `.dbbin` given is mutated as a binary, with or without `--binary`.
            as_binary = args.binary or skeleton.endswith(".dbbin")
            name = "mutated.dbbin" if as_binary else "mutated_tex.json" if skeleton.endswith("_tex.json") else "mutated_ske.json"
            mutated = os.path.join(scratch, name)
            if as_binary:
                with open(skeleton, "rb") as f:
                    data, change = mutate_binary(f.read(), rnd)
                if change is None:
                    continue
                with open(mutated, "wb") as f:
                    f.write(data)
            else:
                with open(skeleton, encoding="utf-8") as f:
                    data = json.load(f)
                change = mutate(data, rnd)
                if change is None:
                    continue
                with open(mutated, "w", encoding="utf-8") as f:
                    f.write(dump(data))
            outcome, poses = runtime_outcome(command, mutated)
            found = errors(args.rigls, target, mutated)
            where = f"{os.path.basename(skeleton)} {change}"
            if outcome != "ok" and not found:
                kind = "missed"
                print(f"missed ({outcome}): {where}", flush=True)
            elif outcome == "ok" and found:
                kind = "flagged"
                # `rigls pose` poses past the errors the runtime loads past: with `--poses`,
                # those poses are compared too (a refusal is fine here: rigls said why).
                difference = pose_difference(args.rigls, target, mutated, poses, refusal_ok=True) if args.poses else None
                if difference == REFUSED or not args.poses:
                    kind = "flagged"
                elif difference:
                    kind = "flagged, pose differs"
                else:
                    kind = "flagged, posed alike"
                shown = f": {difference}" if difference and difference != REFUSED else ""
                print(f"flagged {found}: {where}{shown}", flush=True)
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
