import Foundation
import SimulatedCoreLocation
import Synchronization
import Testing
import WorkoutScenario
import WorkoutSimTestSupport
import WorkoutSimulation

@testable import SimulatedHealthKit

/// A location manager as an app makes one inside a run: `recorder` its delegate, when-in-use
/// authorization asked for.
func authorizedManager(_ recorder: LocationRecorder) -> CLLocationManager {
  let manager = CLLocationManager()
  manager.delegate = recorder
  manager.requestWhenInUseAuthorization()
  return manager
}

/// What a location delegate saw: the locations and errors, and the authorization statuses of
/// its `locationManagerDidChangeAuthorization` calls.
final class LocationRecorder: NSObject, CLLocationManagerDelegate, @unchecked Sendable {
  let seen = Mutex<(locations: [CLLocation], errors: [CLError], statuses: [CLAuthorizationStatus])>(
    ([], [], []))

  func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
    seen.withLock { $0.locations += locations }
  }

  func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
    seen.withLock { $0.errors.append(error as! CLError) }
  }

  func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
    let status = manager.authorizationStatus
    seen.withLock { $0.statuses.append(status) }
  }

  var locations: [CLLocation] { seen.withLock { $0.locations } }
  var errors: [CLError] { seen.withLock { $0.errors } }
  var statuses: [CLAuthorizationStatus] { seen.withLock { $0.statuses } }
}

/// A scripted course at 3 m/s and grade 0.1 for `seconds`, placed on the equator at 0° E
/// heading east (so the route stays on the equator: longitude = distance / R in radians).
private func eastOnTheEquator(
  seconds: Int = 60, seed: Int = 1, extra: String = ""
) throws -> Scenario {
  try decodeScenario(
    """
    { "version": 1, "seed": \(seed), "start": "2026-03-02T07:00:00Z", "activity": "running",
      "course": [ { "duration": \(seconds), "speed": 3, "grade": 0.1 } ],
      "gps": { "latitude": 0, "longitude": 0, "altitude": 20, "heading": 90 }\(extra) }
    """)
}

/// The bundled fēnix 5 walk: 17 records, every one with a position, at 0, 1, 5, 7, 11, 13, 15,
/// 16, 17, 20, 22, 24, 25, 28, 29, 32 and 46 s (Tests/Data/recordings/README.md and the
/// upstream decode walk-short--garmin-fenix-5-walk-records.csv).
private let walkOffsets: [Double] = [
  0, 1, 5, 7, 11, 13, 15, 16, 17, 20, 22, 24, 25, 28, 29, 32, 46,
]

private func walkReplay() throws -> Scenario {
  let path = packageRoot.appendingPathComponent(
    "Tests/Data/recordings/walk-short--garmin-fenix-5-walk.fit"
  ).path
  return try decodeScenario(
    #"{ "version": 1, "activity": "walking", "course": { "recording": "\#(path)" } }"#)
}

/// The app's code as apps write it (Apple's "Creating a workout route"): a main-actor object
/// that owns the location manager, filters the delegate's locations by accuracy and inserts
/// them into the workout's route builder, and finishes the route after `finishWorkout`.
@MainActor final class RunTracker: NSObject, CLLocationManagerDelegate {
  let locationManager = CLLocationManager()
  private var routeBuilder: HKWorkoutRouteBuilder?
  private(set) var inserted = 0
  private(set) var insertErrors: [any Error] = []

  func start(with workoutBuilder: HKWorkoutBuilder) {
    routeBuilder = workoutBuilder.seriesBuilder(for: .workoutRoute()) as? HKWorkoutRouteBuilder
    locationManager.delegate = self
    locationManager.activityType = .fitness
    locationManager.desiredAccuracy = kCLLocationAccuracyBest
    locationManager.allowsBackgroundLocationUpdates = true
    locationManager.startUpdatingLocation()
  }

  func stop() { locationManager.stopUpdatingLocation() }

  func finishRoute(with workout: HKWorkout) async throws -> HKWorkoutRoute? {
    try await routeBuilder?.finishRoute(with: workout, metadata: nil)
  }

  nonisolated func locationManager(
    _ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]
  ) {
    let accurate = locations.filter { $0.horizontalAccuracy >= 0 && $0.horizontalAccuracy <= 20 }
    guard !accurate.isEmpty else { return }
    Task { @MainActor in self.insert(accurate) }
  }

  private func insert(_ locations: [CLLocation]) {
    inserted += locations.count
    routeBuilder?.insertRouteData(locations) { success, error in
      guard !success, let error else { return }
      Task { @MainActor in self.insertErrors.append(error) }
    }
  }
}

/// Runs `query`-style route reading: every batch with its `done`.
private func routeBatches(_ route: HKWorkoutRoute, store: HKHealthStore) async throws -> [(
  locations: [CLLocation], done: Bool
)] {
  let batches = Mutex<[([CLLocation], Bool)]>([])
  try await withCheckedThrowingContinuation {
    (continuation: CheckedContinuation<Void, any Error>) in
    store.execute(
      HKWorkoutRouteQuery(route: route) { _, locations, done, error in
        if let error { return continuation.resume(throwing: error) }
        batches.withLock { $0.append((locations ?? [], done)) }
        if done { continuation.resume() }
      })
  }
  return batches.withLock { $0 }.map { (locations: $0.0, done: $0.1) }
}

/// The routes of `workout`, by a sample query as apps write it.
private func routes(of workout: HKWorkout, store: HKHealthStore) async throws -> [HKWorkoutRoute] {
  try await withCheckedThrowingContinuation { continuation in
    store.execute(
      HKSampleQuery(
        sampleType: HKSeriesType.workoutRoute(),
        predicate: HKQuery.predicateForObjects(from: workout), limit: HKObjectQueryNoLimit,
        sortDescriptors: nil
      ) { _, samples, error in
        if let error { return continuation.resume(throwing: error) }
        continuation.resume(returning: (samples ?? []).compactMap { $0 as? HKWorkoutRoute })
      })
  }
}

/// A running session and its builder, collection begun at now.
private func startWorkout(
  _ store: HKHealthStore, simulation: HealthKitSimulation, activity: HKWorkoutActivityType,
  location: HKWorkoutSessionLocationType = .outdoor
) async throws -> (HKWorkoutSession, HKLiveWorkoutBuilder) {
  try await startWorkout(
    store, simulation: simulation, configuration: configuration(activity, location: location))
}

/// A configuration of `activity` at `location`, in a swim at `swimming`.
private func configuration(
  _ activity: HKWorkoutActivityType, location: HKWorkoutSessionLocationType = .outdoor,
  swimming: HKWorkoutSwimmingLocationType = .unknown
) -> HKWorkoutConfiguration {
  let configuration = HKWorkoutConfiguration()
  configuration.activityType = activity
  configuration.locationType = location
  configuration.swimmingLocationType = swimming
  return configuration
}

