"""Django's makemessages, which also reads the Jinja2 templates (``*.jinja``,
games/jinja.py): their messages are written out as the gettext calls they make, as
Django's templatize does for its own templates, and go to the same catalogues."""

from __future__ import annotations

from django.core.management.commands import makemessages

from games import jinja

JINJA = ".jinja"


class BuildFile(makemessages.BuildFile):
    @property
    def is_templatized(self) -> bool:
        return self.translatable.file.endswith(JINJA) or super().is_templatized

    def preprocess(self) -> None:
        if not self.translatable.file.endswith(JINJA):
            return super().preprocess()
        with open(self.path, encoding="utf-8") as source:
            calls = jinja.as_python(source.read())
        with open(self.work_path, "w", encoding="utf-8") as written:
            written.write(calls)


class Command(makemessages.Command):
    build_file_class = BuildFile

    def handle(self, *args, **options) -> None:
        if options["domain"] == "django":
            options["extensions"] = [*(options["extensions"] or ["html", "txt", "py"]), "jinja"]
        super().handle(*args, **options)
