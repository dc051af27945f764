

# ---- entry points: C memory, and the Python ``lcp`` (same name and signature as the twin's)


cdef int solve_lcp(int n, dReal* A, dReal* x, dReal* b, dReal* w, int nub,
                   dReal* lo, dReal* hi, int* findex) noexcept nogil:
    """Solve the boxed mixed LCP A x = b + w (see module doc) into x (and w unless NULL); returns a status."""
    cdef size_t nn = <size_t> n if n > 0 else 0
    cdef dReal* block = <dReal*> malloc((nn * nn + 8 * nn + 1) * sizeof(dReal))
    cdef int* iblock = <int*> malloc((2 * nn + 1) * sizeof(int))
    cdef int status = solve_lcp_buf(n, A, x, b, w, nub, lo, hi, findex, block, iblock)
    free(block)
    free(iblock)
    return status


cdef int solve_lcp_buf(int n, dReal* A, dReal* x, dReal* b, dReal* w, int nub,
                       dReal* lo, dReal* hi, int* findex, dReal* block, int* iblock) noexcept nogil:
    """solve_lcp in caller-owned scratch memory (block: n n + 8 n reals, iblock: 2 n ints; NULL fails)."""
    cdef Work ws
    cdef int k
    cdef size_t nn
    if n <= 0:
        return OK
    if nub > n:
        nub = n
    if nub < 0:
        nub = 0
    nn = <size_t> n
    if block == NULL or iblock == NULL:
        for k in range(n):
            x[k] = 0.0
        return FAIL_PIVOT
    ws.n = n
    ws.m = 0
    ws.A = A
    ws.b = b
    ws.lo = lo
    ws.hi = hi
    ws.L = block
    ws.x = block + nn * nn
    ws.w = ws.x + nn
    ws.dd = ws.w + nn
    ws.di = ws.dd + nn
    ws.v = ws.di + nn
    ws.dw = ws.v + nn
    ws.p = ws.dw + nn
    ws.beta = ws.p + nn
    ws.state = iblock
    ws.cidx = iblock + nn
    for k in range(n):
        ws.x[k] = 0.0
        ws.w[k] = 0.0
        ws.state[k] = _UNSEEN
    return _result(&ws, x, w, _run(&ws, nub, findex))


DTYPE = np.float64 if sizeof(dReal) == 8 else np.float32


def lcp(A, b, lo, hi, findex, nub, return_bounds=False) -> tuple:
    """Solve the boxed LCP; returns (x, w, status), plus the bounds actually used if return_bounds is true."""
    a, bv, lov, hiv, fv, nub_ = _check(A, b, lo, hi, findex, nub)
    cdef int n = a.shape[0]
    cdef int nb = nub_
    cdef int status
    cdef cnp.ndarray ac = np.array(a, dtype=DTYPE, order="C")
    cdef cnp.ndarray bc = np.array(bv, dtype=DTYPE, order="C")
    cdef cnp.ndarray lc = np.array(lov, dtype=DTYPE, order="C")
    cdef cnp.ndarray hc = np.array(hiv, dtype=DTYPE, order="C")
    cdef cnp.ndarray fc = np.array(fv, dtype=np.intc, order="C")
    cdef cnp.ndarray x = np.zeros(n, dtype=DTYPE)
    cdef cnp.ndarray w = np.zeros(n, dtype=DTYPE)
    with nogil:
        status = solve_lcp(n, <dReal*> cnp.PyArray_DATA(ac), <dReal*> cnp.PyArray_DATA(x),
                           <dReal*> cnp.PyArray_DATA(bc), <dReal*> cnp.PyArray_DATA(w), nb,
                           <dReal*> cnp.PyArray_DATA(lc), <dReal*> cnp.PyArray_DATA(hc),
                           <int*> cnp.PyArray_DATA(fc))
    if return_bounds:
        return x, w, status, lc, hc
    return x, w, status
