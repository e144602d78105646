"""What app servers share besides the game: the count of links that do not exist
that an address asked for (scorekeeper/middleware.py)."""

from django.db import models


class LinkMisses(models.Model):
    """Misses of one address (an IPv4 address or an IPv6 /64) since ``since``.

    The window starts at the first miss; a row whose window is over counts for
    nothing and is deleted when a new window starts.
    """

    address = models.CharField(max_length=64, unique=True)
    since = models.DateTimeField(db_index=True)
    misses = models.PositiveIntegerField(default=1)

    class Meta:
        verbose_name_plural = "link misses"

    def __str__(self) -> str:
        return f"{self.address}: {self.misses} since {self.since:%H:%M:%S}"
