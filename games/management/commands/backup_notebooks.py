"""Every notebook (or one) as JSON for ``restore_notebooks``. It holds each secret key, so
a restore on a new server keeps every phone's link: keep it as safe as the database."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games import exports
from games.models import Notebook


class Command(BaseCommand):
    help = "Write every notebook (or one) with its players and sessions to a JSON file."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--notebook", metavar="KEY", help="only the notebook with this key")
        parser.add_argument(
            "--output", metavar="FILE", help="where to write (default: standard output)"
        )

    def handle(self, *args: object, notebook: str | None, output: str | None, **options) -> None:
        notebooks = Notebook.objects.all()
        if notebook is not None:
            notebooks = notebooks.filter(key=notebook)
            if not notebooks.exists():
                raise CommandError("No notebook has that key.")
        loaded = exports.load_notebooks(notebooks)
        text = exports.to_json(exports.notebooks_json(loaded)) + "\n"
        if output is None:
            self.stdout.write(text, ending="")
            return
        path = Path(output)
        # Written beside it, then moved: a full disk or a crash never leaves half a backup.
        partial = path.with_name(f".{path.name}.partial")
        try:
            partial.write_text(text, encoding="utf-8")
            partial.replace(path)
        except OSError as error:
            partial.unlink(missing_ok=True)
            raise CommandError(f"Could not write {output}: {error.strerror}.") from None
        sessions = sum(len(tables) for _notebook, tables in loaded)
        self.stdout.write(f"Wrote {len(loaded)} notebook(s), {sessions} session(s) to {output}.")
