// Playback arithmetic, free of the DOM so it can be unit tested: which frame a time shows, how
// time advances with speed and looping, and the times to ask the server for to play a pass.

/** The most frames prefetched for one pass (the server answers at most 1000 times at once). */
export const MAX_FRAMES = 600;

/**
 * The frame `time` (seconds) falls on, rounded down, within `[0, frameCount]`.
 * @param {{frameRate: number, frameCount: number}} animation
 */
export function frameAt(animation, time) {
    if (!animation || !(animation.frameRate > 0)) return 0;
    const frame = Math.floor(time * animation.frameRate + 1e-9);
    return Math.max(0, Math.min(animation.frameCount, frame));
}

/** The time of a frame. */
export function timeOfFrame(animation, frame) {
    return animation && animation.frameRate > 0 ? frame / animation.frameRate : 0;
}

/**
 * The times of every frame of one pass, the last frame (its end) included: frameCount + 1 times,
 * spaced evenly when there are more frames than MAX_FRAMES.
 */
export function passTimes(animation) {
    if (!animation || !(animation.frameRate > 0) || !(animation.duration > 0)) return [0];
    const count = Math.min(Math.round(animation.frameCount), MAX_FRAMES);
    const times = [];
    for (let i = 0; i <= count; i++) times.push((animation.duration * i) / count);
    return times;
}

/**
 * Where playback is after `elapsed` seconds at `speed` from `time`: `{time, playing}`. Looping
 * wraps past the end (and before the start, playing backwards); else playback stops at the end.
 */
export function advance(animation, time, elapsed, speed, loop) {
    const duration = animation ? animation.duration : 0;
    if (!(duration > 0)) return { time: 0, playing: false };
    let next = time + elapsed * speed;
    if (loop) {
        next %= duration;
        if (next < 0) next += duration;
        return { time: next, playing: true };
    }
    if (next >= duration) return { time: duration, playing: false };
    if (next <= 0) return { time: 0, playing: false };
    return { time: next, playing: true };
}

/** The index in `times` (ascending) nearest to `time`. */
export function nearestIndex(times, time) {
    let best = 0;
    for (let i = 1; i < times.length; i++) {
        if (Math.abs(times[i] - time) < Math.abs(times[best] - time)) best = i;
    }
    return best;
}

/** `1.25 s · frame 30/48` */
export function describeTime(animation, time) {
    if (!animation) return "setup pose";
    return `${time.toFixed(2)} s · frame ${frameAt(animation, time)}/${Math.round(animation.frameCount)}`;
}
