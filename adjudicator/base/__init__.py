"""The foundation (layer 0): small typed values, rule options, errors and reading input.

Imports nothing else of the package; every other layer builds on it.

- ``model``: phases, locations, units, dislodgements and the orders of every phase, as frozen
  values whose ``str()`` is the canonical short form, which ``Unit.parse`` and ``Location.parse``
  read back.
- ``calendar``: :class:`~adjudicator.base.calendar.Calendar`, the years a map lets pass between
  its seasons (the rulebook's, or the Hundred's five years a movement).
- ``rules``: the frozen :class:`~adjudicator.base.rules.Rules` value, one enum per DATC option,
  and the named presets.
- ``errors``: :class:`~adjudicator.base.errors.Diagnostic` (``path:line:col``, caret, hint), the
  error tree (``InputError`` and its kinds) and ``check_argument``, the type check of the public
  entry points.
- ``limits``: :class:`~adjudicator.base.limits.Limits`, the most any reader reads (file size,
  lines, line length, nesting, aliases, number length); where a line ends (the one rule every
  reader counts by); quoting any value briefly and safely in a message.
- ``documents``: YAML and JSON read within the limits (aliases, nesting and numbers counted while
  reading), every refusal at its line and column.
- ``sources``: reading files within the limits and locating problems in the data, so that every
  problem names its file, line and column.
- ``version``: the package version.
- ``core``: which build of the adjudication core runs, the compiled one or the pure Python
  reference (``ADJUDICATOR_PURE=1``; docs/compiled-core.md).
"""
