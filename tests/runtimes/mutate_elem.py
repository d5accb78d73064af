#!/usr/bin/env python3
"""Mutates `.elem` models one change at a time and asks Danmakufu ph3's loader and rigls about each.

For every mutation (a number replaced by -1, 0, 1.5, 4.0, a huge one… or by one an animator might
type (doubled, halved, negated, 90 more), a count off by one, a token, line or brace deleted or
duplicated, a name changed, a separator swapped, a blank or comment line inserted…) the harness of Danmakufu's real loader (`danmakufu-elem`, see README.md)
loads the file and draws each clip at a few frames, and `rigls --check --target danmakufu-ph3`
gives its verdict. Printed are the disagreements:

- `missed-load`: Danmakufu does not load the file (the loader returns false) or crashes loading
  it, and rigls reports no `target-load-failure` saying it does not load or crashes loading;
- `flagged-load`: Danmakufu loads the file, and rigls says it does not load it or crashes;
- `kind`: both say it is not loaded, one that it fails, the other that it crashes;
- `missed-draw`: Danmakufu loads it, and crashes drawing a frame or draws from memory the loader
  never set, and rigls reports no `target-load-failure`;
- `flagged-draw`: Danmakufu loads and draws every frame tried, rigls says drawing crashes or is
  undefined (possibly at a frame not tried);
- `pose`: both load it and rigls reports no error: a node's world matrix or a skinned vertex of
  `rigls pose --target danmakufu-ph3` differs from Danmakufu's (1e-4 relative, 1e-5 absolute).

Run from the repository root after `cargo build --release -p rigls` and building the harness:

    tests/runtimes/mutate_elem.py --count 500 --seed 1 examples/walker.elem server/tests/fixtures/elem/**/*.elem

`--unmutated` compares the files as they are (poses at more frames) instead.
"""

import argparse, json, math, os, random, re, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
HARNESS = os.environ.get("DANMAKUFU_HARNESS", os.path.join(HERE, "danmakufu-elem"))

TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|[-+]?\d+(?:\.\d*)?(?:[eE][-+]?\d*)?|[A-Za-z_]\w*|\r?\n|[ \t]+|.', re.S)
NUMBERS = ["-1", "0", "1", "1.5", "4.0", "99999999999", "1e39", "-1e39", "1e+05", "2", "3", "-0", "1e-50", "65536", "256", "81", "80"]
NAMES = ['""', '"zz"', '"Root"', '"a\\"b"', "x"]
SEPARATORS = [":", ",", "=", " ", "", "::", ";", "."]


def tokens(text):
    return TOKEN.findall(text)


