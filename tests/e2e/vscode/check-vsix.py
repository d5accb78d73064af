#!/usr/bin/env python3
"""Checks a rigls .vsix before the workbench test installs it, and prints its size.

- No file of the extension, the bundled server included, names a placeholder URL
  (`example.invalid`).
- A bundled server (extension/server/rigls[.exe]) is the distribution build: an ELF with no
  `.debug_*` sections and no symbol table (`[profile.dist]` in Cargo.toml: strip = true).

Usage: check-vsix.py PACKAGE.vsix    Exits 1 on a failed check.
"""
import os
import struct
import sys
import zipfile


def elf_sections(data):
    """The section names of a 64-bit little-endian ELF file."""
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        raise ValueError("not a 64-bit little-endian ELF file")
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)

    def header(i):
        name, _type, _flags, _addr, offset, size = struct.unpack_from("<IIQQQQ", data, shoff + i * shentsize)
        return name, offset, size

    _, str_offset, str_size = header(shstrndx)
    strings = data[str_offset:str_offset + str_size]
    names = []
    for i in range(shnum):
        name = header(i)[0]
        names.append(strings[name:strings.index(b"\0", name)].decode())
    return names


def main(path):
    failures = []
    with zipfile.ZipFile(path) as vsix:
        for info in vsix.infolist():
            data = vsix.read(info)
            if b"example.invalid" in data:
                failures.append(f"{info.filename} names the placeholder URL example.invalid")
            if info.filename in ("extension/server/rigls", "extension/server/rigls.exe"):
                size = f"{info.file_size / 1e6:.1f} MB ({info.compress_size / 1e6:.1f} MB compressed)"
                print(f"[vsix] bundled server {info.filename}: {size}")
                if data[:4] == b"\x7fELF":
                    sections = elf_sections(data)
                    debug = [s for s in sections if s.startswith(".debug") or s == ".symtab"]
                    if debug:
                        failures.append(
                            f"{info.filename} is not a distribution build (cargo build --profile dist): "
                            f"it has {', '.join(debug)}"
                        )
    print(f"[vsix] {os.path.basename(path)}: {os.path.getsize(path) / 1e6:.2f} MB")
    for failure in failures:
        print(f"[vsix] FAILED: {failure}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1]))
