"""Reports: tables of our engine's deviation from the recordings, with the tolerances the tests apply."""
