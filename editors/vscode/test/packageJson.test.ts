import { strict as assert } from "node:assert";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

// out/test/packageJson.test.js → editors/vscode/package.json
const manifest = JSON.parse(readFileSync(join(__dirname, "..", "..", "package.json"), "utf8"));

/** The languages whose files only rigls serves (the extension's documentSelector, less plain JSON). */
const owned = ["elem", "dragonbones"];

test("the extension declares the languages rigls owns", () => {
    const declared = manifest.contributes.languages.map((l: { id: string }) => l.id);
    for (const id of owned) {
        assert.ok(declared.includes(id), `${id} is declared`);
    }
});

test("word-based suggestions are off where rigls owns the language", () => {
    // VS Code otherwise adds the words of other open files (another skeleton's bone names) to
    // the completions rigls gives, and offers them where rigls has nothing to offer.
    for (const id of owned) {
        const defaults = manifest.contributes.configurationDefaults[`[${id}]`];
        assert.equal(defaults?.["editor.wordBasedSuggestions"], "off", `[${id}]`);
    }
    // Plain JSON is not rigls's to change.
    assert.equal(manifest.contributes.configurationDefaults["[json]"], undefined);
});

test("a .dbbin file (or Unity's _ske.bytes) opens in the binary view's editor, and the view itself does not", () => {
    // (A selector pattern with a `/` is matched against `scheme:path`.)
    const [editor] = manifest.contributes.customEditors;
    assert.equal(editor.viewType, "rigls.binaryView");
    assert.equal(editor.priority, "default");
    const patterns = editor.selector.map((s: { filenamePattern: string }) => s.filenamePattern);
    assert.deepEqual(patterns, [
        "file:/**/*.dbbin",
        "vscode-remote:/**/*.dbbin",
        "file:/**/*_ske.bytes",
        "vscode-remote:/**/*_ske.bytes",
    ]);
    assert.ok(patterns.every((p: string) => !p.startsWith("rigls-dbbin:")));
    assert.ok(manifest.activationEvents.includes("onCustomEditor:rigls.binaryView"));
    assert.ok(manifest.activationEvents.includes("onFileSystem:rigls-dbbin"));
});
