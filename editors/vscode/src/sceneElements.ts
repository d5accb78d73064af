// The scene elements of a document version from those of an earlier one and the changes a
// `rigls/scene` answer gives instead of the whole list (`elementChanges`, docs/scene.md): after a
// keystroke in a model of thousands of key frames, a handful of elements instead of megabytes.

export interface Position {
    line: number;
    character: number;
}
export interface Range {
    start: Position;
    end: Position;
}
/** What moving needs of an element: its places, in bytes and in the client's positions. */
export interface Placed {
    range: Range;
    nameRange: Range | null;
    bytes: [number, number];
    nameBytes: [number, number] | null;
}
/** How an edit moved the places after it (docs/scene.md, `elementChanges.moved`). */
export interface Moved {
    bytes: number;
    by: number;
    line: number;
    character: number;
    toLine: number;
    toCharacter: number;
}
export interface ElementChanges<E> {
    from: number;
    length: number;
    moved: Moved | null;
    changed: { at: number; element: E }[];
}

function movePosition(p: Position, m: Moved): Position {
    if (p.line < m.line || (p.line === m.line && p.character < m.character)) return p;
    if (p.line === m.line) return { line: m.toLine, character: p.character - m.character + m.toCharacter };
    return { line: p.line - m.line + m.toLine, character: p.character };
}

function moveRange(r: Range, m: Moved): Range {
    return { start: movePosition(r.start, m), end: movePosition(r.end, m) };
}

function moveBytes(b: [number, number], m: Moved): [number, number] {
    const one = (o: number) => (o < m.bytes ? o : o + m.by);
    return [one(b[0]), one(b[1])];
}

/** `e` moved as the server moves it before comparing it with the new version's. */
export function moveElement<E extends Placed>(e: E, m: Moved): E {
    return {
        ...e,
        range: moveRange(e.range, m),
        nameRange: e.nameRange ? moveRange(e.nameRange, m) : null,
        bytes: moveBytes(e.bytes, m),
        nameBytes: e.nameBytes ? moveBytes(e.nameBytes, m) : null,
    };
}

/**
 * The elements of the answer's version, from `held` (those of version `heldVersion`); null when
 * the changes are of another version than the one held (ask again for the whole list).
 */
export function withChanges<E extends Placed>(heldVersion: number, held: E[], changes: ElementChanges<E>): E[] | null {
    if (changes.from !== heldVersion || changes.length !== held.length) return null;
    const moved = changes.moved;
    const list = moved ? held.map((e) => moveElement(e, moved)) : held.slice();
    for (const { at, element } of changes.changed) {
        if (at < 0 || at >= list.length) return null;
        list[at] = element;
    }
    return list;
}
