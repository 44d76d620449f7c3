// workout-sim-healthbench: a year of two-source step data in the health store, and the daily
// cumulative-sum collection query with the two-source merge over it (scripts/bench-health.sh
// compares it with SQLite's GROUP BY over the same samples).
//
// Usage: workout-sim-healthbench <samples.csv> [runs]
// Writes the samples as CSV (start and end in Unix seconds, value, source; t = 0 is
// 2025-01-01T00:00:00Z) and prints `key=value` lines: the sample count, the generation and store
// build times, bytes per sample (the store's structures, and resident memory growth), the
// median query time over `runs` (default 11) and the year's merged and unmerged totals.
import WorkoutCore
import WorkoutHealth

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let epoch: Int64 = 1_735_689_600  // 2025-01-01T00:00:00Z
let days = 366
let boutsPerDay = 150

/// Resident memory in bytes (Linux /proc/self/statm, second field × page size; 0 elsewhere).
func residentBytes() -> Int {
  guard let file = fopen("/proc/self/statm", "r") else { return 0 }
  defer { fclose(file) }
  var buffer = [CChar](repeating: 0, count: 256)
  guard fgets(&buffer, Int32(buffer.count), file) != nil else { return 0 }
  let fields = String(
    decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self
  )
  .split(separator: " ")
  guard fields.count >= 2, let pages = Int(fields[1]) else { return 0 }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// Writes `text` to standard error.
func warn(_ text: String) {
  var text = text
  text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

func milliseconds(_ duration: Duration) -> Double {
  let parts = duration.components
  return Double(parts.seconds) * 1e3 + Double(parts.attoseconds) / 1e15
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted[sorted.count / 2]
}

/// A year of walking bouts, each counted by the watch (source 0) and the iPhone (source 1) with
/// their own start and end jitter, so the two overlap on most of every bout. Bout `b` of a day
/// starts in its own 6-minute slot from 07:00 (no overlap within a source), lasts 60–300 s at
/// 1.6–2.0 steps/s. Watch samples reach the store 120 s after they end, the iPhone's 5 s.
func generate() -> HealthData {
  var random = SplitMix64(seed: 13, stream: "bench.health")
  var samples: [HealthSample] = []
  samples.reserveCapacity(days * boutsPerDay * 2)
  for day in 0..<days {
    for bout in 0..<boutsPerDay {
      let slot = Int64(day) * 86_400 + 7 * 3_600 + Int64(bout) * 360
      let start = slot + Int64(random.next() % 60)
      let length = 60 + Int64(random.next() % 241)
      let cadence = 1.6 + 0.4 * random.nextUnitDouble()
      for source in 0..<2 {
        let a = start + Int64(random.next() % 21)
        let b = start + length - Int64(random.next() % 21)
        let steps = (Double(b - a) * cadence).rounded()
        let delay: Int64 = source == 0 ? 120 : 5
        samples.append(
          HealthSample(
            type: .stepCount, source: UInt16(source), start: .seconds(a), end: .seconds(b),
            value: steps, savedAt: .seconds(b + delay)))
      }
    }
  }
  samples.sort { $0.savedAt != $1.savedAt ? $0.savedAt < $1.savedAt : $0.start < $1.start }
  return HealthData(
    sources: [
      HealthSource(kind: .watch, name: "Apple Watch", bundleIdentifier: "com.apple.health.watch"),
      HealthSource(kind: .iPhone, name: "iPhone", bundleIdentifier: "com.apple.health.phone"),
    ],
    samples: samples, priority: [0, 1])
}

func writeCSV(_ samples: [HealthSample], to path: String) {
  guard let file = fopen(path, "w") else {
    warn("workout-sim-healthbench: cannot write \(path)\n")
    exit(2)
  }
  defer { fclose(file) }
  fputs("start,end,value,source\n", file)
  for sample in samples {
    let start = epoch + sample.start.nanoseconds / 1_000_000_000
    let end = epoch + sample.end.nanoseconds / 1_000_000_000
    fputs("\(start),\(end),\(Int(sample.value)),\(sample.source)\n", file)
  }
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
  warn("usage: workout-sim-healthbench <samples.csv> [runs]\n")
  exit(2)
}
let runs = arguments.count >= 3 ? max(1, Int(arguments[2]) ?? 11) : 11
let clock = ContinuousClock()

let residentBefore = residentBytes()
var start = clock.now
let data = generate()
let generation = clock.now - start
start = clock.now
let store = HealthStore(data: data, seed: 13)
let build = clock.now - start
let residentAfter = residentBytes()
writeCSV(data.samples, to: arguments[1])

let edges = (0...days).map { SimulationInstant.seconds(Int64($0) * 86_400) }
let year = HealthFilter.date(
  start: edges[0], end: edges[days], strictStart: false, strictEnd: false)
let now = SimulationInstant.seconds(Int64(days + 1) * 86_400)
var times: [Double] = []
var merged = 0.0
for _ in 0..<runs {
  start = clock.now
  let buckets = store.collection(
    of: .stepCount, where: year, options: .cumulativeSum, edges: edges, at: now)
  times.append(milliseconds(clock.now - start))
  merged = buckets.reduce(0) { $0 + ($1.sum ?? 0) }
}
var bySourceTimes: [Double] = []
var unmerged = 0.0
for _ in 0..<runs {
  start = clock.now
  let buckets = store.collection(
    of: .stepCount, where: year, options: [.cumulativeSum, .separateBySource], edges: edges,
    at: now)
  bySourceTimes.append(milliseconds(clock.now - start))
  unmerged = buckets.reduce(0) { total, bucket in
    total + bucket.bySource.values.reduce(0) { $0 + ($1.sum ?? 0) }
  }
}

print("samples=\(store.sampleCount)")
print("generate_ms=\(milliseconds(generation))")
print("store_build_ms=\(milliseconds(build))")
print("store_bytes_per_sample=\(Double(store.storageBytes) / Double(store.sampleCount))")
print("model_bytes_per_sample=\(HealthStore.bytesPerSample)")
print("rss_bytes_per_sample=\(Double(residentAfter - residentBefore) / Double(store.sampleCount))")
print("query_ms=\(median(times))")
print("query_by_source_ms=\(median(bySourceTimes))")
print("merged_total=\(merged)")
print("unmerged_total=\(unmerged)")
