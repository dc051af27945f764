"""ode.render: depth-correct pictures of every geom class, overlays, PNG, GIF and MP4 recording, hooks.

Skipped only when the render extra (pip install "cyode[render]") is not installed. Images are small and
drawn flat (shading=False) where a test looks for exact colours.
"""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest

import ode

pytest.importorskip("pyvista", reason='the render extra is not installed: pip install "cyode[render]"')
pytest.importorskip("imageio_ffmpeg", reason='the render extra is not installed: pip install "cyode[render]"')

import imageio.v2 as imageio  # noqa: E402
from PIL import Image  # noqa: E402

import ode.render as R  # noqa: E402
from ode.render import _overlays  # noqa: E402

SMALL = dict(width=160, height=120)
RED, BLUE = (255, 0, 0), (0, 0, 255)


def count(image: np.ndarray, rgb, tol: int = 0) -> int:
    """How many pixels are within ``tol`` (per channel) of the colour ``rgb`` (0-255 ints)."""
    diff = np.abs(image.astype(int) - np.asarray(rgb, dtype=int)).max(axis=2)
    return int((diff <= tol).sum())


def rgb255(color) -> tuple:
    return tuple(int(round(c * 255)) for c in color)


# ------------------------------------------------------------------ depth


def two_boxes():
    """A small box in front of (nearer the camera at -y than) a large one that it partly covers."""
    front = ode.GeomBox(None, (1, 1, 1))
    front.setPosition((0, -1, 0))
    back = ode.GeomBox(None, (2, 0.5, 2))
    back.setPosition((0.5, 1, 0.3))
    return front, back


FACING = R.Camera((0, -6, 0), (0, 0, 0), up=(0, 0, 1), fov=40, **SMALL)


