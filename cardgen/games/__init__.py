"""The games cardgen knows, as an explicit registry (no registration by import side effect)."""
