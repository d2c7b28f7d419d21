"""A throwaway PostgreSQL server for the tests of the optional PostgreSQL backend.

`make test` installs Debian's PostgreSQL if it is missing; this starts a private
cluster in a temporary folder, listening on a Unix socket only (no TCP), as the
``postgres`` user when the tests run as root (PostgreSQL refuses to run as root), and
removes it at the end.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import uuid
from pathlib import Path


def _binaries() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found:
        found = [p for p in (shutil.which("initdb"),) if p]
    if not found:
        raise RuntimeError("PostgreSQL is not installed: make test installs it "
                           "(apt-get install postgresql)")
    return Path(found[-1]).parent


class Cluster:
    """A private PostgreSQL cluster: :meth:`start`, :meth:`database`, :meth:`stop`."""

    def __init__(self) -> None:
        self.bin = _binaries()
        self.root = Path(tempfile.mkdtemp(prefix="cutthroat-pg-"))
        self.data = self.root / "data"
        self.socket = self.root / "socket"
        self.port = 5432
        self.user = "cutthroat"
        self._as: list[str] = []
        if os.geteuid() == 0:
            shutil.chown(self.root, "postgres")
            self.root.chmod(0o700)
            self._as = ["runuser", "-u", "postgres", "--"]

    def _run(self, *command: str) -> None:
        subprocess.run([*self._as, *command], check=True, capture_output=True, timeout=120)

    def start(self) -> Cluster:
        """Create the cluster and start its server."""
        self._run("mkdir", "-p", str(self.socket))
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-A", "trust",
                  "-U", self.user, "--no-sync")
        options = (f"-p {self.port} -k {self.socket} -c listen_addresses='' "
                   "-c fsync=off -c synchronous_commit=off")
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-o", options,
                  "-l", str(self.root / "log"), "-w", "start")
        return self

    def url(self, database: str = "postgres") -> str:
        """The SQLAlchemy URL of one of its databases (psycopg 3, over the socket)."""
        return (f"postgresql+psycopg://{self.user}@/{database}"
                f"?host={self.socket}&port={self.port}")

    def database(self) -> str:
        """A new, empty database: its URL."""
        import psycopg

        name = "t_" + uuid.uuid4().hex[:12]
        with psycopg.connect(host=str(self.socket), port=self.port, user=self.user,
                             dbname="postgres", autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        """Stop the server and remove the cluster."""
        try:
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate",
                      "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)
