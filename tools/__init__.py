"""Developer tools, never imported by the package: ``oracle/`` drives libode 0.16.2 through ctypes,
``record/`` writes the recordings in tests/data/ with it, ``report/`` prints how far ours is from them, and
``gen/`` writes the generated sources. Run them from the repository root, e.g.
``python tools/record/record_scenes.py``."""
