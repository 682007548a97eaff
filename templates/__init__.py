"""Jinja2 templates (French, BBCode or Markdown) shipped with meneur."""
