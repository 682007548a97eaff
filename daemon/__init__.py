"""Side effects live here: the CLI, the store, HTTP, the scheduler, the outbox."""
