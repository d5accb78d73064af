// The 2-D view of a DragonBones scene on a Canvas 2D: textured quads and meshes from the atlas
// images in draw order, colour transforms and blend modes as `rigls render` applies them
// (docs/scene.md), the bone overlay, zoom and pan. (The Canvas 2D keeps 60 fps on the corpus's
// largest meshes, and draws large pictures faster than WebGL without a GPU: BENCHMARKS.md,
// "Drawing a frame".)

import { fit, inTriangle, segmentDistance, union } from "./geometry.js";
import { Images, drawMappedTriangle } from "./texture.js";

const BLEND = {
    add: "lighter",
    darken: "darken",
    difference: "difference",
    hardLight: "hard-light",
    lighten: "lighten",
    multiply: "multiply",
    overlay: "overlay",
    screen: "screen",
};

/** Tinted copies of atlas regions kept at the most (a colour animation makes one per frame). */
const MAX_TINTS = 256;

export class View2d {
    /**
     * @param {HTMLElement} stage where the view's canvas goes
     * @param {(path: string) => string | null} imageUrl where a texture's image is read from
     * @param {() => void} redraw called when an image has loaded
     */
    constructor(stage, imageUrl, redraw) {
        this.canvas = document.createElement("canvas");
        stage.append(this.canvas);
        this.images = new Images(imageUrl, redraw);
        this.tints = new Map();
        this.scene = null;
        this.view = null;
        this.fitBounds = null;
    }

    /** Shows `scene`; `bounds` is what "fit" frames (the union over an animation's frames). */
    setScene(scene, bounds) {
        this.scene = scene;
        const next = union([bounds, scene.bounds]);
        if (!this.view || !sameBounds(next, this.fitBounds)) {
            const refit = !this.view || this.autoFit;
            this.fitBounds = next;
            if (refit) this.fitView();
        }
    }

    dispose() {}

    resize(width, height) {
        this.canvas.width = width;
        this.canvas.height = height;
        this.size = [width, height];
        if (this.autoFit !== false) this.fitView();
    }

    fitView() {
        const { width, height } = this.canvas;
        this.view = fit(this.fitBounds, width, height, 24 * devicePixelRatio);
        this.autoFit = true;
    }

    zoomAt(x, y, factor) {
        const v = this.view;
        if (!v) return;
        v.x = x - (x - v.x) * factor;
        v.y = y - (y - v.y) * factor;
        v.scale *= factor;
        this.autoFit = false;
    }

    panBy(dx, dy) {
        if (!this.view) return;
        this.view.x += dx;
        this.view.y += dy;
        this.autoFit = false;
    }

    /** Canvas pixels → scene coordinates. */
    toScene(x, y) {
        const v = this.view;
        return [(x - v.x) / v.scale, (y - v.y) / v.scale];
    }

    /**
     * Draws the scene. `theme`: colours; `options`: {bones, highlight: {kind, index} | null}.
     */
    draw(theme, options) {
        const ctx = this.canvas.getContext("2d");
        const { width, height } = this.canvas;
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.globalCompositeOperation = "source-over";
        ctx.globalAlpha = 1;
        // Transparent: the page's background shows through, and blend modes work on the model's
        // own pixels (as `rigls render`'s transparent PNGs), not on the background.
        ctx.clearRect(0, 0, width, height);
        const scene = this.scene;
        if (!scene || !this.view) return;
        const v = this.view;
        const px = 1 / v.scale;
        this.drawAxes(ctx, theme, width, height);
        for (let i = 0; i < scene.drawables.length; i++) {
            const d = scene.drawables[i];
            const texture = d.texture === null ? null : scene.textures[d.texture];
            const img = texture ? this.images.get(texture.image) : null;
            ctx.globalCompositeOperation = BLEND[d.blendMode] || "source-over";
            if (img && d.vertices.length > 0) {
                this.drawTextured(ctx, d, texture, img);
            } else {
                ctx.globalCompositeOperation = "source-over";
                ctx.globalAlpha = 1;
                outline(ctx, v, d, theme.outline, px);
            }
        }
        ctx.globalCompositeOperation = "source-over";
        ctx.globalAlpha = 1;
        const hl = options.highlight;
        if (hl) this.drawHighlight(ctx, theme, hl, px);
        for (const box of scene.boundingBoxes) {
            ctx.setTransform(v.scale, 0, 0, v.scale, v.x, v.y);
            path(ctx, box.outline);
            ctx.closePath();
            ctx.lineWidth = px;
            ctx.strokeStyle = theme.outline;
            ctx.stroke();
        }
        if (options.bones) this.drawBones(ctx, theme, hl, px);
    }

