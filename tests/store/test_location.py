"""Where the progress database is: --db, else $DIRECTOR_TRAINER_DB, else the user data folder;
and a clear message when it cannot be opened."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.store import DB_ENV, Store, StoreError, database_url, default_database_path


def test_the_option_wins_over_the_environment_which_wins_over_the_default(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(DB_ENV, raising=False)
    assert database_url(None).database == str(default_database_path())
    assert default_database_path().name == "progress.sqlite3"
    monkeypatch.setenv(DB_ENV, str(tmp_path / "env.sqlite3"))
    assert database_url(None).database == str(tmp_path / "env.sqlite3")
    assert database_url(f"sqlite:///{tmp_path}/option.sqlite3").database == f"{tmp_path}/option.sqlite3"


def test_a_plain_path_is_a_sqlite_file_and_postgresql_uses_psycopg(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    url = database_url("class/progress.sqlite3")
    assert (url.drivername, url.database) == ("sqlite", str(tmp_path / "class" / "progress.sqlite3"))
    shared = database_url("postgresql://coach:secret@db.example.org/club")
    assert (shared.drivername, shared.host, shared.database) == ("postgresql+psycopg", "db.example.org", "club")


def test_the_default_file_and_its_folder_are_created_on_first_open(monkeypatch: pytest.MonkeyPatch,
                                                                   tmp_path: Path) -> None:
    monkeypatch.setenv(DB_ENV, str(tmp_path / "new" / "folder" / "progress.sqlite3"))
    with Store.open() as store:
        assert store.profiles() == []
    assert (tmp_path / "new" / "folder" / "progress.sqlite3").exists()


def test_a_bad_url_says_how_to_write_one() -> None:
    with pytest.raises(StoreError, match="not a database URL"):
        database_url("postgresql://user@host:notaport/db")


def test_an_unreachable_server_is_a_message_without_the_password() -> None:
    with pytest.raises(StoreError, match="cannot open the progress database") as raised:
        Store.open("postgresql://coach:secret@127.0.0.1:1/club")
    assert "secret" not in str(raised.value) and "--db" in str(raised.value)
