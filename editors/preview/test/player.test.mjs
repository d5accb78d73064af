// The preview's playback arithmetic and geometry (the parts without a DOM).
import assert from "node:assert/strict";
import { test } from "node:test";

import { fit, inTriangle, segmentDistance, triangleMap, union } from "../src/geometry.js";
import { MAX_FRAMES, advance, describeTime, frameAt, nearestIndex, passTimes, timeOfFrame } from "../src/player.js";

const walk = { name: "walk", duration: 0.8333333333333334, frameRate: 24, frameCount: 20, playTimes: 0 };

test("frames and times", () => {
    assert.equal(frameAt(walk, 0), 0);
    assert.equal(frameAt(walk, 0.25), 6);
    // 10 / 24 is frame 10 although 10 / 24 * 24 is 9.999…
    assert.equal(frameAt(walk, timeOfFrame(walk, 10)), 10);
    assert.equal(frameAt(walk, 5), 20);
    assert.equal(frameAt(walk, -1), 0);
    assert.equal(frameAt(null, 3), 0);
    assert.equal(timeOfFrame(walk, 12), 0.5);
    assert.equal(describeTime(walk, 0.5), "0.50 s · frame 12/20");
    assert.equal(describeTime(null, 0), "setup pose");
});

test("a pass is every frame, its end included, at most MAX_FRAMES + 1 times", () => {
    const times = passTimes(walk);
    assert.equal(times.length, 21);
    assert.equal(times[0], 0);
    assert.equal(times[20], walk.duration);
    assert.equal(frameAt(walk, times[7]), 7);
    const long = { duration: 100, frameRate: 60, frameCount: 6000 };
    assert.equal(passTimes(long).length, MAX_FRAMES + 1);
    assert.deepEqual(passTimes({ duration: 0, frameRate: 24, frameCount: 0 }), [0]);
    assert.deepEqual(passTimes(null), [0]);
});

test("playback advances with speed, loops or stops at the end", () => {
    assert.deepEqual(advance(walk, 0, 0.25, 2, true), { time: 0.5, playing: true });
    const wrapped = advance(walk, 0.8, 0.1, 1, true);
    assert.ok(Math.abs(wrapped.time - (0.9 - walk.duration)) < 1e-12 && wrapped.playing);
    assert.deepEqual(advance(walk, 0.8, 0.1, 1, false), { time: walk.duration, playing: false });
    const backwards = advance(walk, 0.1, 0.2, -1, true);
    assert.ok(Math.abs(backwards.time - (walk.duration - 0.1)) < 1e-12);
    assert.deepEqual(advance({ duration: 0 }, 0, 1, 1, true), { time: 0, playing: false });
    assert.equal(nearestIndex([0, 0.1, 0.2, 0.3], 0.26), 3);
    assert.equal(nearestIndex([0, 0.1, 0.2, 0.3], 0.14), 1);
});

test("hit testing and fitting", () => {
    assert.ok(inTriangle(1, 1, 0, 0, 4, 0, 0, 4));
    assert.ok(inTriangle(1, 1, 0, 0, 0, 4, 4, 0), "either winding");
    assert.ok(!inTriangle(3, 3, 0, 0, 4, 0, 0, 4));
    assert.equal(segmentDistance(5, 3, 0, 0, 10, 0), 3);
    assert.equal(segmentDistance(-3, 4, 0, 0, 10, 0), 5);
    const view = fit({ minX: -10, minY: -20, maxX: 10, maxY: 20 }, 200, 100, 10);
    assert.deepEqual(view, { scale: 2, x: 100, y: 50 });
    assert.deepEqual(union([null, { minX: 0, minY: 0, maxX: 1, maxY: 1 }, { minX: -1, minY: 0.5, maxX: 0, maxY: 3 }]), {
        minX: -1, minY: 0, maxX: 1, maxY: 3,
    });
    assert.equal(union([null, { min: [0, 0, 0], max: [1, 1, 1] }]), null);
    // The unit triangle onto one scaled by 2 and moved by (5, 7).
    assert.deepEqual(triangleMap([0, 0], [1, 0], [0, 1], [5, 7], [7, 7], [5, 9]), [2, 0, 0, 2, 5, 7]);
    assert.equal(triangleMap([0, 0], [1, 1], [2, 2], [0, 0], [1, 0], [0, 1]), null);
});
