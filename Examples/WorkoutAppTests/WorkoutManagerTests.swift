// The seed app's WorkoutManager run in `swift test` on virtual time, against the scenario
// Examples/WorkoutApp/Scenarios/seed-run.json.
//
// Every expected value is worked out by hand from the models of docs/models.md:
//
// Athlete: male, 30 years, 70 kg, 180 cm, resting 60 bpm, maximum 190 bpm, VO2max 48.5
// mL·kg⁻¹·min⁻¹. Course: level running at 3.0 m/s (S = 180 m/min) for 30 minutes. Sensors:
// heart-rate and speed noise 0, no lock-on, no dropouts; heart rate every 5 s, the cumulative
// types every 10 s (docs/scenario-format.md#sensors). The workout starts at t = 0, which is the
// scenario's `start`, 2026-06-01T07:00:00Z = 1 780 297 200 s after 1970-01-01 (20 605 days:
// 56 × 365 + 14 leap days to 2026-01-01, + 151 days of January to May; + 7 h).
//
// Energy, ACSM running (ACSM's Guidelines for Exercise Testing and Prescription, 10th ed.,
// Table 6.3): VO2 = 3.5 + 0.2 × S = 3.5 + 36; net 36 mL·kg⁻¹·min⁻¹. At 5 kcal per litre of
// oxygen: 36 × 70 / 1000 × 5 = 12.6 kcal/min active, 0.21 kcal/s.
//   20 min: 12.6 × 20 = 252 kcal, in 120 samples of 10 s (2.1 kcal each).
//   Distance 3.0 × 1200 = 3600 m.
// Cross-check, not the energy model (docs/models.md#energy-from-heart-rate-keytel-2005): Keytel
// et al. 2005 (J Sports Sci 23:289–297), men with VO2max, at the steady 164 bpm:
//   −95.7735 + 0.634 × 164 + 0.404 × 48.5 + 0.394 × 70 + 0.271 × 30 = 63.5065 kJ/min
//   = 15.178 kcal/min gross, against ACSM's gross 39.5 × 70 / 200 = 13.825: +9.8 %.
//
// Heart rate: %HRR = %VO2R (Swain & Leutholtz, Med Sci Sports Exerc 29:410–414, 1997):
//   target W = 60 + 36 / (48.5 − 3.5) × (190 − 60) = 60 + 0.8 × 130 = 164 bpm.
// Kinetics: first-order rise from rest with τ = 24 s (De Smet et al. 2017, CEUR-WS Vol-1842
// paper 13): u(t) = 164 − 104 × e^(−t/24). Drift (docs/models.md#heart-rate, project rule):
// D(t) = 0.18 × max(0, t − 600) / 3000 for t ≤ 1200 s; with a = u − 60 above rest and r = 190 − u
// of room, h(t) = u + r × (1 − e^(−D × a / r)) (the heart approaches its maximum, never passes it).
//   h(600)  = 164 − 104 × e^(−25) = 164 − 1.44e−9 ≈ 164 bpm (D = 0).
//   h(1200): u = 164 (e^(−50) ≈ 1.9e−22 is below a double's precision), D = 0.036,
//     D × a / r = 0.036 × 104 / 26 = 0.144, h = 164 + 26 × (1 − e^(−0.144))
//     = 164 + 26 × 0.1341122519 = 167.4869185505 bpm.
// Average (HealthKit's `averageQuantity()` is the plain mean of the samples): 241 samples at
// t = 5k, k = 0 … 240. With q = e^(−5/24) = 0.8119363462; from k = 120 on u = 164 to within 2e−9
// and the drift adds 26 × (1 − p^j), j = k − 120, p = e^(−0.00024 × 5) = e^(−0.0012):
//   Σ q^k = (1 − q^241) / (1 − q) = 1 / 0.1880636538 = 5.3173485654
//   Σ p^j (j = 0 … 120) = (1 − p^121) / (1 − p) = 112.6931672359
//   Σ drift = 26 × (121 − 112.6931672359) = 215.9776518662
//   Σ h = 241 × 164 − 104 × 5.3173485654 + 215.9776518662 = 39 524 − 553.0042508017 + 215.9776518662
//       = 39 186.9734010645
//   mean = 39 186.9734010645 / 241 = 162.6015493820 bpm.
// Minimum: h(0) = 60 bpm; maximum and most recent: h(1200) = 167.4869185505 bpm, a sample at
// 07:20:00.
// The statistics span the samples: heart rate from the sample at 07:00:00 to the one at 07:20:00,
// energy from [0 s, 10 s) to [1190 s, 1200 s): 07:00:00 to 07:20:00 for both.
//
// `workout-sim check Examples/WorkoutApp/Scenarios/seed-run.json` checks the same values through
// the command line (its timeline makes the seed's two calls at 0 and 20:00).
import Foundation
import Testing
import WorkoutScenario
import WorkoutSimulation

