import Foundation
import Testing
import WorkoutCore
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// Every activity type of the SDK starts a session (issue 27 item 5): the ones without a motion
/// model collect heart rate and energy from the Compendium MET table (docs/activity-types.md).
@Suite struct ActivityTypeTests {
  /// A tennis match on the standard athlete (65 kg), with the model's heart rate and energy.
  private func tennis() throws -> HealthKitSimulation {
    try HealthKitSimulation(
      scenario: decodeScenario(
        """
        {
          "version": 1, "name": "Tennis", "start": "2026-03-02T12:00:00Z", "timeZone": "UTC",
          "activity": "tennis", "course": [{ "duration": 600, "speed": 0 }]
        }
        """, fileName: "tennis.json"))
  }

  @Test func aTennisSessionCollectsHeartRateAndCompendiumEnergy() async throws {
    let simulation = try tennis()
    try await simulation.run {
      let store = HKHealthStore()
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .tennis
      let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
      let builder = session.associatedWorkoutBuilder()
      let source = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: configuration)
      builder.dataSource = source
      #expect(
        source.typesToCollect
          == [
            HKQuantityType(.heartRate), HKQuantityType(.activeEnergyBurned),
            HKQuantityType(.basalEnergyBurned),
          ])
      session.startActivity(with: simulation.now)
      try await builder.beginCollection(at: simulation.now)
      try await simulation.advance(by: .seconds(60))
      // Tennis, general (15675): 7.3 MET, net (7.3 − 1) × 3.5 = 22.05 mL·kg⁻¹·min⁻¹;
      // 22.05 × 65 kg / 1000 × 5 kcal/L = 7.16625 kcal per minute.
      let active = try #require(
        builder.statistics(for: HKQuantityType(.activeEnergyBurned))?.sumQuantity())
      #expect(abs(active.doubleValue(for: .kilocalorie()) - 7.16625) < 1e-9)
      // Basal: 3.5 × 65 / 1000 × 5 = 1.1375 kcal per minute.
      let basal = try #require(
        builder.statistics(for: HKQuantityType(.basalEnergyBurned))?.sumQuantity())
      #expect(abs(basal.doubleValue(for: .kilocalorie()) - 1.1375) < 1e-9)
      // Heart rate every 5 s, rising above the resting 60 bpm toward the MET's steady state.
      let unit = HKUnit.count().unitDivided(by: .minute())
      let heartRate = try #require(
        builder.statistics(for: HKQuantityType(.heartRate))?.maximumQuantity())
      #expect(heartRate.doubleValue(for: unit) > 60)
      #expect(builder.statistics(for: HKQuantityType(.distanceWalkingRunning)) == nil)
      session.end()
    }
  }

  @Test func underwaterDivingIsRefusedAsHealthKitRefusesIt() async throws {
    let simulation = try tennis()
    await simulation.run {
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .underwaterDiving
      #expect {
        _ = try HKWorkoutSession(healthStore: HKHealthStore(), configuration: configuration)
      } throws: { error in
        (error as? HKError)?.code == .errorWorkoutActivityNotAllowed
      }
    }
  }

  @Test func everyOtherCaseStartsASession() async throws {
    let simulation = try tennis()
    try await simulation.run {
      for raw: UInt in Array(1...83) + [3000] where raw != 81 {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = try #require(HKWorkoutActivityType(rawValue: raw))
        let session = try HKWorkoutSession(
          healthStore: HKHealthStore(), configuration: configuration)
        let source = HKLiveWorkoutDataSource(
          healthStore: HKHealthStore(), workoutConfiguration: configuration)
        #expect(source.typesToCollect.contains(HKQuantityType(.heartRate)))
        #expect(source.typesToCollect.contains(HKQuantityType(.activeEnergyBurned)))
        _ = session
      }
    }
  }
}
