// Textures on the 2-D view's Canvas 2D: images loaded once per path, and triangles of a picture
// mapped affinely onto triangles of the view (a Canvas 2D has no textured triangles: each is a clip
// and a transformed `drawImage`).

import { triangleMap } from "./geometry.js";

/**
 * Images by path, loaded through the host's URLs; `redraw` is called as each one arrives. When a
 * path's URL changes (the file changed on disk), its image is read again; the one before is shown
 * until then, and none when the new one cannot be read (the file is gone).
 */
export class Images {
    /**
     * @param {(path: string) => string | null} imageUrl where an image is read from
     * @param {() => void} redraw
     */
    constructor(imageUrl, redraw) {
        this.imageUrl = imageUrl;
        this.redraw = redraw;
        this.entries = new Map(); // path → {url, shown}
    }

    /** The image at `path` to draw, else null (and its loading started). */
    get(path) {
        if (!path) return null;
        const url = this.imageUrl(path);
        let entry = this.entries.get(path);
        if (!entry || entry.url !== url) {
            entry = { url, shown: entry ? entry.shown : null };
            this.entries.set(path, entry);
            if (url) {
                const img = new Image();
                const settle = (shown) => {
                    if (this.entries.get(path) !== entry) return;
                    entry.shown = shown;
                    this.redraw();
                };
                img.onload = () => settle(img);
                img.onerror = () => settle(null);
                img.src = url;
            }
        }
        return entry.shown;
    }
}

/**
 * Draws the part of a picture under the texture triangle `uv` ([u0, v0, u1, v1, u2, v2]) onto
 * the triangle `xy` (in the context's current units), clipped to `xy` grown by `grow` units so
 * that neighbouring triangles meet without seams.
 *
 * `source` says where texture units are in the image: texture point (u, v) is image pixel
 * ((u − ox)·sx, (v − oy)·sy).
 */
export function drawMappedTriangle(ctx, source, uv, xy, grow) {
    const m = triangleMap([uv[0], uv[1]], [uv[2], uv[3]], [uv[4], uv[5]], [xy[0], xy[1]], [xy[2], xy[3]], [xy[4], xy[5]]);
    if (!m || !m.every(Number.isFinite)) return;
    ctx.save();
    ctx.beginPath();
    const cx = (xy[0] + xy[2] + xy[4]) / 3;
    const cy = (xy[1] + xy[3] + xy[5]) / 3;
    for (let k = 0; k < 6; k += 2) {
        const dx = xy[k] - cx;
        const dy = xy[k + 1] - cy;
        const len = Math.hypot(dx, dy) || 1;
        ctx.lineTo(xy[k] + (dx / len) * grow, xy[k + 1] + (dy / len) * grow);
    }
    ctx.closePath();
    ctx.clip();
    ctx.transform(m[0], m[1], m[2], m[3], m[4], m[5]);
    const x0 = Math.floor(Math.min(uv[0], uv[2], uv[4])), y0 = Math.floor(Math.min(uv[1], uv[3], uv[5]));
    const x1 = Math.ceil(Math.max(uv[0], uv[2], uv[4])), y1 = Math.ceil(Math.max(uv[1], uv[3], uv[5]));
    if (x1 > x0 && y1 > y0) {
        ctx.drawImage(
            source.img,
            (x0 - source.ox) * source.sx, (y0 - source.oy) * source.sy, (x1 - x0) * source.sx, (y1 - y0) * source.sy,
            x0, y0, x1 - x0, y1 - y0,
        );
    }
    ctx.restore();
}
