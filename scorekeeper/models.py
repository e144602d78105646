from django.db import models


class LinkMisses(models.Model):
    """Link misses of an address since its window began (scorekeeper/middleware.py); a row
    whose window is over counts for nothing and is deleted when a new window starts."""

    address = models.CharField(max_length=64, unique=True)
    since = models.DateTimeField(db_index=True)
    misses = models.PositiveIntegerField(default=1)

    class Meta:
        verbose_name_plural = "link misses"

    def __str__(self) -> str:
        return f"{self.address}: {self.misses} since {self.since:%H:%M:%S}"
