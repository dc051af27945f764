"""libode 0.16.2 as a black-box oracle through ctypes: ``libode`` loads the library and declares its calls,
``libode_collide`` drives its collision, and the ``libode_pyode*`` shims give it PyODE's API, so the scenes
written for our ``ode`` run unchanged against libode."""
