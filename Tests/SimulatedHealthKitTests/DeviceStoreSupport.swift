import Foundation
import Testing
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// The watch's app records indoor strength training in `store` (a watch store, its workouts
/// shared already) from noon to noon + `seconds`, and finishes it then: the saved workout
/// (DeviceStoreTests, DeviceStoreListenerTests).
func recordStrength(
  in store: HKHealthStore, _ simulation: HealthKitSimulation, until seconds: TimeInterval
) async throws -> HKWorkout {
  let configuration = HKWorkoutConfiguration()
  configuration.activityType = .traditionalStrengthTraining
  configuration.locationType = .indoor
  let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
  let builder = session.associatedWorkoutBuilder()
  builder.dataSource = HKLiveWorkoutDataSource(
    healthStore: store, workoutConfiguration: configuration)
  session.startActivity(with: noon(plus: 0))
  try await builder.beginCollection(at: noon(plus: 0))
  try await simulation.advance(to: noon(plus: seconds))
  session.end()
  try await builder.endCollection(at: noon(plus: seconds))
  return try #require(try await builder.finishWorkout())
}

/// A store made on the watch and one made on the phone, each authorized to share and read
/// `types`.
func deviceStores(_ simulation: HealthKitSimulation, sharing types: Set<HKSampleType>)
  async throws -> (watch: HKHealthStore, phone: HKHealthStore)
{
  let watch = await simulation.on(HealthKitSimulation.Device.watch) { HKHealthStore() }
  let phone = await simulation.on(HealthKitSimulation.Device.phone) { HKHealthStore() }
  for store in [watch, phone] {
    try await store.requestAuthorization(toShare: types, read: Set(types.map { $0 }))
  }
  return (watch, phone)
}

/// At noon + 10 s the phone's `store` (authorized for steps) saves 42 steps from noon to
/// noon + 10 s, and time moves to noon + 10.5 s: the sample is in the phone's store, its sync
/// to the watch still on its way (it arrives at noon + 11 s). Returns the sample.
@discardableResult
func phoneSavesSteps(_ store: HKHealthStore, _ simulation: HealthKitSimulation) async throws
  -> HKQuantitySample
{
  try await simulation.advance(to: noon(plus: 10))
  let sample = HKQuantitySample(
    type: HKQuantityType(.stepCount), quantity: HKQuantity(unit: .count(), doubleValue: 42),
    start: noon(plus: 0), end: noon(plus: 10))
  try await store.save(sample)
  try await simulation.advance(to: noon(plus: 10.5))
  return sample
}
