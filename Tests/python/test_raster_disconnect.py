"""A GIF render whose client leaves mid-way stops (issue 27), through the real `animatic
serve` and real sockets: the render polls its cancellation flag between frames, so once the
client has gone the render lane is free again within a frame's time, the cancellation is
counted, and the server's CPU time stops growing — nothing is left running."""
import json
import time

from conftest import LiveServer
from test_bounded_work import metric, post_raw, wait_for


def slow_gif_spec():
    """Layers with gradients, shadows and 3-D turns over a 4 s spring: every frame is real
    drawing work, yet the whole is within the raster work limit (a render the server takes)."""
    layers, changes = [], {}
    for i in range(24):
        lid = f"l{i}"
        layers.append({"id": lid, "frame": [i % 6 * 60, i // 6 * 90, 200, 160], "fill": "#007aff",
                       "cornerRadius": 12, "shadow": {"opacity": 0.4, "radius": 8, "offset": [0, 4]},
                       "gradient": {"colors": ["#ffffff00", "#5856d6", "#ff9500"], "start": [0, 0], "end": [1, 1]}})
        changes[lid] = {"transform": [{"rotateY": 60}, {"rotate": 20}], "alpha": 0.4}
    return json.dumps({"container": {"width": 390, "height": 844, "perspective": 600}, "layers": layers,
                       "animations": [{"duration": 4, "timing": {"spring": {"dampingRatio": 0.3}},
                                       "changes": changes}]}).encode()


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    # utime and stime, fields 14 and 15 of proc(5), in clock ticks.
    import os
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_a_client_that_leaves_mid_gif_stops_its_render():
    server = LiveServer("--workers", "1", "--render-timeout", "300")
    try:
        s = post_raw(server.port, slow_gif_spec(), target="/v1/timeline?format=gif&fps=50")
        assert wait_for(lambda: metric(server, "animatic_render_busy") == 1), "the render did not start"
        time.sleep(1.0)  # well inside the GIF: its first frames are drawn and encoded
        assert metric(server, "animatic_render_busy") == 1, "the render finished before the client left"
        s.close()
        assert wait_for(lambda: metric(server, "animatic_render_busy") == 0, timeout=5), "the render went on"
        assert metric(server, "animatic_render_cancelled_total") == 1
        # Nothing left running: the process is idle (a frame takes tens of milliseconds of CPU;
        # idle, the server spends well under a tenth of that per second).
        before = cpu_seconds(server.process.pid)
        time.sleep(1.0)
        spent = cpu_seconds(server.process.pid) - before
        assert spent < 0.1, f"{spent:.2f} s of CPU in the second after the render stopped"
    finally:
        assert server.stop() == 0, "".join(server.log[-20:])
