"""The foundation (layer 0): small typed values, rule options, errors and reading input.

Imports nothing else of the package; every other layer builds on it.

- ``model``: phases, locations, units, dislodgements and the orders of every phase, as frozen
  values whose ``str()`` is the canonical short form, which ``Unit.parse`` and ``Location.parse``
  read back.
- ``rules``: the frozen :class:`~adjudicator.base.rules.Rules` value, one enum per DATC option,
  and the named presets.
- ``errors``: :class:`~adjudicator.base.errors.Diagnostic` (``path:line:col``, caret, hint) and the
  error tree (``InputError`` and its kinds).
- ``sources``: reading files and YAML/JSON so that every problem names its file, line and column.
- ``version``: the package version.
"""
