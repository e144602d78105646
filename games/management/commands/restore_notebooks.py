"""What ``backup_notebooks`` wrote (or one notebook's backup) as new notebooks, all or none,
checked through the rules as a web import is. A notebook keeps its secret key unless one
here has it, so on a new server every phone's link keeps working."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction
from django.urls import reverse

from games import exports
from games.rules import RuleError


class Command(BaseCommand):
    help = "Create new notebooks from a backup file (all of them, or none if any is invalid)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", metavar="FILE", help="a file written by backup_notebooks")

    def handle(self, *args: object, file: str, **options) -> None:
        try:
            raw = Path(file).read_bytes()
        except OSError as error:
            raise CommandError(f"Could not read {file}: {error.strerror}.") from None
        try:
            # An operator's file may be larger than a visitor's upload.
            plans = exports.notebooks_plan(exports.read_json(raw, limit=len(raw)))
            with transaction.atomic():
                restored = [
                    exports.restore(
                        notebook=None,
                        players=plan.players,
                        sessions=plan.sessions,
                        name=plan.name,
                        key=plan.key,
                    )
                    for plan in plans
                ]
        except RuleError as error:
            raise CommandError(f"Nothing was restored: {error}") from None
        for plan, done in zip(plans, restored, strict=True):
            notebook = done.notebook
            kept = "the same link" if notebook.key == plan.key else "a new link"
            self.stdout.write(
                f"Notebook {notebook.name or notebook.pk!s}: {len(plan.players)} player(s),"
                f" {len(done.games)} session(s), {kept}:"
                f" {reverse('open_notebook', args=[notebook.key])}"
            )
        self.stdout.write(f"Restored {len(restored)} notebook(s).")