    drawAxes(ctx, theme, width, height) {
        const v = this.view;
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.strokeStyle = theme.grid;
        ctx.lineWidth = 1;
        ctx.beginPath();
        ctx.moveTo(0, Math.round(v.y) + 0.5);
        ctx.lineTo(width, Math.round(v.y) + 0.5);
        ctx.moveTo(Math.round(v.x) + 0.5, 0);
        ctx.lineTo(Math.round(v.x) + 0.5, height);
        ctx.stroke();
    }

    /** The picture the drawable's texels come from: the atlas image, or a tinted copy. */
    source(d, texture, img) {
        const sx = texture.width ? img.naturalWidth / texture.width : 1;
        const sy = texture.height ? img.naturalHeight / texture.height : 1;
        const r = d.region;
        const c = d.color;
        const tinted =
            c.redMultiplier !== 1 || c.greenMultiplier !== 1 || c.blueMultiplier !== 1 ||
            c.redOffset > 0 || c.greenOffset > 0 || c.blueOffset > 0;
        if (!tinted || !r) return { img, sx, sy, ox: 0, oy: 0 };
        const key = `${texture.image}|${r.x},${r.y},${r.width},${r.height}|${c.redMultiplier},${c.greenMultiplier},${c.blueMultiplier},${c.redOffset},${c.greenOffset},${c.blueOffset}`;
        let canvas = this.tints.get(key);
        if (!canvas) {
            canvas = tint(img, r, sx, sy, c);
            if (this.tints.size >= MAX_TINTS) this.tints.delete(this.tints.keys().next().value);
            this.tints.set(key, canvas);
        }
        return { img: canvas, sx: 1, sy: 1, ox: r.x, oy: r.y };
    }

    drawTextured(ctx, d, texture, img) {
        const v = this.view;
        const src = this.source(d, texture, img);
        ctx.globalAlpha = clamp01(d.alpha * d.color.alphaMultiplier + d.color.alphaOffset / 255);
        if (d.kind === "image" && d.imageMatrix && d.region) {
            const m = d.imageMatrix;
            const r = d.region;
            ctx.setTransform(
                v.scale * m[0], v.scale * m[1], v.scale * m[2], v.scale * m[3],
                v.scale * m[4] + v.x, v.scale * m[5] + v.y,
            );
            ctx.drawImage(
                src.img,
                (r.x - src.ox) * src.sx, (r.y - src.oy) * src.sy, r.width * src.sx, r.height * src.sy,
                r.x, r.y, r.width, r.height,
            );
            return;
        }
        const p = d.vertices;
        const uv = d.uvs;
        const t = d.triangles;
        // Half a pixel of overlap, so that triangles meet without seams.
        const grow = 0.5 / v.scale;
        ctx.setTransform(v.scale, 0, 0, v.scale, v.x, v.y);
        for (let i = 0; i + 2 < t.length; i += 3) {
            const [a, b, c] = [t[i], t[i + 1], t[i + 2]];
            drawMappedTriangle(
                ctx,
                src,
                [uv[2 * a], uv[2 * a + 1], uv[2 * b], uv[2 * b + 1], uv[2 * c], uv[2 * c + 1]],
                [p[2 * a], p[2 * a + 1], p[2 * b], p[2 * b + 1], p[2 * c], p[2 * c + 1]],
                grow,
            );
        }
    }

    drawHighlight(ctx, theme, hl, px) {
        const scene = this.scene;
        const v = this.view;
        const drawables =
            hl.kind === "slot" ? scene.drawables.filter((d) => d.slot === hl.index)
            : hl.kind === "display" ? [scene.drawables[hl.index]].filter(Boolean)
            : [];
        for (const d of drawables) outline(ctx, v, d, theme.highlight, 2 * px, true);
        if (hl.kind === "slot" && drawables.length === 0 && scene.slots[hl.index]) {
            const m = scene.slots[hl.index].matrix;
            ctx.setTransform(v.scale, 0, 0, v.scale, v.x, v.y);
            ctx.beginPath();
            ctx.arc(m[4], m[5], 5 * px, 0, 2 * Math.PI);
            ctx.strokeStyle = theme.highlight;
            ctx.lineWidth = 2 * px;
            ctx.stroke();
        }
    }

    drawBones(ctx, theme, hl, px) {
        const v = this.view;
        ctx.setTransform(v.scale, 0, 0, v.scale, v.x, v.y);
        this.scene.bones.forEach((bone, i) => {
            const [a, b, , , x, y] = bone.matrix;
            if (![a, b, x, y].every(Number.isFinite)) return;
            const lit = hl && hl.kind === "bone" && hl.index === i;
            ctx.strokeStyle = lit ? theme.highlight : theme.bone;
            ctx.fillStyle = ctx.strokeStyle;
            ctx.lineWidth = (lit ? 3 : 1.5) * px;
            const len = bone.length || 0;
            if (len > 0) {
                ctx.beginPath();
                ctx.moveTo(x, y);
                ctx.lineTo(x + a * len, y + b * len);
                ctx.stroke();
            }
            ctx.beginPath();
            ctx.arc(x, y, (lit ? 4 : 3) * px, 0, 2 * Math.PI);
            ctx.fill();
        });
    }

