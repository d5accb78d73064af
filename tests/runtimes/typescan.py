#!/usr/bin/env python3
"""Sets each string value of each skeleton to a number, true, a list or an object in turn, and
compares the runtime's verdict with rigls's errors for that runtime.

    tests/runtimes/typescan.py --runtime js|cpp [--rigls PATH] SKELETON...

One file per (skeleton, key path) pair, the replacements taken in rotation. Prints one line per
file: `MISSED` where the runtime fails and rigls gives no error, `flagged` where rigls errs and
the runtime loads it."""
import argparse, json, os, tempfile

import compare
import mutate

REPLACEMENTS = [5, True, [], {}]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runtime", choices=["js", "cpp"], default="cpp")
    parser.add_argument("--rigls", default="target/release/rigls")
    parser.add_argument("skeletons", nargs="+")
    args = parser.parse_args()
    command = compare.runtime_command(args.runtime)
    target = ["--target", "dragonbones-" + args.runtime]
    seen, n = set(), 0
    with tempfile.TemporaryDirectory() as scratch:
        out = os.path.join(scratch, "scan_ske.json")
        for skeleton in args.skeletons:
            # A skeleton the runtime already fails on (vine-pro's path constraint poses frame 0
            # non-finite) says nothing about the changes.
            if mutate.runtime_outcome(command, skeleton)[0] != "ok":
                print(f"skipped  {os.path.basename(skeleton)}: the runtime fails on it as it is", flush=True)
                continue
            data = json.load(open(skeleton, encoding="utf-8"))
            for path in mutate.paths(data):
                if not path or isinstance(path[-1], int) or "userData" in path:
                    continue
                value = mutate.at(data, path)
                shape = "/".join("#" if isinstance(k, int) else k for k in path)
                if not isinstance(value, str) or (skeleton, shape) in seen:
                    continue
                seen.add((skeleton, shape))
                new = REPLACEMENTS[n % len(REPLACEMENTS)]
                n += 1
                changed = json.loads(json.dumps(data))
                mutate.at(changed, path[:-1])[path[-1]] = new
                with open(out, "w", encoding="utf-8") as f:
                    json.dump(changed, f, ensure_ascii=False)
                outcome = mutate.runtime_outcome(command, out)[0]
                errors = mutate.errors(args.rigls, target, out)
                flag = "MISSED" if outcome != "ok" and not errors else ("flagged" if outcome == "ok" and errors else "")
                print(f"{flag:8} {outcome:9} {os.path.basename(skeleton)} {shape} {value!r}->{new!r} {errors}", flush=True)


if __name__ == "__main__":
    main()
