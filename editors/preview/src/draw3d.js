// The 3-D view of an `.elem` scene: an orbit camera over the model, its triangles painted back to
// front on a Canvas 2D, flat-shaded by a light over the viewer's shoulder on both sides (winding
// is not reliable in real files), textured where the material's texture file could be read, in
// the materials' diffuse colours (or the vertex colours) — texture × colour × light, as `rigls
// render` draws it; nodes as bones with joints.

import { inTriangle, segmentDistance } from "./geometry.js";
import { Images, drawMappedTriangle } from "./texture.js";

/** Towards the light, in view space (x right, y up, z away from the viewer). */
const LIGHT = normalize([-0.4, 0.6, -1]);

export class View3d {
    /**
     * @param {HTMLCanvasElement} canvas
     * @param {(path: string) => string | null} imageUrl where a texture's image is read from
     * @param {() => void} redraw called when an image has loaded
     */
    constructor(canvas, imageUrl, redraw) {
        this.canvas = canvas;
        this.images = new Images(imageUrl, redraw);
        this.scene = null;
        // Seen from the front and a little above and to the right.
        this.yaw = -0.5;
        this.pitch = 0.35;
        this.zoom = 1;
        this.pan = [0, 0];
        this.projected = null;
    }

    setScene(scene) {
        this.scene = scene;
        const b = scene.bounds;
        if (b && !this.centre) {
            this.centre = b.min.map((lo, i) => (lo + b.max[i]) / 2);
            this.radius = Math.max(1e-6, Math.hypot(...b.max.map((hi, i) => hi - b.min[i])) / 2);
        }
    }

    fitView() {
        this.centre = null;
        this.zoom = 1;
        this.pan = [0, 0];
        this.yaw = -0.5;
        this.pitch = 0.35;
        if (this.scene) this.setScene(this.scene);
    }

    orbit(dx, dy) {
        this.yaw += dx * 0.01;
        this.pitch = Math.max(-1.55, Math.min(1.55, this.pitch + dy * 0.01));
    }

    zoomAt(_x, _y, factor) {
        this.zoom *= factor;
    }

    panBy(dx, dy) {
        this.pan[0] += dx;
        this.pan[1] += dy;
    }

    /** Model space → [screen x, screen y, depth]. */
    projector() {
        const { width, height } = this.canvas;
        const scale = (Math.min(width, height) / 2 / (this.radius || 1)) * 0.85 * this.zoom;
        const [cx, cy, cz] = this.centre || [0, 0, 0];
        const mirror = this.scene && this.scene.rightHanded ? -1 : 1;
        const cyaw = Math.cos(this.yaw), syaw = Math.sin(this.yaw);
        const cp = Math.cos(this.pitch), sp = Math.sin(this.pitch);
        const ox = width / 2 + this.pan[0], oy = height / 2 + this.pan[1];
        return (x, y, z) => {
            x -= cx;
            y -= cy;
            z = (z - cz) * mirror;
            // Turn about y (yaw), then tilt about x (pitch): the camera looks along +z.
            const x1 = cyaw * x + syaw * z;
            const z1 = -syaw * x + cyaw * z;
            const y2 = cp * y - sp * z1;
            const z2 = sp * y + cp * z1;
            return [ox + x1 * scale, oy - y2 * scale, z2, x1, y2];
        };
    }

