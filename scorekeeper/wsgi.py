"""WSGI entry point, served by gunicorn (see gunicorn.conf.py): Django, with the live
polls whose answer is a lookup answered in front of it (games/fast_polls.py)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")

django_application = get_wsgi_application()

from games.fast_polls import FastPolls  # noqa: E402 - needs the apps loaded above

application = FastPolls(django_application)
