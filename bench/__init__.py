"""Benchmarks, page weights, a load test and Lighthouse: see docs/performance.md.

Not part of `make test`; `make bench` runs them all.
"""
