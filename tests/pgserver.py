"""A real PostgreSQL server for the tests, started and stopped by the tests.

``postgres_server`` (a session-scoped pytest fixture; import it into a test
module) runs ``initdb`` in a new temporary folder and starts the server with
``pg_ctl``, listening only on a Unix socket in that folder (no TCP port, so
several test processes can each run their own), with fsync off. At the end of
the session it stops the server (``pg_ctl stop -m immediate``) and removes the
folder. ``PgServer.new_database()`` gives each test an empty database.

The binaries are Debian's (/usr/lib/postgresql/<version>/bin, the newest
version) or, failing that, ``initdb`` and ``pg_ctl`` on the PATH. PostgreSQL
refuses to run as root: as root the server runs as the ``postgres`` system user
(which the Debian package makes), through ``runuser``, in a folder that user
owns. Without the binaries the tests that use the server are skipped, except
when the environment variable CI is "true": there they fail, since CI installs
PostgreSQL (.ci/run).
"""

from __future__ import annotations

import glob
import os
import pwd
import re
import shlex
import shutil
import subprocess
import tempfile
import uuid

import pytest

SUPERUSER = "postgres"


def _version_key(path: str) -> tuple:
    return tuple(int(p) if p.isdigit() else 0 for p in re.split(r"[./]", path.split("/postgresql/")[1]))


def find_bin_dir() -> str | None:
    """The folder holding initdb and pg_ctl, or None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=_version_key)
    for initdb in reversed(found):
        folder = os.path.dirname(initdb)
        if os.access(os.path.join(folder, "pg_ctl"), os.X_OK):
            return folder
    initdb = shutil.which("initdb")
    if initdb and shutil.which("pg_ctl"):
        return os.path.dirname(initdb)
    return None


def unavailable(reason: str) -> None:
    """Skip the test, or fail it on CI (where PostgreSQL must be there)."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason} (CI installs it: see .ci/run)", pytrace=False)
    pytest.skip(reason)


class PgServer:
    """A PostgreSQL server of our own in ``base`` (data in base/data, socket in base)."""

    def __init__(self, bin_dir: str) -> None:
        self.bin_dir = bin_dir
        self.as_user = None
        if os.geteuid() == 0:
            try:
                pw = pwd.getpwnam("postgres")
            except KeyError:
                unavailable("PostgreSQL will not run as root and there is no 'postgres' system user to run it")
            self.as_user = pw
        # A short folder: a Unix socket path is limited to about 100 bytes.
        parent = tempfile.gettempdir()
        if len(parent) > 60:
            parent = "/tmp"
        self.base = tempfile.mkdtemp(prefix="retrocatan-pg-", dir=parent)
        if self.as_user is not None:
            os.chown(self.base, self.as_user.pw_uid, self.as_user.pw_gid)
        self.data = os.path.join(self.base, "data")
        self.log = os.path.join(self.base, "server.log")
        self.started = False

    def _run(self, *args: str, timeout: float = 60) -> None:
        cmd = [os.path.join(self.bin_dir, args[0]), *args[1:]]
        if self.as_user is not None:
            runuser = shutil.which("runuser")
            if runuser:
                cmd = [runuser, "-u", self.as_user.pw_name, "--", *cmd]
            else:
                cmd = ["su", "-s", "/bin/sh", self.as_user.pw_name, "-c", shlex.join(cmd)]
        done = subprocess.run(cmd, cwd=self.base, capture_output=True, text=True, timeout=timeout,
                              env={**os.environ, "LC_ALL": "C", "LANG": "C"})
        if done.returncode != 0:
            log = ""
            if os.path.exists(self.log):
                with open(self.log, encoding="utf-8", errors="replace") as f:
                    log = f.read()[-2000:]
            raise RuntimeError(f"{shlex.join(cmd)} failed ({done.returncode}):\n{done.stdout}{done.stderr}{log}")

    def start(self) -> None:
        self._run("initdb", "-D", self.data, "-U", SUPERUSER, "--auth=trust", "-E", "UTF8", "--locale=C",
                  "--no-sync")
        with open(os.path.join(self.data, "postgresql.conf"), "a", encoding="utf-8") as f:
            f.write(f"\nlisten_addresses = ''\nunix_socket_directories = '{self.base}'\n"
                    "fsync = off\nsynchronous_commit = off\nfull_page_writes = off\n")
        self._run("pg_ctl", "-D", self.data, "-l", self.log, "-w", "-t", "60", "start")
        self.started = True

    def stop(self) -> None:
        try:
            if self.started:
                self._run("pg_ctl", "-D", self.data, "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.base, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql:///{database}?host={self.base}&user={SUPERUSER}"

    def admin(self):
        """A new autocommit connection to the database "postgres"."""
        import psycopg
        return psycopg.connect(self.url(), autocommit=True)

    def new_database(self) -> str:
        """Create an empty database with a new name; its name."""
        name = "t_" + uuid.uuid4().hex[:16]
        with self.admin() as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return name

    def drop_database(self, name: str) -> None:
        with self.admin() as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="session")
def postgres_server():
    """A running PgServer for the session (skipped, or failed on CI, if PostgreSQL or psycopg is missing)."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        unavailable("psycopg is not installed (pip install 'psycopg[binary]')")
    bin_dir = find_bin_dir()
    if bin_dir is None:
        unavailable("PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb, no initdb on the PATH)")
    server = PgServer(bin_dir)
    try:
        server.start()
    except BaseException:
        server.stop()
        raise
    yield server
    server.stop()
