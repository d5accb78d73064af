// Textures on a Canvas 2D, shared by the 2-D and 3-D views: images loaded once per path, and
// triangles of a picture mapped affinely onto triangles of the view (a Canvas 2D has no textured
// triangles: each is a clip and a transformed `drawImage`).

import { triangleMap } from "./geometry.js";

/** Images by path, loaded through the host's URLs; `redraw` is called as each one arrives. */
export class Images {
    /**
     * @param {(path: string) => string | null} imageUrl where an image is read from
     * @param {() => void} redraw
     */
    constructor(imageUrl, redraw) {
        this.imageUrl = imageUrl;
        this.redraw = redraw;
        this.entries = new Map();
    }

    /** The image at `path` once loaded, else null (and its loading started). */
    get(path) {
        if (!path) return null;
        let entry = this.entries.get(path);
        if (!entry) {
            const url = this.imageUrl(path);
            entry = { img: null, ok: false };
            this.entries.set(path, entry);
            if (url) {
                const img = new Image();
                img.onload = () => {
                    entry.ok = true;
                    this.redraw();
                };
                img.src = url;
                entry.img = img;
            }
        }
        return entry.ok ? entry.img : null;
    }
}

/**
 * Draws the part of a picture under the texture triangle `uv` ([u0, v0, u1, v1, u2, v2]) onto
 * the triangle `xy` (in the context's current units), clipped to `xy` grown by `grow` units so
 * that neighbouring triangles meet without seams.
 *
 * `source` says where texture units are in the image: texture point (u, v) is image pixel
 * ((u − ox)·sx, (v − oy)·sy). With `tile` ([width, height] in texture units) the picture repeats
 * (3-D textures wrap); without, only the picture itself is drawn (an atlas region). `tint`, a CSS
 * colour, multiplies what was drawn (a material's colour and its light), over the same clip.
 */
export function drawMappedTriangle(ctx, source, uv, xy, grow, tile, tint) {
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
    const piece = (u0, v0, u1, v1, du, dv) => {
        if (u1 <= u0 || v1 <= v0) return;
        ctx.drawImage(
            source.img,
            (u0 - source.ox) * source.sx, (v0 - source.oy) * source.sy, (u1 - u0) * source.sx, (v1 - v0) * source.sy,
            u0 + du, v0 + dv, u1 - u0, v1 - v0,
        );
    };
    if (!tile) {
        piece(x0, y0, x1, y1, 0, 0);
    } else {
        // One piece per repetition of the picture the triangle's box overlaps (a few at most:
        // a face spanning hundreds of repetitions is drawn with the first ones only).
        const [w, h] = tile;
        const [i0, j0] = [Math.floor(x0 / w), Math.floor(y0 / h)];
        const [i1, j1] = [Math.min(Math.ceil(x1 / w), i0 + 16), Math.min(Math.ceil(y1 / h), j0 + 16)];
        for (let j = j0; j < j1; j++) {
            for (let i = i0; i < i1; i++) {
                const u0 = Math.max(x0, i * w) - i * w, v0 = Math.max(y0, j * h) - j * h;
                const u1 = Math.min(x1, (i + 1) * w) - i * w, v1 = Math.min(y1, (j + 1) * h) - j * h;
                piece(u0, v0, u1, v1, i * w, j * h);
            }
        }
    }
    if (tint) {
        // The path was laid down before the picture's transform: it is still the grown triangle.
        ctx.globalCompositeOperation = "multiply";
        ctx.globalAlpha = 1;
        ctx.fillStyle = tint;
        ctx.fill();
    }
    ctx.restore();
}
