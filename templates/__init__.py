"""The built-in set files and booklet texts, one folder per game. Edited here; installed as the
package `cardgen.templates` (see pyproject.toml) and read through `cardgen.sets`."""