/// A running session of `configuration` and its builder, collection begun at now.
private func startWorkout(
  _ store: HKHealthStore, simulation: HealthKitSimulation,
  configuration: HKWorkoutConfiguration
) async throws -> (HKWorkoutSession, HKLiveWorkoutBuilder) {
  let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
  let builder = session.associatedWorkoutBuilder()
  builder.dataSource = HKLiveWorkoutDataSource(
    healthStore: store, workoutConfiguration: configuration)
  session.startActivity(with: simulation.now)
  try await builder.beginCollection(at: simulation.now)
  return (session, builder)
}

private let routeTypes: Set<HKSampleType> = [.workoutType(), HKSeriesType.workoutRoute()]

/// A course-only scenario of `activity` on the equator heading east at 1 m/s for 600 s,
/// without a `swim` key.
private func openWaterCourse(activity: String) throws -> Scenario {
  try decodeScenario(
    """
    { "version": 1, "activity": "\(activity)", "location": "outdoor",
      "gps": { "latitude": 0, "longitude": 0, "heading": 90 },
      "course": [ { "duration": 600, "speed": 1.0 } ] }
    """)
}

/// The seconds from `t = 0` of the fixes a watch app's manager gets on `scenario` while its
/// workout of `configuration` runs from 0 s: each of `legs` begun at its second
/// (`beginNewActivity`), the manager started after those at 0 s and stopped at `end` s.
private func workoutFixes(
  _ scenario: Scenario, _ configuration: HKWorkoutConfiguration,
  legs: [(at: TimeInterval, configuration: HKWorkoutConfiguration)] = [], until end: TimeInterval
) async throws -> [Double] {
  let simulation = try HealthKitSimulation(scenario: scenario)
  let recorder = LocationRecorder()
  try await simulation.run {
    let store = HKHealthStore()
    let (session, _) = try await startWorkout(
      store, simulation: simulation, configuration: configuration)
    let manager = authorizedManager(recorder)
    var started = false
    for leg in legs {
      if leg.at > 0, !started {
        manager.startUpdatingLocation()
        started = true
      }
      try await simulation.advance(to: simulation.startDate.addingTimeInterval(leg.at))
      session.beginNewActivity(
        configuration: leg.configuration, date: simulation.now, metadata: nil)
    }
    if !started { manager.startUpdatingLocation() }
    try await simulation.advance(to: simulation.startDate.addingTimeInterval(end))
    manager.stopUpdatingLocation()
  }
  return recorder.locations.map { $0.timestamp.timeIntervalSince(simulation.startDate) }
}

@Suite("CoreLocation: fixes from the course, authorization, indoor, background; workout routes")
struct CoreLocationTests {
  /// Haversine on R = 6 371 008.8 m: two points 1° apart on the equator are R·π/180 =
  /// 6 371 008.8 × 0.0174532925199 = 111 195.08 m apart; along a meridian (equal longitudes)
  /// the formula reduces to R·Δφ, so 0.009° north of Apple Park is 0.009 × 111 195.08 =
  /// 1000.756 m. Altitude does not count.
  @Test func distanceBetweenKnownCoordinates() {
    let origin = CLLocation(latitude: 0, longitude: 0)
    let east = CLLocation(latitude: 0, longitude: 1)
    #expect(abs(east.distance(from: origin) - 111_195.08) < 0.01)
    #expect(abs(origin.distance(from: east) - 111_195.08) < 0.01)
    let park = CLLocation(
      coordinate: CLLocationCoordinate2D(latitude: 37.3349, longitude: -122.0090), altitude: 0,
      horizontalAccuracy: 5, verticalAccuracy: 5, timestamp: Date(timeIntervalSince1970: 0))
    let north = CLLocation(
      coordinate: CLLocationCoordinate2D(latitude: 37.3439, longitude: -122.0090), altitude: 500,
      horizontalAccuracy: 5, verticalAccuracy: 5, timestamp: Date(timeIntervalSince1970: 0))
    #expect(abs(north.distance(from: park) - 1000.756) < 0.001)
    #expect(CLLocationCoordinate2DIsValid(CLLocationCoordinate2D(latitude: 90, longitude: -180)))
    #expect(!CLLocationCoordinate2DIsValid(kCLLocationCoordinate2DInvalid))
  }

  /// Apple's raw values: CLError codes, authorization and accuracy, activity types, constants.
  @Test func applesRawValues() {
    #expect(CLError.Code.locationUnknown.rawValue == 0)
    #expect(CLError.Code.denied.rawValue == 1)
    #expect(CLError.Code.promptDeclined.rawValue == 18)
    #expect((CLError(.denied) as NSError).domain == "kCLErrorDomain")
    #expect((CLError(.denied) as NSError).code == 1)
    #expect(CLAuthorizationStatus.authorizedWhenInUse.rawValue == 4)
    #expect(CLAuthorizationStatus.authorizedAlways.rawValue == 3)
    #expect(CLAccuracyAuthorization.reducedAccuracy.rawValue == 1)
    #expect(CLActivityType.fitness.rawValue == 3)
    #expect(kCLLocationAccuracyBest == -1)
    #expect(kCLDistanceFilterNone == -1)
  }