    /** What is under canvas pixel (x, y): a bone (with the overlay on) or the topmost slot. */
    hit(x, y, bones) {
        const scene = this.scene;
        if (!scene || !this.view) return null;
        const [sx, sy] = this.toScene(x, y);
        const tolerance = (5 * devicePixelRatio) / this.view.scale;
        if (bones) {
            let best = null;
            scene.bones.forEach((bone, i) => {
                const [a, b, , , bx, by] = bone.matrix;
                const len = bone.length || 0;
                const d = segmentDistance(sx, sy, bx, by, bx + a * len, by + b * len);
                if (d <= tolerance && (!best || d < best.d)) best = { d, i };
            });
            if (best) return { kind: "bone", index: best.i };
        }
        for (let i = scene.drawables.length - 1; i >= 0; i--) {
            const d = scene.drawables[i];
            const p = d.vertices;
            const t = d.triangles;
            for (let k = 0; k + 2 < t.length; k += 3) {
                const [a, b, c] = [t[k], t[k + 1], t[k + 2]];
                if (inTriangle(sx, sy, p[2 * a], p[2 * a + 1], p[2 * b], p[2 * b + 1], p[2 * c], p[2 * c + 1])) {
                    return { kind: "slot", index: d.slot };
                }
            }
        }
        return null;
    }
}

function sameBounds(a, b) {
    if (!a || !b) return a === b;
    return a.minX === b.minX && a.minY === b.minY && a.maxX === b.maxX && a.maxY === b.maxY;
}

function clamp01(x) {
    return Math.max(0, Math.min(1, Number.isFinite(x) ? x : 1));
}

function path(ctx, flat) {
    ctx.beginPath();
    for (let i = 0; i + 1 < flat.length; i += 2) ctx.lineTo(flat[i], flat[i + 1]);
}

/** The drawable's triangles' edges (what a display without a texture shows). */
function outline(ctx, v, d, color, width, outer) {
    ctx.setTransform(v.scale, 0, 0, v.scale, v.x, v.y);
    ctx.strokeStyle = color;
    ctx.lineWidth = width;
    const p = d.vertices;
    const t = outer && d.kind === "image" ? [0, 1, 2, 3] : d.triangles;
    ctx.beginPath();
    if (outer && d.kind === "image") {
        for (const k of t) ctx.lineTo(p[2 * k], p[2 * k + 1]);
        ctx.closePath();
    } else {
        for (let i = 0; i + 2 < t.length; i += 3) {
            ctx.moveTo(p[2 * t[i]], p[2 * t[i] + 1]);
            ctx.lineTo(p[2 * t[i + 1]], p[2 * t[i + 1] + 1]);
            ctx.lineTo(p[2 * t[i + 2]], p[2 * t[i + 2] + 1]);
            ctx.closePath();
        }
    }
    ctx.stroke();
}

/**
 * A copy of an atlas region (in atlas units) with a colour transform's multipliers and positive
 * offsets applied by compositing (no pixel reads, so images of any origin can be tinted):
 * multiply by the multipliers, add the offsets, then keep the region's own alpha.
 */
function tint(img, r, sx, sy, c) {
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.ceil(r.width));
    canvas.height = Math.max(1, Math.ceil(r.height));
    const g = canvas.getContext("2d");
    const draw = () => g.drawImage(img, r.x * sx, r.y * sy, r.width * sx, r.height * sy, 0, 0, r.width, r.height);
    draw();
    const byte = (x) => Math.round(Math.max(0, Math.min(255, x)));
    if (c.redMultiplier !== 1 || c.greenMultiplier !== 1 || c.blueMultiplier !== 1) {
        g.globalCompositeOperation = "multiply";
        g.fillStyle = `rgb(${byte(c.redMultiplier * 255)}, ${byte(c.greenMultiplier * 255)}, ${byte(c.blueMultiplier * 255)})`;
        g.fillRect(0, 0, canvas.width, canvas.height);
    }
    if (c.redOffset > 0 || c.greenOffset > 0 || c.blueOffset > 0) {
        g.globalCompositeOperation = "lighter";
        g.fillStyle = `rgb(${byte(c.redOffset)}, ${byte(c.greenOffset)}, ${byte(c.blueOffset)})`;
        g.fillRect(0, 0, canvas.width, canvas.height);
    }
    g.globalCompositeOperation = "destination-in";
    draw();
    return canvas;
}
