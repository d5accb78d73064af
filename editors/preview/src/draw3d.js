// The 3-D view of an `.elem` scene, drawn by three.js with WebGL: a depth buffer (faces that cut
// through each other are drawn right where they cross), textures mapped by the GPU (wrapping, the
// materials' UV animation), an orthographic camera turned, zoomed and panned by three's
// OrbitControls. Faces are flat-shaded by a light over the viewer's shoulder and lit on both
// sides (winding is not reliable in real files), texture × diffuse colour (or the vertex colours)
// × light, as `rigls render` draws them; nodes as bones with joints, drawn over the model.
//
// Colours are used as the scene gives them (sRGB values multiplied as they are, like a Canvas 2D
// and `rigls render`): three's colour management is off.

import {
    AmbientLight,
    BufferAttribute,
    BufferGeometry,
    CanvasTexture,
    Color,
    ColorManagement,
    DirectionalLight,
    DoubleSide,
    Group,
    LinearSRGBColorSpace,
    MOUSE,
    Matrix3,
    Mesh,
    MeshBasicMaterial,
    MeshLambertMaterial,
    Object3D,
    OrthographicCamera,
    Points,
    PointsMaterial,
    Raycaster,
    RepeatWrapping,
    Scene,
    Source,
    Sphere,
    Texture,
    Vector2,
    Vector3,
    WebGLRenderer,
} from "three";
import { OrbitControls } from "three/addons/controls/OrbitControls.js";
import { LineMaterial } from "three/addons/lines/LineMaterial.js";
import { LineSegments2 } from "three/addons/lines/LineSegments2.js";
import { LineSegmentsGeometry } from "three/addons/lines/LineSegmentsGeometry.js";

import { segmentDistance } from "./geometry.js";

ColorManagement.enabled = false;

/** Towards the light, in view space (x right, y up, z towards the viewer). */
const LIGHT = [-0.4, 0.6, 1];
/** The light's two parts: what every face gets, and what a face turned to the light adds. */
const AMBIENT = 0.35;
const DIRECT = 0.65;
/** Where the camera starts and "Fit" puts it: in front, a little to the right and above. */
const START = { yaw: 0.5, pitch: 0.35 };
/** A face without a material's colour. */
const GREY = [0.8, 0.8, 0.8, 1];

/** Why there is no 3-D view, when WebGL cannot be had. */
export class NoWebGL extends Error {}

export class View3d {
    /**
     * @param {HTMLElement} stage where the view's canvas goes
     * @param {(path: string) => string | null} imageUrl where a texture's image is read from
     * @param {() => void} redraw called when the picture must be drawn again (an image loaded, the
     *   camera moved)
     */
    constructor(stage, imageUrl, redraw) {
        const canvas = document.createElement("canvas");
        this.canvas = canvas;
        this.imageUrl = imageUrl;
        this.redraw = redraw;
        try {
            this.renderer = new WebGLRenderer({ canvas, antialias: true, alpha: true });
        } catch (error) {
            throw new NoWebGL(`the 3-D view needs WebGL, which is not available here (${error.message || error})`);
        }
        stage.append(canvas);
        this.renderer.outputColorSpace = LinearSRGBColorSpace;
        // Transparent: the page's background shows through, as with `rigls render`'s PNGs.
        this.renderer.setClearColor(0x000000, 0);
        this.world = new Scene();
        this.camera = new OrthographicCamera(-1, 1, 1, -1, 0.01, 100);
        this.world.add(this.camera);
        this.world.add(new AmbientLight(0xffffff, AMBIENT * Math.PI));
        // Lambert's BRDF divides by π: intensities × π give the colours `rigls render` computes.
        const light = new DirectionalLight(0xffffff, DIRECT * Math.PI);
        light.position.set(...LIGHT);
        const target = new Object3D();
        this.camera.add(light, target);
        light.target = target;
        // The model's space: Direct3D's is left-handed, three's right-handed: z mirrored unless the
        // model is right-handed. Its front then faces the camera's start.
        this.model = new Group();
        this.world.add(this.model);
        this.meshes = []; // per scene mesh: {digest, object, overlay}
        this.materials = []; // per scene material: {key, diffuse, url, uv, texture, plain, coloured}
        this.grey = { diffuse: GREY, texture: null, plain: null, coloured: null }; // faces without one
        this.pictures = new Map(); // image URL → {source, loaded}
        this.bones = null;
        this.controls = new OrbitControls(this.camera, canvas);
        this.controls.mouseButtons = { LEFT: MOUSE.ROTATE, MIDDLE: MOUSE.PAN, RIGHT: MOUSE.PAN };
        this.controls.zoomToCursor = true;
        this.controls.addEventListener("change", () => this.redraw());
        this.scene = null;
        this.radius = 1;
        this.size = [canvas.width, canvas.height];
    }

