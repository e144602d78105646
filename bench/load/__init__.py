"""The load test: see run.py."""
