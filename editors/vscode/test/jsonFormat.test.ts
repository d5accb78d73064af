import { strict as assert } from "node:assert";
import { test } from "node:test";

import { formatJson, type JsonEdit, type JsonLayout } from "../src/jsonFormat";

function apply(text: string, edits: JsonEdit[]): string {
    // Last edit first, so that earlier offsets hold.
    return [...edits].sort((a, b) => b.offset - a.offset).reduce((t, e) => t.slice(0, e.offset) + e.content + t.slice(e.offset + e.length), text);
}

const tabs: JsonLayout = { tabSize: 4, insertSpaces: false, eol: "\n", insertFinalNewline: true };

test("a minified skeleton is laid out with the editor's indentation", () => {
    const text = '{"name":"勇者","bone":[{"name":"root"},{"name":"body","parent":"root"}]}';
    assert.equal(
        apply(text, formatJson(text, tabs)),
        '{\n\t"name": "勇者",\n\t"bone": [\n\t\t{\n\t\t\t"name": "root"\n\t\t},\n\t\t{\n\t\t\t"name": "body",\n\t\t\t"parent": "root"\n\t\t}\n\t]\n}\n',
    );
});

test("spaces, CRLF and no final newline follow the layout", () => {
    const text = '{"a":[1,2]}';
    const layout: JsonLayout = { tabSize: 2, insertSpaces: true, eol: "\r\n", insertFinalNewline: false };
    assert.equal(apply(text, formatJson(text, layout)), '{\r\n  "a": [\r\n    1,\r\n    2\r\n  ]\r\n}');
});

test("a range formats only the value it covers", () => {
    const text = '{"keep":[1,2],\n"fix":{"x":1}}';
    const offset = text.indexOf('{"x"');
    // (Indented from the indentation of the line the range starts on, as VS Code does.)
    assert.equal(apply(text, formatJson(text, tabs, { offset, length: '{"x":1}'.length })), '{"keep":[1,2],\n"fix":{\n\t"x": 1\n}}');
});

test("formatted text is left alone", () => {
    const text = '{\n\t"version": "5.5"\n}\n';
    assert.deepEqual(formatJson(text, tabs), []);
});
