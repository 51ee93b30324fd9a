"""Zip files as other programs and damage leave them, for the tests of case packs: a plain module beside
the top conftest.py, so the content and window tests use the same one."""

from __future__ import annotations

import zipfile
from pathlib import Path


def patch_member(pack: Path, member: str, *, flag: int | None = None, method: int | None = None,
                 crc: int | None = None) -> None:
    """Change a member's general-purpose flags, compression method or CRC in both of its headers, as a zip
    written with a password (flag bit 0), by Windows or 7-Zip with Deflate64 (method 9), or damaged in
    transit (a CRC that no longer matches) has them."""
    data = bytearray(pack.read_bytes())
    info = zipfile.ZipFile(pack).getinfo(member)
    central = data.find(b"PK\x01\x02")  # the central directory's entries, in turn
    while data[central + 46:central + 46 + len(member)] != member.encode():
        central = data.find(b"PK\x01\x02", central + 4)
    for header, (flag_at, method_at, crc_at) in ((info.header_offset, (6, 8, 14)), (central, (8, 10, 16))):
        if flag is not None:
            data[header + flag_at:header + flag_at + 2] = (int.from_bytes(data[header + flag_at:header + flag_at + 2],
                                                                          "little") | flag).to_bytes(2, "little")
        if method is not None:
            data[header + method_at:header + method_at + 2] = method.to_bytes(2, "little")
        if crc is not None:
            data[header + crc_at:header + crc_at + 4] = crc.to_bytes(4, "little")
    pack.write_bytes(bytes(data))
