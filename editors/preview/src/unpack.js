// Answers of scene version 2 (docs/scene.md) made whole again: a 3-D mesh's buffers (base64 of
// little-endian float32 / uint32) decoded into typed arrays, and its fixed part — texture
// coordinates, colours, triangles and material groups, which no pose changes — taken from the
// ones the page holds when the answer left it out. The page tells the server which it holds.

/** Answers a fixed part may go unused for before it is forgotten. */
const KEEP_FOR = 16;

export class MeshStore {
    constructor() {
        /** digest → {uvs, colors, triangles, groups, used} */
        this.fixed = new Map();
        this.answers = 0;
    }

    /** The digests of the fixed parts held, for the request's `meshes`. */
    held() {
        return [...this.fixed.keys()];
    }

    /**
     * Decodes the meshes of `answer`'s scenes in place. False when a mesh's fixed part is
     * neither in the answer nor held (the page forgot it meanwhile): ask again holding none.
     */
    unpack(answer) {
        this.answers += 1;
        for (const scene of answer.scenes) {
            if (scene.kind !== "3d") continue;
            for (const mesh of scene.meshes) {
                if (typeof mesh.digest !== "string") continue;
                mesh.positions = floats(mesh.positions);
                mesh.normals = mesh.normals === null ? null : floats(mesh.normals);
                if ("triangles" in mesh) {
                    this.fixed.set(mesh.digest, {
                        uvs: mesh.uvs === null ? null : floats(mesh.uvs),
                        colors: mesh.colors === null ? null : floats(mesh.colors),
                        triangles: indices(mesh.triangles),
                        groups: mesh.groups,
                        used: this.answers,
                    });
                }
                const fixed = this.fixed.get(mesh.digest);
                if (!fixed) return false;
                fixed.used = this.answers;
                Object.assign(mesh, { uvs: fixed.uvs, colors: fixed.colors, triangles: fixed.triangles, groups: fixed.groups });
            }
        }
        for (const [digest, fixed] of this.fixed) {
            if (fixed.used < this.answers - KEEP_FOR) this.fixed.delete(digest);
        }
        return true;
    }
}

function bytes(base64) {
    const binary = atob(base64);
    const out = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
    return out;
}

// Typed arrays are in the platform's byte order: little-endian on every platform a browser or
// VS Code runs on.
function floats(base64) {
    return new Float32Array(bytes(base64).buffer);
}

function indices(base64) {
    return new Uint32Array(bytes(base64).buffer);
}
