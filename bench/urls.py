"""The site's URLs and the yardstick every page is compared with."""

from django.http import HttpRequest, HttpResponse
from django.urls import include, path


def trivial(request: HttpRequest) -> HttpResponse:
    """No database, no template: what Django and the middleware cost by themselves."""
    return HttpResponse("ok", content_type="text/plain")


urlpatterns = [
    path("bench/trivial/", trivial, name="bench_trivial"),
    path("", include("scorekeeper.urls")),
]
