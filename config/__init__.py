"""Example and default configuration files shipped with meneur."""