def mutate(text, rnd):
    """One change to `text`, and what it was; None when the pick suits no change."""
    toks = tokens(text)
    if "".join(toks) != text:
        return None
    roll = rnd.random()
    idx = [i for i, t in enumerate(toks) if t.strip()]
    i = rnd.choice(idx)
    t = toks[i]
    lines = text.split("\n")
    if roll < 0.35:
        nums = [k for k in idx if re.match(r"[-+]?\d", toks[k])]
        if not nums:
            return None
        i = rnd.choice(nums)
        t = toks[i]
        roll = rnd.random()
        if roll < 0.3 and re.fullmatch(r"[-+]?\d+", t):
            new = str(int(t) + rnd.choice([-1, 1]))
        elif roll < 0.6 and re.fullmatch(r"[-+]?\d*\.\d+(?:[eE][-+]?\d+)?", t):
            # A value an animator might have typed: a pose then differs in ordinary ranges, where
            # the arithmetic, not only the guards, is compared with the loader's.
            op, by = rnd.choice([("*", -1), ("*", 0.5), ("*", 2), ("*", 3.7), ("+", 1), ("+", -0.25), ("+", 90)])
            value = float(t) * by if op == "*" else float(t) + by
            new = repr(round(value, 6))
        else:
            new = rnd.choice(NUMBERS)
        toks[i] = new
        return "".join(toks), f"token {i} {t!r} -> {new!r}"
    if roll < 0.45:
        del toks[i]
        return "".join(toks), f"token {i} {t!r} deleted"
    if roll < 0.52:
        toks.insert(i, t)
        return "".join(toks), f"token {i} {t!r} duplicated"
    if roll < 0.60:
        k = rnd.randrange(len(lines))
        what = f"line {k + 1} {lines[k].strip()!r}"
        if rnd.random() < 0.5:
            del lines[k]
            return "\n".join(lines), what + " deleted"
        lines.insert(k, lines[k])
        return "\n".join(lines), what + " duplicated"
    if roll < 0.66:
        braces = [k for k in idx if toks[k] in "{}"]
        if not braces:
            return None
        i = rnd.choice(braces)
        t = toks[i]
        if rnd.random() < 0.7:
            del toks[i]
            return "".join(toks), f"token {i} {t!r} deleted"
        toks.insert(i, t)
        return "".join(toks), f"token {i} {t!r} duplicated"
    if roll < 0.74:
        strings = [k for k in idx if toks[k].startswith('"')]
        if not strings:
            return None
        i = rnd.choice(strings)
        t = toks[i]
        others = [toks[k] for k in strings if toks[k] != t]
        new = rnd.choice(NAMES + others[:8])
        toks[i] = new
        return "".join(toks), f"token {i} {t!r} -> {new!r}"
    if roll < 0.80:
        seps = [k for k in idx if toks[k] in (":", ",", "=")]
        if not seps:
            return None
        i = rnd.choice(seps)
        t = toks[i]
        new = rnd.choice([s for s in SEPARATORS if s != t])
        toks[i] = new
        return "".join(toks), f"token {i} {t!r} -> {new!r}"
    if roll < 0.86:
        k = rnd.randrange(len(lines) + 1)
        new = rnd.choice(["", "\t", "  // comment", "/* c */", "\t\t/* a\nb */", "Unknown {", "}", "Unknown { x }", "\r"])
        lines.insert(k, new)
        return "\n".join(lines), f"line {new!r} inserted before line {k + 1}"
    if roll < 0.92:
        words = [k for k in idx if re.fullmatch(r"[A-Za-z_]\w*", toks[k])]
        if not words:
            return None
        i = rnd.choice(words)
        t = toks[i]
        others = sorted({toks[k] for k in words})
        new = rnd.choice([t.lower(), t.upper(), t + "s", rnd.choice(others)])
        if new == t:
            return None
        toks[i] = new
        return "".join(toks), f"token {i} {t!r} -> {new!r}"
    # A whole scope deleted or duplicated: a word, `{`, … its `}`.
    opens = [k for k in idx if toks[k] == "{"]
    if not opens:
        return None
    o = rnd.choice(opens)
    start = max(k for k in idx if k < o) if any(k < o for k in idx) else o
    depth, end = 0, None
    for k in range(o, len(toks)):
        depth += toks[k] == "{"
        depth -= toks[k] == "}"
        if depth == 0:
            end = k
            break
    if end is None:
        return None
    name = toks[start]
    if rnd.random() < 0.6:
        del toks[start:end + 1]
        return "".join(toks), f"scope {name!r} at token {start} deleted"
    toks[end + 1:end + 1] = ["\n"] + toks[start:end + 1]
    return "".join(toks), f"scope {name!r} at token {start} duplicated"


def harness(path, poses=()):
    """(load, info, [pose results]): load is ok, fail, crash or timeout; a pose result is a dict
    (`drawn`, `undefined`, `bones`, `meshes`) or the string `crash`."""
    results = []
    pending = list(poses)
    info = None
    while True:
        args = [HARNESS, path]
        for anim, frame in pending:
            args += ["--pose", anim, str(frame)]
        try:
            env = dict(os.environ, ASAN_OPTIONS="symbolize=0:" + os.environ.get("ASAN_OPTIONS", ""))
            run = subprocess.run(args, capture_output=True, timeout=20, env=env)
        except subprocess.TimeoutExpired:
            return ("timeout", info, results) if info is None else ("ok", info, results + ["timeout"])
        out = [json.loads(line) for line in run.stdout.decode("utf-8", "replace").splitlines() if line.startswith("{")]
        if not out:
            why = run.stderr.decode("utf-8", "replace")
            m = re.search(r"(ERROR: AddressSanitizer: [^\n]*|runtime error: [^\n]*|terminate called[^\n]*|what\(\): [^\n]*)", why)
            return "crash", {"why": m.group(1) if m else why[-300:]}, results
        if info is None:
            info = out[0]
            if info["result"] != "ok":
                return "fail", info, results
        got = [o for o in out[1:] if o["event"] == "pose"]
        results += got
        if len(got) == len(pending):
            return "ok", info, results
        # A crash drawing pose len(got): note it, go on with the rest.
        why = run.stderr.decode("utf-8", "replace")
        m = re.search(r"(ERROR: AddressSanitizer: [^\n]*|runtime error: [^\n]*|Floating point exception|SEGV[^\n]*)", why)
        results.append({"crash": m.group(1) if m else f"exit {run.returncode}"})
        return "ok", info, results  # one crash drawing is enough


