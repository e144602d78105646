"""The site's URLs and two yardsticks every page is compared with."""

from django.http import HttpRequest, HttpResponse
from django.template import engines
from django.urls import include, path

from games.views.access import current_notebook

# The smallest real page: the site's frame (base.html) around nothing.
EMPTY_PAGE = engines["django"].from_string('{% extends "base.html" %}')


def trivial(request: HttpRequest) -> HttpResponse:
    """No database, no template: what Django itself costs (all the middleware runs)."""
    return HttpResponse("ok", content_type="text/plain")


def trivial_page(request: HttpRequest) -> HttpResponse:
    """The least a page of this site costs: the notebook's cookie looked up (one query)
    and base.html rendered around an empty content block."""
    return HttpResponse(EMPTY_PAGE.render({"notebook": current_notebook(request)}, request=request))


urlpatterns = [
    path("bench/trivial/", trivial, name="bench_trivial"),
    path("bench/trivial-page/", trivial_page, name="bench_trivial_page"),
    path("", include("scorekeeper.urls")),
]
