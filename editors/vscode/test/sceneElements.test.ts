import { strict as assert } from "node:assert";
import { test } from "node:test";

import { type ElementChanges, type Placed, withChanges } from "../src/sceneElements";

type E = Placed & { name: string };

const at = (line: number, character: number) => ({ line, character });
const element = (name: string, bytes: [number, number], start: [number, number], end: [number, number]): E => ({
    name,
    bytes,
    nameBytes: null,
    range: { start: at(...start), end: at(...end) },
    nameRange: null,
});

// Three elements: before the edit, on its line after it, on a later line; the edit (version 4 → 5)
// turned "1" at line 1, character 4 (bytes 14..15) into "22\n3" (bytes 14..18).
const held: E[] = [
    element("before", [0, 5], [0, 0], [0, 5]),
    element("same line", [16, 20], [1, 6], [1, 10]),
    element("later", [30, 35], [2, 2], [2, 7]),
];
const moved = { bytes: 15, by: 3, line: 1, character: 5, toLine: 2, toCharacter: 1 };

test("held elements move with the edit and the changed ones are replaced", () => {
    const changes: ElementChanges<E> = {
        from: 4,
        length: 3,
        moved,
        changed: [{ at: 2, element: element("renamed", [33, 40], [3, 2], [3, 9]) }],
    };
    assert.deepEqual(withChanges(4, held, changes), [
        element("before", [0, 5], [0, 0], [0, 5]),
        element("same line", [19, 23], [2, 2], [2, 6]),
        element("renamed", [33, 40], [3, 2], [3, 9]),
    ]);
    // The held list itself is left as it was.
    assert.deepEqual(held[1].range.start, at(1, 6));
});

test("without a move only the changed elements differ", () => {
    const changes: ElementChanges<E> = { from: 4, length: 3, moved: null, changed: [{ at: 0, element: held[2] }] };
    assert.deepEqual(withChanges(4, held, changes), [held[2], held[1], held[2]]);
});

test("changes of another version, another length or out of range are refused", () => {
    const changes: ElementChanges<E> = { from: 4, length: 3, moved, changed: [] };
    assert.equal(withChanges(3, held, changes), null);
    assert.equal(withChanges(4, held, { ...changes, length: 2 }), null);
    assert.equal(withChanges(4, held, { ...changes, changed: [{ at: 3, element: held[0] }] }), null);
});
