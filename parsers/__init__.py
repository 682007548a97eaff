"""Pure parsers: forum HTML in, frozen records out. No I/O, no clock, no engine import."""
