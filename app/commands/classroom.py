"""``director-trainer --db URL classroom …``: the instructor's tool for a class on a PostgreSQL server —
make the database a class, give each trainee a login of their own, remove one, make an instructor.

Run it as the database's owner (a login that owns the tables and may create roles); the logins it
makes are what row-level security tells apart (see ``app.store.class_security``).
"""

from __future__ import annotations

import argparse

from app.commands import CommandError, print_json
from app.store.class_admin import ClassAdmin, ClassLogin
from app.store.errors import StoreError

WHAT = ("setup", "add", "remove", "instructor", "password", "list")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "classroom",
        help="set up a class on a PostgreSQL server and its trainees' logins (run as the database's owner)",
        description="Make a PostgreSQL database a class, and manage its logins. Give the owner's URL with --db "
        "before the command, e.g. director-trainer --db postgresql://coach@server/club classroom setup. Each "
        "trainee gets a login and password of their own; the database then lets each read and write only their "
        "own progress, and instructors read the class's.",
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    setup = actions.add_parser("setup", help="make the database a class (again after an upgrade: it is safe to repeat)")
    setup.add_argument("--class", dest="class_name", metavar="NAME",
                       help="the class's name, which its logins start with (default: after the database)")
    add = actions.add_parser("add", help="add a trainee: a login with a generated password, and their profile")
    add.add_argument("name", help="the trainee's name, as the instructor's views show it")
    add.add_argument("--login", help="the login to create (default: the class's name and the trainee's)")
    add.add_argument("--instructor", action="store_true", help="an instructor's login rather than a trainee's")
    remove = actions.add_parser("remove", help="remove a login and the trainee's progress")
    remove.add_argument("name", help="the trainee's name or login")
    remove.add_argument("--keep-progress", action="store_true",
                        help="keep the trainee's results for the instructors; only the login goes")
    instructor = actions.add_parser("instructor", help="make a login an instructor's, or add an instructor")
    instructor.add_argument("name", help="the name or login of someone in the class, or a new instructor's name")
    password = actions.add_parser("password", help="give a login a new generated password")
    password.add_argument("name", help="the name or login")
    actions.add_parser("list", help="the class's logins")
    for action in actions.choices.values():
        action.add_argument("--host", help="the server's name as the trainees' computers reach it, for the "
                            "URLs printed (default: as in --db)")
        action.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if not args.db:
        raise CommandError("give the class database's URL before the command, as its owner: "
                           "director-trainer --db postgresql://OWNER@SERVER/DATABASE classroom ...", exit_code=2)
    try:
        admin = ClassAdmin.open(args.db)
    except StoreError as exc:
        raise CommandError(str(exc), exit_code=2) from None
    try:
        return _act(admin, args)
    except StoreError as exc:
        raise CommandError(str(exc), exit_code=2) from None
    finally:
        admin.close()


def _act(admin: ClassAdmin, args: argparse.Namespace) -> int:
    if args.action == "setup":
        name = admin.setup(args.class_name)
        _say(args, {"class": name}, f"The database is the class {name!r}. Add each trainee with: "
             f"director-trainer --db … classroom add \"NAME\"")
        return 0
    if args.action == "list":
        logins = admin.logins()
        _say(args, [_as_dict(login, None) for login in logins],
             "\n".join(f"{login.name}\t{login.login}\t{login.role.value}" for login in logins) or "No logins yet.")
        return 0
    if args.action == "remove":
        login = admin.remove(args.name, args.keep_progress)
        kept = "kept for the instructors" if args.keep_progress else "removed with it"
        _say(args, _as_dict(login, None), f"Removed the login {login.login} of {login.name}; their progress is {kept}.")
        return 0
    if args.action == "add":
        login = admin.add(args.name, args.login, args.instructor)
    elif args.action == "instructor":
        names = {known.name for known in admin.logins()} | {known.login for known in admin.logins()}
        login = admin.make_instructor(args.name) if args.name in names else admin.add(args.name, instructor=True)
    else:
        login = admin.new_password(args.name)
    url = admin.url_for(login, args.host) if login.password else None
    lines = [f"{login.name}: login {login.login}, {login.role.value}"]
    if url is not None:
        lines += [f"password {login.password} (shown this once)", "They start Director Trainer with:",
                  f"  director-trainer --db '{url}'"]
    _say(args, _as_dict(login, url), "\n".join(lines))
    return 0


def _as_dict(login: ClassLogin, url: str | None) -> dict[str, str | None]:
    return {"name": login.name, "login": login.login, "role": login.role.value, "password": login.password, "url": url}


def _say(args: argparse.Namespace, data: object, text: str) -> None:
    if args.json:
        print_json(data)
    else:
        print(text)
