"""A bench of bad but complete sets: each must fail or be flagged by `cardgen check` for its own
reason (tests/badsets/test_badsets.py)."""
