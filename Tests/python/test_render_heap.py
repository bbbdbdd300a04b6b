"""A one-shot render keeps its heap (docs/BENCHMARKS.md, "A one-shot render keeps its heap"):
`animatic render` tells glibc to keep freed blocks (`OneShotHeap`), so a raster render that
frees and allocates frame-sized buffers every frame (ours, and libwebp's canvases) reuses
their pages instead of faulting in fresh zeroed ones from the kernel each frame.

The measure is the process's minor page faults against its peak resident pages, both from GNU
time (which forks the command from its own small image; a child of this process would report
this process's peak, since Linux carries a forked child's high-water mark over its exec). A
process whose freed memory is reused faults each page about once, so its faults stay below its
peak in pages; before the setting, the fold's WebP faulted 45,365 pages against a 55,628 KiB
(13,907-page) peak, 3.3 pages faulted per page held.

Its heap also grows by 64 MiB at once, advised to transparent huge pages
(`madvise(MADV_HUGEPAGE)`): where the kernel offers them, a 2 MiB page is faulted in once
where 512 pages were, so the same render faults a small share of its peak."""
import os
import subprocess

import pytest

from conftest import CLI

PAGE = os.sysconf("SC_PAGE_SIZE")


def faults_and_peak_pages(*args):
    """(minor page faults, peak RSS in pages) of `animatic ARGS`, from GNU time."""
    report = subprocess.run(["/usr/bin/time", "-f", "%R %M", str(CLI), *args], capture_output=True, timeout=300)
    assert report.returncode == 0, report.stderr.decode()[-2000:]
    faults, peak_kib = map(int, report.stderr.decode().strip().splitlines()[-1].split())
    return faults, peak_kib * 1024 // PAGE


@pytest.mark.parametrize("fmt", ["webp", "gif"])
def test_a_raster_render_faults_each_page_about_once(tmp_path, fmt):
    spec = tmp_path / "fold.json"
    spec.write_text('{"preset": "fold"}')
    faults, peak = faults_and_peak_pages(
        "render", spec, "--format", fmt, "--fps", "30", "--loop", "--out", tmp_path / f"fold.{fmt}")
    # 31 frames of 390 × 844 pixels, 322 pages a frame buffer: returning and refaulting even
    # one buffer a frame would add 10,000 faults.
    assert faults < peak, f"{faults} minor faults against a peak of {peak} pages"
    assert (tmp_path / f"fold.{fmt}").stat().st_size > 10_000


def huge_pages_offered():
    """Whether the kernel backs memory advised MADV_HUGEPAGE with transparent huge pages."""
    try:
        with open("/sys/kernel/mm/transparent_hugepage/enabled") as f:
            setting = f.read()
    except OSError:
        return False
    return "[always]" in setting or "[madvise]" in setting


@pytest.mark.skipif(not huge_pages_offered(), reason="this kernel offers no transparent huge pages")
def test_a_raster_renders_heap_is_faulted_in_huge_pages(tmp_path):
    spec = tmp_path / "fold.json"
    spec.write_text('{"preset": "fold"}')
    faults, peak = faults_and_peak_pages(
        "render", spec, "--format", "apng", "--fps", "30", "--out", tmp_path / "fold.png")
    # Page by page the fold's APNG faulted 6,800 pages against a peak of 11,900; in huge
    # pages 1,700. A third of the peak lies between the two.
    assert faults < peak / 3, f"{faults} minor faults against a peak of {peak} pages"
