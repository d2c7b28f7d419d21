"""The web game's database under an operator's mishaps (found by a club host's tests on
PostgreSQL): two servers on one database, the database restarting under a running
server, another program's tables, a password in a URL that cannot be read."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

import psycopg
import pytest
from fastapi.testclient import TestClient
from sqlalchemy.engine import make_url

from cutthroat.server.app import create_app
from cutthroat.server.rooms import CHANGED_ELSEWHERE
from cutthroat.server.store import Store, StoreConflict, StoreError, StoreInUse, StoreURLError
from cutthroat.server.tables import Table
from postgres import Cluster


def _terminate(cluster: Cluster, url: str, pids: set[int] | None = None) -> int:
    """End the database's server connections (``pids``, else all of them), as a
    restart of the database server does to a running cutthroat server; how many."""
    name = make_url(url).database
    with psycopg.connect(host=str(cluster.socket), port=cluster.port, user=cluster.user,
                         dbname="postgres", autocommit=True) as connection:
        rows = connection.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
            (name,)).fetchall()
        ended = [pid for (pid,) in rows if pids is None or pid in pids]
        for pid in ended:
            connection.execute("SELECT pg_terminate_backend(%s)", (pid,))
        # pg_terminate_backend only signals: wait until those connections are gone, and
        # their locks with them, as after a restart.
        deadline = time.monotonic() + 10
        while connection.execute("SELECT count(*) FROM pg_stat_activity WHERE pid = ANY(%s)",
                                 (ended,)).fetchone() != (0,):
            assert time.monotonic() < deadline, "the connections did not end"
            time.sleep(0.02)
    return len(ended)


def _claim_pid(store: Store) -> int:
    claim: Any = store._claim
    pid: int = claim.scalar(__import__("sqlalchemy").text("SELECT pg_backend_pid()"))
    return pid


def test_two_servers_on_one_database_never_write_over_each_others_moves(db_url: str) -> None:
    """Two stores read the same game; one saves a move; the other's save of its own
    move, made on the game as it read it, is refused and writes nothing (it wrote
    over the first one's moves, silently, before)."""
    first, second = Store(db_url), Store(db_url)
    made = Table.create(["you", "open", "open"], seed=4)
    first.save(made)
    mine, theirs = first.load(made.id), second.load(made.id)
    assert mine is not None and theirs is not None
    theirs.join("Ben")
    second.save(theirs)
    mine.join("Cal")
    with pytest.raises(StoreConflict, match=rf"game {made.id} was changed in the database "
                                            "by somebody else"):
        first.save(mine)
    stored = first.load(made.id)
    assert stored is not None and stored.seats[1].name == "Ben"
    assert stored.version == theirs.version == stored.stored_version
    stored.join("Cal")  # read again, it saves
    first.save(stored)
    assert [s.name for s in (second.load(made.id) or made).seats[1:]] == ["Ben", "Cal"]
    first.close()
    second.close()


def test_a_row_saved_before_versions_were_kept_is_written_over_once_and_kept_after(
        tmp_path: Path) -> None:
    """A database made before the version column: the column is added at start, and
    its rows (no version yet) are saved over as before."""
    path = tmp_path / "old.db"
    Store(f"sqlite:///{path}").close()
    with sqlite3.connect(path) as connection:
        connection.execute("ALTER TABLE games DROP COLUMN version")
    old = Store(f"sqlite:///{path}")
    table = Table.create(["you", "random", "random"], seed=3)
    old.save(table)
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE games SET version = NULL")
    again = old.load(table.id)
    assert again is not None and again.stored_version is None
    old.save(again)
    assert (old.load(table.id) or table).stored_version == again.version
    old.close()


def _joined_elsewhere(client: TestClient, url: str) -> tuple[str, str, Store, Table]:
    """A game for Ann and two friends made on ``client``'s server, then Ben's joining it
    through another server's store on the same database (``url``), behind the first
    server's back: (game, Ann's token, the other store, its table)."""
    made = client.post("/api/games", json={"seats": ["you", "open", "open"]})
    assert made.status_code == 201, made.text
    game, token = made.json()["game"], made.json()["token"]
    elsewhere = Store(url)  # another server's store: it does not claim the file
    table = elsewhere.load(game)
    assert table is not None
    table.join("Ben")
    elsewhere.save(table)
    return game, token, elsewhere, table


def test_a_server_refuses_a_change_the_other_server_made_first_and_shows_it(
        tmp_path: Path) -> None:
    """At the web game's level: a change behind the server's back (another server on
    the same database) is not written over; the move is refused (409) and the game as
    stored is what the players see."""
    url = f"sqlite:///{tmp_path / 'games.db'}"
    client = TestClient(create_app(url))
    with client:
        game, token, elsewhere, table = _joined_elsewhere(client, url)
        refused = client.post(f"/api/games/{game}/join", json={"name": "Cal"})
        assert refused.status_code == 409, refused.text
        assert refused.json()["error"]["reason"] == CHANGED_ELSEWHERE
        shown = client.get(f"/api/games/{game}", params={"token": token}).json()
        assert [p["name"] for p in shown["players"]][1] == "Ben"
        joined = client.post(f"/api/games/{game}/join", json={"name": "Cal"})
        assert joined.status_code == 200 and joined.json()["seat"] == 2
        assert [s.name for s in (elsewhere.load(game) or table).seats] == [
            s.name for s in (Store(url).load(game) or table).seats]
        elsewhere.close()


def test_a_change_refused_for_a_conflict_is_taken_back_even_when_the_game_cannot_be_read_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Another server changed the stored game, so a join is refused (409) and nothing
    is written; if the game as stored cannot be read back just then (the database
    went down), the room keeps its own table, and the refused change must be taken
    back from it: nobody may be shown a seat taken (or a move made) that the store
    never kept. (Untested before: the change was taken back only by the read back.)"""
    url = f"sqlite:///{tmp_path / 'games.db'}"
    client = TestClient(create_app(url))
    with client:
        game, token, elsewhere, _ = _joined_elsewhere(client, url)
        store = client.app.state.server.store  # type: ignore[attr-defined]

        def down(game_id: str) -> None:
            raise OSError("the database is down")

        monkeypatch.setattr(store, "load", down)
        refused = client.post(f"/api/games/{game}/join", json={"name": "Cal"})
        assert refused.status_code == 409, refused.text
        assert refused.json()["error"]["reason"] == CHANGED_ELSEWHERE
        shown = client.get(f"/api/games/{game}", params={"token": token})
        assert shown.status_code == 200, shown.text
        names = [p["name"] for p in shown.json()["players"]]
        assert "Cal" not in names
        assert [p["kind"] for p in shown.json()["players"]][1:] == ["open", "open"]
        elsewhere.close()


def test_closing_the_store_waits_for_a_save_under_way_and_then_refuses_more(
        tmp_path: Path) -> None:
    """``close`` lets a save that is being written finish before the database's
    connections go (SQLite closed under a running statement can crash the process, and
    the move would be lost), and once closed nothing more is read or written: a save is
    refused, saying the server is stopping. (Untested before: that close waited, and that a
    closed store wrote nothing.)"""
    import threading

    from sqlalchemy import event

    url = f"sqlite:///{tmp_path / 'games.db'}"
    store = Store(url)
    table = Table.create(["you", "random", "random"], seed=7)
    writing = threading.Event()

    def slow(*_: Any) -> None:  # a slow database: close comes while a statement runs
        writing.set()
        time.sleep(0.05)

    event.listen(store.engine, "before_cursor_execute", slow)
    saved = threading.Event()

    def save() -> None:
        store.save(table)
        saved.set()

    saver = threading.Thread(target=save)
    saver.start()
    assert writing.wait(10)
    store.close()
    assert saved.is_set()  # close returned only once the save had ended
    saver.join(10)
    later = Table.create(["you", "random", "random"], seed=8)
    with pytest.raises(StoreError, match="closed"):
        store.save(later)
    again = Store(url)
    assert again.load(table.id) is not None and not again.exists(later.id)
    again.close()


def test_a_lost_postgresql_claim_is_taken_again_before_the_next_save(
        cluster: Cluster) -> None:
    """The database restarted (the connection holding the lock ended): a second server
    could start on it, unwarned, before. The next save takes the lock again, so the
    second server is refused."""
    url = cluster.database()
    first = Store(url)
    first.claim()
    assert _terminate(cluster, url, {_claim_pid(first)}) == 1
    table = Table.create(["you", "random", "random"], seed=2)
    first.save(table)  # the lock is taken again first
    with pytest.raises(StoreInUse):
        Store(url).claim()
    first.close()


def test_a_postgresql_claim_another_server_took_meanwhile_stops_every_save(
        cluster: Cluster) -> None:
    """If another server took the database while the lock was lost, this one writes
    nothing (StoreInUse) until the other lets go; then it takes the lock again."""
    url = cluster.database()
    first, second = Store(url), Store(url)
    first.claim()
    table = Table.create(["you", "random", "random"], seed=2)
    first.save(table)
    _terminate(cluster, url, {_claim_pid(first)})
    second.claim()  # the lock was free: the second server starts
    again = first.load(table.id)
    assert again is not None
    with pytest.raises(StoreInUse, match="another cutthroat server is using the database"):
        first.save(again)
    second.close()
    first.save(again)
    with pytest.raises(StoreInUse):
        second.claim()
    first.close()


def test_a_database_restart_does_not_fail_the_next_request(cluster: Cluster) -> None:
    """Every pooled connection ended (the database restarted while the server was idle):
    the next read used to fail once with 503; a dropped connection is now replaced."""
    url = cluster.database()
    store = Store(url)
    table = Table.create(["you", "random", "random"], seed=6)
    store.save(table)
    assert store.load(table.id) is not None
    assert _terminate(cluster, url) >= 1
    assert store.load(table.id) is not None
    store.save(table)
    store.close()


def test_another_programs_games_table_is_refused_at_start(tmp_path: Path) -> None:
    """A table called games without this server's columns (another program's, or one
    altered by hand) started, then failed every request as 'database down'."""
    path = tmp_path / "shared.db"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE games (id TEXT PRIMARY KEY, score INTEGER)")
    with pytest.raises(StoreError, match=r"^cannot open the database 'sqlite:///.*shared.db': "
                                         r"its table games lacks the columns seed, seats, "
                                         r"record, .*give the server a database of its own$"):
        Store(f"sqlite:///{path}")


@pytest.mark.parametrize("url", [
    "postgresql+psycopg://ann:s3cret@127.0.0.1:5543x/club",
    "postgresql+psycopg://ann:s3cret@[::1/club",
    "postgresql+psycopg:/ann:s3cret@127.0.0.1:5432/club",
])
def test_a_url_that_cannot_be_read_never_shows_its_password(url: str) -> None:
    with pytest.raises(StoreError) as refused:
        Store(url)
    assert "s3cret" not in str(refused.value) and "ann:***@" in str(refused.value)


def test_a_password_with_at_signs_and_slashes_is_never_shown() -> None:
    """A password not URL-encoded (``p@ss:w/rd``) was shown but for its first part:
    "cutthroat:***@ss:w/rd@127.0.0.1"."""
    with pytest.raises(StoreError) as refused:
        Store("postgresql+psycopg://cutthroat:p@ss:w/rd@127.0.0.1:5499/cutthroat")
    said = str(refused.value)
    assert "ss:w" not in said and "rd@" not in said and "cutthroat:***@127.0.0.1" in said


def test_a_link_to_a_database_in_use_is_the_same_database(tmp_path: Path) -> None:
    """A second server reached the database through a symbolic link to its file and
    started: its lock file was the link's name's. The lock is the real file's."""
    (tmp_path / "club.db").touch()
    (tmp_path / "alias.db").symlink_to(tmp_path / "club.db")
    first = Store(f"sqlite:///{tmp_path / 'club.db'}")
    first.claim()
    second = Store(f"sqlite:///{tmp_path / 'alias.db'}")
    try:
        with pytest.raises(StoreInUse, match="another cutthroat server"):
            second.claim()
    finally:
        second.close()
        first.close()