    draw(theme, options) {
        const ctx = this.canvas.getContext("2d");
        const { width, height } = this.canvas;
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.globalAlpha = 1;
        // Transparent: the page's background shows through, and blend modes work on the model's
        // own pixels (as `rigls render`'s transparent PNGs), not on the background.
        ctx.clearRect(0, 0, width, height);
        const scene = this.scene;
        if (!scene) return;
        const project = this.projector();
        const faces = [];
        const hl = options.highlight;
        // Per material, its picture once loaded (texture points are its pixels).
        const textures = scene.materials.map((m) => {
            const img = this.images.get(m.texturePath);
            return img ? { img, sx: 1, sy: 1, ox: 0, oy: 0 } : null;
        });
        scene.meshes.forEach((mesh, m) => {
            const p = mesh.positions;
            const screen = [];
            for (let i = 0; i + 2 < p.length; i += 3) screen.push(project(p[i], p[i + 1], p[i + 2]));
            const materialOf = groupMaterials(mesh);
            const t = mesh.triangles;
            for (let k = 0; k + 2 < t.length; k += 3) {
                const a = screen[t[k]], b = screen[t[k + 1]], c = screen[t[k + 2]];
                if (!a || !b || !c || ![a, b, c].every((v) => v.every(Number.isFinite))) continue;
                const material = materialOf[k / 3];
                const base = faceColour(scene, mesh, material, t[k], t[k + 1], t[k + 2]);
                const texture = mesh.uvs && material !== null ? textures[material] : null;
                const uv = texture && textureTriangle(scene.materials[material], texture.img, mesh.uvs, t[k], t[k + 1], t[k + 2]);
                faces.push({ mesh: m, a, b, c, depth: (a[2] + b[2] + c[2]) / 3, base, material, uv });
            }
        });
        faces.sort((f, g) => g.depth - f.depth);
        for (const f of faces) {
            // Face normal in view space (y up): the light's both sides.
            const u = [f.b[3] - f.a[3], f.b[4] - f.a[4], f.b[2] - f.a[2]];
            const v = [f.c[3] - f.a[3], f.c[4] - f.a[4], f.c[2] - f.a[2]];
            const n = normalize([u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]]);
            const light = 0.35 + 0.65 * Math.abs(n[0] * LIGHT[0] + n[1] * LIGHT[1] + n[2] * LIGHT[2]);
            const [r, g, b, alpha] = f.base;
            const shaded = `rgb(${byte(r * light)}, ${byte(g * light)}, ${byte(b * light)})`;
            const xy = [f.a[0], f.a[1], f.b[0], f.b[1], f.c[0], f.c[1]];
            if (f.uv) {
                // The texture at the material's alpha, then multiplied by its colour and light.
                const texture = textures[f.material];
                const tile = [texture.img.naturalWidth, texture.img.naturalHeight];
                ctx.globalAlpha = alpha;
                drawMappedTriangle(ctx, texture, f.uv, xy, 0.5, tile, shaded);
                ctx.globalAlpha = 1;
            }
            ctx.beginPath();
            ctx.moveTo(f.a[0], f.a[1]);
            ctx.lineTo(f.b[0], f.b[1]);
            ctx.lineTo(f.c[0], f.c[1]);
            ctx.closePath();
            if (!f.uv) {
                ctx.fillStyle = `rgba(${byte(r * light)}, ${byte(g * light)}, ${byte(b * light)}, ${alpha})`;
                ctx.fill();
                // A hairline of the same colour closes the seams between neighbours.
                ctx.strokeStyle = ctx.fillStyle;
                ctx.lineWidth = 0.5;
                ctx.stroke();
            }
            const lit =
                hl && ((hl.kind === "mesh" && hl.index === f.mesh) || (hl.kind === "material" && hl.index === f.material));
            if (lit) {
                ctx.strokeStyle = theme.accent;
                ctx.lineWidth = 1.5 * devicePixelRatio;
                ctx.stroke();
            }
        }
        this.projected = { faces, nodes: scene.nodes.map((n) => project(n.matrix[12], n.matrix[13], n.matrix[14])) };
        if (options.bones) this.drawNodes(ctx, theme, hl);
    }

    drawNodes(ctx, theme, hl) {
        const nodes = this.projected.nodes;
        const dpr = devicePixelRatio;
        this.scene.nodes.forEach((node, i) => {
            const p = nodes[i];
            if (!p.every(Number.isFinite)) return;
            const lit = hl && hl.kind === "node" && hl.index === i;
            ctx.strokeStyle = lit ? theme.accent : theme.bone;
            ctx.fillStyle = ctx.strokeStyle;
            ctx.lineWidth = (lit ? 3 : 1.5) * dpr;
            if (node.parent !== null && nodes[node.parent]) {
                const q = nodes[node.parent];
                ctx.beginPath();
                ctx.moveTo(q[0], q[1]);
                ctx.lineTo(p[0], p[1]);
                ctx.stroke();
            }
            ctx.beginPath();
            ctx.arc(p[0], p[1], (lit ? 4.5 : 3) * dpr, 0, 2 * Math.PI);
            ctx.fill();
        });
    }

    /** What is under canvas pixel (x, y): a node (with the overlay on) or the nearest mesh. */
    hit(x, y, bones) {
        if (!this.projected) return null;
        if (bones) {
            const nodes = this.projected.nodes;
            let best = null;
            this.scene.nodes.forEach((node, i) => {
                const p = nodes[i];
                const q = node.parent !== null ? nodes[node.parent] : p;
                const d = Math.min(Math.hypot(x - p[0], y - p[1]), segmentDistance(x, y, q[0], q[1], p[0], p[1]) + 2);
                if (d <= 6 * devicePixelRatio && (!best || d < best.d)) best = { d, i };
            });
            if (best) return { kind: "node", index: best.i };
        }
        const faces = this.projected.faces;
        for (let i = faces.length - 1; i >= 0; i--) {
            const f = faces[i];
            if (inTriangle(x, y, f.a[0], f.a[1], f.b[0], f.b[1], f.c[0], f.c[1])) return { kind: "mesh", index: f.mesh };
        }
        return null;
    }
}

/**
 * The triangle's texture coordinates in pixels of `img`, after the material's UV animation; null
 * when one is not finite.
 */
function textureTriangle(material, img, uvs, i, j, k) {
    const out = [];
    for (const v of [i, j, k]) {
        const [u, w] = uvTransform(material.uvTransform, uvs[2 * v], uvs[2 * v + 1]);
        out.push(u * img.naturalWidth, w * img.naturalHeight);
    }
    return out.every(Number.isFinite) ? out : null;
}

/** `uv' = rotate(scale × uv) + translation` (docs/scene.md). */
function uvTransform(t, u, v) {
    if (!t) return [u, v];
    const su = u * t.scale[0], sv = v * t.scale[1];
    const sin = Math.sin(t.rotation), cos = Math.cos(t.rotation);
    return [su * cos - sv * sin + t.translation[0], su * sin + sv * cos + t.translation[1]];
}

/** The material of each triangle of a mesh (null where a group names none). */
function groupMaterials(mesh) {
    const out = new Array(mesh.triangles.length / 3).fill(null);
    for (const g of mesh.groups) out.fill(g.material, g.start, g.start + g.count);
    return out;
}

/** [r, g, b, a] in 0..255 (alpha 0..1): the vertex colours' mean, else the material's diffuse. */
function faceColour(scene, mesh, material, i, j, k) {
    let rgba = material !== null && scene.materials[material] ? scene.materials[material].diffuse : [0.8, 0.8, 0.8, 1];
    if (mesh.colors) {
        const c = mesh.colors;
        rgba = [0, 1, 2, 3].map((ch) => (c[4 * i + ch] + c[4 * j + ch] + c[4 * k + ch]) / 3);
    }
    return [rgba[0] * 255, rgba[1] * 255, rgba[2] * 255, Math.max(0, Math.min(1, rgba[3]))];
}

function byte(x) {
    return Math.round(Math.max(0, Math.min(255, x)));
}

function normalize(v) {
    const len = Math.hypot(v[0], v[1], v[2]) || 1;
    return [v[0] / len, v[1] / len, v[2] / len];
}
