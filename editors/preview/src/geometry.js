// Plane geometry for hit testing and fitting, shared by the 2-D and 3-D views.

/** Whether (px, py) lies in the triangle (ax, ay), (bx, by), (cx, cy), either winding. */
export function inTriangle(px, py, ax, ay, bx, by, cx, cy) {
    const d1 = (px - bx) * (ay - by) - (ax - bx) * (py - by);
    const d2 = (px - cx) * (by - cy) - (bx - cx) * (py - cy);
    const d3 = (px - ax) * (cy - ay) - (cx - ax) * (py - ay);
    const negative = d1 < 0 || d2 < 0 || d3 < 0;
    const positive = d1 > 0 || d2 > 0 || d3 > 0;
    return !(negative && positive);
}

/** The distance from (px, py) to the segment (ax, ay)–(bx, by). */
export function segmentDistance(px, py, ax, ay, bx, by) {
    const dx = bx - ax;
    const dy = by - ay;
    const length2 = dx * dx + dy * dy;
    let t = length2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / length2 : 0;
    t = Math.max(0, Math.min(1, t));
    return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/**
 * The scale and offset that fit `bounds` ({minX, minY, maxX, maxY}) into a width × height view
 * with `margin` pixels around: screen = scene × scale + offset.
 */
export function fit(bounds, width, height, margin) {
    if (!bounds) return { scale: 1, x: width / 2, y: height / 2 };
    const w = Math.max(bounds.maxX - bounds.minX, 1e-6);
    const h = Math.max(bounds.maxY - bounds.minY, 1e-6);
    const scale = Math.max(1e-6, Math.min((width - 2 * margin) / w, (height - 2 * margin) / h));
    return {
        scale,
        x: width / 2 - ((bounds.minX + bounds.maxX) / 2) * scale,
        y: height / 2 - ((bounds.minY + bounds.maxY) / 2) * scale,
    };
}

/** The union of 2-D bounds (nulls skipped); null when all are null. */
export function union(list) {
    let out = null;
    for (const b of list) {
        if (!b || ![b.minX, b.minY, b.maxX, b.maxY].every(Number.isFinite)) continue;
        out = out
            ? {
                  minX: Math.min(out.minX, b.minX),
                  minY: Math.min(out.minY, b.minY),
                  maxX: Math.max(out.maxX, b.maxX),
                  maxY: Math.max(out.maxY, b.maxY),
              }
            : { ...b };
    }
    return out;
}

/**
 * The affine matrix [a, b, c, d, e, f] (x' = a·x + c·y + e, y' = b·x + d·y + f) taking the
 * triangle s0, s1, s2 onto d0, d1, d2 (points as [x, y]); null when the source is degenerate.
 */
export function triangleMap(s0, s1, s2, d0, d1, d2) {
    const sx1 = s1[0] - s0[0], sy1 = s1[1] - s0[1];
    const sx2 = s2[0] - s0[0], sy2 = s2[1] - s0[1];
    const det = sx1 * sy2 - sx2 * sy1;
    if (Math.abs(det) < 1e-12) return null;
    const dx1 = d1[0] - d0[0], dy1 = d1[1] - d0[1];
    const dx2 = d2[0] - d0[0], dy2 = d2[1] - d0[1];
    const a = (dx1 * sy2 - dx2 * sy1) / det;
    const c = (dx2 * sx1 - dx1 * sx2) / det;
    const b = (dy1 * sy2 - dy2 * sy1) / det;
    const d = (dy2 * sx1 - dy1 * sx2) / det;
    return [a, b, c, d, d0[0] - a * s0[0] - c * s0[1], d0[1] - b * s0[0] - d * s0[1]];
}
