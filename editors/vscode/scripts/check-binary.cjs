// Says which VS Code platform a server binary is built for, from its header (ELF, Mach-O or PE
// and the machine), so that scripts/package.sh --target PLATFORM never bundles another platform's
// binary. `node scripts/check-binary.cjs PLATFORM FILE` exits 1, saying why, when they differ.
"use strict";

/** The platforms `vsce package --target` takes. */
const PLATFORMS = [
    "win32-x64",
    "win32-arm64",
    "linux-x64",
    "linux-arm64",
    "linux-armhf",
    "alpine-x64",
    "alpine-arm64",
    "darwin-x64",
    "darwin-arm64",
];

/** `{ os, arch }` of an executable's first bytes: os "linux" (ELF), "darwin" or "win32". */
function binaryPlatform(bytes) {
    const u32le = (at) => bytes.readUInt32LE(at);
    if (bytes.length >= 20 && u32le(0) === 0x464c457f) {
        // ELF: e_machine at 18 (little-endian on every platform VS Code has).
        const arch = { 0x3e: "x64", 0xb7: "arm64", 0x28: "armhf" }[bytes.readUInt16LE(18)];
        return arch && { os: "linux", arch };
    }
    if (bytes.length >= 8 && u32le(0) === 0xfeedfacf) {
        const arch = { 0x01000007: "x64", 0x0100000c: "arm64" }[u32le(4)];
        return arch && { os: "darwin", arch };
    }
    if (bytes.length >= 0x40 && bytes.toString("latin1", 0, 2) === "MZ") {
        const pe = u32le(0x3c);
        if (bytes.length >= pe + 6 && bytes.toString("latin1", pe, pe + 4) === "PE\0\0") {
            const arch = { 0x8664: "x64", 0xaa64: "arm64" }[bytes.readUInt16LE(pe + 4)];
            return arch && { os: "win32", arch };
        }
    }
    return undefined;
}

/** Why `bytes` cannot be the server of `target`, or undefined when it can. */
function mismatch(target, bytes) {
    if (!PLATFORMS.includes(target)) {
        return `${target} is not a VS Code platform (${PLATFORMS.join(", ")})`;
    }
    const found = binaryPlatform(bytes);
    if (!found) {
        return "it is not an executable for any VS Code platform (ELF, Mach-O or PE, x64 or arm64)";
    }
    const [os, arch] = target.split("-");
    const wanted = os === "alpine" ? "linux" : os;
    if (found.os !== wanted || found.arch !== arch) {
        return `it is a ${found.os}-${found.arch} executable, not ${target}`;
    }
    return undefined;
}

module.exports = { PLATFORMS, binaryPlatform, mismatch };

if (require.main === module) {
    const [target, file] = process.argv.slice(2);
    const head = Buffer.alloc(4096);
    const fd = require("node:fs").openSync(file, "r");
    const read = require("node:fs").readSync(fd, head, 0, head.length, 0);
    const bytes = head.subarray(0, read);
    // A PE header may sit past the first 4 KiB only in hand-made files; rigls's does not.
    const why = mismatch(target, bytes);
    if (why) {
        console.error(`error: ${file}: ${why}`);
        process.exit(1);
    }
}