    dispose() {
        this.controls.dispose();
        for (const entry of this.materials) this.dropMaterial(entry);
        this.renderer.dispose();
    }

    resize(width, height) {
        this.size = [width, height];
        this.renderer.setSize(width, height, false);
        this.frame();
    }

    /** The camera's box: the model's sphere fills 85 % of the shorter side at zoom 1. */
    frame() {
        const [w, h] = this.size;
        const scale = (Math.min(w, h) / 2 / this.radius) * 0.85; // pixels per unit
        const [hw, hh] = [w / 2 / scale, h / 2 / scale];
        Object.assign(this.camera, { left: -hw, right: hw, top: hh, bottom: -hh });
        this.camera.near = this.radius * 0.01;
        this.camera.far = this.radius * 40;
        this.camera.updateProjectionMatrix();
    }

    setScene(scene) {
        const first = !this.scene;
        this.scene = scene;
        this.model.scale.set(1, 1, scene.rightHanded ? 1 : -1);
        this.model.updateMatrixWorld();
        this.updateMaterials(scene);
        this.updateMeshes(scene);
        if (first) this.fitView();
    }

    /** Looks at the model from `yaw` radians to the right of its front and `pitch` above. */
    look(yaw, pitch) {
        const b = this.scene && this.scene.bounds;
        const centre = b ? new Vector3(...b.min.map((lo, i) => (lo + b.max[i]) / 2)) : new Vector3();
        this.radius = b ? Math.max(1e-6, Math.hypot(...b.max.map((hi, i) => hi - b.min[i])) / 2) : 1;
        this.model.localToWorld(centre);
        const away = new Vector3(Math.sin(yaw) * Math.cos(pitch), Math.sin(pitch), Math.cos(yaw) * Math.cos(pitch));
        this.camera.position.copy(centre).addScaledVector(away, this.radius * 20);
        this.camera.up.set(0, 1, 0);
        this.camera.zoom = 1;
        this.controls.target.copy(centre);
        this.frame();
        this.controls.update();
    }

    fitView() {
        this.look(START.yaw, START.pitch);
    }

    /**
     * Materials, made again when what they are made of changes (their UV transform only moves); a
     * texture is theirs once its picture has loaded (until then, and when it cannot be read, the
     * faces are drawn in their colours).
     */
    updateMaterials(scene) {
        this.materials = scene.materials.map((m, i) => {
            const url = m.texturePath ? this.imageUrl(m.texturePath) : null;
            const key = JSON.stringify([m.diffuse, url]);
            let entry = this.materials[i];
            if (!entry || entry.key !== key) {
                if (entry) this.dropMaterial(entry);
                entry = { key, diffuse: m.diffuse, url, texture: null, plain: null, coloured: null };
                if (url) this.picture(url);
            }
            entry.uv = uvMatrix(m.uvTransform);
            if (entry.texture) entry.texture.matrix.copy(entry.uv);
            return entry;
        });
        const used = new Set(this.materials.map((m) => m.url));
        for (const url of this.pictures.keys()) if (!used.has(url)) this.pictures.delete(url);
    }

    dropMaterial(entry) {
        for (const made of [entry.plain, entry.coloured]) if (made) made.dispose();
        if (entry.texture) entry.texture.dispose();
    }

