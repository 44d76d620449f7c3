/* Reference kernel, the project's speed yardstick (benchmarks report ratios to it): the least
   work one simulated second can cost.
   One step per simulated second: ACSM running VO2 from speed and grade, active kcal,
   first-order heart-rate response toward the steady state with drift, optical noise
   (SplitMix64 + Box-Muller), HR sampled every 5 s, energy every 10 s, running sums,
   min/max/mean. Prints ns per simulated second. Build: cc -O2 kernel.c -lm */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static uint64_t s = 42;
static inline uint64_t next(void) { uint64_t z = (s += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL; z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31); }
static inline double u01(void) { return (next() >> 11) * 0x1.0p-53; }
static inline double gauss(void) { return sqrt(-2 * log(u01() + 1e-300)) * cos(6.283185307179586 * u01()); }
int main(int argc, char **argv) {
  long seconds = argc > 1 ? atol(argv[1]) : 86400;
  double mass = 70, rest = 60, max = 190, vo2max = 50, hr = rest, kcal = 0, eacc = 0;
  double hsum = 0, hmin = 1e9, hmax = 0; long hn = 0;
  float *hrs = malloc(sizeof(float) * (seconds / 5 + 1));
  struct timespec a, b; clock_gettime(CLOCK_MONOTONIC, &a);
  for (long t = 0; t < seconds; t++) {
    double speed = 2.8 + 0.4 * sin(t / 300.0), grade = 0.05 * sin(t / 120.0);
    double S = speed * 60, vo2 = 3.5 + 0.2 * S + 0.9 * S * (grade > 0 ? grade : 0);
    double target = rest + (vo2 - 3.5) / (vo2max - 3.5) * (max - rest) * (1 + 3e-5 * t);
    if (target > max) target = max;
    hr += (target - hr) * (target > hr ? 1 / 24.0 : 1 / 30.0);
    eacc += (vo2 - 3.5) * mass / 1000 * 5 / 60;
    if (t % 10 == 0) { kcal += eacc; eacc = 0; }
    if (t % 5 == 0) { double v = hr + 2 * gauss(); hrs[hn++] = (float)v; hsum += v;
      if (v < hmin) hmin = v; if (v > hmax) hmax = v; }
  }
  clock_gettime(CLOCK_MONOTONIC, &b);
  double ns = ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec)) / seconds;
  printf("kcal %.1f hr avg %.1f min %.1f max %.1f n %ld\n", kcal, hsum / hn, hmin, hmax, hn);
  printf("%.2f ns per simulated second\n", ns);
  return 0;
}
