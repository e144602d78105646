"""Bids from the players' own phones, sealed (Skull King) or made in turn (Spades): the
sealed bids' table becomes every seat's bids' table, with the marks a bid carries."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0018_sealed_bids"),
    ]

    operations = [
        migrations.RemoveConstraint(model_name="sealedbid", name="sealed_bid_once"),
        migrations.RenameModel(old_name="SealedBid", new_name="SeatBid"),
        migrations.AlterField(
            model_name="seatbid",
            name="game",
            field=models.ForeignKey(
                on_delete=models.deletion.CASCADE, related_name="seat_bids", to="games.game"
            ),
        ),
        migrations.AddField(
            model_name="seatbid", name="marks", field=models.JSONField(default=dict)
        ),
        migrations.AddConstraint(
            model_name="seatbid",
            constraint=models.UniqueConstraint(
                models.F("game"), models.F("round_number"), models.F("seat"), name="seat_bid_once"
            ),
        ),
    ]