    /** Gives the materials whose pictures have loaded since their textures. */
    applyPictures() {
        for (const entry of this.materials) {
            const picture = entry.url && this.pictures.get(entry.url);
            if (entry.texture || !picture || !picture.loaded) continue;
            // The picture's source is shared (three uploads it once); the UV matrix is the material's.
            const texture = new Texture();
            texture.source = picture.source;
            texture.flipY = false; // v runs down the image
            texture.wrapS = texture.wrapT = RepeatWrapping;
            texture.matrixAutoUpdate = false;
            texture.matrix.copy(entry.uv);
            texture.needsUpdate = true;
            entry.texture = texture;
            for (const made of [entry.plain, entry.coloured]) {
                if (!made) continue;
                made.map = texture;
                made.alphaTest = 0.01;
                made.needsUpdate = true;
            }
        }
    }

    /** The material of index `i` (null: none) for a mesh with or without vertex colours. */
    material(i, coloured) {
        const entry = (i !== null && this.materials[i]) || this.grey;
        const which = coloured ? "coloured" : "plain";
        if (entry[which]) return entry[which];
        // Vertex colours stand instead of the material's colour, as `rigls render` draws them.
        const [r, g, b, a] = coloured ? [1, 1, 1, 1] : entry.diffuse;
        entry[which] = new MeshLambertMaterial({
            color: new Color(r, g, b),
            opacity: clamp01(a),
            transparent: a < 1 || coloured,
            side: DoubleSide,
            flatShading: true,
            vertexColors: coloured,
            map: entry.texture,
            // Texels that are not there do not hide what is behind them.
            alphaTest: entry.texture ? 0.01 : 0,
            // Highlight lines on a face win over the face.
            polygonOffset: true,
            polygonOffsetFactor: 1,
            polygonOffsetUnits: 1,
        });
        return entry[which];
    }

    /** The picture at `url`, its loading started on first use. */
    picture(url) {
        let picture = this.pictures.get(url);
        if (!picture) {
            const img = new Image();
            // WebGL reads only pictures the page may read: the webview's resources answer with CORS.
            img.crossOrigin = "anonymous";
            picture = { source: new Source(img), loaded: false };
            img.onload = () => {
                picture.loaded = true;
                this.redraw();
            };
            img.src = url;
            this.pictures.set(url, picture);
        }
        return picture;
    }

    /** Geometry per mesh: the fixed part (digest) made once, positions replaced by each pose. */
    updateMeshes(scene) {
        const next = scene.meshes.map((mesh, i) => {
            let entry = this.meshes[i];
            if (!entry || entry.digest !== mesh.digest) {
                if (entry) this.removeMesh(entry);
                entry = this.makeMesh(mesh);
            }
            const position = entry.object.geometry.getAttribute("position");
            position.array.set(mesh.positions.subarray ? mesh.positions : Float32Array.from(mesh.positions));
            position.needsUpdate = true;
            entry.object.material = this.meshMaterials(mesh, entry.coloured);
            return entry;
        });
        for (const entry of this.meshes.slice(next.length)) this.removeMesh(entry);
        this.meshes = next;
        const b = scene.bounds;
        const sphere = b
            ? new Sphere(new Vector3(...b.min.map((lo, i) => (lo + b.max[i]) / 2)), Math.hypot(...b.max.map((hi, i) => hi - b.min[i])) / 2)
            : new Sphere(new Vector3(), 0);
        // (Set, not computed: a pose that is not finite would make three's computation complain.)
        for (const { object } of this.meshes) object.geometry.boundingSphere = sphere;
    }

    makeMesh(mesh) {
        const geometry = new BufferGeometry();
        geometry.setAttribute("position", new BufferAttribute(new Float32Array(mesh.vertexCount * 3), 3));
        if (mesh.uvs) geometry.setAttribute("uv", new BufferAttribute(toFloats(mesh.uvs), 2));
        const coloured = !!mesh.colors;
        if (coloured) geometry.setAttribute("color", new BufferAttribute(toFloats(mesh.colors), 4));
        geometry.setIndex(new BufferAttribute(mesh.triangles.subarray ? mesh.triangles : Uint32Array.from(mesh.triangles), 1));
        const groups = mesh.groups.length > 0 ? mesh.groups : [{ material: null, start: 0, count: mesh.triangles.length / 3 }];
        groups.forEach((g, k) => geometry.addGroup(g.start * 3, g.count * 3, k));
        const object = new Mesh(geometry, []);
        object.frustumCulled = false;
        this.model.add(object);
        return { digest: mesh.digest, object, coloured, groups, overlay: null };
    }

