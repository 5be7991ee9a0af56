"""Download one Debian package and unpack it under a folder, without touching the system's apt
configuration (a private sources list and lists directory under a temp dir).

Training data only (the PySolFC card sets, the fonts of the drawn training decks): needs network
access; the runtime referee never calls this.
"""
from __future__ import annotations

import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path

SUITE = "trixie"
MIRROR = "http://deb.debian.org/debian"


def fetch_package(package: str, out: Path, verbose: bool = True) -> Path:
    """Download `package` (Debian SUITE) into `out` and unpack it to `out`/root; returns that root."""
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=f"{SUITE}-apt-") as td:
        td = Path(td)
        (td / "lists" / "partial").mkdir(parents=True)
        (td / "archives" / "partial").mkdir(parents=True)
        (td / "sources.list").write_text(f"deb {MIRROR} {SUITE} main\n")
        opts = [
            "-o", f"Dir::Etc::SourceList={td / 'sources.list'}",
            "-o", "Dir::Etc::SourceParts=/dev/null",
            "-o", f"Dir::State::Lists={td / 'lists'}",
            "-o", f"Dir::Cache::Archives={td / 'archives'}",
            "-o", "Dir::Cache::pkgcache=", "-o", "Dir::Cache::srcpkgcache=",
            "-o", "APT::Get::List-Cleanup=0",
        ]
        quiet = None if verbose else subprocess.DEVNULL
        subprocess.run(["apt-get", *opts, "update"], check=True, stdout=quiet)
        subprocess.run(["apt-get", *opts, "download", package], check=True, cwd=str(out), stdout=quiet)
    debs = sorted(out.glob(f"{package}_*.deb"))
    if not debs:
        raise RuntimeError(f"apt-get download {package} produced no .deb")
    dest = out / "root"
    shutil.rmtree(dest, ignore_errors=True)
    subprocess.run(["dpkg", "-x", str(debs[-1]), str(dest)], check=True)
    return dest


def fetch_once(package: str, out: Path, find: Callable[[], Path | None], what: str,
               force: bool = False, verbose: bool = True) -> tuple[Path, bool]:
    """(`find()`, whether it was fetched now): `package` is fetched into `out` only when `find()`
    finds nothing there (or `force`); a package where `find()` still finds nothing is an error
    naming `what` it should hold."""
    root = find()
    if root is not None and not force:
        if verbose:
            print(f"{package} already at {root}")
        return root, False
    fetch_package(package, out, verbose)
    root = find()
    if root is None:
        raise RuntimeError(f"no {what} in the {package} package")
    if verbose:
        print(f"{package} unpacked to {root}")
    return root, True
