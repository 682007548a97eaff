"""Forum adapters: one per forum engine, all behind the same small interface (base.ForumAdapter)."""

from __future__ import annotations

import httpx

from ..config import Config, require_live
from ..http import PoliteClient
from .base import ForumAdapter, ForumSettings


def post_limit(config: Config) -> int:
    """The longest post or MP the configured forum takes: ``[forum] max_post_chars``, else its engine's default."""
    from .generic import GenericAdapter
    from .phpbb2 import Phpbb2Adapter
    from .phpbb3 import Phpbb3Adapter
    from .spirit import SpiritAdapter

    if config.live.max_post_chars:
        return config.live.max_post_chars
    classes: dict[str, type[ForumAdapter]] = {"phpbb3": Phpbb3Adapter, "phpbb2": Phpbb2Adapter, "spirit": SpiritAdapter}
    return classes.get(config.engine, GenericAdapter).default_max_post_chars


def make_adapter(config: Config, client: httpx.Client | None = None) -> ForumAdapter:
    """The adapter for the configured engine, over ``client`` (a real one unless a test gives one)."""
    require_live(config)
    from .phpbb2 import Phpbb2Adapter
    from .phpbb3 import Phpbb3Adapter
    from .spirit import SpiritAdapter

    classes: dict[str, type[ForumAdapter]] = {
        "phpbb3": Phpbb3Adapter,
        "phpbb2": Phpbb2Adapter,
        "spirit": SpiritAdapter,
    }
    if config.engine not in classes and config.engine != "generic":
        raise NotImplementedError(f"no adapter yet for the {config.engine} engine: use `meneur count` on saved pages")
    live = config.live
    http = PoliteClient(
        client or httpx.Client(timeout=httpx.Timeout(live.timeout, connect=min(10.0, live.timeout))),
        min_interval=live.min_request_interval,
        retries=live.retries,
        backoff=live.backoff,
        max_bytes=config.max_page_bytes,
    )
    settings = ForumSettings(
        base_url=live.url,
        username=live.username,
        password=live.password,
        topic=live.topic,
        layout=config.layout,
        timezone=config.timezone,
        posts_per_page=live.posts_per_page,
        max_post_chars=live.max_post_chars,
    )
    if config.engine == "generic":
        from .generic import GenericAdapter

        if live.site is None:
            raise NotImplementedError("the generic engine needs [forum.pages] (see fixtures/forums/generic/NOTES.md)")
        return GenericAdapter(http, settings, live.site)
    return classes[config.engine](http, settings)
