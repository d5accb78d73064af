import { strict as assert } from "node:assert";
import { test } from "node:test";

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { binaryPlatform, mismatch, PLATFORMS } = require("../scripts/check-binary.cjs");

function elf(machine: number): Buffer {
    const b = Buffer.alloc(64);
    b.writeUInt32LE(0x464c457f, 0);
    b.writeUInt16LE(machine, 18);
    return b;
}

function machO(cpu: number): Buffer {
    const b = Buffer.alloc(32);
    b.writeUInt32LE(0xfeedfacf, 0);
    b.writeUInt32LE(cpu, 4);
    return b;
}

function pe(machine: number): Buffer {
    const b = Buffer.alloc(256);
    b.write("MZ", 0, "latin1");
    b.writeUInt32LE(0x80, 0x3c);
    b.write("PE\0\0", 0x80, "latin1");
    b.writeUInt16LE(machine, 0x84);
    return b;
}

test("a binary's header says its platform", () => {
    assert.deepEqual(binaryPlatform(elf(0x3e)), { os: "linux", arch: "x64" });
    assert.deepEqual(binaryPlatform(elf(0xb7)), { os: "linux", arch: "arm64" });
    assert.deepEqual(binaryPlatform(machO(0x0100000c)), { os: "darwin", arch: "arm64" });
    assert.deepEqual(binaryPlatform(pe(0x8664)), { os: "win32", arch: "x64" });
    assert.equal(binaryPlatform(Buffer.from("#!/bin/sh\n")), undefined);
});

test("every platform is packaged with its own binary only", () => {
    assert.equal(mismatch("linux-x64", elf(0x3e)), undefined);
    assert.equal(mismatch("alpine-arm64", elf(0xb7)), undefined);
    assert.equal(mismatch("darwin-x64", machO(0x01000007)), undefined);
    assert.equal(mismatch("win32-arm64", pe(0xaa64)), undefined);
    assert.equal(mismatch("darwin-arm64", elf(0x3e)), "it is a linux-x64 executable, not darwin-arm64");
    assert.equal(mismatch("win32-x64", pe(0xaa64)), "it is a win32-arm64 executable, not win32-x64");
    assert.match(mismatch("linux-mips", elf(0x3e)), /^linux-mips is not a VS Code platform/);
    assert.equal(PLATFORMS.length, 9);
});

test("package.sh refuses another platform's binary before packaging anything", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { spawnSync } = require("node:child_process");
    // out/test → editors/vscode
    const root = require("node:path").join(__dirname, "..", "..");
    const run = spawnSync("bash", ["scripts/package.sh", "--target", "darwin-arm64", "--binary", process.execPath], {
        cwd: root,
        encoding: "utf8",
    });
    assert.equal(run.status, 1, run.stderr);
    assert.match(run.stderr, /error: .*node: it is a linux-(x64|arm64) executable, not darwin-arm64\n$/);
    const bad = spawnSync("bash", ["scripts/package.sh", "--binary", process.execPath], { cwd: root, encoding: "utf8" });
    assert.equal(bad.status, 2);
    assert.equal(bad.stderr, "error: --binary goes with --target PLATFORM\n");
});
