"""Recorders: ``record_<stem>.py`` runs libode (or Debian's PyODE) and writes ``tests/data/<stem>...``, which
``tests/<kind>/test_<stem>.py`` reads."""
