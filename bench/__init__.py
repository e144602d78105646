"""Budgets of docs/performance.md: server time, page weight, Lighthouse, the load test.
Not part of `make test`; `make bench` runs them all."""