def frames_of(info, more=False):
    poses = []
    for clip in info.get("clips", [])[:3]:
        fps, time = clip.get("fps"), clip.get("time")
        if not isinstance(fps, int) or fps <= 0 or not isinstance(time, int):
            # Drawn all the same (its pose may crash or be undefined), never compared.
            poses += [(clip["name"], f, None) for f in (0, 1, 5)]
            continue
        last = int(time * fps / 1000) if abs(time) < 10**7 else 10
        picks = [0, 1, last // 4, last // 2, 3 * last // 4, last - 1, last, last + 3, -1]
        if more:
            picks = sorted(set(list(range(-1, min(last, 200) + 4)) + [last // 3, last]))
        for f in dict.fromkeys(picks):
            poses.append((clip["name"], f, fps))
    return poses


def rigls_check(rigls, path):
    """The kinds of `target-load-failure` rigls reports (fail, crash, draw), their messages and
    whether it reports any error."""
    run = subprocess.run([rigls, "--check", "--format", "json", "--target", "danmakufu-ph3", path], capture_output=True, text=True)
    try:
        found = json.loads(run.stdout)
    except json.JSONDecodeError:
        return {"(no JSON report)"}, [], True
    kinds, messages = set(), []
    errors = False
    for d in found:
        if d.get("severity") == "error":
            errors = True
        if d.get("code") != "target-load-failure":
            continue
        m = d["message"]
        kind = "fail" if "does not load the file" in m else "crash" if "crashes loading the file" in m else "draw"
        kinds.add(kind)
        messages.append(f"{kind}@{d['line']}: {m[:160]}")
    return kinds, messages, errors


def close(a, b):
    if a is None:  # rigls writes a non-finite number as null
        return b in ("NaN", "inf", "-inf")
    if isinstance(a, str) or isinstance(b, str) or b is None:
        return str(a).lower() == str(b).lower()
    if math.isnan(a) and math.isnan(b):
        return True
    if math.isinf(a) or math.isinf(b):
        return a == b
    return abs(a - b) <= max(1e-5, 1e-4 * abs(b))


def pose_difference(rigls, path, info, theirs, anim, frame, fps):
    time = frame / fps
    run = subprocess.run([rigls, "pose", "--format", "json", "--target", "danmakufu-ph3", path, "--animation", anim, f"--time={time!r}"],
                         capture_output=True, text=True)
    if run.returncode != 0:
        return f"rigls did not pose {anim} at frame {frame}: {run.stderr.strip()[:200]}"
    ours = json.loads(run.stdout)
    mapping = info["map"]
    for node in ours["nodes"]:
        bone = mapping.get(node["name"], 0)
        world = theirs["bones"][bone] if bone < len(theirs["bones"]) else None
        expected = world if world is not None else [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
        for k, (a, b) in enumerate(zip(node["matrix"], expected)):
            if not close(a, b):
                return f"{anim} frame {frame}: node {node['name']} (bone {bone}) [{k}] rigls {a} danmakufu {b}"
    if len(ours["meshes"]) != len(theirs["meshes"]):
        return f"{anim} frame {frame}: rigls {len(ours['meshes'])} meshes, danmakufu {len(theirs['meshes'])}"
    for m, t in zip(ours["meshes"], theirs["meshes"]):
        if m["mesh"] != t["name"]:
            return f"{anim} frame {frame}: mesh {m['mesh']!r} vs {t['name']!r}"
        if len(m["vertices"]) != len(t["vertices"]):
            return f"{anim} frame {frame}: mesh {m['mesh']!r} rigls {len(m['vertices']) // 3} vertices, danmakufu {len(t['vertices']) // 3}"
        for k, (a, b) in enumerate(zip(m["vertices"], t["vertices"])):
            if not close(a, b):
                return f"{anim} frame {frame}: mesh {m['mesh']!r} vertex {k // 3 + 1}.{'xyz'[k % 3]} rigls {a} danmakufu {b}"
    return None


def judge(rigls, path, where, poses_too=True, more=False):
    load, info, _ = harness(path)
    kinds, messages, errors = rigls_check(rigls, path)
    said = "; ".join(messages)[:600]
    if load in ("fail", "crash", "timeout"):
        theirs = "fail" if load == "fail" else "crash"
        why = (info or {}).get("log") or (info or {}).get("why", "")
        if not kinds & {"fail", "crash"}:
            return "missed-load", f"{where}: danmakufu {load} ({why}); rigls: {said or 'no target-load-failure'}"
        if theirs not in kinds:
            return "kind", f"{where}: danmakufu {load} ({why}); rigls: {said}"
        return "agreed", None
    if kinds & {"fail", "crash"}:
        return "flagged-load", f"{where}: danmakufu loads it; rigls: {said}"
    requests = frames_of(info, more)
    _, _, drawn = harness(path, [(a, f) for a, f, _ in requests])
    bad = None
    for (anim, frame, _), result in zip(requests, drawn):
        if isinstance(result, dict) and ("crash" in result or result.get("undefined")):
            bad = f"{anim} frame {frame}: " + (result.get("crash") or result.get("undefined"))
            break
        if result == "timeout":
            bad = f"{anim} frame {frame}: timeout"
            break
    if bad and not kinds:
        return "missed-draw", f"{where}: danmakufu {bad}; rigls: no target-load-failure"
    if not bad and "draw" in kinds and requests:
        return "flagged-draw", f"{where}: danmakufu draws {len(requests)} frames; rigls: {said}"
    if bad or errors or not poses_too:
        return "agreed", None
    compared = 0
    for (anim, frame, fps), result in zip(requests, drawn):
        if not isinstance(result, dict) or not result.get("drawn") or fps is None:
            continue
        diff = pose_difference(rigls, path, info, result, anim, frame, fps)
        if diff:
            return "pose", f"{where}: {diff}"
        compared += 1
    return ("agreed-posed" if compared else "agreed"), None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rigls", default="target/release/rigls")
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--changes", type=int, default=1, help="mutations applied to each file (default 1)")
    parser.add_argument("--no-poses", action="store_true", help="compare verdicts only")
    parser.add_argument("--unmutated", action="store_true", help="compare the files as they are, at more frames")
    parser.add_argument("--save", help="a directory to keep each disagreeing file in")
    parser.add_argument("models", nargs="+")
    args = parser.parse_args()
    tally = {}

    def note(kind, line, text):
        tally[kind] = tally.get(kind, 0) + 1
        if line:
            print(f"{kind}: {line}", flush=True)
            if args.save:
                os.makedirs(args.save, exist_ok=True)
                with open(os.path.join(args.save, f"{kind}-{tally[kind]}.elem"), "w", encoding="utf-8", newline="") as f:
                    f.write(text)

    if args.unmutated:
        for model in args.models:
            kind, line = judge(args.rigls, model, model, not args.no_poses, more=True)
            note(kind, line, open(model, encoding="utf-8", errors="replace").read())
        print(", ".join(f"{n} {k}" for k, n in sorted(tally.items())))
        return
    rnd = random.Random(args.seed)
    texts = {m: open(m, "rb").read().decode("utf-8", "replace") for m in args.models}
    with tempfile.TemporaryDirectory() as scratch:
        mutated = os.path.join(scratch, "mutated.elem")
        done = 0
        while done < args.count:
            model = rnd.choice(args.models)
            text, whats = texts[model], []
            for _ in range(args.changes):
                change = mutate(text, rnd)
                if change is not None:
                    text, what = change
                    whats.append(what)
            if not whats:
                continue
            what = "; ".join(whats)
            done += 1
            with open(mutated, "w", encoding="utf-8", newline="") as f:
                f.write(text)
            kind, line = judge(args.rigls, mutated, f"{os.path.basename(model)} {what}", not args.no_poses)
            note(kind, line, text)
            if done % 100 == 0:
                print(f"({done} mutations: " + ", ".join(f"{n} {k}" for k, n in sorted(tally.items())) + ")", flush=True)
    print(", ".join(f"{n} {k}" for k, n in sorted(tally.items())))


if __name__ == "__main__":
    main()