    meshMaterials(mesh, coloured) {
        const groups = mesh.groups.length > 0 ? mesh.groups : [{ material: null }];
        return groups.map((g) => this.material(g.material, coloured));
    }

    removeMesh(entry) {
        this.model.remove(entry.object);
        entry.object.geometry.dispose();
        if (entry.overlay) this.dropOverlay(entry);
    }

    dropOverlay(entry) {
        this.model.remove(entry.overlay);
        for (const m of entry.overlay.material) m.dispose();
        entry.overlay = null;
    }

    /**
     * Draws the scene. `theme`: colours; `options`: {bones, highlight: {kind, index} | null}.
     */
    draw(theme, options) {
        if (!this.scene) {
            this.renderer.clear();
            return;
        }
        this.applyPictures();
        this.highlight(options.highlight, theme);
        this.drawNodes(options.bones, options.highlight, theme);
        this.renderer.render(this.world, this.camera);
    }

    /** The faces of the highlighted mesh or material, their edges in the highlight colour. */
    highlight(hl, theme) {
        this.meshes.forEach((entry, m) => {
            const lit = entry.groups.map(
                (g) => !!hl && ((hl.kind === "mesh" && hl.index === m) || (hl.kind === "material" && hl.index === g.material)),
            );
            if (!lit.some(Boolean)) {
                if (entry.overlay) this.dropOverlay(entry);
                return;
            }
            if (!entry.overlay) {
                const edges = lit.map((on) => new MeshBasicMaterial({ wireframe: true, visible: on, transparent: true }));
                entry.overlay = new Mesh(entry.object.geometry, edges);
                entry.overlay.frustumCulled = false;
                entry.overlay.renderOrder = 1;
                this.model.add(entry.overlay);
            }
            entry.overlay.material.forEach((material, k) => {
                material.visible = lit[k];
                material.color.setStyle(theme.highlight);
            });
        });
    }

    /** The nodes as bones (a line from the parent's origin) and joints, over the model. */
    drawNodes(show, hl, theme) {
        if (this.bones) {
            this.model.remove(this.bones);
            this.bones.traverse((o) => o.geometry && o.geometry.dispose());
            this.bones = null;
        }
        const nodes = this.scene.nodes;
        if (!show || nodes.length === 0) return;
        const origin = (n) => [n.matrix[12], n.matrix[13], n.matrix[14]];
        const finite = (p) => p.every(Number.isFinite);
        // [plain, highlighted]: the segments of bones and the joints.
        const segments = [[], []];
        const joints = [[], []];
        nodes.forEach((node, i) => {
            const p = origin(node);
            if (!finite(p)) return;
            const which = hl && hl.kind === "node" && hl.index === i ? 1 : 0;
            joints[which].push(...p);
            const parent = node.parent !== null ? nodes[node.parent] : null;
            if (parent && finite(origin(parent))) segments[which].push(...origin(parent), ...p);
        });
        const style = this.boneStyle(theme, devicePixelRatio);
        this.bones = new Group();
        for (const which of [0, 1]) {
            if (segments[which].length > 0) {
                const geometry = new LineSegmentsGeometry();
                geometry.setPositions(segments[which]);
                this.bones.add(new LineSegments2(geometry, style.lines[which]));
            }
            if (joints[which].length > 0) {
                const geometry = new BufferGeometry();
                geometry.setAttribute("position", new BufferAttribute(new Float32Array(joints[which]), 3));
                this.bones.add(new Points(geometry, style.joints[which]));
            }
        }
        // Drawn last and over everything; the highlighted bone over the others.
        this.bones.children.forEach((o, k) => {
            o.renderOrder = 2 + k;
            o.frustumCulled = false;
        });
        this.model.add(this.bones);
    }

