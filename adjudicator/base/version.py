"""The package version, in one place (the facade and the command line both print it)."""

__version__ = "0.1.0"
