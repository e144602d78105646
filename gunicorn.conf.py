"""gunicorn settings for `make run`; the address comes from the command line."""

import os

wsgi_app = "scorekeeper.wsgi:application"
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
# Load Django once in the master: a broken setting fails at start, and the
# secret key file is created once, before any worker forks.
preload_app = True
accesslog = "-"
errorlog = "-"
