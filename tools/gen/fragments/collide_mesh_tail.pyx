

# ---- registry and Python entry points (same names and signatures as the twin)


cdef dReal* _copy_real(a, int n) except NULL:
    """A malloc'd dReal copy of n values of a (anything numpy can read)."""
    cdef dReal* out = <dReal*> malloc((n + 1) * sizeof(dReal))
    cdef int k
    flat = np.asarray(a, dtype=np.float64).reshape(-1)
    for k in range(n):
        out[k] = <dReal> flat[k]
    return out


cdef int* _copy_int(a, int n) except NULL:
    """A malloc'd int copy of n values of a."""
    cdef int* out = <int*> malloc((n + 1) * sizeof(int))
    cdef int k
    flat = np.asarray(a, dtype=np.int64).reshape(-1)
    for k in range(n):
        out[k] = <int> flat[k]
    return out


cdef int _store(MeshData* md) except -1:
    """Store md under a fresh id."""
    global _reg, _reg_cap
    cdef int i = _next_id[0]
    cdef int cap
    _next_id[0] = i + 1
    if i >= _reg_cap:
        cap = 2 * i + 16
        _reg = <MeshData**> realloc(_reg, cap * sizeof(MeshData*))
        memset(&_reg[_reg_cap], 0, (cap - _reg_cap) * sizeof(MeshData*))
        _reg_cap = cap
    _reg[i] = md
    return i


def register_trimesh(vertices, indices, normals=None) -> int:
    """Register a trimesh: vertices (n, 3), triangle indices (m, 3), optional face normals (m, 3); its id."""
    v = np.asarray(vertices, dtype=np.float64).astype(np.float32).astype(np.float64).reshape(-1)  # as libode
    t = np.asarray(indices, dtype=np.int64).reshape(-1)
    cdef MeshData* md = <MeshData*> calloc(1, sizeof(MeshData))
    cdef int k
    md.kind = MESH_TRIMESH
    md.nv = v.shape[0] // 3
    md.nt = t.shape[0] // 3
    md.v = _copy_real(v, 3 * md.nv)
    md.t = _copy_int(t, 3 * md.nt)
    if normals is not None:
        md.tn = _copy_real(normals, 3 * md.nt)
    else:
        md.tn = <dReal*> calloc(3 * md.nt + 1, sizeof(dReal))
    md.tb = <dReal*> calloc(6 * md.nt + 1, sizeof(dReal))
    from ode._fallback.colliders.mesh_registry import _given_bounds
    vb = _given_bounds(vertices)
    for k in range(6):
        md.vb[k] = <dReal> vb[k]
    from ode._fallback.colliders.mesh_registry import tree_order
    md.to = _copy_int(tree_order(v, t), 2 * md.nt)
    trimesh_prepare(md, 1 if normals is None else 0)
    return _store(md)


def register_convex(planes, points, polygons) -> int:
    """Register a convex: planes (k, 4) (ax+by+cz=d), points (n, 3), polygons [n, i0 .. , n, ...]."""
    pl = np.asarray(planes, dtype=np.float64).reshape(-1)
    pt = np.asarray(points, dtype=np.float64).reshape(-1)
    poly = [int(x) for x in np.asarray(polygons, dtype=np.int64).reshape(-1)]
    cdef MeshData* md = <MeshData*> calloc(1, sizeof(MeshData))
    cdef int k
    cdef double ln
    md.kind = MESH_CONVEX
    md.nf = pl.shape[0] // 4
    md.nv = pt.shape[0] // 3
    md.v = _copy_real(pt, 3 * md.nv)
    md.fn = <dReal*> calloc(3 * md.nf + 1, sizeof(dReal))
    for k in range(md.nf):
        ln = sqrt(pl[4 * k] * pl[4 * k] + pl[4 * k + 1] * pl[4 * k + 1] + pl[4 * k + 2] * pl[4 * k + 2])
        md.fn[3 * k] = <dReal> (pl[4 * k] / ln)
        md.fn[3 * k + 1] = <dReal> (pl[4 * k + 1] / ln)
        md.fn[3 * k + 2] = <dReal> (pl[4 * k + 2] / ln)
    md.pl = _copy_real(pl, 4 * md.nf)
    fs = []
    fi = []
    pos = 0
    for k in range(md.nf):
        m = poly[pos]
        fs.append(len(fi))
        fi.extend(poly[pos + 1:pos + 1 + m])
        pos += 1 + m
    fs.append(len(fi))
    md.fs = _copy_int(fs, md.nf + 1)
    md.fi = _copy_int(fi, len(fi))
    from ode._fallback.colliders.mesh_registry import _edges_of_faces
    e = _edges_of_faces(fs, fi, md.nf)
    md.ne = len(e) // 2
    md.e = _copy_int(e, len(e))
    return _store(md)


