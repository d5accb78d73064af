import { strict as assert } from "node:assert";
import { test } from "node:test";

import { type Inputs, resolveServer } from "../src/serverPath";

const base: Inputs = {
    configured: null,
    extensionPath: "/ext",
    workspaceFolder: "/ws",
    homeDir: "/home/u",
    envPath: "/usr/local/bin:/usr/bin",
    platform: "linux",
};

function probe(...files: string[]) {
    return { isFile: (f: string) => files.includes(f) };
}

test("the setting wins over the bundled binary and PATH", () => {
    const r = resolveServer({ ...base, configured: "/opt/rigls" }, probe("/opt/rigls", "/ext/server/rigls", "/usr/bin/rigls"));
    assert.deepEqual(r, { kind: "found", path: "/opt/rigls", source: "setting" });
});

test("the setting expands ~ and ${workspaceFolder} and is relative to the workspace", () => {
    assert.deepEqual(resolveServer({ ...base, configured: "~/bin/rigls" }, probe("/home/u/bin/rigls")), {
        kind: "found",
        path: "/home/u/bin/rigls",
        source: "setting",
    });
    assert.deepEqual(
        resolveServer({ ...base, configured: "${workspaceFolder}/target/debug/rigls" }, probe("/ws/target/debug/rigls")),
        { kind: "found", path: "/ws/target/debug/rigls", source: "setting" },
    );
    assert.deepEqual(resolveServer({ ...base, configured: "target/release/rigls" }, probe("/ws/target/release/rigls")), {
        kind: "found",
        path: "/ws/target/release/rigls",
        source: "setting",
    });
});

test("a setting naming no file is an error that names the setting, not a silent fallback", () => {
    const r = resolveServer({ ...base, configured: "/nope/rigls" }, probe("/ext/server/rigls"));
    assert.equal(r.kind, "error");
    assert.match(r.kind === "error" ? r.message : "", /rigls\.server\.path is "\/nope\/rigls", but there is no file at \/nope\/rigls/);
});

test("${workspaceFolder} without a folder is an error", () => {
    const r = resolveServer({ ...base, workspaceFolder: undefined, configured: "${workspaceFolder}/rigls" }, probe());
    assert.equal(r.kind, "error");
    assert.match(r.kind === "error" ? r.message : "", /needs an open folder/);
});

test("an empty setting falls through to the bundled binary", () => {
    const r = resolveServer({ ...base, configured: "  " }, probe("/ext/server/rigls", "/usr/bin/rigls"));
    assert.deepEqual(r, { kind: "found", path: "/ext/server/rigls", source: "bundled" });
});

test("without a bundled binary, the first rigls on PATH", () => {
    const r = resolveServer(base, probe("/usr/bin/rigls", "/usr/local/bin/rigls"));
    assert.deepEqual(r, { kind: "found", path: "/usr/local/bin/rigls", source: "PATH" });
});

test("Windows: rigls.exe, PATHEXT and ; separators", () => {
    const win: Inputs = { ...base, platform: "win32", envPath: "C:\\tools;C:\\cargo\\bin", envPathExt: ".COM;.EXE" };
    assert.deepEqual(resolveServer(win, probe("/ext/server/rigls.exe")), {
        kind: "found",
        path: "/ext/server/rigls.exe",
        source: "bundled",
    });
});

test("nothing anywhere: an error that says how to fix it", () => {
    const r = resolveServer(base, probe());
    assert.equal(r.kind, "error");
    const message = r.kind === "error" ? r.message : "";
    assert.match(message, /rigls language server was not found/);
    assert.match(message, /cargo install --path server/);
    assert.match(message, /set `rigls\.server\.path`/);
});
