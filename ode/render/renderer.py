"""The renderer: any ODE scene, seen from a camera, into an RGB image (PyVista/VTK, offscreen by default).

Depth is resolved per pixel by the OpenGL depth buffer (VTK renders through OSMesa-free EGL/llvmpipe when
there is no display), so overlapping geoms hide each other correctly whatever their order.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import pyvista as pv
import vtk
from vtk.util.numpy_support import vtk_to_numpy

import ode

from ._overlays import Marks, add_aabbs, add_body_frames, add_contacts, add_joints, find_contacts
from ._shapes import Piece, pieces, walk

if TYPE_CHECKING:
    from .._types import ArrayLike, Color, Contacts, Scene

Color = object  # a colour name, "#rrggbb", or an RGB triple of floats in [0, 1] or ints in [0, 255]

DEFAULT_COLORS = {
    ode.GeomSphere: (0.93, 0.45, 0.20),
    ode.GeomBox: (0.25, 0.55, 0.88),
    ode.GeomCapsule: (0.33, 0.75, 0.35),
    ode.GeomCylinder: (0.90, 0.78, 0.22),
    ode.GeomConvex: (0.66, 0.40, 0.82),
    ode.GeomTriMesh: (0.30, 0.75, 0.78),
    ode.GeomHeightfield: (0.62, 0.50, 0.34),
    ode.GeomPlane: (0.78, 0.80, 0.76),
    ode.GeomRay: (0.92, 0.10, 0.62),
}
"""The default colour of each geom class (a GeomTransform is drawn in its encapsulated geom's colour)."""

OTHER_COLOR = (0.60, 0.60, 0.60)
STATIC_COLOR = (0.70, 0.70, 0.70)
BODY_PALETTE = ((0.93, 0.45, 0.20), (0.25, 0.55, 0.88), (0.33, 0.75, 0.35), (0.90, 0.78, 0.22),
                (0.66, 0.40, 0.82), (0.30, 0.75, 0.78), (0.85, 0.35, 0.50), (0.55, 0.65, 0.25))
BACKGROUND = (0.92, 0.94, 0.97)
CHECKER_SHADE = 0.88  # the darker tiles of a plane: this fraction of its colour
PLANE_SIZE_PER_DISTANCE = 10.0  # an infinite plane is drawn as a square this many camera distances wide


@dataclass
class Camera:
    """Where the picture is taken from: ``position`` looking at ``target`` with ``up`` pointing up, a vertical
    field of view ``fov`` in degrees, and the image size ``width`` x ``height`` in pixels."""

    position: tuple[float, float, float] = (6.0, -8.0, 5.0)
    target: tuple[float, float, float] = (0.0, 0.0, 0.5)
    up: tuple[float, float, float] = (0.0, 0.0, 1.0)
    fov: float = 40.0
    width: int = 640
    height: int = 480

    def __post_init__(self) -> None:
        for name in ("position", "target", "up"):
            v = np.asarray(getattr(self, name), dtype=float)
            if v.shape != (3,) or not np.all(np.isfinite(v)):
                raise ValueError(f"camera {name} must be three finite numbers, not {getattr(self, name)!r}")
            setattr(self, name, tuple(float(x) for x in v))
        if not 0.0 < float(self.fov) < 180.0:
            raise ValueError(f"camera fov must be in (0, 180) degrees, not {self.fov!r}")
        for name in ("width", "height"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1:
                raise ValueError(f"camera {name} must be a positive int, not {value!r}")
        if np.linalg.norm(np.subtract(self.target, self.position)) == 0.0:
            raise ValueError("camera position and target must differ")

    @property
    def distance(self) -> float:
        """The distance from the camera to its target."""
        return float(np.linalg.norm(np.subtract(self.target, self.position)))

    def orbit(self, degrees: float) -> Camera:
        """This camera turned ``degrees`` about the up axis through the target (a new Camera)."""
        up = np.asarray(self.up) / np.linalg.norm(self.up)
        offset = np.subtract(self.position, self.target)
        a = math.radians(degrees)
        turned = (offset * math.cos(a) + np.cross(up, offset) * math.sin(a)
                  + up * np.dot(up, offset) * (1 - math.cos(a)))
        return Camera(tuple(np.add(self.target, turned)), self.target, self.up, self.fov, self.width,
                      self.height)


def _rgb(color) -> tuple:
    """A colour as three floats in [0, 1]; ValueError naming the colour when it is not one."""
    try:
        return tuple(float(c) for c in pv.Color(color).float_rgb)
    except (ValueError, TypeError) as e:
        raise ValueError(f"not a colour: {color!r} ({e})") from None


class Renderer:
    """Draws ODE geoms into RGB images.

    ``Renderer(camera=None, colors=None, color_by="class", background=BACKGROUND, shading=True,
    antialias=False, plane_size=None, line_width=3.0, point_size=10.0, window=False)``

    - ``colors``: per-geom colours, a dict geom -> colour or a function geom -> colour (or None for the
      default); a GeomTransform's entry wins over its encapsulated geom's.
    - ``color_by``: the default colours, ``"class"`` (DEFAULT_COLORS) or ``"body"`` (one colour per body,
      static geoms grey).
    - ``shading``: diffuse + ambient lighting; False draws every geom in its flat colour.
    - ``antialias``: False, True or ``"ssaa"`` (supersampling: smooth edges, about 3x slower), ``"msaa"``.
    - ``plane_size``: the edge of the square drawn for an infinite plane (default: 10x the camera distance).
    - ``window``: draw into an on-screen window (used by :func:`ode.render.show`); default offscreen.

    The mesh of each geom is kept between renders and only moved, so rendering a simulation frame after
    frame costs little more than the drawing itself. Call :meth:`close` (or use ``with``) to free it.
    """

    def __init__(self, camera: Camera | None = None, *, colors: Mapping | Callable | None = None,
                 color_by: str = "class", background: Color = BACKGROUND, shading: bool = True,
                 antialias: bool | str = False, plane_size: float | None = None, line_width: float = 3.0,
                 point_size: float = 10.0, window: bool = False) -> None:
        if color_by not in ("class", "body"):
            raise ValueError(f"color_by must be 'class' or 'body', not {color_by!r}")
        if colors is not None and not isinstance(colors, Mapping) and not callable(colors):
            raise TypeError("colors must be a dict geom -> colour, a function geom -> colour, or None")
        if plane_size is not None and not float(plane_size) > 0:
            raise ValueError(f"plane_size must be positive, not {plane_size!r}")
        self.camera = camera if camera is not None else Camera()
        if not isinstance(self.camera, Camera):
            raise TypeError(f"camera must be an ode.render.Camera, not {type(camera).__name__}")
        self.colors = colors
        self.color_by = color_by
        self.shading = bool(shading)
        self.plane_size = plane_size
        self.line_width = float(line_width)
        self.point_size = float(point_size)
        self._body_colors: dict = {}
        self._actors: dict = {}  # piece key -> (signature, colour, actor)
        self._marks = Marks()
        self._texts: list = []
        self._transient: list = []
        self._plotter = self._make_plotter(window, _rgb(background), antialias)

    # ------------------------------------------------------------------ setup
    def _make_plotter(self, window: bool, background: tuple, antialias) -> pv.Plotter:
        """A plotter with a diffuse light from the upper right of the viewer and an overlay layer on top."""
        p = pv.Plotter(off_screen=not window, window_size=(self.camera.width, self.camera.height),
                       lighting="none")
        p.set_background(background)
        p.render_window.SetMultiSamples(0)  # MSAA is slow in software GL; anti-aliasing is ``antialias``'s
        p.add_light(pv.Light(position=(0.4, 0.8, 1.0), light_type="camera light", intensity=0.85))
        p.add_light(pv.Light(position=(0.0, 0.0, 1.0), light_type="camera light", intensity=0.25))
        if antialias:
            # True means SSAA: VTK's offscreen (EGL/OSMesa) builds replace FXAA by it anyway.
            p.enable_anti_aliasing("ssaa" if antialias is True else antialias)
        self._overlay = vtk.vtkRenderer()
        self._overlay.SetLayer(1)
        self._overlay.InteractiveOff()
        self._overlay.SetActiveCamera(p.renderer.GetActiveCamera())
        p.ren_win.SetNumberOfLayers(2)
        p.ren_win.AddRenderer(self._overlay)
        self._grab = vtk.vtkWindowToImageFilter()
        self._grab.SetInput(p.ren_win)
        self._grab.SetInputBufferTypeToRGB()
        self._grab.ReadFrontBufferOff()
        self._grab.ShouldRerenderOff()  # snapshot renders once itself
        return p

    @property
    def plotter(self) -> pv.Plotter:
        """The underlying PyVista plotter, for drawing anything PyVista can (advanced use)."""
        return self._plotter

    def close(self) -> None:
        """Free the render window and its meshes."""
        if self._plotter is not None:
            self._plotter.close()
            self._plotter = None
            self._actors.clear()

    def __enter__(self) -> Renderer:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # ------------------------------------------------------------------ markers of the next render
    def add_points(self, points: ArrayLike, color: Color = "red") -> None:
        """Draw these points (n, 3) in the next render only (a per-frame marker)."""
        rgb = _rgb(color)
        for p in np.asarray(points, dtype=float).reshape(-1, 3):
            self._marks.point(p, rgb)

    def add_lines(self, segments: ArrayLike, color: Color = "black") -> None:
        """Draw these segments, (n, 2, 3) start and end points, in the next render only."""
        rgb = _rgb(color)
        for a, b in np.asarray(segments, dtype=float).reshape(-1, 2, 3):
            self._marks.segment(a, b, rgb)

    def add_text(self, text: str, position: str = "upper_left", color: Color = "black",
                 size: int = 14) -> None:
        """Write ``text`` on the next render only (``position``: 'upper_left', 'lower_right', ...)."""
        self._texts.append((str(text), position, _rgb(color), int(size)))

    # ------------------------------------------------------------------ rendering
    def render(self, scene: Scene, *, contacts: Contacts = None, joints: Iterable[ode.Joint] = (),
               aabbs: bool = False, body_frames: bool = False,
               marker_scale: float | None = None) -> np.ndarray:
        """The picture of ``scene`` (a space, a geom, or an iterable of them) as an RGB uint8 array (H, W, 3).

        Overlays: ``contacts`` True (a collision pass is run on the scene, no joints are made) or a list of
        ode.Contact: points and normals; ``joints``: their anchors and axes; ``aabbs``: every geom's
        bounding box; ``body_frames``: each body's axes. ``marker_scale`` is the length of normals, axes and
        frames (default: a twentieth of the camera distance)."""
        self.draw(scene, contacts=contacts, joints=joints, aabbs=aabbs, body_frames=body_frames,
                  marker_scale=marker_scale)
        return self.snapshot()

    def save_png(self, path: str | os.PathLike[str], scene: Scene, **overlays: Any) -> np.ndarray:
        """Render ``scene`` (with :meth:`render`'s overlay options), write it to a PNG, return it."""
        image = self.render(scene, **overlays)
        write_png(path, image)
        return image

    def draw(self, scene: Scene, *, contacts: Contacts = None, joints: Iterable[ode.Joint] = (),
             aabbs: bool = False, body_frames: bool = False, marker_scale: float | None = None) -> None:
        """Bring the scene's meshes, overlays and markers up to date without taking a picture."""
        if self._plotter is None:
            raise ValueError("this Renderer has been closed")
        geoms = list(walk(scene))
        scale = marker_scale if marker_scale is not None else self.camera.distance / 20.0
        self._sync_geoms(geoms)
        if contacts is True:
            contacts = find_contacts(scene if isinstance(scene, ode.SpaceBase) else geoms)
        if contacts:
            add_contacts(self._marks, contacts, scale)
        add_joints(self._marks, joints, scale)
        if aabbs:
            add_aabbs(self._marks, geoms)
        if body_frames:
            add_body_frames(self._marks, _bodies(geoms), scale)
        self._show_marks()
        self._apply_camera()

    def snapshot(self) -> np.ndarray:
        """Take the picture of what :meth:`draw` set up; the per-render markers are cleared."""
        window = self._plotter.render_window
        window.Render()
        self._grab.Modified()
        self._grab.Update()
        out = self._grab.GetOutput()
        width, height, _ = out.GetDimensions()
        pixels = vtk_to_numpy(out.GetPointData().GetScalars()).reshape(height, width, -1)
        self._clear_transient()
        return np.ascontiguousarray(pixels[::-1, :, :3], dtype=np.uint8)  # VTK's rows run bottom-up

    def _apply_camera(self) -> None:
        c = self.camera
        p = self._plotter
        if tuple(p.window_size) != (c.width, c.height):
            p.window_size = (c.width, c.height)
        cam = p.camera
        cam.position, cam.focal_point, cam.up = c.position, c.target, c.up
        cam.view_angle = float(c.fov)
        p.renderer.ResetCameraClippingRange()

    def _sync_geoms(self, geoms: list) -> None:
        """Add, move, recolour or remove one actor per piece so the actors match the geoms."""
        seen = set()
        plane_size = self.plane_size or max(PLANE_SIZE_PER_DISTANCE * self.camera.distance, 1.0)
        for g in geoms:
            for piece in pieces(g, self.camera.target, plane_size):
                seen.add(piece.key)
                self._sync_piece(piece)
        for key in [k for k in self._actors if k not in seen]:
            self._plotter.remove_actor(self._actors.pop(key)[2], render=False)

    def _sync_piece(self, piece: Piece) -> None:
        color = self._color_of(piece.owners)
        known = self._actors.get(piece.key)
        if known is not None and known[0] == piece.signature and (known[1] == color or not _checkered(piece)):
            actor = known[2]
            if known[1] != color:
                actor.prop.color = color
                self._actors[piece.key] = (piece.signature, color, actor)
        else:
            if known is not None:
                self._plotter.remove_actor(known[2], render=False)
            actor = self._add_piece(piece, color)
            self._actors[piece.key] = (piece.signature, color, actor)
        actor.user_matrix = piece.pose

    def _add_piece(self, piece: Piece, color: tuple):
        mesh = piece.build()
        if piece.line:
            return self._plotter.add_mesh(mesh, color=color, line_width=self.line_width, lighting=False,
                                          render=False, reset_camera=False)
        options = dict(lighting=self.shading, ambient=0.3 if self.shading else 0.0,
                       diffuse=0.75 if self.shading else 1.0, render=False, reset_camera=False)
        if _checkered(piece):
            dark = np.array(color) * CHECKER_SHADE
            mesh.cell_data["rgb"] = (np.where(mesh.cell_data["checker"][:, None] > 0, dark, color)
                                     * 255).round().astype(np.uint8)
            return self._plotter.add_mesh(mesh, scalars="rgb", rgb=True, **options)
        return self._plotter.add_mesh(mesh, color=color, smooth_shading=self.shading, split_sharp_edges=True,
                                      **options)

    def _color_of(self, owners: tuple) -> tuple:
        """The user's colour for the outermost owner that has one, else the default of the innermost."""
        for g in owners:
            chosen = self._user_color(g)
            if chosen is not None:
                return _rgb(chosen)
        return self._default_color(owners)

    def _user_color(self, geom):
        if self.colors is None:
            return None
        if isinstance(self.colors, Mapping):
            return self.colors.get(geom)
        return self.colors(geom)

    def _default_color(self, owners: tuple) -> tuple:
        """By body: the outermost owner's body; by class: the innermost owner's class."""
        if self.color_by == "body":
            body = owners[0].getBody() if owners[0].placeable() else None
            if body is None:
                return STATIC_COLOR
            key = id(body)
            if key not in self._body_colors:
                self._body_colors[key] = BODY_PALETTE[len(self._body_colors) % len(BODY_PALETTE)]
            return self._body_colors[key]
        for cls, color in DEFAULT_COLORS.items():
            if isinstance(owners[-1], cls):
                return color
        return OTHER_COLOR

    def _show_marks(self) -> None:
        """Put the overlays and markers in the top layer, drawn over the scene (never hidden by it)."""
        points, lines = self._marks.point_mesh(), self._marks.line_mesh()
        if points is not None:
            self._add_overlay(points, points=True)
        if lines is not None:
            self._add_overlay(lines, points=False)
        for text, position, color, size in self._texts:
            self._transient.append((self._plotter.renderer,
                                    self._plotter.add_text(text, position=position, color=color,
                                                           font_size=size, render=False)))

    def _add_overlay(self, mesh, points: bool) -> None:
        mapper = vtk.vtkPolyDataMapper()
        mapper.SetInputData(mesh)
        mapper.SetColorModeToDirectScalars()
        mapper.SetScalarModeToUsePointData() if points else mapper.SetScalarModeToUseCellData()
        mapper.SelectColorArray("rgb")
        actor = vtk.vtkActor()
        actor.SetMapper(mapper)
        prop = actor.GetProperty()
        prop.LightingOff()
        if points:
            prop.SetPointSize(self.point_size)
            prop.SetRenderPointsAsSpheres(True)
            prop.SetRepresentationToPoints()
        else:
            prop.SetLineWidth(self.line_width)
        self._overlay.AddActor(actor)
        self._transient.append((self._overlay, actor))

    def _clear_transient(self) -> None:
        for renderer, actor in self._transient:
            renderer.RemoveActor(actor)
        self._transient.clear()
        self._texts.clear()
        self._marks = Marks()


def _checkered(piece: Piece) -> bool:
    return piece.signature[0] == "plane"


def _bodies(geoms: list) -> list:
    """The distinct bodies of these geoms, in order of first appearance."""
    found: dict = {}
    for g in geoms:
        b = g.getBody() if g.placeable() else None
        if b is not None:
            found.setdefault(id(b), b)
    return list(found.values())


def write_png(path: str | os.PathLike[str], image: np.ndarray) -> None:
    """Write an RGB uint8 image (H, W, 3) to a PNG file."""
    from PIL import Image

    Image.fromarray(np.asarray(image, dtype=np.uint8)).save(path, format="PNG")


def render(scene: Scene, path: str | os.PathLike[str] | None = None, camera: Camera | None = None,
           **options: Any) -> np.ndarray:
    """One picture of ``scene``, written to the PNG ``path`` when given; returns the image.

    ``options`` are :class:`Renderer`'s (colors, shading, ...) and :meth:`Renderer.render`'s overlays
    (contacts, joints, aabbs, body_frames, marker_scale)."""
    overlay_names = ("contacts", "joints", "aabbs", "body_frames", "marker_scale")
    overlays = {k: options.pop(k) for k in overlay_names if k in options}
    with Renderer(camera, **options) as r:
        image = r.render(scene, **overlays)
    if path is not None:
        write_png(path, image)
    return image