@testable import WorkoutAppExample

#if os(watchOS) || os(iOS)
  import HealthKit
#else
  import SimulatedHealthKit
#endif

/// The seed run's scenario file, found from this source file.
private let seedRun = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("WorkoutApp/Scenarios/seed-run.json")

/// 2026-06-01T07:00:00Z, the scenario's `start` (t = 0).
private let start = Date(timeIntervalSince1970: 1_780_297_200)

/// Whether `actual` is `expected` within 10⁻⁹ relative (the tolerance of `workout-sim check`,
/// docs/scenario-format.md#checks): sums of 120 samples differ from the exact product in the last
/// bits.
private func isClose(_ actual: Double?, _ expected: Double) -> Bool {
  guard let actual else { return false }
  return abs(actual - expected) <= 1e-9 * max(1, abs(expected))
}

private let beatsPerMinute = HKUnit.count().unitDivided(by: .minute())

@Suite("The seed's WorkoutManager on SimulatedHealthKit")
@MainActor
struct WorkoutManagerTests {
  @Test("20 minutes of running: elapsed time, heart rate, energy and the saved workout")
  func twentyMinuteRun() async throws {
    let simulation = try HealthKitSimulation(scenario: seedRun)
    try await simulation.run {
      let manager = WorkoutManager()
      try await manager.requestAuthorization()
      try await manager.startWorkout(type: .running)
      await simulation.settle()
      #expect(manager.isActive)
      #expect(manager.state == .running)
      #expect(simulation.now == start)

      try await simulation.advance(by: .seconds(20 * 60))
      await simulation.settle()
      #expect(simulation.now == start + 1200)
      #expect(manager.elapsedTime == 1200)
      #expect(isClose(manager.heartRate, 167.4869185505))
      #expect(isClose(manager.calories, 252))

      try await manager.endWorkout()
      await simulation.settle()
      #expect(!manager.isActive)
      #expect(manager.state == .ended)
      #expect(manager.elapsedTime == 1200)
      #expect(manager.lastError == nil)

      let workout = try #require(manager.workout)
      #expect(workout.workoutActivityType == .running)
      #expect(workout.duration == 1200)
      #expect(workout.startDate == start)
      #expect(workout.endDate == start + 1200)
      #expect(workout.workoutEvents?.isEmpty ?? true)

      let heartRate = try #require(workout.statistics(for: HKQuantityType(.heartRate)))
      #expect(
        isClose(heartRate.averageQuantity()?.doubleValue(for: beatsPerMinute), 162.6015493820))
      #expect(isClose(heartRate.minimumQuantity()?.doubleValue(for: beatsPerMinute), 60))
      #expect(
        isClose(heartRate.maximumQuantity()?.doubleValue(for: beatsPerMinute), 167.4869185505))
      #expect(
        isClose(heartRate.mostRecentQuantity()?.doubleValue(for: beatsPerMinute), 167.4869185505))
      #expect(heartRate.sumQuantity() == nil)
      #expect(heartRate.startDate == start)
      #expect(heartRate.endDate == start + 1200)
      #expect(heartRate.mostRecentQuantityDateInterval()?.start == start + 1200)

      let energy = try #require(workout.statistics(for: HKQuantityType(.activeEnergyBurned)))
      #expect(isClose(energy.sumQuantity()?.doubleValue(for: .kilocalorie()), 252))
      #expect(isClose(energy.sumQuantity()?.doubleValue(for: .largeCalorie()), 252))
      #expect(energy.averageQuantity() == nil)
      #expect(energy.startDate == start)
      #expect(energy.endDate == start + 1200)

      let distance = try #require(
        workout.statistics(for: HKQuantityType(.distanceWalkingRunning)))
      #expect(isClose(distance.sumQuantity()?.doubleValue(for: .meter()), 3600))
      #expect(isClose(distance.sumQuantity()?.doubleValue(for: .meterUnit(with: .kilo)), 3.6))
    }
    let result = simulation.result
    #expect(result.records.count == 1)
    #expect(result.errors.isEmpty)
    // The seed's three `Date()` calls were read as virtual now, each with a log entry
    // (docs/swift-api.md#the-wall-clock-rule).
    let wallClock = result.log.compactMap { entry -> String? in
      if case .wallClockDate(let action) = entry.kind { return action }
      return nil
    }
    // Each entry names the HealthKit method the date went to (docs/run-result.md#log).
    #expect(wallClock == ["startActivity", "beginCollection", "endCollection"])
  }

  // The scenario's own timeline makes the seed's calls at the same instants (start at 0, end at
  // 20:00), so `workout-sim run` on the file saves the same record, bit for bit.
  @Test("The app's workout is the record workout-sim run makes from the same file")
  func sameRecordAsTheCommandLine() async throws {
    let simulation = try HealthKitSimulation(scenario: seedRun)
    try await simulation.run {
      let manager = WorkoutManager()
      try await manager.startWorkout(type: .running)
      try await simulation.advance(by: .seconds(20 * 60))
      try await manager.endWorkout()
    }
    let commandLine = try Simulation.run(Scenario.load(contentsOf: seedRun))
    #expect(commandLine.records.count == 1)
    #expect(simulation.result.records == commandLine.records)
  }

  // With strict dates the seed's `Date()` (2026-12 on the real clock, not 2026-06-01T07:00Z) is
  // refused: startActivity reports HealthKit's invalid-argument error to the delegate and the
  // session stays notStarted; beginCollection(at:) throws the same error.
  @Test("Strict dates: the seed's Date() calls fail instead of being read as now")
  func strictDates() async throws {
    let simulation = try HealthKitSimulation(scenario: seedRun, options: .strictDates)
    await simulation.run {
      let manager = WorkoutManager()
      await #expect(throws: HKError.self) { try await manager.startWorkout(type: .running) }
      await simulation.settle()
      #expect(!manager.isActive)
      #expect(manager.state == .notStarted)
      #expect((manager.lastError as? HKError)?.code == .errorInvalidArgument)
    }
    #expect(simulation.result.records.isEmpty)
  }

  // Pause and resume: start at 0, pause at 5:00, resume at 6:00, end at 11:00.
  //   elapsed = (300 − 0) + (660 − 360) = 600 s; during the pause it stays at 300 s.
  //   Energy is collected only while running: 300 s + 300 s at 0.21 kcal/s = 63 + 63 = 126 kcal
  //   (30 + 30 samples of 2.1 kcal).
  @Test("Pause and resume: the elapsed time leaves out the paused minute")
  func pauseAndResume() async throws {
    let simulation = try HealthKitSimulation(scenario: seedRun)
    try await simulation.run {
      let manager = WorkoutManager()
      try await manager.startWorkout(type: .running)
      try await simulation.advance(by: .seconds(300))
      manager.pause()
      await simulation.settle()
      #expect(manager.state == .paused)

      try await simulation.advance(by: .seconds(30))
      await simulation.settle()
      #expect(manager.elapsedTime == 300)
      #expect(manager.workoutBuilder?.elapsedTime == 300)
      #expect(isClose(manager.calories, 63))

      try await simulation.advance(by: .seconds(30))
      manager.resume()
      await simulation.settle()
      #expect(manager.state == .running)

      try await simulation.advance(by: .seconds(300))
      try await manager.endWorkout()
      await simulation.settle()
      #expect(manager.elapsedTime == 600)
      #expect(isClose(manager.calories, 126))

      let workout = try #require(manager.workout)
      #expect(workout.duration == 600)
      #expect(workout.startDate == start)
      #expect(workout.endDate == start + 660)
      let events = workout.workoutEvents ?? []
      #expect(events.map(\.type) == [.pause, .resume])
      #expect(events.map(\.dateInterval.start) == [start + 300, start + 360])
      let energy = workout.statistics(for: HKQuantityType(.activeEnergyBurned))
      #expect(isClose(energy?.sumQuantity()?.doubleValue(for: .kilocalorie()), 126))
    }
    #expect(simulation.result.errors.isEmpty)
  }

  // A crash at 10:00 and a relaunch at 11:00: the session keeps running system-side, so the
  // recovered workout is the uncrashed one of `twentyMinuteRun` (1200 s, 252 kcal, the same heart
  // rates). The dead app's manager keeps what it had at the crash: h(600) ≈ 164 bpm,
  // 600 s × 0.21 = 126 kcal.
  @Test("A crash and recovery: the relaunched app finishes the same workout")
  func crashAndRecovery() async throws {
    let simulation = try HealthKitSimulation(scenario: seedRun)
    try await simulation.run {
      let before = WorkoutManager()
      try await before.startWorkout(type: .running)
      try await simulation.advance(by: .seconds(600))
      await simulation.settle()
      await simulation.crash()
      try await simulation.advance(by: .seconds(60))
      await simulation.relaunch()

      let after = WorkoutManager()
      #expect(try await after.recoverWorkout())
      #expect(after.state == .running)
      try await simulation.advance(by: .seconds(540))
      await simulation.settle()
      #expect(after.elapsedTime == 1200)
      #expect(isClose(after.heartRate, 167.4869185505))
      #expect(isClose(after.calories, 252))
      try await after.endWorkout()
      await simulation.settle()

      #expect(isClose(before.heartRate, 164))
      #expect(isClose(before.calories, 126))
      #expect(before.state == .running)

      let workout = try #require(after.workout)
      #expect(workout.duration == 1200)
      #expect(workout.endDate == start + 1200)
      let heartRate = workout.statistics(for: HKQuantityType(.heartRate))
      #expect(
        isClose(heartRate?.averageQuantity()?.doubleValue(for: beatsPerMinute), 162.6015493820))
      let energy = workout.statistics(for: HKQuantityType(.activeEnergyBurned))
      #expect(isClose(energy?.sumQuantity()?.doubleValue(for: .kilocalorie()), 252))
    }
    #expect(simulation.result.records.count == 1)
  }

  // Resume while running is illegal (docs/healthkit-behaviour.md): the delegate gets
  // didFailWithError with HealthKit's invalid-argument error and the state stays running; the
  // workout is unaffected (1200 s, 252 kcal).
  @Test("An illegal call: resume while running fails and changes nothing")
  func illegalCall() async throws {
    let simulation = try HealthKitSimulation(scenario: seedRun)
    try await simulation.run {
      let manager = WorkoutManager()
      try await manager.startWorkout(type: .running)
      try await simulation.advance(by: .seconds(60))
      manager.resume()
      await simulation.settle()
      #expect(manager.state == .running)
      let error = try #require(manager.lastError as? HKError)
      #expect(error.code == .errorInvalidArgument)
      #expect(
        error.localizedDescription == "Unable to perform 'resume' from current state 'running'")
      #expect((manager.lastError as NSError?)?.domain == HKErrorDomain)

      try await simulation.advance(by: .seconds(1140))
      try await manager.endWorkout()
      await simulation.settle()
      #expect(manager.workout?.duration == 1200)
      #expect(isClose(manager.calories, 252))
    }
    #expect(simulation.result.errors.count == 1)
    #expect(simulation.result.records.count == 1)
  }
}
