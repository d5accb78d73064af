#!/usr/bin/env python3
"""Compares `rigls pose` with an official DragonBones runtime, pose by pose.

    tests/runtimes/compare.py [--runtime js|cpp] [--rigls PATH] SKELETON...

Each skeleton (`*_ske.json` or `.dbbin`) is posed by the runtime's headless harness (see
README.md): the setup pose, then each animation at fractions of its duration. rigls poses the
same requests (`--target dragonbones-cpp` for the C++ runtime). Bones must agree within 1e-3
(relative, at least 1e-3 absolute, as issue 31's comparison asks); display indices and draw order
exactly. Prints each difference and a summary; exits 1 when any pose differs.
"""
import argparse, json, os, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def close(ours, theirs):
    if theirs is None:
        return ours is None or ours != ours
    return abs(ours - theirs) <= max(1e-3, 1e-3 * abs(theirs))


def runtime_command(runtime):
    """The harness of `runtime` (`js` or `cpp`), to be given a skeleton."""
    return {
        "js": ["node", os.path.join(HERE, "dragonbones-js.js")],
        "cpp": [os.environ.get("DRAGONBONES_CPP_HARNESS", os.path.join(HERE, "dragonbones-cpp"))],
    }[runtime]


def target_of(runtime):
    """The `--target` rigls is asked for to answer as `runtime` does."""
    return ["--target", "dragonbones-cpp" if runtime == "cpp" else "dragonbones-js"]


def rigls_pose(rigls, skeleton, theirs, target):
    """`rigls pose` of the armature, animation and time of a harness's pose `theirs`."""
    request = [rigls, "pose", "--format", "json", "--armature", theirs["armature"], skeleton] + target
    if theirs["animation"] is not None:
        request += ["--animation", theirs["animation"], "--time", repr(theirs["time"])]
    return subprocess.run(request, capture_output=True, text=True)


def runtime_poses(runtime, skeleton):
    command = runtime_command(runtime)
    # To a file, not a pipe: Node may write a long line to a pipe in parts.
    with tempfile.TemporaryFile("w+") as out:
        subprocess.run(command + [skeleton], stdout=out, stderr=subprocess.DEVNULL, timeout=300, check=False)
        out.seek(0)
        poses = []
        for line in (line for line in out if line.startswith("{")):
            try:
                poses.append(json.loads(line))
            except json.JSONDecodeError:
                # The line the runtime was writing when it aborted (an `assert` in a debug build).
                print("cut short by the runtime:", skeleton, line[:60].strip())
        return poses


def difference(ours, theirs):
    matrices = {b["name"]: b["matrix"] for b in ours["bones"]}
    for bone in theirs["bones"]:
        matrix = matrices.get(bone["name"])
        if matrix is None:
            return f"bone {bone['name']} missing"
        for i, (o, t) in enumerate(zip(matrix, bone["matrix"])):
            if not close(o, t):
                return f"bone {bone['name']} [{i}] ours {o} theirs {t}"
    slots = {s["name"]: s for s in ours["slots"]}
    for slot in theirs["slots"]:
        o = slots.get(slot["name"])
        if o is None:
            return f"slot {slot['name']} missing"
        for key in ("displayIndex", "zOrder"):
            if o.get(key) != slot[key]:
                return f"slot {slot['name']} {key} ours {o.get(key)} theirs {slot[key]}"
        # Harnesses that print meshes give `vertices` (null: the display is not a mesh).
        if "vertices" in slot:
            mine, their = o.get("vertices"), slot["vertices"]
            if (mine is None) != (their is None) or (mine is not None and len(mine) != len(their)):
                return f"slot {slot['name']} vertices ours {str(mine)[:60]} theirs {str(their)[:60]}"
            for i, (a, b) in enumerate(zip(mine or [], their or [])):
                if not close(a, b):
                    return f"slot {slot['name']} vertex [{i}] ours {a} theirs {b}"
    return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runtime", choices=["js", "cpp"], default="js")
    parser.add_argument("--rigls", default="target/release/rigls")
    parser.add_argument("skeletons", nargs="+")
    args = parser.parse_args()
    target = target_of(args.runtime)
    compared = differing = 0
    for skeleton in args.skeletons:
        for theirs in runtime_poses(args.runtime, skeleton):
            if "armature" not in theirs:
                print("not read by the runtime:", skeleton)
                continue
            if "error" in theirs:
                continue
            posed = rigls_pose(args.rigls, skeleton, theirs, target)
            compared += 1
            where = f"{os.path.basename(skeleton)} {theirs['armature']} {theirs['animation']} {theirs['time']}"
            if posed.returncode != 0:
                differing += 1
                print("rigls did not pose", where, posed.stderr.strip()[:200])
                continue
            found = difference(json.loads(posed.stdout), theirs)
            if found:
                differing += 1
                print("differs:", where, found)
    print(f"{compared} poses compared, {differing} differ")
    sys.exit(1 if differing else 0)


if __name__ == "__main__":
    main()
