// Version-2 answers made whole: packed buffers decoded, fixed parts kept and put back.
import assert from "node:assert/strict";
import { test } from "node:test";

import { MeshStore } from "../src/unpack.js";

const b64 = (typed) => Buffer.from(typed.buffer).toString("base64");

function packedMesh(digest, withFixed) {
    const mesh = {
        name: "面",
        digest,
        vertexCount: 3,
        positions: b64(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1.5, -2])),
        normals: null,
    };
    if (withFixed) {
        Object.assign(mesh, {
            uvs: b64(new Float32Array([0, 0, 1, 0, 0, 0.25])),
            colors: null,
            triangles: b64(new Uint32Array([0, 1, 2])),
            groups: [{ material: 0, start: 0, count: 1 }],
        });
    }
    return mesh;
}

const answer = (...meshes) => ({ documentVersion: 1, scenes: [{ kind: "3d", meshes }], elements: [] });

test("a packed mesh is decoded, and its fixed part put back when an answer leaves it out", () => {
    const store = new MeshStore();
    const first = answer(packedMesh("00000000000000aa", true));
    assert.equal(store.unpack(first), true);
    const mesh = first.scenes[0].meshes[0];
    assert.deepEqual([...mesh.positions], [0, 0, 0, 1, 0, 0, 0, 1.5, -2]);
    assert.deepEqual([...mesh.uvs], [0, 0, 1, 0, 0, 0.25]);
    assert.deepEqual([...mesh.triangles], [0, 1, 2]);
    assert.equal(mesh.colors, null);
    assert.deepEqual(store.held(), ["00000000000000aa"]);

    const second = answer(packedMesh("00000000000000aa", false));
    assert.equal(store.unpack(second), true);
    assert.deepEqual([...second.scenes[0].meshes[0].uvs], [0, 0, 1, 0, 0, 0.25]);
    assert.deepEqual(second.scenes[0].meshes[0].groups, [{ material: 0, start: 0, count: 1 }]);
});

test("a fixed part the page does not hold is reported, and unused ones are forgotten", () => {
    const store = new MeshStore();
    assert.equal(store.unpack(answer(packedMesh("00000000000000bb", false))), false);
    assert.equal(store.unpack(answer(packedMesh("00000000000000cc", true))), true);
    for (let i = 0; i < 17; i++) store.unpack(answer(packedMesh("00000000000000dd", true)));
    assert.deepEqual(store.held(), ["00000000000000dd"]);
});
