"""XODE, the XML scene format for ODE: a parser that builds worlds, spaces, bodies, geoms and joints.

``xode.parser.Parser().parseString(text)`` (or ``parseFile``) reads an XODE document and returns the root of
a tree of nodes (``xode.node.TreeNode``); each node names the ODE object it built (``getODEObject``), so a
script finds its objects with ``root.namedChild('name').getODEObject()``. The API follows PyODE's ``xode``
package so scripts written for it run unchanged; the objects are built with whichever ``ode`` module is
imported (this distribution's). Modules by element family:

- ``xode.parser``: the parser, the element table and the ``<xode>``, ``<world>`` and ``<space>`` nodes.
- ``xode.body``: ``<body>`` and ``<mass>`` (``mass_shape``, ``mass_struct``, ``adjust``, nested masses).
- ``xode.geom``: ``<geom>`` and its shapes (sphere, box, capsule, cylinder, plane, ray, trimesh).
- ``xode.joint``: ``<joint>`` (ball, hinge, hinge2, slider, universal, fixed, amotor) and ``<jointgroup>``.
- ``xode.transform``: ``<transform>`` (position, rotation, scale, absolute or relative composition).
- ``xode.errors``: the exceptions, whose messages name the element and its line.
"""

__all__ = ["body", "errors", "geom", "joint", "node", "parser", "transform"]
