# wake.py SECONDS: sleeps 1 ms at a time; prints the p99, p99.9 and max overshoot of its wakes in ms
import sys, time
end = time.perf_counter() + float(sys.argv[1]); lat = []
while time.perf_counter() < end:
    t = time.perf_counter(); time.sleep(0.001); lat.append((time.perf_counter() - t - 0.001) * 1000)
lat.sort(); n = len(lat)
print('n %d p99 %.2f p99.9 %.2f max %.2f' % (n, lat[int(n * .99)], lat[int(n * .999)], lat[-1]))