def register_heightfield(heights, width_samples, depth_samples, width, depth, thickness, wrap) -> int:
    """Register a heightfield: heights (depth_samples * width_samples, x fastest), size, thickness, wrap."""
    h = np.asarray(heights, dtype=np.float64).reshape(-1)
    cdef MeshData* md = <MeshData*> calloc(1, sizeof(MeshData))
    md.kind = MESH_HEIGHTFIELD
    md.wn = int(width_samples)
    md.dn = int(depth_samples)
    md.width = <dReal> float(width)
    md.depth = <dReal> float(depth)
    md.thick = <dReal> float(thickness)
    md.wrap = 1 if wrap else 0
    md.h = _copy_real(h, md.wn * md.dn)
    hf_prepare(md)
    return _store(md)


def set_heightfield_range(data_id, lo, hi) -> None:
    """Set a heightfield's AABB height range: lo = low bound * scale + offset - thickness, hi = high bound *
    scale + offset (libode's, unsorted: a negative scale gives lo > hi; infinite without bounds)."""
    cdef MeshData* md = reg_get(int(data_id))
    if md != NULL and md.kind == MESH_HEIGHTFIELD:
        md.ylo = <dReal> float(lo)
        md.yhi = <dReal> float(hi)


def release(data_id) -> None:
    """Forget the side data of id (no-op for unknown ids)."""
    cdef int i = int(data_id)
    cdef MeshData* md = reg_get(i)
    if md == NULL:
        return
    free(md.v)
    free(md.t)
    free(md.to)
    free(md.tn)
    free(md.tb)
    free(md.fn)
    free(md.pl)
    free(md.fs)
    free(md.fi)
    free(md.e)
    free(md.h)
    free(md)
    _reg[i] = NULL


def is_registered(data_id) -> bool:
    """True while id holds side data."""
    return reg_get(int(data_id)) != NULL


def mass_trimesh_py(density, data_id) -> list:
    """ODE's dMassSetTrimesh as a 13-value mass record (zero when id is not a trimesh)."""
    cdef dReal m[13]
    mass_trimesh(m, <dReal> float(density), int(data_id))
    return [float(m[k]) for k in range(13)]


def mesh_aabb_py(g, i) -> list:
    """The AABB (minx, maxx, miny, maxy, minz, maxz) of a mesh geom record (pose and GI_DATA)."""
    cdef dReal gg[GR]
    cdef int ii[GI]
    cdef int k
    for k in range(GR):
        gg[k] = <dReal> float(g[k])
    for k in range(GI):
        ii[k] = int(i[k])
    mesh_aabb(gg, ii)
    return [float(gg[G_AABB + k]) for k in range(6)]


ctypedef int (*_mesh_fn)(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
                         dReal* contacts, int skip) noexcept nogil


cdef _mesh_fn _by_name(str name) except? NULL:
    """The pair function called name."""
    #@ pair-cases
    raise ValueError(f"no mesh pair function {name!r}")


def collide(name, g1, i1, g2, i2, flags):
    """Run the pair function called name on two geom records; contacts as an (n, CR) array."""
    cdef _mesh_fn fn = _by_name(name)
    cdef dReal gg1[GR]
    cdef dReal gg2[GR]
    cdef int ii1[GI]
    cdef int ii2[GI]
    cdef int k, n, maxc, fl
    for k in range(GR):
        gg1[k] = <dReal> float(g1[k])
        gg2[k] = <dReal> float(g2[k])
    for k in range(GI):
        ii1[k] = int(i1[k])
        ii2[k] = int(i2[k])
    fl = <int> (<unsigned int> (int(flags) & 0xffffffff))
    maxc = maxc_of(fl)
    out = np.zeros((maxc, CR), dtype=np.float64 if sizeof(dReal) == 8 else np.float32)
    cdef dReal* c = <dReal*> cnp.PyArray_DATA(out)
    with nogil:
        n = fn(gg1, ii1, gg2, ii2, fl, c, CR)
    return out[:n].copy()