def test_a_database_the_server_cannot_write_is_refused_at_the_start(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A read-only SQLite file (or folder) was opened, the server announced, and every
    move then refused with a 503: it is refused at once, saying why. (The tests run as
    root, whom file modes do not stop: os.access is made to answer as for a user.)"""
    import os

    import cutthroat.server.store as store_module

    path = tmp_path / "ro.db"
    Store(f"sqlite:///{path}").close()
    monkeypatch.setattr(store_module.os, "access",
                        lambda where, mode: os.fspath(where) != str(path.resolve()))
    store = Store(f"sqlite:///{path}")
    try:
        with pytest.raises(StoreError, match=r"cannot write the database .*ro\.db.*its file "
                                             r".*is read-only for this server"):
            store.claim()
    finally:
        store.close()


def test_a_postgres_scheme_is_told_how_to_write_it() -> None:
    with pytest.raises(StoreURLError, match=r"for PostgreSQL write postgresql\+psycopg://"):
        Store("postgres://ann@localhost/club")


def test_another_programs_table_is_left_as_it_was(tmp_path: Path) -> None:
    """Refused before anything is made or changed: no version column added to it, no
    table of ours beside it."""
    path = tmp_path / "shared.db"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE games (id TEXT PRIMARY KEY, score INTEGER)")
    with pytest.raises(StoreError):
        Store(f"sqlite:///{path}")
    with sqlite3.connect(path) as connection:
        tables = connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        assert [name for (name,) in tables] == ["games"]
        columns = [row[1] for row in connection.execute("PRAGMA table_info(games)")]
    assert columns == ["id", "score"]


def test_a_new_sqlite_database_is_readable_by_its_owner_alone(tmp_path: Path) -> None:
    """It holds every card of the games in progress and the hashes of the tokens: made
    0600 whatever the umask (it was -rw-r--r-- under the usual 022), its journal too. A
    file that was there already keeps its own permissions."""
    import os
    import stat

    before = os.umask(0o022)
    try:
        store = Store(f"sqlite:///{tmp_path / 'games.db'}")
        store.save(Table.create(["you", "random", "random"]))
        made = sorted(tmp_path.iterdir())
        assert made and all(stat.S_IMODE(p.stat().st_mode) == 0o600 for p in made), [
            (p.name, oct(p.stat().st_mode)) for p in made]
        store.close()
        shared = tmp_path / "shared.db"
        shared.touch(mode=0o644)
        os.chmod(shared, 0o644)
        Store(f"sqlite:///{shared}").close()
        assert stat.S_IMODE(shared.stat().st_mode) == 0o644
    finally:
        os.umask(before)


def test_a_postgresql_connection_gives_up_on_a_server_out_of_reach(cluster: Cluster) -> None:
    """A database behind a dropped network link held a move (and the server's stop) for
    good: every connection carries libpq's connect timeout, keepalives and TCP user
    timeout (``POSTGRESQL_TIMEOUTS``)."""
    from cutthroat.server.store import POSTGRESQL_TIMEOUTS

    store = Store(cluster.database())
    try:
        raw = store.engine.raw_connection()
        try:
            given = raw.driver_connection.info.get_parameters()  # type: ignore[union-attr]
        finally:
            raw.close()
        for name, value in POSTGRESQL_TIMEOUTS.items():
            assert given.get(name) == str(value), (name, given)
    finally:
        store.close()


def test_a_sqlite_file_is_shown_by_its_whole_path_and_a_folder_it_cannot_write_is_named(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``serve`` started from another folder opened another, empty ``cutthroat.db``
    under the same words: the path shown is the whole one. A folder the server may not
    write in was "unable to open database file" alone: it is named, as a missing one is."""
    from sqlalchemy import create_engine

    from cutthroat.server import store as store_module

    monkeypatch.chdir(tmp_path)
    store = Store("sqlite:///cutthroat.db")
    try:
        assert store.shown_url == f"sqlite:///{tmp_path / 'cutthroat.db'}"
    finally:
        store.close()
    (tmp_path / "ro").mkdir()
    engine = create_engine(f"sqlite:///{tmp_path / 'ro' / 'games.db'}")
    assert store_module._folder_hint(engine) == ""
    # --db adir.db, a folder (a club host's finding: "unable to open database file" alone)
    (tmp_path / "adir.db").mkdir()
    assert store_module._folder_hint(create_engine(f"sqlite:///{tmp_path / 'adir.db'}")) == (
        f" ({tmp_path / 'adir.db'} is a folder: give a file's path, in it or elsewhere)")
    monkeypatch.setattr(store_module.os, "access", lambda path, mode: False)  # read-only
    assert store_module._folder_hint(engine) == (
        f" (the folder {tmp_path / 'ro'} cannot be written to: read-only, or not yours)")