    /** The bones' materials for these colours, made once per theme. */
    boneStyle(theme, dpr) {
        const key = `${theme.bone}|${theme.highlight}|${dpr}`;
        if (this.bonesKey === key) return this.bonesStyle;
        const line = (colour, width) =>
            new LineMaterial({ color: new Color().setStyle(colour).getHex(), linewidth: width * dpr, depthTest: false, transparent: true });
        const joint = (colour, size) =>
            new PointsMaterial({ color: new Color().setStyle(colour), size: size * dpr, sizeAttenuation: false, map: disc(), alphaTest: 0.5, depthTest: false, transparent: true });
        if (this.bonesStyle) for (const m of [...this.bonesStyle.lines, ...this.bonesStyle.joints]) m.dispose();
        this.bonesKey = key;
        this.bonesStyle = { lines: [line(theme.bone, 1.5), line(theme.highlight, 3)], joints: [joint(theme.bone, 6), joint(theme.highlight, 9)] };
        return this.bonesStyle;
    }

    /** Canvas pixel (x, y) → where it is on the screen in normalised device coordinates. */
    ndc(x, y) {
        const [w, h] = this.size;
        return new Vector2((x / w) * 2 - 1, 1 - (y / h) * 2);
    }

    /** A point of the model's space → canvas pixels. */
    toScreen(p) {
        const [w, h] = this.size;
        const v = this.model.localToWorld(new Vector3(p[0], p[1], p[2])).project(this.camera);
        return [((v.x + 1) / 2) * w, ((1 - v.y) / 2) * h];
    }

    /** What is under canvas pixel (x, y): a node (with the overlay on) or the nearest mesh. */
    hit(x, y, bones) {
        const scene = this.scene;
        if (!scene) return null;
        this.camera.updateMatrixWorld();
        if (bones) {
            const at = scene.nodes.map((n) => this.toScreen([n.matrix[12], n.matrix[13], n.matrix[14]]));
            let best = null;
            scene.nodes.forEach((node, i) => {
                const p = at[i];
                if (!p.every(Number.isFinite)) return;
                const q = node.parent !== null && at[node.parent].every(Number.isFinite) ? at[node.parent] : p;
                const d = Math.min(Math.hypot(x - p[0], y - p[1]), segmentDistance(x, y, q[0], q[1], p[0], p[1]) + 2);
                if (d <= 6 * devicePixelRatio && (!best || d < best.d)) best = { d, i };
            });
            if (best) return { kind: "node", index: best.i };
        }
        const ray = new Raycaster();
        ray.setFromCamera(this.ndc(x, y), this.camera);
        const objects = this.meshes.map((m) => m.object);
        const [nearest] = ray.intersectObjects(objects, false);
        return nearest ? { kind: "mesh", index: objects.indexOf(nearest.object) } : null;
    }
}

/** `uv' = rotate(scale × uv) + translation` (docs/scene.md) as a texture matrix. */
function uvMatrix(t) {
    const m = new Matrix3();
    if (!t) return m;
    const [su, sv] = t.scale;
    const cos = Math.cos(t.rotation), sin = Math.sin(t.rotation);
    return m.set(su * cos, -sv * sin, t.translation[0], su * sin, sv * cos, t.translation[1], 0, 0, 1);
}

let discTexture = null;
/** A white disc: what a joint's point is drawn with. */
function disc() {
    if (!discTexture) {
        const canvas = document.createElement("canvas");
        canvas.width = canvas.height = 64;
        const ctx = canvas.getContext("2d");
        ctx.fillStyle = "#fff";
        ctx.beginPath();
        ctx.arc(32, 32, 31, 0, 2 * Math.PI);
        ctx.fill();
        discTexture = new CanvasTexture(canvas);
    }
    return discTexture;
}

function toFloats(values) {
    return values instanceof Float32Array ? values : Float32Array.from(values);
}

function clamp01(x) {
    return Math.max(0, Math.min(1, Number.isFinite(x) ? x : 1));
}
