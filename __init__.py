"""meneur — the game master's assistant for Loup-garou played on a forum.

The repository root is the package: ``meneur.parsers`` (pure HTML → records),
``meneur.engine`` (pure rules), ``meneur.daemon`` (everything with side effects),
``meneur.templates`` and ``meneur.config`` (shipped data).
"""

__version__ = "0.1.0"