  /// A scripted course from 0° N 0° E heading east at 3 m/s: a fix every second from the
  /// start (t = 0...10: 11 locations, time-stamped at start + t), each within 14.14 m of the
  /// true point (the default receiver's error is normal with σ = 5 / √2 m north and east: its
  /// radius exceeds 4σ = 14.14 m with probability exp(−8) = 0.03 %) at longitude
  /// 3t / 6 371 008.8 rad (t = 10: 30 m, 2.69796e-4°), altitude 20 + 3t × 0.1 within 4σ = 40 m
  /// (σ = 10 m), speed 3, course 90, accuracy 5 m and 10 m. The same seed gives the same fixes;
  /// another seed others.
  @Test func scriptedCourseGivesAFixEverySecondAlongTheHeading() async throws {
    func run(seed: Int) async throws -> [CLLocation] {
      let simulation = try HealthKitSimulation(scenario: eastOnTheEquator(seed: seed))
      let recorder = LocationRecorder()
      try await simulation.run {
        let manager = authorizedManager(recorder)
        manager.startUpdatingLocation()
        try await simulation.advance(by: .seconds(10))
        #expect(manager.location == recorder.locations.last)
        manager.stopUpdatingLocation()
        try await simulation.advance(by: .seconds(10))
      }
      // The scenario answers at once: both calls (the creation's and the request's) read the
      // answer.
      #expect(recorder.statuses == [.authorizedWhenInUse, .authorizedWhenInUse])
      let start = simulation.startDate
      #expect(
        recorder.locations.map { $0.timestamp.timeIntervalSince(start) }
          == Array(0...10).map(Double.init))
      for (t, location) in recorder.locations.enumerated() {
        let truth = CLLocation(latitude: 0, longitude: 3 * Double(t) / 6_371_008.8 * 180 / .pi)
        #expect(location.distance(from: truth) <= 14.14)
        #expect(abs(location.altitude - (20 + 0.3 * Double(t))) <= 40)
        #expect(location.speed == 3)
        #expect(location.course == 90)
        #expect(location.horizontalAccuracy == 5)
        #expect(location.verticalAccuracy == 10)
      }
      return recorder.locations
    }
    let first = try await run(seed: 1)
    let again = try await run(seed: 1)
    let other = try await run(seed: 2)
    #expect(first.map(\.coordinate.latitude) == again.map(\.coordinate.latitude))
    #expect(first.map(\.coordinate.latitude) != other.map(\.coordinate.latitude))
    // The noise is there: not every fix is on the equator.
    #expect(first.contains { $0.coordinate.latitude != 0 })
  }

  /// An open-water swim: GPS only at the surface, a fix every 5 s (project rule). 1500 m at
  /// 1:40 per 100 m is 1.0 m/s for 1500 s; over 0...20 s the fixes are at 0, 5, 10, 15 and
  /// 20 s, each within 4σ = 14.14 m of the point 1.0 × t m east of 0° N 0° E (the default
  /// receiver's error, σ = 5 / √2 m north and east).
  @Test func anOpenWaterSwimGetsAFixEveryFiveSeconds() async throws {
    let scenario = try decodeScenario(
      """
      { "version": 1, "activity": "swimming",
        "swim": { "location": "openWater", "sets": [ { "distance": 1500, "pace": 100 } ] },
        "gps": { "latitude": 0, "longitude": 0, "heading": 90 } }
      """)
    let (simulation, recorder) = try await updates(of: scenario, seconds: 20)
    let start = simulation.startDate
    #expect(
      recorder.locations.map { $0.timestamp.timeIntervalSince(start) } == [0, 5, 10, 15, 20])
    for location in recorder.locations {
      let t = location.timestamp.timeIntervalSince(start)
      let truth = CLLocation(latitude: 0, longitude: t / 6_371_008.8 * 180 / .pi)
      #expect(location.distance(from: truth) <= 14.14)
    }
  }

  /// The fix rate follows the swim the watch records (new-user trial 29), not only the
  /// scenario's `swim` key: on a course-only scenario (no `swim`), the app's own open-water
  /// configuration gets a fix every 5 s, at 0, 5 and 10 s of 12 s, where the land rate would
  /// give 13 (0, 1, ..., 12).
  @Test func anAppsOpenWaterSessionGetsAFixEveryFiveSeconds() async throws {
    let fixes = try await workoutFixes(
      openWaterCourse(activity: "swimming"), configuration(.swimming, swimming: .openWater),
      until: 12)
    #expect(fixes == [0, 5, 10])
  }

  /// A multisport workout's open-water leg, which the app begins with its configuration, gets
  /// a fix every 5 s (0 and 5 s) and the bike leg from 10 s a fix every second (10, 11, ...,
  /// 15 s): the rate follows the current activity.
  @Test func aMultisportOpenWaterLegGetsAFixEveryFiveSecondsAndTheBikeEverySecond() async throws {
    let fixes = try await workoutFixes(
      openWaterCourse(activity: "swimBikeRun"), configuration(.swimBikeRun),
      legs: [(0, configuration(.swimming, swimming: .openWater)), (10, configuration(.cycling))],
      until: 15)
    #expect(fixes == [0, 5, 10, 11, 12, 13, 14, 15])
  }

  /// A multisport workout's pool leg gets no fix, as a standalone pool swim gets none (the
  /// lead's decision, session 25: an indoor pool has no GPS, and the watch's pool swim counts
  /// lengths with its motion sensors): the pool leg from 0 s, none of the land rate's fixes
  /// while it is current, 0, 1, ..., 10 s (the fix due at 10 s comes as `advance(to:)` reaches
  /// 10 s, before the app's next line begins the ride: the watch is still in the pool then);
  /// the bike leg begun at 10 s a fix every second from the next one, 11, 12, ..., 15 s (5).
  @Test func aMultisportPoolLegGetsNoFixAndTheBikeOneASecond() async throws {
    let fixes = try await workoutFixes(
      openWaterCourse(activity: "swimBikeRun"), configuration(.swimBikeRun),
      legs: [(0, configuration(.swimming, swimming: .pool)), (10, configuration(.cycling))],
      until: 15)
    #expect(fixes == [11, 12, 13, 14, 15])
  }

  /// The same rule for the app's standalone pool session (an outdoor pool: the session's
  /// `locationType` is outdoor, so only the pool keeps the GPS off): over 0–12 s no fix, where
  /// a run would get 13. And a scenario's `swim` in a pool, the body swimming the whole run:
  /// the manager of an app without a workout gets no fix either, as the command line has no
  /// route for it (docs/scenario-format.md#gps).
  @Test func aPoolSwimGetsNoFix() async throws {
    let session = try await workoutFixes(
      openWaterCourse(activity: "swimming"), configuration(.swimming, swimming: .pool),
      until: 12)
    #expect(session == [])
    let scenario = try decodeScenario(
      """
      { "version": 1, "activity": "swimming",
        "swim": { "location": "pool", "sets": [ { "lengths": 40, "pace": 100 } ] },
        "gps": { "latitude": 0, "longitude": 0, "heading": 90 } }
      """)
    let (_, recorder) = try await updates(of: scenario, seconds: 12)
    #expect(recorder.locations.isEmpty)
  }

  /// A distance filter of 1000 m over a route of 3 m/s × 10 s = 30 m lets only the first fix
  /// through; `requestLocation()` at 12.5 s delivers the next fix only, at 13 s.
  @Test func distanceFilterAndRequestLocation() async throws {
    let simulation = try HealthKitSimulation(scenario: eastOnTheEquator())
    let filtered = LocationRecorder()
    let once = LocationRecorder()
    try await simulation.run {
      let manager = authorizedManager(filtered)
      manager.distanceFilter = 1000
      manager.startUpdatingLocation()
      try await simulation.advance(by: .seconds(10))
      manager.stopUpdatingLocation()
      try await simulation.advance(by: .seconds(2.5))
      let single = CLLocationManager()
      single.delegate = once
      single.requestLocation()
      try await simulation.advance(by: .seconds(10))
    }
    let start = simulation.startDate
    #expect(filtered.locations.map { $0.timestamp.timeIntervalSince(start) } == [0])
    #expect(once.locations.map { $0.timestamp.timeIntervalSince(start) } == [13])
    #expect(once.errors.isEmpty)
  }

  /// The settings without effect here keep Apple's defaults and what the app set
  /// (`showsBackgroundLocationIndicator` false, `pausesLocationUpdatesAutomatically` true), and
  /// setting the indicator changes no fix: an iPhone app's setup compiles and runs as written.
  @Test func settingsWithoutEffectKeepTheirValues() async throws {
    let simulation = try HealthKitSimulation(scenario: eastOnTheEquator())
    let recorder = LocationRecorder()
    try await simulation.run {
      let manager = CLLocationManager()
      #expect(manager.showsBackgroundLocationIndicator == false)
      #expect(manager.pausesLocationUpdatesAutomatically == true)
      manager.showsBackgroundLocationIndicator = true
      manager.pausesLocationUpdatesAutomatically = false
      #expect(manager.showsBackgroundLocationIndicator == true)
      #expect(manager.pausesLocationUpdatesAutomatically == false)
      manager.delegate = recorder
      manager.requestWhenInUseAuthorization()
      manager.startUpdatingLocation()
      try await simulation.advance(by: .seconds(2))
    }
    // A fix at 0, 1 and 2 s, as without the settings (one a second on a scripted course).
    #expect(
      recorder.locations.map { $0.timestamp.timeIntervalSince(simulation.startDate) } == [0, 1, 2])
  }

  /// Denied: the status becomes `.denied` at the request (both delegate calls, the creation's
  /// and the request's, read it), and `startUpdatingLocation` gets `CLError.denied`, no
  /// location.
  @Test func deniedAuthorizationFailsWithDenied() async throws {
    let simulation = try HealthKitSimulation(
      scenario: eastOnTheEquator(extra: #", "authorization": { "location": "denied" }"#))
    let recorder = LocationRecorder()
    try await simulation.run {
      let manager = CLLocationManager()
      manager.delegate = recorder
      #expect(manager.authorizationStatus == .notDetermined)
      manager.requestWhenInUseAuthorization()
      #expect(manager.authorizationStatus == .denied)
      manager.startUpdatingLocation()
      try await simulation.advance(by: .seconds(10))
    }
    #expect(recorder.errors.map(\.code) == [.denied])
    #expect(recorder.locations.isEmpty)
    #expect(recorder.statuses == [.denied, .denied])
  }

  /// Reduced accuracy: positions rounded to 0.01° with `kCLLocationAccuracyReduced` (3000 m);
  /// at 3 m/s east for 10 s the route stays within 30 m of 0° E, so every fix is 0, 0.
  @Test func reducedAccuracyRoundsThePosition() async throws {
    let simulation = try HealthKitSimulation(
      scenario: eastOnTheEquator(extra: #", "authorization": { "location": "reducedAccuracy" }"#))
    let recorder = LocationRecorder()
    try await simulation.run {
      let manager = CLLocationManager()
      manager.delegate = recorder
      manager.requestAlwaysAuthorization()
      #expect(manager.authorizationStatus == .authorizedAlways)
      #expect(manager.accuracyAuthorization == .reducedAccuracy)
      // The simulated user keeps Precise Location off: no error, still reduced.
      let answered = Mutex<Int>(0)
      manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Route") { error in
        if error == nil { answered.withLock { $0 += 1 } }
      }
      await simulation.settle()
      #expect(answered.withLock { $0 } == 1)
      #expect(manager.accuracyAuthorization == .reducedAccuracy)
      manager.startUpdatingLocation()
      try await simulation.advance(by: .seconds(10))
    }
    #expect(recorder.locations.count == 11)
    #expect(
      recorder.locations.allSatisfy { $0.coordinate.latitude == 0 && $0.coordinate.longitude == 0 })
    #expect(recorder.locations.allSatisfy { $0.horizontalAccuracy == 3000 })
  }

  /// Indoors there is no fix: the scenario's `location: "indoor"` outside a session, and an
  /// outdoor scenario while the app's session is configured indoor (the fixes stop at the
  /// session's start, 5 s: 0...4 before it). `requestLocation` indoors gets
  /// `CLError.locationUnknown`.
  @Test func indoorRunsGetNoLocations() async throws {
    let indoor = try HealthKitSimulation(
      scenario: eastOnTheEquator(extra: #", "location": "indoor""#))
    let recorder = LocationRecorder()
    try await indoor.run {
      let manager = authorizedManager(recorder)
      manager.startUpdatingLocation()
      try await indoor.advance(by: .seconds(10))
      manager.stopUpdatingLocation()
      manager.requestLocation()
      try await indoor.advance(by: .seconds(2))
    }
    #expect(recorder.locations.isEmpty)
    #expect(recorder.errors.map(\.code) == [.locationUnknown])

    let session = try HealthKitSimulation(scenario: eastOnTheEquator())
    let during = LocationRecorder()
    try await session.run {
      let manager = authorizedManager(during)
      manager.startUpdatingLocation()
      try await session.advance(by: .seconds(4.5))
      _ = try await startWorkout(
        HKHealthStore(), simulation: session, activity: .running, location: .indoor)
      try await session.advance(by: .seconds(10))
    }
    let start = session.startDate
    #expect(during.locations.map { $0.timestamp.timeIntervalSince(start) } == [0, 1, 2, 3, 4])
  }

  /// The watch's background rule: after a crown press at 5 s the app is in the background; a
  /// manager without a workout session and without `allowsBackgroundLocationUpdates` gets the
  /// fixes of 0...4 only; a running workout session keeps them coming (0...20: 21).
  @Test func aWorkoutSessionKeepsUpdatesRunningInTheBackground() async throws {
    let extra = #", "watch": {}, "timeline": [ { "at": 5, "do": "crownPress" } ]"#
    let alone = try HealthKitSimulation(scenario: eastOnTheEquator(extra: extra))
    let aloneRecorder = LocationRecorder()
    try await alone.run {
      let manager = authorizedManager(aloneRecorder)
      manager.startUpdatingLocation()
      try await alone.advance(by: .seconds(20))
    }
    #expect(aloneRecorder.locations.count == 5)

    let workout = try HealthKitSimulation(scenario: eastOnTheEquator(extra: extra))
    let workoutRecorder = LocationRecorder()
    try await workout.run {
      _ = try await startWorkout(HKHealthStore(), simulation: workout, activity: .running)
      let manager = authorizedManager(workoutRecorder)
      manager.startUpdatingLocation()
      try await workout.advance(by: .seconds(20))
    }
    #expect(workoutRecorder.locations.count == 21)
  }

  /// The app's code on a replayed FIT walk (17 recorded points, see `walkOffsets`): the route
  /// builder saves every recorded point, at the recorded instants, with the recorded positions
  /// (FIT semicircles × 180 / 2³¹: 456107865 → 38.2307…°, −1463072519 → −122.6306…°); the
  /// sample query with `predicateForObjects(from: workout)` finds the one route; the route
  /// query returns the 17 in order in one batch (100 per batch) with `done`.
  @Test @MainActor func aReplayedRunsRouteBuilderSavesEveryRecordedPoint() async throws {
    let simulation = try HealthKitSimulation(scenario: walkReplay())
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(
        toShare: routeTypes, read: [HKSeriesType.workoutRoute()])
      let tracker = RunTracker()
      tracker.locationManager.requestWhenInUseAuthorization()
      let (session, builder) = try await startWorkout(
        store, simulation: simulation, activity: .walking)
      tracker.start(with: builder)
      try await simulation.advance(by: .seconds(46))
      await simulation.settle()
      tracker.stop()
      session.end()
      try await builder.endCollection(at: simulation.now)
      let workout = try #require(try await builder.finishWorkout())
      let route = try #require(try await tracker.finishRoute(with: workout))
      #expect(tracker.inserted == 17)
      #expect(tracker.insertErrors.isEmpty)
      #expect(route.count == 17)
      #expect(route.startDate == simulation.startDate)
      #expect(route.endDate == simulation.startDate.addingTimeInterval(46))

      let found = try await routes(of: workout, store: store)
      #expect(found.map(\.uuid) == [route.uuid])

      let batches = try await routeBatches(route, store: store)
      #expect(batches.map(\.done) == [true])
      let locations = batches.flatMap(\.locations)
      #expect(
        locations.map { $0.timestamp.timeIntervalSince(simulation.startDate) } == walkOffsets)
      let first = try #require(locations.first)
      let last = try #require(locations.last)
      #expect(abs(first.coordinate.latitude - 456_107_865.0 * 180 / 2_147_483_648) < 1e-9)
      #expect(abs(first.coordinate.longitude - -1_463_072_519.0 * 180 / 2_147_483_648) < 1e-9)
      #expect(abs(last.coordinate.latitude - 456_100_917.0 * 180 / 2_147_483_648) < 1e-9)
      #expect(abs(last.coordinate.longitude - -1_463_075_331.0 * 180 / 2_147_483_648) < 1e-9)

      // The async form reads the same locations.
      var viaDescriptor: [CLLocation] = []
      for try await location in HKWorkoutRouteQueryDescriptor(route).results(for: store) {
        viaDescriptor.append(location)
      }
      #expect(viaDescriptor == locations)
    }
    // The result's track is the saved route: the GPX export has its 17 points.
    let result = simulation.result
    #expect(result.track.count == 17)
    let gpx = String(
      decoding: try result.export(try #require(result.records.first), as: .gpx), as: UTF8.self)
    #expect(gpx.components(separatedBy: "<trkpt ").count - 1 == 17)
  }

  /// 250 s of a scripted course with updates from 0: 251 fixes, read back in batches of 100,
  /// 100 and 51, `done` only on the last, time stamps increasing by 1 s throughout.
  @Test func theRouteQueryDeliversBatchesWithDoneOnTheLast() async throws {
    let simulation = try HealthKitSimulation(scenario: eastOnTheEquator(seconds: 300))
    let recorder = LocationRecorder()
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(
        toShare: routeTypes, read: [HKSeriesType.workoutRoute()])
      let (session, builder) = try await startWorkout(
        store, simulation: simulation, activity: .running)
      let manager = authorizedManager(recorder)
      manager.startUpdatingLocation()
      try await simulation.advance(by: .seconds(250))
      manager.stopUpdatingLocation()
      let routeBuilder = try #require(
        builder.seriesBuilder(for: .workoutRoute()) as? HKWorkoutRouteBuilder)
      #expect(builder.seriesBuilder(for: .workoutRoute()) === routeBuilder)
      #expect(builder.seriesBuilder(for: .heartbeat()) == nil)
      try await routeBuilder.insertRouteData(recorder.locations)
      try await routeBuilder.addMetadata(["lap": "one"])
      session.end()
      try await builder.endCollection(at: simulation.now)
      let workout = try #require(try await builder.finishWorkout())
      // A long-running anchored query of this workout's routes, started before the route is
      // finished: its first results are empty, its update handler gets the route.
      let seen = Mutex<[[UUID]]>([])
      let routes = HKAnchoredObjectQuery(
        type: HKSeriesType.workoutRoute(), predicate: HKQuery.predicateForObjects(from: workout),
        anchor: nil, limit: HKObjectQueryNoLimit
      ) { _, added, _, _, _ in seen.withLock { $0.append((added ?? []).map(\.uuid)) } }
      routes.updateHandler = { _, added, _, _, _ in
        seen.withLock { $0.append((added ?? []).map(\.uuid)) }
      }
      store.execute(routes)
      await simulation.settle()
      let route = try await routeBuilder.finishRoute(with: workout, metadata: ["kind": "run"])
      await simulation.settle()
      #expect(seen.withLock { $0 } == [[], [route.uuid]])
      store.stop(routes)
      #expect(route.metadata?["lap"] as? String == "one")
      #expect(route.metadata?["kind"] as? String == "run")
      let batches = try await routeBatches(route, store: store)
      #expect(batches.map(\.locations.count) == [100, 100, 51])
      #expect(batches.map(\.done) == [false, false, true])
      let seconds = batches.flatMap(\.locations).map {
        $0.timestamp.timeIntervalSince(simulation.startDate)
      }
      #expect(seconds == Array(0...250).map(Double.init))
    }
    // A scripted course has no recorded positions: the GPX export draws the route the app
    // saved, its 251 points (the record spans 0 to 250 s, both ends included).
    let result = simulation.result
    let gpx = String(
      decoding: try result.export(try #require(result.records.first), as: .gpx), as: UTF8.self)
    #expect(gpx.components(separatedBy: "<trkpt ").count - 1 == 251)
  }

  /// A route recorded before a crash survives the recovery (new-user trial 27;
  /// docs/swift-api.md#crash-and-recovery): the app inserts fixes at 0, 100 and 200 s into the
  /// live builder's route builder, crashes at 300 s, relaunches, recovers the session, takes the
  /// route builder of the recovered builder (a new object for the new process), inserts fixes
  /// at 400 and 500 s and ends at 600 s. The saved route has the 5 locations (3 + 2), from 0 s
  /// (the first fix, the workout's start) to 500 s; before, it had 2, from 400 s.
  @Test func aRouteRecordedBeforeACrashSurvivesTheRecovery() async throws {
    let simulation = try HealthKitSimulation(scenario: eastOnTheEquator(seconds: 700))
    func fixes(_ seconds: [Double]) -> [CLLocation] {
      seconds.map {
        CLLocation(
          coordinate: CLLocationCoordinate2D(latitude: 0, longitude: $0 / 100_000), altitude: 20,
          horizontalAccuracy: 5, verticalAccuracy: 5,
          timestamp: simulation.startDate.addingTimeInterval($0))
      }
    }
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(
        toShare: routeTypes, read: [HKSeriesType.workoutRoute()])
      let (_, builder) = try await startWorkout(store, simulation: simulation, activity: .running)
      let before = try #require(
        builder.seriesBuilder(for: .workoutRoute()) as? HKWorkoutRouteBuilder)
      try await before.insertRouteData(fixes([0, 100, 200]))
      try await simulation.advance(by: .seconds(300))
      await simulation.crash()
      await simulation.relaunch()
      let session = try #require(try await HKHealthStore().recoverActiveWorkoutSession())
      let recovered = session.associatedWorkoutBuilder()
      let after = try #require(
        recovered.seriesBuilder(for: .workoutRoute()) as? HKWorkoutRouteBuilder)
      #expect(after !== before)
      #expect(recovered.seriesBuilder(for: .workoutRoute()) === after)
      try await simulation.advance(by: .seconds(100))
      try await after.insertRouteData(fixes([400, 500]))
      try await simulation.advance(by: .seconds(200))
      session.end()
      try await recovered.endCollection(at: simulation.now)
      let workout = try #require(try await recovered.finishWorkout())
      let route = try await after.finishRoute(with: workout, metadata: nil)
      #expect(route.count == 5)
      #expect(route.startDate == simulation.startDate)
      #expect(route.endDate == simulation.startDate.addingTimeInterval(500))
    }
  }

  /// Review of attrib27, item 4: the recovered builder's route builder is published (reachable
  /// by `seriesBuilder(for:)` from any thread) only once the locations inserted before the
  /// crash are in it, so an app that reads or finishes it at once has them. The simulation's
  /// look at each route builder as it is published: the first process's, empty (0), then the
  /// recovered one's, with the 3 fixes at 0, 100 and 200 s (before the change: 0, copied after
  /// the publication).
  @Test func aRecoveredRouteBuilderIsPublishedWithItsLocations() async throws {
    final class Seen: Sendable {
      let counts = Mutex<[Int]>([])
    }
    let simulation = try HealthKitSimulation(scenario: eastOnTheEquator(seconds: 700))
    let seen = Seen()
    simulation.mutate { state in
      state.withExtension(LiveWorkoutRoutes.self, of: simulation) { routes, _ in
        routes.published = { builder in
          let count = builder.kept.locations.count
          seen.counts.withLock { $0.append(count) }
        }
      }
    }
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(
        toShare: routeTypes, read: [HKSeriesType.workoutRoute()])
      let (_, builder) = try await startWorkout(store, simulation: simulation, activity: .running)
      let before = try #require(
        builder.seriesBuilder(for: .workoutRoute()) as? HKWorkoutRouteBuilder)
      try await before.insertRouteData(
        [0.0, 100, 200].map {
          CLLocation(
            coordinate: CLLocationCoordinate2D(latitude: 0, longitude: $0 / 100_000),
            altitude: 20, horizontalAccuracy: 5, verticalAccuracy: 5,
            timestamp: simulation.startDate.addingTimeInterval($0))
        })
      try await simulation.advance(by: .seconds(300))
      await simulation.crash()
      await simulation.relaunch()
      let session = try #require(try await HKHealthStore().recoverActiveWorkoutSession())
      _ = session.associatedWorkoutBuilder().seriesBuilder(for: .workoutRoute())
    }
    #expect(seen.counts.withLock { $0 } == [0, 3])
  }

  /// The iPhone app's route builder of a mirrored session belongs to the iPhone app's process,
  /// not the watch's (review 28): after the watch app crashes at 10 s, a fix the phone inserts
  /// at 0 s is not refused as a crashed process's (before the change it was: the builder took
  /// the watch engine's process).
  @Test func aMirroredRouteBuilderOutlivesTheWatchAppsCrash() async throws {
    let simulation = try HealthKitSimulation(scenario: eastOnTheEquator(seconds: 700))
    final class Phone: @unchecked Sendable {
      let mirrored = Mutex<HKWorkoutSession?>(nil)
    }
    let phone = Phone()
    let inert = HKError(.errorInvalidArgument, HealthKitSimulation.inertMessage)
    try await simulation.run {
      let phoneStore = await simulation.on(.phone) { () -> HKHealthStore in
        let store = HKHealthStore()
        store.workoutSessionMirroringStartHandler = { session in
          phone.mirrored.withLock { $0 = session }
        }
        return store
      }
      await simulation.on(.phone) {
        try? await phoneStore.requestAuthorization(
          toShare: routeTypes, read: [HKSeriesType.workoutRoute()])
      }
      let store = HKHealthStore()
      try await store.requestAuthorization(
        toShare: routeTypes, read: [HKSeriesType.workoutRoute()])
      let (session, _) = try await startWorkout(store, simulation: simulation, activity: .running)
      try await session.startMirroringToCompanionDevice()
      try await simulation.advance(by: .seconds(1))
      let mirrored = try #require(phone.mirrored.withLock { $0 })
      let routeBuilder = try #require(
        mirrored.associatedWorkoutBuilder().seriesBuilder(for: .workoutRoute())
          as? HKWorkoutRouteBuilder)
      try await simulation.advance(by: .seconds(9))
      await simulation.crash()
      let fix = CLLocation(
        coordinate: CLLocationCoordinate2D(latitude: 0, longitude: 0), altitude: 20,
        horizontalAccuracy: 5, verticalAccuracy: 5, timestamp: simulation.startDate)
      var refusal: HKError?
      do { try await routeBuilder.insertRouteData([fix]) } catch let error as HKError {
        refusal = error
      }
      #expect(refusal != inert)
    }
  }

  /// The crashed process's route builder is inert, as every object that process made (sweep
  /// 28; docs/swift-api.md#crash-and-recovery), and the new process never reaches it: fixes at
  /// 0, 100 and 200 s go into the live builder's route builder, the app crashes at 300 s; the
  /// old builder's insert of a fix at 350 s and its `discard()` (which would drop the workout's
  /// kept locations) are ignored; after the recovery its `addMetadata` and, once the workout is
  /// saved at 600 s, its `finishRoute` are too. Each gets `errorInvalidArgument` with the
  /// crashed process's text (`discard()` returns nothing) and is one error entry, in call order:
  /// insertRouteData, discard, addMetadata, finishRoute. The recovered route builder saves the
  /// 3 + 2 = 5 fixes (0, 100, 200, 400, 500 s), not the one at 350 s.
  @Test func theCrashedProcesssRouteBuilderIsInert() async throws {
    let simulation = try HealthKitSimulation(scenario: eastOnTheEquator(seconds: 700))
    func fixes(_ seconds: [Double]) -> [CLLocation] {
      seconds.map {
        CLLocation(
          coordinate: CLLocationCoordinate2D(latitude: 0, longitude: $0 / 100_000), altitude: 20,
          horizontalAccuracy: 5, verticalAccuracy: 5,
          timestamp: simulation.startDate.addingTimeInterval($0))
      }
    }
    let inert = HKError(.errorInvalidArgument, HealthKitSimulation.inertMessage)
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(
        toShare: routeTypes, read: [HKSeriesType.workoutRoute()])
      let (_, builder) = try await startWorkout(store, simulation: simulation, activity: .running)
      let before = try #require(
        builder.seriesBuilder(for: .workoutRoute()) as? HKWorkoutRouteBuilder)
      try await before.insertRouteData(fixes([0, 100, 200]))
      try await simulation.advance(by: .seconds(300))
      await simulation.crash()
      await #expect(throws: inert) { try await before.insertRouteData(fixes([350])) }
      before.discard()
      await simulation.relaunch()
      let session = try #require(try await HKHealthStore().recoverActiveWorkoutSession())
      let recovered = session.associatedWorkoutBuilder()
      let after = try #require(
        recovered.seriesBuilder(for: .workoutRoute()) as? HKWorkoutRouteBuilder)
      await #expect(throws: inert) { try await before.addMetadata(["lap": 1]) }
      try await simulation.advance(by: .seconds(100))
      try await after.insertRouteData(fixes([400, 500]))
      try await simulation.advance(by: .seconds(200))
      session.end()
      try await recovered.endCollection(at: simulation.now)
      let workout = try #require(try await recovered.finishWorkout())
      await #expect(throws: inert) { try await before.finishRoute(with: workout, metadata: nil) }
      let route = try await after.finishRoute(with: workout, metadata: nil)
      #expect(route.count == 5)
      #expect(route.startDate == simulation.startDate)
      #expect(route.endDate == simulation.startDate.addingTimeInterval(500))
    }
    let ignored = simulation.result.errors.filter {
      $0.message == HealthKitSimulation.inertMessage
    }
    #expect(ignored.map(\.action) == ["insertRouteData", "discard", "addMetadata", "finishRoute"])
  }

  /// HealthKit's errors: a route before authorization (not determined, then denied), a
  /// builder finished twice, an insert after finishing, and a workout not in the store (one
  /// saved by another simulation).
  @Test func routeBuilderErrors() async throws {
    // Another seed: another workout identifier, so another UUID.
    let other = try HealthKitSimulation(scenario: eastOnTheEquator(seed: 7))
    let foreign = try await other.run {
      let (session, builder) = try await startWorkout(
        HKHealthStore(), simulation: other, activity: .running)
      try await other.advance(by: .seconds(5))
      session.end()
      try await builder.endCollection(at: other.now)
      return try #require(try await builder.finishWorkout())
    }
    let denied = try HealthKitSimulation(
      scenario: eastOnTheEquator(
        extra: #", "authorization": { "healthKit": { "share": { "denied": ["workoutRoute"] } } }"#))
    try await denied.run {
      let store = HKHealthStore()
      let routeBuilder = HKWorkoutRouteBuilder(healthStore: store, device: nil)
      let point = CLLocation(latitude: 0, longitude: 0)
      await #expect(
        throws: HKError(.errorAuthorizationNotDetermined, "Authorization not determined")
      ) { try await routeBuilder.insertRouteData([point]) }
      try await store.requestAuthorization(toShare: routeTypes, read: [])
      await #expect(throws: HKError(.errorAuthorizationDenied, "Not authorized")) {
        try await routeBuilder.insertRouteData([point])
      }
    }

    let simulation = try HealthKitSimulation(scenario: eastOnTheEquator())
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(toShare: routeTypes, read: [])
      let (session, builder) = try await startWorkout(
        store, simulation: simulation, activity: .running)
      let routeBuilder = try #require(
        builder.seriesBuilder(for: .workoutRoute()) as? HKWorkoutRouteBuilder)
      try await routeBuilder.insertRouteData([CLLocation(latitude: 0, longitude: 0)])
      try await simulation.advance(by: .seconds(5))
      session.end()
      try await builder.endCollection(at: simulation.now)
      let workout = try #require(try await builder.finishWorkout())
      await #expect(
        throws: HKError(
          .errorInvalidArgument,
          "The workout must be saved before a route is associated with it: call finishRoute(with:metadata:) with the workout finishWorkout returned"
        )
      ) { _ = try await routeBuilder.finishRoute(with: foreign, metadata: nil) }
      let route = try await routeBuilder.finishRoute(with: workout, metadata: nil)
      #expect(route.count == 1)
      let finished = HKError(.errorInvalidArgument, "The route builder has already been finished")
      await #expect(throws: finished) {
        _ = try await routeBuilder.finishRoute(with: workout, metadata: nil)
      }
      await #expect(throws: finished) {
        try await routeBuilder.insertRouteData([CLLocation(latitude: 1, longitude: 1)])
      }
      // The completion form reports the same.
      let reported = Mutex<(Bool, HKError?)>((true, nil))
      routeBuilder.insertRouteData([]) { success, error in
        reported.withLock { $0 = (success, error as? HKError) }
      }
      await simulation.settle()
      #expect(reported.withLock { $0.0 } == false)
      #expect(reported.withLock { $0.1 } == finished)
    }
  }

  /// `CLLocationUpdate.liveUpdates()` gives the same fixes as the manager, one per second.
  @Test func liveUpdatesFollowTheCourse() async throws {
    let simulation = try HealthKitSimulation(scenario: eastOnTheEquator())
    let seen = try await simulation.run {
      let updates = CLLocationUpdate.liveUpdates(.fitness)
      try await simulation.advance(by: .seconds(3))
      var seconds: [Double] = []
      for try await update in updates {
        if let location = update.location {
          seconds.append(location.timestamp.timeIntervalSince(simulation.startDate))
        }
        if seconds.count == 4 { break }
      }
      return seconds
    }
    #expect(seen == [0, 1, 2, 3])
  }

  /// Significant-change monitoring on the iPhone, as a phone app starts it after checking
  /// availability. An exact receiver (`horizontalAccuracy: 0`) on the equator heading east:
  /// 1.2 m/s for 900 s (1080 m), then 3 m/s for 900 s. Deliveries need 500 m and 300 s since
  /// the last one: t = 0 (0 m); t = 417 (1.2 × 417 = 500.4 m; 416 gives 499.2); t = 834
  /// (1000.8 m, 500.4 from the last); then 1134 (300 s later, at 1080 + 3 × 234 = 1782 m, 781 m
  /// on), 1434 (900 m on) and 1734. The watch has no such service.
  @Test func significantChangesComeEvery500MetresAndFiveMinutes() async throws {
    let scenario = try decodeScenario(
      """
      { "version": 1, "seed": 1, "start": "2026-03-02T07:00:00Z", "activity": "running",
        "course": [ { "duration": 900, "speed": 1.2 }, { "duration": 900, "speed": 3 } ],
        "gps": { "latitude": 0, "longitude": 0, "altitude": 20, "heading": 90 },
        "sensors": { "location": { "horizontalAccuracy": 0 } } }
      """)
    let simulation = try HealthKitSimulation(scenario: scenario)
    let recorder = LocationRecorder()
    try await simulation.run {
      #expect(CLLocationManager.significantLocationChangeMonitoringAvailable() == false)
      let (manager, available) = await simulation.on(.phone) {
        (CLLocationManager(), CLLocationManager.significantLocationChangeMonitoringAvailable())
      }
      #expect(available)
      manager.delegate = recorder
      manager.requestAlwaysAuthorization()
      // Ignored by the service (Apple's page).
      manager.distanceFilter = 5000
      manager.startMonitoringSignificantLocationChanges()
      try await simulation.advance(by: .seconds(1800))
      manager.stopMonitoringSignificantLocationChanges()
      try await simulation.advance(by: .seconds(10))
    }
    let start = simulation.startDate
    #expect(
      recorder.locations.map { $0.timestamp.timeIntervalSince(start) }
        == [0, 417, 834, 1134, 1434, 1734])
    #expect(recorder.errors.isEmpty)
  }

  /// Fixes carry the source information of the device's own receiver (anti-spoofing code keeps
  /// them) and no floor; a location the app makes has none, unless it passes one.
  @Test func fixesComeFromTheDevicesReceiver() async throws {
    let simulation = try HealthKitSimulation(scenario: eastOnTheEquator())
    let recorder = LocationRecorder()
    try await simulation.run {
      let manager = authorizedManager(recorder)
      manager.startUpdatingLocation()
      try await simulation.advance(by: .seconds(2))
    }
    let first = try #require(recorder.locations.first)
    let source = try #require(first.sourceInformation)
    #expect(source.isSimulatedBySoftware == false)
    #expect(source.isProducedByAccessory == false)
    #expect(first.floor == nil)
    #expect(CLLocation(latitude: 1, longitude: 2).sourceInformation == nil)
    let made = CLLocation(
      coordinate: CLLocationCoordinate2D(latitude: 1, longitude: 2), altitude: 0,
      horizontalAccuracy: 5, verticalAccuracy: 5, course: -1, courseAccuracy: -1, speed: -1,
      speedAccuracy: -1, timestamp: Date(timeIntervalSince1970: 0),
      sourceInfo: CLLocationSourceInformation(
        softwareSimulationState: true, andExternalAccessoryState: false))
    #expect(made.sourceInformation?.isSimulatedBySoftware == true)
  }

  /// Naming a route: the geocoder finds no result (no map data), in both forms, with a
  /// description that says why; the async accuracy request returns and changes nothing.
  @Test func theGeocoderFindsNoResultAndSaysWhy() async throws {
    let simulation = try HealthKitSimulation(scenario: eastOnTheEquator())
    let answers = Mutex<[String]>([])
    try await simulation.run {
      let geocoder = CLGeocoder()
      let location = CLLocation(latitude: 0, longitude: 0)
      geocoder.reverseGeocodeLocation(location) { placemarks, error in
        let code = (error as? CLError)?.code
        answers.withLock {
          $0.append("\(placemarks == nil) \(code == .geocodeFoundNoResult)")
        }
      }
      await simulation.settle()
      #expect(answers.withLock { $0 } == ["true true"])
      do {
        _ = try await geocoder.reverseGeocodeLocation(location)
        Issue.record("found a placemark")
      } catch let error as CLError {
        #expect(error.code == .geocodeFoundNoResult)
        #expect((error as NSError).domain == kCLErrorDomain)
        #expect((error as NSError).code == 8)
        #expect(error.localizedDescription.contains("no map data"))
      }
      #expect(geocoder.isGeocoding == false)
      let manager = authorizedManager(LocationRecorder())
      try await manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Route")
      #expect(manager.accuracyAuthorization == .fullAccuracy)
    }
  }

  /// `CLServiceSession` as apps hold it next to `liveUpdates()`: `.always` asks for always
  /// authorization (granted by default), the diagnostics say so, and `invalidate()` ends the
  /// loop after the one diagnostic; a denied user and a reduced-accuracy user with a purpose
  /// key read `authorizationDenied` and `fullAccuracyDenied`.
  @Test func aServiceSessionAsksForAuthorizationAndDiagnoses() async throws {
    func diagnostics(
      _ answer: String?, _ make: @escaping () -> CLServiceSession
    ) async throws -> ([CLServiceSession.Diagnostic], CLAuthorizationStatus) {
      let extra = answer.map { #", "authorization": { "location": "\#($0)" }"# } ?? ""
      let simulation = try HealthKitSimulation(scenario: eastOnTheEquator(extra: extra))
      return try await simulation.run {
        let manager = CLLocationManager()
        let session = make()
        var seen: [CLServiceSession.Diagnostic] = []
        let sequence = session.diagnostics
        session.invalidate()
        for try await diagnostic in sequence { seen.append(diagnostic) }
        return (seen, manager.authorizationStatus)
      }
    }
    let (granted, status) = try await diagnostics(nil) { CLServiceSession(authorization: .always) }
    #expect(status == .authorizedAlways)
    #expect(granted.count == 1)
    #expect(granted.first?.authorizationDenied == false)
    #expect(granted.first?.alwaysAuthorizationDenied == false)
    #expect(granted.first?.serviceSessionRequired == false)
    let (denied, deniedStatus) = try await diagnostics("denied") {
      CLServiceSession(authorization: .always)
    }
    #expect(deniedStatus == .denied)
    #expect(denied.first?.authorizationDenied == true)
    #expect(denied.first?.alwaysAuthorizationDenied == true)
    let (reduced, reducedStatus) = try await diagnostics("reducedAccuracy") {
      CLServiceSession(authorization: .whenInUse, fullAccuracyPurposeKey: "Route")
    }
    #expect(reducedStatus == .authorizedWhenInUse)
    #expect(reduced.first?.fullAccuracyDenied == true)
    #expect(reduced.first?.authorizationDenied == false)
    // `.none` asks nothing.
    let (none, noneStatus) = try await diagnostics(nil) { CLServiceSession(authorization: .none) }
    #expect(noneStatus == .notDetermined)
    #expect(none.first?.authorizationDenied == false)
  }

  /// `CLBackgroundActivitySession` as apps hold it next to `liveUpdates()`: it asks for no
  /// authorization (the status stays `.notDetermined` until `liveUpdates()` asks for when in
  /// use), its diagnostics yield one diagnostic and end at `invalidate()`, and the updates go
  /// on after it: a fix every second from t = 0, the updates read after 2 s are those of 0, 1
  /// and 2 s; invalidated then, the next, after 1 s more, is that of 3 s. Denied, the
  /// diagnostic says `authorizationDenied`.
  @Test func aBackgroundActivitySessionDiagnosesAndEndsAtInvalidate() async throws {
    let simulation = try HealthKitSimulation(scenario: eastOnTheEquator())
    let start = simulation.startDate
    let (statuses, count, times) = try await simulation.run {
      let manager = CLLocationManager()
      let session = CLBackgroundActivitySession()
      let before = manager.authorizationStatus
      var times: [Double] = []
      var iterator = CLLocationUpdate.liveUpdates(.fitness).makeAsyncIterator()
      try await simulation.advance(by: .seconds(2))
      for _ in 0..<3 {
        if let location = try await iterator.next()?.location {
          times.append(location.timestamp.timeIntervalSince(start))
        }
      }
      var seen: [CLBackgroundActivitySession.Diagnostic] = []
      let sequence = session.diagnostics
      session.invalidate()
      for try await diagnostic in sequence { seen.append(diagnostic) }
      #expect(seen.first?.authorizationDenied == false)
      #expect(seen.first?.insufficientlyInUse == false)
      try await simulation.advance(by: .seconds(1))
      if let location = try await iterator.next()?.location {
        times.append(location.timestamp.timeIntervalSince(start))
      }
      return ([before, manager.authorizationStatus], seen.count, times)
    }
    #expect(statuses == [.notDetermined, .authorizedWhenInUse])
    #expect(count == 1)
    #expect(times == [0, 1, 2, 3])
    let denied = try HealthKitSimulation(
      scenario: eastOnTheEquator(extra: #", "authorization": { "location": "denied" }"#))
    let deniedDiagnostic = try await denied.run {
      let manager = CLLocationManager()
      manager.requestWhenInUseAuthorization()
      let session = CLBackgroundActivitySession()
      var iterator = session.diagnostics.makeAsyncIterator()
      let first = try await iterator.next()
      session.invalidate()
      return first
    }
    #expect(deniedDiagnostic?.authorizationDenied == true)
  }
}
