import Foundation
import Synchronization
import WorkoutScenario
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// A scenario in Europe/Berlin starting 2026-03-30T10:00:00+02:00 (08:00 UTC, the day after the
/// DST change of 2026-03-29) with the explicit health `samples` (a JSON array) and more
/// top-level keys in `extra` (for example `"authorization": {...},`).
func healthScenario(
  samples: String, sleep: String = "[]", lock: String = "[]", extra: String = ""
) throws -> Scenario {
  try decodeScenario(
    """
    {
      "version": 1,
      "name": "Health days",
      "start": "2026-03-30T10:00:00+02:00",
      "timeZone": "Europe/Berlin",
      \(extra)
      "health": {
        "days": 3,
        "generate": false,
        "samples": \(samples),
        "sleep": \(sleep),
        "lock": { "periods": \(lock) }
      }
    }
    """, fileName: "test.json")
}

/// The date of an ISO 8601 date-time with offset (`2026-03-29T23:50:00+02:00`).
func date(_ text: String) -> Date {
  let formatter = ISO8601DateFormatter()
  formatter.formatOptions = [.withInternetDateTime]
  guard let date = formatter.date(from: text) else { preconditionFailure("bad date \(text)") }
  return date
}

let steps = HKQuantityType(.stepCount)
let heartRate = HKQuantityType(.heartRate)
let activeEnergy = HKQuantityType(.activeEnergyBurned)
let bpm = HKUnit.count().unitDivided(by: .minute())

/// Asks to read (and share) the types the health tests use.
func authorize(
  _ store: HKHealthStore, share: Set<HKSampleType> = [steps, heartRate],
  read: Set<HKObjectType> = [steps, heartRate, activeEnergy, HKObjectType.workoutType()]
) async throws {
  try await store.requestAuthorization(toShare: share, read: read)
}

/// Runs `make` (a query whose handler calls `finish` once), delivers, and returns what the
/// handler passed.
func result<T: Sendable>(
  _ store: HKHealthStore, _ simulation: HealthKitSimulation,
  _ make: (@escaping @Sendable (T) -> Void) -> HKQuery
) async -> T? {
  let box = Mutex<T?>(nil)
  let query = make { value in box.withLock { $0 = value } }
  store.execute(query)
  await simulation.settle()
  return box.withLock { $0 }
}

/// A sample query's results.
func samples(
  _ store: HKHealthStore, _ simulation: HealthKitSimulation, _ type: HKSampleType,
  predicate: NSPredicate? = nil, limit: Int = HKObjectQueryNoLimit,
  sort: [NSSortDescriptor]? = nil
) async -> (samples: [HKSample]?, error: HKError?) {
  let found: ([HKSample]?, HKError?)? = await result(store, simulation) { finish in
    HKSampleQuery(sampleType: type, predicate: predicate, limit: limit, sortDescriptors: sort) {
      _, samples, error in finish((samples, error as? HKError))
    }
  }
  return found ?? (nil, nil)
}

/// The samples of `type` an `HKSampleQuery` without a predicate or limit finds, in store
/// order, awaited in a continuation; throws the query's error (shared by the deletion and
/// sync-index tests).
func queriedSamples(_ store: HKHealthStore, _ type: HKSampleType) async throws -> [HKSample] {
  try await withCheckedThrowingContinuation { continuation in
    store.execute(
      HKSampleQuery(
        sampleType: type, predicate: nil, limit: HKObjectQueryNoLimit, sortDescriptors: nil
      ) { _, samples, error in
        if let error {
          continuation.resume(throwing: error)
        } else {
          continuation.resume(returning: samples ?? [])
        }
      })
  }
}

/// A statistics query's result.
func statistics(
  _ store: HKHealthStore, _ simulation: HealthKitSimulation, _ type: HKQuantityType,
  predicate: NSPredicate? = nil, options: HKStatisticsOptions
) async -> (statistics: HKStatistics?, error: HKError?) {
  let found: (HKStatistics?, HKError?)? = await result(store, simulation) { finish in
    HKStatisticsQuery(quantityType: type, quantitySamplePredicate: predicate, options: options) {
      _, statistics, error in finish((statistics, error as? HKError))
    }
  }
  return found ?? (nil, nil)
}