@pytest.mark.parametrize("front_first", [True, False])
def test_the_nearer_box_hides_the_farther_whatever_the_order(front_first):
    front, back = two_boxes()
    geoms = [front, back] if front_first else [back, front]
    img = R.render(geoms, camera=FACING, colors={front: RED, back: BLUE}, shading=False)
    centre = tuple(img[FACING.height // 2, FACING.width // 2])
    assert centre == RED  # both boxes cover the image centre; the nearer one wins
    assert count(img, BLUE) > 0  # the far box still shows beside the near one


def test_moving_the_far_box_in_front_changes_the_winner():
    front, back = two_boxes()
    back.setPosition((0.5, -3, 0.3))  # now nearest the camera
    img = R.render([front, back], camera=FACING, colors={front: RED, back: BLUE}, shading=False)
    assert tuple(img[FACING.height // 2, FACING.width // 2]) == BLUE


# ------------------------------------------------------------------ every geom class


def every_class_scene():
    """One geom of every class in one space (a sphere in a nested space, a box in a transform); returns
    the space and a dict geom -> a distinct colour."""
    space = ode.SimpleSpace()
    plane = ode.GeomPlane(space, (0, 0, 1), -0.5)
    sphere = ode.GeomSphere(space, 0.4)
    sphere.setPosition((-3, 0, 0))
    box = ode.GeomBox(space, (0.6, 0.6, 0.6))
    box.setPosition((-2, 0, 0))
    capsule = ode.GeomCapsule(space, 0.25, 0.5)
    capsule.setPosition((-1, 0, 0))
    cylinder = ode.GeomCylinder(space, 0.3, 0.6)
    cylinder.setPosition((0, 0, 0))
    pts = [(x, y, z) for x in (-.3, .3) for y in (-.3, .3) for z in (-.3, .3)]
    planes = [(1, 0, 0, .3), (-1, 0, 0, .3), (0, 1, 0, .3), (0, -1, 0, .3), (0, 0, 1, .3), (0, 0, -1, .3)]
    polys = [4, 4, 6, 7, 5, 4, 0, 1, 3, 2, 4, 2, 3, 7, 6, 4, 0, 4, 5, 1, 4, 1, 5, 7, 3, 4, 0, 2, 6, 4]
    convex = ode.GeomConvex(space, planes, pts, polys)
    convex.setPosition((1, 0, 0))
    data = ode.TriMeshData()
    data.build([(0, 0, 0), (.6, 0, 0), (0, 0, .6), (0, -.6, 0)], [(0, 1, 2), (0, 3, 1), (0, 2, 3), (1, 3, 2)])
    trimesh = ode.GeomTriMesh(data, space)
    trimesh.setPosition((2, 0, -0.3))
    inner = ode.GeomBox(None, (0.3, 0.3, 0.8))
    transform = ode.GeomTransform(space)
    transform.setGeom(inner)
    inner.setPosition((0, 0, 0.2))
    transform.setPosition((3, 0, -0.2))
    ray = ode.GeomRay(space, 1.2)
    ray.set((3.7, 0, -0.5), (0, 0, 1))
    hdata = ode.HeightfieldData()
    hdata.buildDouble(np.linspace(0, 0.3, 16), True, 1.5, 1.0, 4, 4, 1.0, 0.0, 0.1, False)
    field = ode.GeomHeightfield(hdata, True, space)
    field.setRotation((1, 0, 0, 0, 0, -1, 0, 1, 0))  # its y (height) axis along the world's z
    field.setPosition((-1, 1.8, -0.5))
    nested = ode.SimpleSpace(space)
    inner_sphere = ode.GeomSphere(nested, 0.3)
    inner_sphere.setPosition((1.5, 1.8, 0))
    colors = {plane: (200, 200, 200), sphere: (255, 0, 0), box: (0, 0, 255), capsule: (0, 255, 0),
              cylinder: (255, 255, 0), convex: (255, 0, 255), trimesh: (0, 255, 255),
              transform: (128, 0, 255), ray: (255, 128, 0), field: (128, 64, 0), inner_sphere: (0, 128, 64)}
    return space, colors


OVERVIEW = R.Camera((0.5, -7, 3.5), (0.5, 0.5, 0), fov=50, width=240, height=160)


def test_every_geom_class_appears_in_its_colour(tmp_path):
    space, colors = every_class_scene()
    img = R.render(space, camera=OVERVIEW, colors=colors, shading=False)
    missing = [type(g).__name__ for g, c in colors.items() if count(img, c) == 0]
    assert missing == []


def test_default_colours_by_class_and_shading_give_each_class_its_hue():
    space, _ = every_class_scene()
    img = R.render(space, camera=OVERVIEW, shading=False)
    for cls in (ode.GeomSphere, ode.GeomBox, ode.GeomCapsule, ode.GeomCylinder, ode.GeomConvex):
        assert count(img, rgb255(R.DEFAULT_COLORS[cls]), tol=1) > 0, cls.__name__
    shaded = R.render(space, camera=OVERVIEW)
    assert shaded.shape == (OVERVIEW.height, OVERVIEW.width, 3) and shaded.dtype == np.uint8
    assert len(np.unique(shaded.reshape(-1, 3), axis=0)) > len(np.unique(img.reshape(-1, 3), axis=0))


def test_a_colour_function_and_colour_by_body():
    world = ode.World()
    a, b = ode.GeomSphere(None, 0.5), ode.GeomSphere(None, 0.5)
    for g, x in ((a, -1.0), (b, 1.0)):
        body = ode.Body(world)
        g.setBody(body)
        body.setPosition((x, 0, 0))
    img = R.render([a, b], camera=FACING, colors=lambda g: "red" if g is a else None, shading=False)
    assert count(img, RED) > 0 and count(img, rgb255(R.DEFAULT_COLORS[ode.GeomSphere])) > 0
    by_body = R.render([a, b], camera=FACING, color_by="body", shading=False)
    left, right = by_body[60, 40], by_body[60, 120]
    assert tuple(left) != tuple(right)


# ------------------------------------------------------------------ overlays


def resting_pair():
    """A sphere sinking slightly into a box, a hinge between their bodies; returns (space, world, joint)."""
    world = ode.World()
    space = ode.SimpleSpace()
    box = ode.GeomBox(space, (2, 2, 0.5))
    ball = ode.GeomSphere(space, 0.5)
    ball.setPosition((0, 0, 0.7))
    bodies = []
    for g in (box, ball):
        body = ode.Body(world)
        body.setPosition(g.getPosition())
        g.setBody(body)
        bodies.append(body)
    hinge = ode.HingeJoint(world)
    hinge.attach(*bodies)
    hinge.setAnchor((1.2, -1.2, 0.5))
    hinge.setAxis((0, 0, 1))
    return space, world, hinge


ABOVE = R.Camera((3, -5, 4), (0, 0, 0.3), fov=45, **SMALL)


def test_overlays_draw_in_their_colours_only_when_asked():
    space, _world, hinge = resting_pair()
    marks = {"contacts": _overlays.CONTACT_POINT, "joints": _overlays.JOINT_ANCHOR,
             "aabbs": _overlays.AABB_EDGE, "body_frames": _overlays.FRAME_AXES[0]}
    with R.Renderer(ABOVE, shading=False) as r:
        plain = r.render(space)
        for name, color in marks.items():
            value = [hinge] if name == "joints" else True
            img = r.render(space, **{name: value})
            assert count(img, rgb255(color), tol=8) > count(plain, rgb255(color), tol=8), name
        again = r.render(space)
    assert np.array_equal(plain, again)  # overlays last one render


def test_contacts_from_a_list_are_drawn():
    space, _world, _hinge = resting_pair()
    contacts = _overlays.find_contacts(space)
    assert contacts
    img = R.render(space, camera=ABOVE, shading=False, contacts=contacts)
    assert count(img, rgb255(_overlays.CONTACT_NORMAL), tol=8) > 0


# ------------------------------------------------------------------ files


def test_png_is_written_and_reads_back(tmp_path):
    space, _world, _hinge = resting_pair()
    path = tmp_path / "scene.png"
    with R.Renderer(ABOVE) as r:
        img = r.save_png(path, space)
    back = np.asarray(Image.open(path).convert("RGB"))
    assert back.shape == (ABOVE.height, ABOVE.width, 3)
    assert np.array_equal(back, img)


def falling_world():
    world = ode.World()
    world.setGravity((0, 0, -9.81))
    space = ode.SimpleSpace()
    ode.GeomPlane(space, (0, 0, 1), 0)
    ball = ode.GeomSphere(space, 0.3)
    body = ode.Body(world)
    mass = ode.Mass()
    mass.setSphere(1000, 0.3)
    body.setMass(mass)
    body.setPosition((0, 0, 1.5))
    ball.setBody(body)
    return world, space, body


def test_gif_and_mp4_have_the_expected_frames_and_the_world_moves(tmp_path):
    world, space, body = falling_world()
    gif, mp4 = tmp_path / "fall.gif", tmp_path / "fall.mp4"
    n = R.record(world, space, step=0.01, seconds=0.6, fps=10, camera=ABOVE, gif=gif, mp4=mp4)
    assert n == 6
    frames = imageio.mimread(gif)
    assert len(frames) == 6 and frames[0].shape[:2] == (ABOVE.height, ABOVE.width)
    reader = imageio.get_reader(mp4, format="FFMPEG")
    try:
        assert sum(1 for _ in reader) == 6
    finally:
        reader.close()
    assert body.getPosition()[2] < 1.5  # five frames of 0.1 s were simulated
    assert not np.array_equal(frames[0], frames[-1])


def test_hooks_are_called_once_per_frame_and_their_markers_show(tmp_path):
    world, space, _body = falling_world()
    before, after = [], []

    def on_frame(renderer, index):
        before.append(index)
        renderer.add_points([(0, 0, 0.5)], color=(255, 0, 255))

    def on_image(image, index):
        after.append((index, count(image, (255, 0, 255), tol=8) > 0))
        image[0, 0] = (1, 2, 3)

    steps = []
    R.record(world, space, step=steps.append, seconds=0.4, fps=10, camera=ABOVE, gif=tmp_path / "h.gif",
             on_frame=on_frame, on_image=on_image)
    assert before == [0, 1, 2, 3]
    assert after == [(i, True) for i in range(4)]
    assert steps == [0.1, 0.1, 0.1]  # a step function gets the frame time; frame 0 is the start


# ------------------------------------------------------------------ errors and isolation


@pytest.mark.parametrize("kwargs, name", [
    (dict(fov=0), "fov"), (dict(width=0), "width"), (dict(position=(0, 0)), "position"),
    (dict(position=(0, 0, 0), target=(0, 0, 0)), "differ"),
])
def test_bad_camera_raises_valueerror_naming_it(kwargs, name):
    with pytest.raises(ValueError, match=name):
        R.Camera(**kwargs)


def test_bad_recording_arguments_raise(tmp_path):
    world, space, _body = falling_world()
    with pytest.raises(ValueError, match="gif"):
        R.record(world, space, seconds=0.1)
    with pytest.raises(ValueError, match="step"):
        R.record(world, space, step=-1.0, gif=tmp_path / "x.gif")
    with pytest.raises(ValueError, match="fps"):
        R.record(world, space, fps=0, gif=tmp_path / "x.gif")
    with pytest.raises(ValueError, match="color_by"):
        R.Renderer(color_by="mass")
    with pytest.raises(ValueError, match="colour"):
        R.render([ode.GeomSphere(None, 1)], camera=FACING, colors=lambda g: "not-a-colour")
    with pytest.raises(TypeError, match="scene"):
        R.render(42, camera=FACING)
    with pytest.raises(ValueError, match="scene"):
        R.record(world, None, step=lambda dt: None, gif=tmp_path / "x.gif")


def test_show_without_a_display_says_so(monkeypatch):
    if not sys.platform.startswith("linux"):
        pytest.skip("a display is assumed on Windows and macOS")
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    world, space, _body = falling_world()
    with pytest.raises(R.NoDisplayError, match="display"):
        R.show(world, space)


def run_python(code: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)


def test_import_ode_does_not_import_the_renderer():
    done = run_python("import sys, ode; print('ode.render' in sys.modules, 'pyvista' in sys.modules)")
    assert done.stdout.split() == ["False", "False"], done.stderr


def test_missing_extra_names_the_install_command():
    done = run_python("import sys; sys.modules['pyvista'] = None\n"
                      "try:\n    import ode.render\nexcept ImportError as e:\n    print(e)")
    assert 'pip install "cyode[render]"' in done.stdout, done.stderr


def test_orbit_turns_about_the_up_axis_keeping_the_distance():
    cam = R.Camera((3, 0, 1), (0, 0, 1), up=(0, 0, 1))
    quarter = cam.orbit(90)
    assert np.allclose(quarter.position, (0, 3, 1), atol=1e-12)
    assert quarter.distance == pytest.approx(cam.distance)
    assert np.allclose(cam.orbit(360).position, cam.position, atol=1e-12)


def test_a_progress_bar_is_shown_when_asked(tmp_path, capsys):
    world, space, _body = falling_world()
    R.record(world, space, seconds=0.2, fps=10, camera=ABOVE, gif=tmp_path / "p.gif", progress=True)
    assert "2/2" in capsys.readouterr().err
