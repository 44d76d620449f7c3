// workout-sim-routebench: a long workout through SimulatedHealthKit with its route, for
// scripts/bench-route.sh. The app makes the calls a watch app makes (startActivity and
// beginCollection at 0, advance by `seconds`, end, endCollection, finishWorkout) and, with
// `route`, records the route as Apple's "Creating a workout route" does: a CLLocationManager
// (`allowsBackgroundLocationUpdates`, best accuracy) whose delegate inserts every location
// into the live builder's HKWorkoutRouteBuilder, and `finishRoute(with:metadata:)` after the
// workout is saved. `none` makes the same workout without a location manager (the baseline).
// Prints the locations inserted, the route's count and the peak resident memory of the process
// (`getrusage`, kB). `size` instead prints what one CLLocation and its array slot take in
// resident memory (100 000 made and kept; the growth over their number), for the script's
// per-point comparison.
// Usage: workout-sim-routebench [route|none|size] [seconds] [scenario]
//   (defaults: route, 43200, Benchmarks/scenarios/route-12h.json)
import Foundation
import SimulatedCoreLocation
import SimulatedHealthKit
import Synchronization
import WorkoutScenario

#if canImport(Glibc)
  import Glibc
#endif

/// The app's route recorder: the location manager's delegate, inserting every location.
final class RouteRecorder: NSObject, CLLocationManagerDelegate, @unchecked Sendable {
  let routeBuilder: HKWorkoutRouteBuilder
  let inserted = Mutex(0)
  let errors = Mutex<[String]>([])

  init(routeBuilder: HKWorkoutRouteBuilder) { self.routeBuilder = routeBuilder }

  func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
    inserted.withLock { $0 += locations.count }
    routeBuilder.insertRouteData(locations) { success, error in
      if !success { self.errors.withLock { $0.append(String(describing: error)) } }
    }
  }

  func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
    errors.withLock { $0.append(String(describing: error)) }
  }
}

/// Peak resident memory of this process, kB (Linux `ru_maxrss`).
func peakKilobytes() -> Int {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  return Int(usage.ru_maxrss)
}

/// Resident memory now, bytes (`/proc/self/statm`'s second field, in pages).
func residentBytes() -> Int {
  guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
    return 0
  }
  let fields = text.split(separator: " ")
  return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
}

/// The resident bytes one CLLocation (as the simulation delivers it) and its slot in an array
/// take: 100 000 of them made and kept, the growth of resident memory divided by their number.
func bytesPerLocation() -> Double {
  let count = 100_000
  let before = residentBytes()
  var kept: [CLLocation] = []
  kept.reserveCapacity(count)
  for index in 0..<count {
    kept.append(
      CLLocation(
        coordinate: CLLocationCoordinate2D(latitude: Double(index) * 1e-5, longitude: 0),
        altitude: 20, horizontalAccuracy: 5, verticalAccuracy: 10, course: 90,
        courseAccuracy: 10, speed: 2.5, speedAccuracy: 0.5,
        timestamp: Date(timeIntervalSince1970: Double(index))))
  }
  let after = residentBytes()
  withExtendedLifetime(kept) {}
  return Double(after - before) / Double(count)
}

/// Writes `message` to standard error and exits with `status`.
func fail(_ message: String, status: Int32 = 1) -> Never {
  FileHandle.standardError.write(Data("workout-sim-routebench: \(message)\n".utf8))
  exit(status)
}

/// The workout of `seconds` on `simulation`, with the route when `route`. Returns the locations
/// inserted, the saved route's count and the errors.
@MainActor func runApp(on simulation: HealthKitSimulation, route: Bool, seconds: Int64)
  async throws -> (inserted: Int, count: Int, errors: [String])
{
  let recorders = Mutex<RouteRecorder?>(nil)
  let routeCount = Mutex(0)
  try await simulation.run {
    let store = HKHealthStore()
    let configuration = HKWorkoutConfiguration()
    configuration.activityType = .running
    configuration.locationType = .outdoor
    let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
    let builder = session.associatedWorkoutBuilder()
    builder.dataSource = HKLiveWorkoutDataSource(
      healthStore: store, workoutConfiguration: configuration)
    var manager: CLLocationManager?
    if route {
      try await store.requestAuthorization(
        toShare: [.workoutType(), HKSeriesType.workoutRoute()], read: [])
      guard let routeBuilder = builder.seriesBuilder(for: .workoutRoute()) as? HKWorkoutRouteBuilder
      else { fail("no route builder") }
      let recorder = RouteRecorder(routeBuilder: routeBuilder)
      recorders.withLock { $0 = recorder }
      let locations = CLLocationManager()
      locations.delegate = recorder
      locations.desiredAccuracy = kCLLocationAccuracyBest
      locations.allowsBackgroundLocationUpdates = true
      locations.requestWhenInUseAuthorization()
      locations.startUpdatingLocation()
      manager = locations
    }
    session.startActivity(with: simulation.now)
    try await builder.beginCollection(at: simulation.now)
    try await simulation.advance(by: .seconds(seconds))
    manager?.stopUpdatingLocation()
    session.end()
    try await builder.endCollection(at: simulation.now)
    let workout = try await builder.finishWorkout()
    if let recorder = recorders.withLock({ $0 }), let workout {
      let saved = try await recorder.routeBuilder.finishRoute(with: workout, metadata: nil)
      routeCount.withLock { $0 = saved.count }
    }
    await simulation.settle()
  }
  let recorder = recorders.withLock { $0 }
  return (
    recorder?.inserted.withLock { $0 } ?? 0, routeCount.withLock { $0 },
    recorder?.errors.withLock { $0 } ?? []
  )
}

@MainActor func main() async {
  let arguments = CommandLine.arguments
  let mode = arguments.count > 1 ? arguments[1] : "route"
  let seconds = arguments.count > 2 ? Int64(arguments[2]) ?? -1 : 43200
  let path = arguments.count > 3 ? arguments[3] : "Benchmarks/scenarios/route-12h.json"
  guard mode == "route" || mode == "none" || mode == "size", seconds >= 0 else {
    fail("usage: workout-sim-routebench [route|none|size] [seconds] [scenario]", status: 64)
  }
  if mode == "size" {
    print("bytesPerLocation \(Int(bytesPerLocation().rounded()))")
    return
  }
  do {
    let scenario = try Scenario.load(
      contentsOf: URL(fileURLWithPath: path), displayName: path)
    let simulation = try HealthKitSimulation(scenario: scenario)
    let run = try await runApp(on: simulation, route: mode == "route", seconds: seconds)
    guard run.errors.isEmpty else { fail("errors: \(run.errors)") }
    // The run result (`simulation.result`) is not read: its `track` would turn the saved route
    // into the result's points, which is the result's cost, not the route's.
    print("mode \(mode) seconds \(seconds)")
    print("inserted \(run.inserted) route \(run.count)")
    print("peakKB \(peakKilobytes())")
  } catch {
    fail("\(error)")
  }
}

await main()
