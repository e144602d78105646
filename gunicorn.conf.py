"""gunicorn settings, for `make run` at home and for a site behind nginx (docs/deploy.md).

`make run` gives the address on the command line (--bind 0.0.0.0:$PORT); a
site sets SCOREKEEPER_BIND, by default the loopback address nginx proxies to.
"""

import os

wsgi_app = "scorekeeper.wsgi:application"
bind = [os.environ.get("SCOREKEEPER_BIND", "127.0.0.1:8000")]
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
# Load Django once in the master: a broken setting fails at start, and the
# secret key file is created once, before any worker forks.
preload_app = True
# A request that takes longer is stuck: the worker is replaced.
timeout = 30
# Each worker touches a heartbeat file for every request; on a memory filesystem that
# costs no disk (gunicorn's docs suggest /dev/shm wherever /tmp may be on disk).
worker_tmp_dir = "/dev/shm" if os.path.isdir("/dev/shm") else None
graceful_timeout = 20
# Only the local proxy may say a request came over HTTPS (X-Forwarded-Proto).
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
# No access log unless asked for (SCOREKEEPER_ACCESS_LOG: "-" for stdout, or a file):
# nginx already logs every request of a site, and writing the line cost a seventh
# of a trivial request here, for every poll of every phone (docs/performance.md).
accesslog = os.environ.get("SCOREKEEPER_ACCESS_LOG") or None
errorlog = "-"

# Python's cyclic garbage collector (docs/performance.md, "The garbage collector").
# A worker holds what Django loaded and the sessions and pages it keeps, some 100,000
# objects to go over in every full collection; with Python's default thresholds an
# entry at deal 16 spent about a quarter of its time collecting. What the master
# loaded stays for the worker's life: it is frozen out of every collection, before
# the fork as Python's docs advise (its memory pages stay shared too). A worker then
# collects its youngest objects every GC_THRESHOLD allocations instead of 700.
GC_THRESHOLD = (50_000, 20, 20)


def pre_fork(server, worker):
    import gc

    gc.freeze()


def post_fork(server, worker):
    import gc

    gc.set_threshold(*GC_THRESHOLD)
